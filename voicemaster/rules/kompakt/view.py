"""Kompakt as everybody sees it: a token is hidden until its question has been read."""

from __future__ import annotations

from typing import Any

from voicemaster.rules.kompakt.game import KompaktGame
from voicemaster.rules.view import Played


def token(game: KompaktGame, team: str, played: Played) -> dict[str, Any]:
    done = played.get((team, 1))
    if done is not None:
        return {"token": {"state": "attacked" if done["attacked"] else "played", **done}}
    if game.expected() == "question" and team in game.hand:
        return {"token": {"state": "hidden"}}
    return {"token": {"state": "none"}}


def table(game: KompaktGame) -> dict[str, Any]:
    """The points to win and the tokens left in the bag."""
    return {"target": game.settings.track, "bag": sum(game.in_bag.values())}

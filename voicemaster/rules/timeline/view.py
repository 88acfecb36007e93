"""Timeline as everybody sees it: the line, and every hand only as a count."""

from __future__ import annotations

from typing import Any

from voicemaster.rules.timeline.game import TimelineGame
from voicemaster.rules.view import Played


def hand(game: TimelineGame, team: str, played: Played) -> dict[str, Any]:
    return {"cards": len(game.hands.get(team, [])), "pawns": game.pawns.get(team)}


def table(game: TimelineGame) -> dict[str, Any]:
    line = [{"id": c.id, "year": c.year} for c in game.line]
    return {"timeline": {"line": line, "wheel": game.turn}}

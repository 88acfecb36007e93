"""Record lines of Bezzerwizzer Kompakt (see docs/notation.md), to and from actions.

A kompakt round gives every team one token, so the shared actions carry one tile per team:
``StartRound`` slots of length one, and a ``Zwap`` of the zwapping team's token (slot 1) with
another team's (slot 1).  ``question`` and ``playoff`` lines read as on the standard board.

    {"round": {"starter": "red", "tokens": {"red": "Music", "blue": "Film"}}}
    {"zwap": {"team": "red", "with": "blue"}}
"""

from __future__ import annotations

from typing import Any

from voicemaster.rules.actions import Action, StartRound, Zwap
from voicemaster.rules.notation_base import as_object, line_kind
from voicemaster.rules.standard import notation


def decode(obj: dict[str, Any]) -> Action:
    kind = line_kind(obj, notation.KINDS)
    if kind == "round":
        return _round(as_object(obj["round"], "round"))
    if kind == "zwap":
        return _zwap(as_object(obj["zwap"], "zwap"))
    return notation.decode(obj)


def _round(body: dict[str, Any]) -> StartRound:
    tokens = as_object(body.get("tokens"), "round.tokens")
    slots: dict[str, tuple[str, ...]] = {}
    for team, token in tokens.items():
        if not isinstance(token, str) or not token:
            raise ValueError(f"round.tokens.{team} must be one category name")
        slots[_name(team, "round.tokens")] = (token,)
    return StartRound(_name(body.get("starter"), "round.starter"), slots)


def _zwap(body: dict[str, Any]) -> Zwap:
    team = _name(body.get("team"), "zwap.team")
    other = _name(body.get("with"), "zwap.with")
    return Zwap(team, (team, 1), (other, 1))


def _name(value: Any, where: str) -> str:
    if not isinstance(value, str) or not value:
        raise ValueError(f"{where} must be a team name")
    return value


def encode(action: Action) -> dict[str, Any]:
    if isinstance(action, StartRound):
        if any(len(tiles) != 1 for tiles in action.slots.values()):
            raise ValueError("a kompakt round gives every team exactly one token")
        tokens = {team: tiles[0] for team, tiles in action.slots.items()}
        return {"round": {"starter": action.starter, "tokens": tokens}}
    if isinstance(action, Zwap):
        if action.first != (action.team, 1) or action.second[1] != 1:
            raise ValueError("a kompakt zwap swaps the team's own token with another team's")
        return {"zwap": {"team": action.team, "with": action.second[0]}}
    return notation.encode(action)

"""The standard board's tiles as everybody sees them (standard, ord, familie)."""

from __future__ import annotations

from typing import Any

from voicemaster.rules.standard.game import StandardGame
from voicemaster.rules.view import Played, whose_turn


def tiles(game: StandardGame, team: str, played: Played) -> dict[str, Any]:
    turn = whose_turn(game)
    rows = []
    for slot, category in enumerate(game.slots.get(team, []), 1):
        done = played.get((team, slot))
        state = "open"
        if done is not None:
            state = "attacked" if done["attacked"] else "played"
        elif turn == {"team": team, "slot": slot}:
            state = "current"
        rows.append(
            {
                "slot": slot,
                "points": slot,
                "category": category,
                "state": state,
                **({"answer": done["answer"]} if done else {}),
            }
        )
    return {"tiles": rows}

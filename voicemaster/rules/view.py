"""What everybody at the table may see of a game, shared by the rule sets' views (each rule
set's own part is its ``RuleSet.team_view`` and ``table_view``).  Nothing hidden leaks: the
board shows exactly this."""

from __future__ import annotations

from typing import Any

from voicemaster.rules.base import Game

# (team, slot) -> {"answer": right|wrong|pass, "attacked": bool, "category": str}: how each
# tile of the round went (the rules keep only the positions; the board remembers this)
Played = dict[tuple[str, int], dict[str, Any]]


def whose_turn(game: Game) -> dict[str, Any] | None:
    if game.finished or game.expected() not in ("question", "place"):
        return None
    current = getattr(game, "current", None)
    if current is None:
        return None
    team, slot = current()
    return {"team": team, "slot": slot}


def no_table(game: Game) -> dict[str, Any]:
    """Nothing on the table beside the teams' rows (the standard board)."""
    return {}

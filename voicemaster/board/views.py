"""The board's state as JSON, from the rules' state: what everybody may see.

Nothing hidden leaks: each rule set says what of a team and of the table is open
(``RuleSet.team_view``, ``table_view``: kompakt tokens show only once played, timeline hands
only as a count).  ``Played`` remembers how each tile of the round went (the rules keep only
the positions)."""

from __future__ import annotations

from typing import Any

from voicemaster.rules import Game, find_rules
from voicemaster.rules.base import TEAM_COLOURS
from voicemaster.rules.view import Played, whose_turn

__all__ = ["Played", "colour", "common", "public_state", "team_rows"]


def colour(game: Game, team: str) -> str:
    index = game.teams.index(team)
    return team if team in TEAM_COLOURS else TEAM_COLOURS[index % len(TEAM_COLOURS)]


def common(game: Game) -> dict[str, Any]:
    order = sorted(game.teams, key=lambda t: (-game.positions[t], game.teams.index(t)))
    return {
        "variant": game.name,
        "title": game.title,
        "round": game.round,
        "phase": game.expected(),
        "finished": game.finished,
        "winner": game.winner,
        "track": game.settings.track,
        "home_stretch": game.settings.home_stretch,
        "turn": whose_turn(game),
        "standings": [{"team": t, "position": game.positions[t]} for t in order],
    }


def team_rows(game: Game, played: Played) -> list[dict[str, Any]]:
    kinds: dict[str, str] = getattr(game, "kinds", {})
    view = find_rules(game.name).team_view
    rows = []
    for team in game.teams:
        row: dict[str, Any] = {
            "name": team,
            "colour": colour(game, team),
            "position": game.positions[team],
            "bezzerwizzers": dict(getattr(game, "bezzerwizzers", {})).get(team, 0),
            "zwaps": dict(getattr(game, "zwaps", {})).get(team, 0),
        }
        if team in kinds:
            row["kind"] = kinds[team]
        row.update(view(game, team, played))
        rows.append(row)
    return rows


def public_state(game: Game, played: Played) -> dict[str, Any]:
    state = common(game)
    state["teams"] = team_rows(game, played)
    state.update(find_rules(game.name).table_view(game))
    return state

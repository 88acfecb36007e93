"""The board's state as JSON, from the rules' state: what everybody may see.

Nothing hidden leaks: kompakt tokens show only once played, timeline hands only as a count.
``Played`` remembers how each tile of the round went (the rules keep only the positions)."""

from __future__ import annotations

from typing import Any

from voicemaster.rules import Game
from voicemaster.rules.base import TEAM_COLOURS

# (team, slot) -> {"answer": right|wrong|pass, "attacked": bool, "category": str}
Played = dict[tuple[str, int], dict[str, Any]]


def colour(game: Game, team: str) -> str:
    index = game.teams.index(team)
    return team if team in TEAM_COLOURS else TEAM_COLOURS[index % len(TEAM_COLOURS)]


def whose_turn(game: Game) -> dict[str, Any] | None:
    if game.finished or game.expected() not in ("question", "place"):
        return None
    current = getattr(game, "current", None)
    if current is None:
        return None
    team, slot = current()
    return {"team": team, "slot": slot}


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
        row.update(_tiles(game, team, played))
        rows.append(row)
    return rows


def _tiles(game: Game, team: str, played: Played) -> dict[str, Any]:
    if game.name == "kompakt":
        return {"token": _token(game, team, played)}
    if game.name == "timeline":
        hands: dict[str, list[Any]] = getattr(game, "hands", {})
        return {"cards": len(hands.get(team, [])), "pawns": getattr(game, "pawns", {}).get(team)}
    slots: dict[str, list[str]] = getattr(game, "slots", {})
    turn = whose_turn(game)
    tiles = []
    for slot, category in enumerate(slots.get(team, []), 1):
        done = played.get((team, slot))
        state = "open"
        if done is not None:
            state = "attacked" if done["attacked"] else "played"
        elif turn == {"team": team, "slot": slot}:
            state = "current"
        tiles.append(
            {
                "slot": slot,
                "points": slot,
                "category": category,
                "state": state,
                **({"answer": done["answer"]} if done else {}),
            }
        )
    return {"tiles": tiles}


def _token(game: Game, team: str, played: Played) -> dict[str, Any]:
    """Kompakt: a token is hidden until its question has been read."""
    done = played.get((team, 1))
    if done is not None:
        return {"state": "attacked" if done["attacked"] else "played", **done}
    if game.expected() == "question" and team in getattr(game, "hand", {}):
        return {"state": "hidden"}
    return {"state": "none"}


def timeline_line(game: Game) -> dict[str, Any] | None:
    if game.name != "timeline":
        return None
    line = getattr(game, "line", [])
    return {"line": [{"id": c.id, "year": c.year} for c in line], "wheel": getattr(game, "turn", 0)}


def public_state(game: Game, played: Played) -> dict[str, Any]:
    state = common(game)
    state["teams"] = team_rows(game, played)
    if game.name == "kompakt":
        state["target"] = game.settings.track
        state["bag"] = sum(getattr(game, "in_bag", {}).values())
    line = timeline_line(game)
    if line is not None:
        state["timeline"] = line
    return state

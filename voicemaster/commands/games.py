"""`voicemaster games`: the saved games in the data folder, newest first (unfinished ones;
``--all`` also the finished), as a table or ``--json``; ``delete GAME`` and ``rename GAME NAME``
take a game's name or its number in that list."""

from __future__ import annotations

import json
import time
from typing import Any

from voicemaster.host.phrases import team_name
from voicemaster.host.setup.resume import scores
from voicemaster.host.setup.saved import SavedGame, Scan, name_problem, pick, scan
from voicemaster.host.setup.session import fail
from voicemaster.places import Places
from voicemaster.settings import GamesSettings


def listed(found: Scan, everything: bool) -> list[SavedGame]:
    return found.games if everything else found.unfinished()


def as_json(number: int, game: SavedGame) -> dict[str, Any]:
    return {
        "number": number,
        "name": game.name,
        "path": str(game.path),
        "variant": game.game.name,
        "teams": list(game.game.teams),
        "positions": dict(game.game.positions),
        "round": game.game.round,
        "finished": game.game.finished,
        "winner": game.game.winner,
        "last_played": time.strftime("%Y-%m-%dT%H:%M:%S%z", time.localtime(game.mtime)),
        "torn": game.torn,
    }


def row(number: int, game: SavedGame) -> str:
    stamp = time.strftime("%Y-%m-%d %H:%M", time.localtime(game.mtime))
    state = "finished" if game.game.finished else f"round {game.game.round}"
    if game.game.finished and game.game.winner:
        state = f"won by {team_name(game.game.winner)}"
    standings = scores(dict(game.game.positions))
    return f"{number:3}  {game.name}  {stamp}  {game.game.name}, {state}: {standings}"


def cmd_list(settings: GamesSettings, places: Places) -> int:
    found = scan(places.games)
    games = listed(found, settings.all)
    if settings.json:
        data = {
            "folder": str(places.games),
            "games": [as_json(n, g) for n, g in enumerate(games, 1)],
            "broken": [{"path": str(b.path), "problem": b.note()} for b in found.broken],
        }
        print(json.dumps(data, ensure_ascii=False))
        return 0
    kind = "saved" if settings.all else "unfinished"
    if not games:
        print(f"no {kind} games in {places.games}")
    else:
        print(f"{len(games)} {kind} game{'s' if len(games) > 1 else ''} in {places.games}:")
    for number, game in enumerate(games, 1):
        print(row(number, game))
    for broken in found.broken:
        print(f"  broken: {broken.note()}")
    return 0


def _find(settings: GamesSettings, places: Places) -> SavedGame | None:
    found = scan(places.games)
    given = str(settings.game)
    return pick(listed(found, settings.all) if given.isdigit() else found.games, given)


def cmd_delete(settings: GamesSettings, places: Places) -> int:
    game = _find(settings, places)
    if game is None:
        return _missing(str(settings.game), places)
    try:
        game.path.unlink()
    except OSError as exc:
        return fail(f"cannot delete {game.path}: {exc.strerror or exc}")
    print(f"deleted {game.name} ({game.path})")
    return 0


def cmd_rename(settings: GamesSettings, places: Places) -> int:
    game = _find(settings, places)
    if game is None:
        return _missing(str(settings.game), places)
    name = str(settings.name).strip()
    problem = name_problem(name, places.games)
    if problem is not None:
        return fail(problem)
    target = game.path.with_name(f"{name}.jsonl")
    try:
        game.path.rename(target)
    except OSError as exc:
        return fail(f"cannot rename {game.path}: {exc.strerror or exc}")
    print(f"renamed {game.name} to {name} ({target})")
    return 0


def _missing(given: str, places: Places) -> int:
    return fail(f"no saved game {given!r} in {places.games}; voicemaster games lists them")


def cmd_games(settings: GamesSettings) -> int:
    if settings.command == "delete":
        return cmd_delete(settings, settings.places)
    if settings.command == "rename":
        return cmd_rename(settings, settings.places)
    return cmd_list(settings, settings.places)

"""`voicemaster games`: the saved games in the data folder, newest first (unfinished ones;
``--all`` also the finished), as a table or ``--json``.  Every game keeps one number in every
list: its place among all saved games, newest first (``games`` shows the unfinished ones with
the numbers ``games --all`` gives them).  ``delete GAME`` (asked first, ``--yes`` skips)
moves a game to the data folder's ``trash/``, ``trash`` lists it there and ``restore GAME``
brings it back; ``rename GAME NAME``.  GAME: a game's name or its number."""

from __future__ import annotations

import contextlib
import json
import sys
import time
from pathlib import Path
from typing import Any

from voicemaster.commands.failing import fail
from voicemaster.files import free_path, is_locked, lock_path, reason
from voicemaster.host.phrases import team_name
from voicemaster.host.setup.resume import scores
from voicemaster.host.setup.saved import SavedGame, Scan, name_problem, pick, scan
from voicemaster.places import Places
from voicemaster.settings import GamesSettings


def listed(found: Scan, everything: bool) -> list[tuple[int, SavedGame]]:
    """The games to list with their numbers: every game's place among all, newest first."""
    numbered = list(enumerate(found.games, 1))
    return numbered if everything else [(n, g) for n, g in numbered if not g.game.finished]


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
            "games": [as_json(n, g) for n, g in games],
            "broken": [{"path": str(b.path), "problem": b.note()} for b in found.broken],
        }
        print(json.dumps(data, ensure_ascii=False))
        return 0
    kind = "saved" if settings.all else "unfinished"
    if not games:
        print(f"no {kind} games in {places.games}")
    else:
        print(f"{len(games)} {kind} game{'s' if len(games) > 1 else ''} in {places.games}:")
    for number, game in games:
        print(row(number, game))
    for broken in found.broken:
        print(f"  broken: {broken.note()}")
    return 0


def cmd_trash(places: Places) -> int:
    games = scan(places.trash).games
    print(f"{len(games) or 'no'} deleted game{'' if len(games) == 1 else 's'} in {places.trash}")
    for number, game in enumerate(games, 1):
        print(row(number, game))
    return 0


def confirmed(game: SavedGame, number: int, yes: bool) -> bool | None:
    """Whether to delete ``game``: ``--yes``, else asked on the keyboard (y/N); None when no
    answer can come (no input)."""
    if yes:
        return True
    print(f"Delete this game? [y/N]\n{row(number, game)}\n> ", end="", flush=True)
    try:
        answer = sys.stdin.readline() if sys.stdin is not None else ""
    except (OSError, ValueError):  # no keyboard (stdin closed or not readable)
        answer = ""
    if not answer:
        return None
    return answer.strip().lower() in ("y", "yes")


def cmd_delete(settings: GamesSettings, places: Places) -> int:
    found = scan(places.games)
    game = pick(found.games, str(settings.game))
    if game is None:
        return _missing(str(settings.game), places)
    if is_locked(game.path):
        return fail(f"{game.path}: this game is being played elsewhere; it stays")
    sure = confirmed(game, found.games.index(game) + 1, settings.yes)
    if sure is None:
        return fail(f"nothing deleted: no answer to the question (add --yes to delete {game.name})")
    if not sure:
        print(f"kept {game.name}")
        return 0
    target = free_path(places.trash, game.name)
    why = _move(game.path, target)
    if why is not None:
        return fail(f"cannot move {game.path} to the trash: {why}")
    _drop_stale_lock(game.path)
    print(f"moved {game.name} to the trash ({target}); voicemaster games restore {target.stem}")
    return 0


def cmd_restore(settings: GamesSettings, places: Places) -> int:
    game = pick(scan(places.trash).games, str(settings.game))
    if game is None:
        return fail(f"no deleted game {settings.game!r} in {places.trash}; games trash lists them")
    target = places.games / game.path.name
    if target.exists():
        return fail(f"a game named {game.name!r} exists already; rename it first")
    why = _move(game.path, target)
    if why is not None:
        return fail(f"cannot restore {game.path}: {why}")
    print(f"restored {game.name} ({target})")
    return 0


def _move(record: Path, target: Path) -> str | None:
    """Move ``record`` to ``target`` (its folder made if need be); why not, in words."""
    try:
        target.parent.mkdir(parents=True, exist_ok=True)
        record.rename(target)
    except OSError as exc:
        return reason(exc)
    return None


def cmd_rename(settings: GamesSettings, places: Places) -> int:
    game = pick(scan(places.games).games, str(settings.game))
    if game is None:
        return _missing(str(settings.game), places)
    if is_locked(game.path):
        return fail(f"{game.path}: this game is being played elsewhere; rename it afterwards")
    name = str(settings.name).strip().removesuffix(".jsonl")
    problem = name_problem(name, places.games)
    if problem is not None:
        return fail(problem)
    target = game.path.with_name(f"{name}.jsonl")
    try:
        game.path.rename(target)
    except OSError as exc:
        return fail(f"cannot rename {game.path}: {reason(exc)}")
    _drop_stale_lock(game.path)
    print(f"renamed {game.name} to {name} ({target})")
    return 0


def _drop_stale_lock(record: Path) -> None:
    """The lock file a killed game left beside a record that moved (nobody holds it)."""
    with contextlib.suppress(OSError):
        lock_path(record).unlink(missing_ok=True)


def _missing(given: str, places: Places) -> int:
    return fail(f"no saved game {given!r} in {places.games}; voicemaster games --all lists them")


def cmd_games(settings: GamesSettings) -> int:
    places = settings.places
    if settings.command == "delete":
        return cmd_delete(settings, places)
    if settings.command == "trash":
        return cmd_trash(places)
    if settings.command == "restore":
        return cmd_restore(settings, places)
    if settings.command == "rename":
        return cmd_rename(settings, places)
    return cmd_list(settings, places)

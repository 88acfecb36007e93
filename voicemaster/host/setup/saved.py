"""The saved games in the games folder: read, sorted newest first, the broken ones named.

Used by the start-up offer, ``play --resume`` and ``voicemaster games`` (list, delete, rename).
A game's name is its record's file name without ``.jsonl``.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path

from voicemaster.records import Record, RecordError, RecordHeader, read_record
from voicemaster.rules import Game

AUTO_NAME = re.compile(r"(game|simulate)-[\w-]*\d")  # names voicemaster gave (not the players)
GOOD_NAME = re.compile(r"[A-Za-z0-9][A-Za-z0-9 _.-]{0,59}")


@dataclass(frozen=True)
class SavedGame:
    path: Path
    record: Record  # as read: resuming it reads nothing again
    mtime: float  # when it was last played (the record's last change)

    @property
    def header(self) -> RecordHeader:
        return self.record.header

    @property
    def game(self) -> Game:
        """The game as the record leaves it."""
        return self.record.game

    @property
    def torn(self) -> bool:
        """Its last line is half written (dropped when it is resumed)."""
        return self.record.torn_tail

    @property
    def name(self) -> str:
        return self.path.stem

    @property
    def named(self) -> bool:
        """The players gave it its name (``voicemaster games rename``)."""
        return AUTO_NAME.fullmatch(self.name) is None


@dataclass(frozen=True)
class Broken:
    path: Path
    error: RecordError
    mtime: float

    def note(self) -> str:
        """ "games/x.jsonl cannot be resumed (line 7: not JSON: ...)" """
        where = f"line {self.error.line}: " if self.error.line else ""
        return f"{self.path} cannot be resumed ({where}{self.error.reason})"


@dataclass
class Scan:
    games: list[SavedGame] = field(default_factory=list)  # newest first
    broken: list[Broken] = field(default_factory=list)  # newest first

    def unfinished(self) -> list[SavedGame]:
        return [g for g in self.games if not g.game.finished]

    def broken_since(self, game: SavedGame | None) -> list[Broken]:
        """The broken records newer than ``game`` (all of them without one)."""
        return [b for b in self.broken if game is None or b.mtime >= game.mtime]


def scan(folder: Path) -> Scan:
    """Every record (``*.jsonl``) in ``folder``; a missing folder holds none."""
    found = Scan()
    try:
        paths = list(folder.glob("*.jsonl"))
    except OSError:
        return found
    for path in paths:
        try:
            mtime = path.stat().st_mtime
            record = read_record(path, tolerate_torn_tail=True)
        except OSError:
            continue  # gone meanwhile
        except RecordError as exc:
            found.broken.append(Broken(path, exc, mtime))
            continue
        found.games.append(SavedGame(path, record, mtime))
    found.games.sort(key=lambda g: (g.mtime, g.name), reverse=True)
    found.broken.sort(key=lambda b: (b.mtime, b.path.name), reverse=True)
    return found


def pick(games: list[SavedGame], given: str) -> SavedGame | None:
    """A game by its number in ``games`` (from 1) or by its name."""
    if given.isdigit():
        number = int(given)
        return games[number - 1] if 1 <= number <= len(games) else None
    stem = given.removesuffix(".jsonl")
    return next((g for g in games if g.name == stem), None)


def name_problem(name: str, folder: Path) -> str | None:
    """Why ``name`` cannot be a game's new name, or None."""
    if not GOOD_NAME.fullmatch(name) or name.endswith("."):
        return f"{name!r}: use letters, digits, spaces, '-', '_' or '.' (at most 60)"
    if name.isdigit():
        return f"{name!r}: a name cannot be only digits (numbers pick games from the list)"
    if (folder / f"{name}.jsonl").exists():
        return f"a game named {name!r} exists already"
    return None

"""Game records: JSON Lines, one header line then one line per action (docs/notation.md).

Appended, flushed and fsynced as the game goes, so a game can be replayed, audited and
resumed after a crash.
"""

from __future__ import annotations

import copy
import json
import os
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from voicemaster.files import RecordLock, reason
from voicemaster.rules import Game, IllegalAction, find_variant
from voicemaster.rules.actions import Action


class RecordError(Exception):
    """A record that cannot be read or replayed: ``line`` is 1-based (0: the whole file)."""

    def __init__(self, line: int, reason: str) -> None:
        super().__init__(reason)
        self.line = line
        self.reason = reason


@dataclass(frozen=True)
class RecordHeader:
    """A record's first line, typed where the game reads it.  ``fields`` is the line as
    written (the rule set's settings among it), so ``line()`` writes back the same bytes."""

    variant: str
    teams: tuple[str, ...]
    seed: int = 0  # the random streams' key (0 when a hand-made record names none)
    decks: tuple[str, ...] = ()  # as the header names them (``decks.refs``); () the default
    history: int | None = None  # the game's number in the question history, if drawn with it
    simulation: Mapping[str, Any] | None = None  # a simulation's options; None: a played game
    fields: Mapping[str, Any] = field(default_factory=dict, repr=False)

    @classmethod
    def parse(cls, obj: Mapping[str, Any]) -> RecordHeader:
        """The header of a record line (ValueError naming what is wrong)."""
        variant, teams, seed = obj.get("variant"), obj.get("teams"), obj.get("seed", 0)
        if not isinstance(variant, str):
            raise ValueError("the header must name a variant")
        if not isinstance(teams, list) or not all(isinstance(t, str) for t in teams):
            raise ValueError("the header must list the teams")
        if not isinstance(seed, int) or isinstance(seed, bool):
            raise ValueError("the seed must be a whole number")
        decks, history, simulation = obj.get("deck") or [], obj.get("history"), obj.get("simulate")
        if not isinstance(decks, list) or not all(isinstance(d, str) for d in decks):
            raise ValueError("the decks must be a list of names")
        if not isinstance(history, int) or isinstance(history, bool):
            history = None  # not drawn with the question history
        if simulation is not None and not isinstance(simulation, dict):
            raise ValueError("the simulation's options must be an object")
        fields = copy.deepcopy(dict(obj))
        return cls(variant, tuple(teams), seed, tuple(decks), history, simulation, fields)

    def line(self) -> dict[str, Any]:
        """The header as a record line (a copy: changing it leaves the header as it is)."""
        return copy.deepcopy(dict(self.fields))

    def with_decks(self, refs: list[str]) -> RecordHeader:
        """The same header naming other decks (a saved game's decks found in a new place)."""
        return RecordHeader.parse({**self.fields, "deck": list(refs)})


@dataclass
class Record:
    header: RecordHeader
    game: Game
    actions: list[Action] = field(default_factory=list)
    torn_tail: bool = False  # the last line was half-written (a crash) and was dropped
    lines: list[dict[str, Any]] = field(default_factory=list)  # the lines replayed, header first
    tail: bytes = b""  # what follows the last newline as read (a torn or unended last line)
    size: int = 0  # the bytes read


def game_from_header(header: RecordHeader | Mapping[str, Any]) -> Game:
    """A fresh game from a header line; ValueError or IllegalAction when it is unusable."""
    if not isinstance(header, RecordHeader):
        header = RecordHeader.parse(header)
    cls = find_variant(header.variant)
    return cls(list(header.teams), cls.settings_from_header(dict(header.fields)))


def parse_lines(lines: list[str], tolerate_torn_tail: bool = False) -> Record:
    """Replay record lines.  Raises RecordError naming the first bad line."""
    numbered = [(n, text) for n, text in enumerate(lines, 1) if text.strip()]
    torn = False
    if tolerate_torn_tail and numbered and not lines[-1].endswith("\n"):
        try:
            json.loads(numbered[-1][1])
        except ValueError:
            numbered, torn = numbered[:-1], True
    if not numbered:
        raise RecordError(0, "the record is empty")
    line, text = numbered[0]
    first = _json_object(line, text)
    try:
        header = RecordHeader.parse(first)
        game = game_from_header(header)
    except (ValueError, IllegalAction) as exc:
        raise RecordError(line, f"bad header: {exc}") from None
    record = Record(header, game, torn_tail=torn, lines=[first])
    for line, text in numbered[1:]:
        obj = _json_object(line, text)
        record.actions.append(_apply(game, line, obj))
        record.lines.append(obj)
    return record


def replay_objects(lines: list[dict[str, Any]]) -> Game:
    """The game a record's lines leave, given as parsed objects (a header first): what
    :func:`parse_lines` replays, without writing and reading them as JSON again."""
    if not lines:
        raise RecordError(0, "the record is empty")
    try:
        game = game_from_header(lines[0])
    except (ValueError, IllegalAction) as exc:
        raise RecordError(1, f"bad header: {exc}") from None
    for line, obj in enumerate(lines[1:], 2):
        _apply(game, line, obj)
    return game


def _apply(game: Game, line: int, obj: dict[str, Any]) -> Action:
    try:
        action = game.decode_action(obj)
        game.apply(action)
    except ValueError as exc:
        raise RecordError(line, f"malformed action: {exc}") from None
    except IllegalAction as exc:
        raise RecordError(line, f"illegal action: {exc}") from None
    return action


def _whole_line(data: bytes) -> bool:
    """Whether ``data`` (a last line without its newline) is a whole JSON line."""
    try:
        json.loads(data.decode("utf-8"))
    except ValueError:
        return False
    return True


def _json_object(line: int, text: str) -> dict[str, Any]:
    try:
        obj = json.loads(text)
    except ValueError as exc:
        raise RecordError(line, f"not JSON: {exc}") from None
    if not isinstance(obj, dict):
        raise RecordError(line, "each line must be a JSON object")
    return obj


def read_record(path: str | Path, tolerate_torn_tail: bool = False) -> Record:
    """The record at ``path``, read once and replayed (RecordError naming the first bad line);
    the ``lines`` kept are the complete ones, a torn tail left out when tolerated."""
    try:
        data = Path(path).read_bytes()
    except OSError as exc:
        raise RecordError(0, f"cannot read: {exc.strerror or exc}") from None
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        raise RecordError(0, "not a UTF-8 text file") from None
    record = parse_lines(text.splitlines(keepends=True), tolerate_torn_tail)
    record.tail, record.size = data[data.rfind(b"\n") + 1 :], len(data)
    return record


class SaveError(Exception):
    """The record cannot take another line; ``reason`` says why in words ("the disk is full").
    The file still ends with its last complete line."""

    def __init__(self, path: Path, error: OSError) -> None:
        self.path = path
        self.error = error
        self.reason = reason(error)
        super().__init__(f"cannot save {path}: {self.reason}")


class RecordWriter:
    """Appends lines to a record and makes each durable (one write of the whole line, then
    fsync) before returning.  A line that cannot be written whole is cut back off the file and
    ``SaveError`` raised, so the record always ends with a complete line.  The record is locked
    (``RecordLock``) from opening to ``close``: a second writer gets ``RecordBusy``."""

    def __init__(
        self,
        path: str | Path,
        header: Mapping[str, Any] | None = None,
        read: Record | None = None,
    ) -> None:
        """``header``: a new record's first line.  ``read``: the record as just read, so a
        torn tail is mended without reading the file again (unless it changed since)."""
        self.path = Path(path)
        self.dropped = b""  # a half-written last line (a crash) cut off on opening
        self.created = False  # the record was new (or empty): ``header`` was its first line
        self._fd: int | None = None
        self._lock: RecordLock | None = None
        existed = self.path.exists()
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            raise SaveError(self.path, exc) from None
        self._lock = RecordLock(self.path)
        try:
            self._fd = os.open(self.path, os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o644)
        except OSError as exc:
            self.close()
            raise SaveError(self.path, exc) from None
        size = os.fstat(self._fd).st_size
        if size:
            self._mend_torn_tail(read.tail if read is not None and read.size == size else None)
            return
        try:
            if header is None:
                raise ValueError("a new record needs a header")
            self.write(dict(header))
            self.created = True
        except BaseException:
            self.close()
            if not existed:
                self.path.unlink(missing_ok=True)
            raise

    def _mend_torn_tail(self, tail: bytes | None) -> None:
        """Cut a half-written last line left by a crash, so appends start on a fresh line; a
        whole last line that lost only its newline is kept (the reader replays it too).
        ``tail``: what follows the file's last newline, when known (else it is read)."""
        if tail is None:
            data = self.path.read_bytes()
            tail = data[data.rfind(b"\n") + 1 :]
        if tail:
            keep = os.fstat(self._descriptor()).st_size - len(tail)
            try:
                if _whole_line(tail):
                    os.write(self._descriptor(), b"\n")
                    os.fsync(self._descriptor())
                    return
                os.ftruncate(self._descriptor(), keep)
            except OSError as exc:
                self.close()
                raise SaveError(self.path, exc) from None
            self.dropped = tail

    def _descriptor(self) -> int:
        if self._fd is None:
            raise ValueError(f"{self.path} is closed")
        return self._fd

    def write(self, obj: dict[str, Any]) -> None:
        """Make ``obj`` a durable line of the record: written whole and fsynced, or cut back to
        the last whole line and a ``SaveError`` raised."""
        data = (json.dumps(obj, ensure_ascii=False) + "\n").encode("utf-8")
        fd = self._descriptor()
        size = os.fstat(fd).st_size
        try:
            written = os.write(fd, data)
            while written < len(data):  # a short write: the rest, or the error that caused it
                written += os.write(fd, data[written:])
            os.fsync(fd)
        except OSError as exc:
            self._cut(size)
            raise SaveError(self.path, exc) from None

    def _cut(self, size: int) -> None:
        """Back to ``size`` bytes: the last complete line (best effort)."""
        try:
            os.ftruncate(self._descriptor(), size)
            os.fsync(self._descriptor())
        except OSError:
            pass

    def close_file(self) -> None:
        """Close the record's file, keeping its lock (it is about to be replaced)."""
        if self._fd is not None:
            os.close(self._fd)
            self._fd = None

    def reopen(self) -> None:
        """Open the record again for appending after ``close_file`` (it was replaced)."""
        try:
            self._fd = os.open(self.path, os.O_WRONLY | os.O_APPEND)
        except OSError as exc:
            raise SaveError(self.path, exc) from None

    def close(self) -> None:
        """Close the record and release its lock."""
        self.close_file()
        if self._lock is not None:
            self._lock.release()
            self._lock = None

    def __enter__(self) -> RecordWriter:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

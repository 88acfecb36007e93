"""Game records: JSON Lines, one header line then one line per action (docs/notation.md).

Appended, flushed and fsynced as the game goes, so a game can be replayed, audited and
resumed after a crash.
"""

from __future__ import annotations

import json
import os
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


@dataclass
class Record:
    header: dict[str, Any]
    game: Game
    actions: list[Action] = field(default_factory=list)
    torn_tail: bool = False  # the last line was half-written (a crash) and was dropped


def game_from_header(header: dict[str, Any]) -> Game:
    """A fresh game from a header line; ValueError or IllegalAction when it is unusable."""
    variant = header.get("variant")
    if not isinstance(variant, str):
        raise ValueError("the header must name a variant")
    cls = find_variant(variant)
    teams = header.get("teams")
    if not isinstance(teams, list) or not all(isinstance(t, str) for t in teams):
        raise ValueError("the header must list the teams")
    return cls(teams, cls.settings_from_header(header))


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
    header = _json_object(line, text)
    try:
        game = game_from_header(header)
    except (ValueError, IllegalAction) as exc:
        raise RecordError(line, f"bad header: {exc}") from None
    record = Record(header, game, torn_tail=torn)
    for line, text in numbered[1:]:
        record.actions.append(_apply(game, line, _json_object(line, text)))
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
    try:
        data = Path(path).read_bytes()
    except OSError as exc:
        raise RecordError(0, f"cannot read: {exc.strerror or exc}") from None
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        raise RecordError(0, "not a UTF-8 text file") from None
    return parse_lines(text.splitlines(keepends=True), tolerate_torn_tail)


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

    def __init__(self, path: str | Path, header: dict[str, Any] | None = None) -> None:
        self.path = Path(path)
        self.dropped = b""  # a half-written last line (a crash) cut off on opening
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
        if os.fstat(self._fd).st_size:
            self._mend_torn_tail()
            return
        try:
            if header is None:
                raise ValueError("a new record needs a header")
            self.write(header)
        except BaseException:
            self.close()
            if not existed:
                self.path.unlink(missing_ok=True)
            raise

    def _mend_torn_tail(self) -> None:
        """Cut a half-written last line left by a crash, so appends start on a fresh line; a
        whole last line that lost only its newline is kept (the reader replays it too)."""
        data = self.path.read_bytes()
        if data and not data.endswith(b"\n"):
            keep = data.rfind(b"\n") + 1
            try:
                if _whole_line(data[keep:]):
                    os.write(self._descriptor(), b"\n")
                    os.fsync(self._descriptor())
                    return
                os.ftruncate(self._descriptor(), keep)
            except OSError as exc:
                self.close()
                raise SaveError(self.path, exc) from None
            self.dropped = data[keep:]

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

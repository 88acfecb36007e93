"""The game record as the quizmaster keeps it: appended and fsynced before results are spoken.

Lines may carry fields beyond the notation: ``card`` (the question card's id, so a resumed
game does not repeat questions), ``edits`` (how often the line was corrected by undo or
override), and whatever a simulator adds (``meant``, ``misjudged``).
"""

from __future__ import annotations

import json
import os
import tempfile
from pathlib import Path
from typing import Any

from voicemaster.records import RecordError, RecordWriter, parse_lines, read_record
from voicemaster.rules import Game
from voicemaster.rules.actions import Action


class GameLog(RecordWriter):
    """A record being written.  ``lines`` mirrors the file (parsed JSON, header first)."""

    def __init__(self, path: str | Path, header: dict[str, Any] | None = None) -> None:
        super().__init__(path, header)
        text = self.path.read_text(encoding="utf-8")
        self.lines: list[dict[str, Any]] = [json.loads(t) for t in text.splitlines() if t.strip()]

    @property
    def header(self) -> dict[str, Any]:
        return self.lines[0]

    def append_action(
        self, game: Game, action: Action, extra: dict[str, Any] | None = None
    ) -> None:
        """Make one action durable (call before the result is said)."""
        obj = game.encode_action(action)
        obj.update(extra or {})
        self._write(obj)
        self.lines.append(obj)

    def rewrite_last(self, obj: dict[str, Any]) -> None:
        """Replace the last line atomically: a temp file, fsync, then os.replace."""
        lines = self.lines[:-1] + [obj]
        text = "".join(json.dumps(line, ensure_ascii=False) + "\n" for line in lines)
        self._file.close()
        fd, tmp = tempfile.mkstemp(prefix=".rewrite-", dir=self.path.parent)
        try:
            with os.fdopen(fd, "w", encoding="utf-8") as out:
                out.write(text)
                out.flush()
                os.fsync(out.fileno())
            os.replace(tmp, self.path)
        except BaseException:
            Path(tmp).unlink(missing_ok=True)
            raise
        finally:
            self._file = open(self.path, "a", encoding="utf-8")  # noqa: SIM115
        _fsync_dir(self.path.parent)
        self.lines = lines

    def replay(self, upto: int | None = None) -> Game:
        """The game after the first ``upto`` lines (all by default)."""
        lines = self.lines if upto is None else self.lines[:upto]
        return parse_lines([json.dumps(line) + "\n" for line in lines]).game

    def used_cards(self) -> set[str]:
        used: set[str] = set()
        for line in self.lines[1:]:
            cards = line.get("cards", [line.get("card")])
            used.update(c for c in cards if isinstance(c, str))
        return used


def _fsync_dir(folder: Path) -> None:
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


def unfinished_games(folder: str | Path) -> list[Path]:
    """Records in ``folder`` whose game has not ended, newest first."""
    found: list[tuple[float, Path]] = []
    for path in Path(folder).glob("*.jsonl"):
        try:
            record = read_record(path, tolerate_torn_tail=True)
        except RecordError:
            continue
        if not record.game.finished:
            found.append((path.stat().st_mtime, path))
    return [p for _, p in sorted(found, reverse=True)]

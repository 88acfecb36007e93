"""The game record as the quizmaster keeps it: appended and fsynced before results are spoken.

Lines may carry fields beyond the notation: ``card`` (the question card's id, so a resumed
game does not repeat questions), ``edits`` (how often the line was corrected by undo or
override), and whatever a simulator adds (``meant``, ``misjudged``).
"""

from __future__ import annotations

import json
import os
from collections.abc import Callable
from pathlib import Path
from typing import Any

from voicemaster.files import write_atomically
from voicemaster.records import (
    RecordError,
    RecordWriter,
    SaveError,
    read_record,
    replay_objects,
)
from voicemaster.rules import Game
from voicemaster.rules.actions import Action


class GameLog(RecordWriter):
    """A record being written.  ``lines`` mirrors the file (parsed JSON, header first).

    When a line cannot be saved (a full or read-only disk), ``on_save_error`` is asked whether
    to play on from memory: yes, and ``unsaved`` holds why and nothing more is written; no (or
    no one to ask), and the ``SaveError`` goes up.  ``card_digest`` gives a card's content hash,
    written beside its id (``hash``, ``hashes``) so a resumed game can tell a changed card."""

    def __init__(self, path: str | Path, header: dict[str, Any] | None = None) -> None:
        super().__init__(path, header)
        text = self.path.read_text(encoding="utf-8")
        self._hooks([json.loads(t) for t in text.splitlines() if t.strip()], None)

    @classmethod
    def in_memory(cls, path: str | Path, lines: list[dict[str, Any]], why: SaveError) -> GameLog:
        """A game played from memory only: ``lines`` as far as they are known, nothing written."""
        log = cls.__new__(cls)
        log.path, log.dropped, log._fd, log._lock = Path(path), b"", None, None
        log._hooks(lines, why)
        return log

    def _hooks(self, lines: list[dict[str, Any]], unsaved: SaveError | None) -> None:
        self.lines: list[dict[str, Any]] = lines
        self.unsaved: SaveError | None = unsaved
        self.on_save_error: Callable[[SaveError], bool] | None = None
        self.card_digest: Callable[[str], str | None] | None = None
        self.on_asked: Callable[[list[str]], None] | None = None  # cards a new line asked
        # every line as it is kept (the lines so far; True: the last line was rewritten), for
        # watchers such as the live board
        self.on_line: Callable[[list[dict[str, Any]], bool], None] | None = None

    @property
    def header(self) -> dict[str, Any]:
        return self.lines[0]

    def append_action(
        self, game: Game, action: Action, extra: dict[str, Any] | None = None
    ) -> None:
        """Make one action durable (call before the result is said)."""
        obj = game.encode_action(action)
        obj.update(extra or {})
        self._annotate(obj)
        if self._saving():
            try:
                self.write(obj)
            except SaveError as exc:
                self._give_up_saving(exc)
        self.lines.append(obj)
        if self.on_asked is not None:
            self.on_asked(asked_cards(obj))
        if self.on_line is not None:
            self.on_line(self.lines, False)

    def _saving(self) -> bool:
        return self.unsaved is None

    def _give_up_saving(self, exc: SaveError) -> None:
        """Play on from memory when the table agrees; otherwise the error goes up."""
        if self.on_save_error is None or not self.on_save_error(exc):
            raise exc
        self.unsaved = exc

    def _annotate(self, obj: dict[str, Any]) -> None:
        digest = self.card_digest
        if digest is None:
            return
        card, cards = obj.get("card"), obj.get("cards")
        if isinstance(card, str) and (found := digest(card)):
            obj["hash"] = found
        if isinstance(cards, list):
            obj["hashes"] = [digest(c) or "" if isinstance(c, str) else "" for c in cards]

    def rewrite_last(self, obj: dict[str, Any]) -> None:
        """Replace the last line atomically (``files.write_atomically``)."""
        self._annotate(obj)
        lines = self.lines[:-1] + [obj]
        if self._saving():
            try:
                self._replace_file(lines)
            except SaveError as exc:
                self._give_up_saving(exc)
        before = set(asked_cards(self.lines[-1]))
        self.lines = lines
        if self.on_asked is not None:  # an undo asked a new card in the old line's place
            self.on_asked([c for c in asked_cards(obj) if c not in before])
        if self.on_line is not None:
            self.on_line(self.lines, True)

    def rewrite_header(self, header: dict[str, Any]) -> None:
        """Replace the header line atomically (a resumed game's decks found in a new place)."""
        lines = [header, *self.lines[1:]]
        if self._saving():
            self._replace_file(lines)
        self.lines = lines

    def _replace_file(self, lines: list[dict[str, Any]]) -> None:
        text = "".join(json.dumps(line, ensure_ascii=False) + "\n" for line in lines)
        self.close_file()  # the lock stays: it is on the lock file, not on the replaced inode
        try:
            write_atomically(self.path, text)
        except OSError as exc:
            raise SaveError(self.path, exc) from None
        finally:
            self._reopen()

    def _reopen(self) -> None:
        try:
            self._fd = os.open(self.path, os.O_WRONLY | os.O_APPEND)
        except OSError as exc:
            raise SaveError(self.path, exc) from None

    def replay(self, upto: int | None = None) -> Game:
        """The game after the first ``upto`` lines (all by default)."""
        return replay_objects(self.lines if upto is None else self.lines[:upto])

    def used_cards(self) -> set[str]:
        used: set[str] = set()
        for line in self.lines[1:]:
            cards = line.get("cards", [line.get("card")])
            used.update(c for c in cards if isinstance(c, str))
        return used


def asked_cards(line: dict[str, Any]) -> list[str]:
    """The ids of the cards a record line asked or dealt."""
    found = [line.get("card"), *(line.get("cards") or [])]
    deal = line.get("deal")
    if isinstance(deal, dict):
        hands = deal.get("hands")
        dealt = [*(deal.get("line") or []), *(c for h in (hands or {}).values() for c in h)]
        found += [c.get("id") for c in dealt if isinstance(c, dict)]
    return [c for c in found if isinstance(c, str)]


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

"""The game record as the quizmaster keeps it: appended and fsynced before results are spoken.

Lines may carry fields beyond the notation: ``card`` (the question card's id, so a resumed
game does not repeat questions), ``edits`` (how often the line was corrected by undo or
override), and the notes its ears add (a simulated table: what each team meant).
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from voicemaster.files import write_atomically
from voicemaster.records import (
    Record,
    RecordError,
    RecordHeader,
    RecordWriter,
    SaveError,
    read_record,
    replay_objects,
)
from voicemaster.rules import Game, find_variant
from voicemaster.rules.actions import Action

Lines = list[dict[str, Any]]
LOG_FIELDS = ("edits", "hash", "hashes")  # written anew with every line the log keeps


@dataclass(frozen=True)
class LogObservers:
    """Who hears of the record as it is kept, given when the log is made.

    ``on_line``: every line as it is kept (the lines so far; True: the last line was
    rewritten), for watchers such as the live board.  ``on_asked``: the cards a new line
    asked (the question history).  ``on_save_error``: asked whether to play on from memory
    when a line cannot be saved.  ``card_digest``: a card's content hash, written beside its
    id (``hash``, ``hashes``) so a resumed game can tell a changed card."""

    on_line: Callable[[Lines, bool], None] | None = None
    on_asked: Callable[[list[str]], None] | None = None
    on_save_error: Callable[[SaveError], bool] | None = None
    card_digest: Callable[[str], str | None] | None = None


class GameLog:
    """A record being written.  ``lines`` mirrors the file (parsed JSON, header first).

    Made from a new game's ``header``, from a ``record`` just read (a resumed game: the file
    is not read again), or from the file itself.  ``unsaved``: the record cannot be written,
    so the game is played from memory and nothing is written.  When a later line cannot be
    saved (a full or read-only disk), ``observers.on_save_error`` is asked whether to play on
    from memory: yes, and ``unsaved`` holds why; no (or no one to ask), and the ``SaveError``
    goes up."""

    def __init__(
        self,
        path: str | Path,
        header: RecordHeader | Mapping[str, Any] | None = None,
        *,
        record: Record | None = None,
        observers: LogObservers | None = None,
        unsaved: SaveError | None = None,
    ) -> None:
        self.path = Path(path)
        self.observers = observers or LogObservers()
        self.unsaved = unsaved
        first = header.line() if isinstance(header, RecordHeader) else header
        self._writer: RecordWriter | None = None
        if unsaved is None:
            self._writer = RecordWriter(self.path, first, record)
        if record is not None:
            self.lines: list[dict[str, Any]] = [dict(line) for line in record.lines]
        elif first is not None and (self._writer is None or self._writer.created):
            self.lines = [dict(first)]
        else:  # a record opened by its path alone (the writer mended a torn tail)
            text = self.path.read_text(encoding="utf-8")
            self.lines = [json.loads(t) for t in text.splitlines() if t.strip()]

    @property
    def dropped(self) -> bytes:
        """A half-written last line (a crash) cut off on opening."""
        return self._writer.dropped if self._writer is not None else b""

    @property
    def header(self) -> RecordHeader:
        return RecordHeader.parse(self.lines[0])

    def append_action(
        self, game: Game, action: Action, extra: dict[str, Any] | None = None
    ) -> None:
        """Make one action durable (call before the result is said)."""
        obj = game.encode_action(action)
        obj.update(extra or {})
        self._annotate(obj)
        if self._writer is not None and self._saving():
            try:
                self._writer.write(obj)
            except SaveError as exc:
                self._give_up_saving(exc)
        self.lines.append(obj)
        if self.observers.on_asked is not None:
            self.observers.on_asked(asked_cards(obj))
        if self.observers.on_line is not None:
            self.observers.on_line(self.lines, False)

    def _saving(self) -> bool:
        return self.unsaved is None

    def _give_up_saving(self, exc: SaveError) -> None:
        """Play on from memory when the table agrees; otherwise the error goes up."""
        ask = self.observers.on_save_error
        if ask is None or not ask(exc):
            raise exc
        self.unsaved = exc

    def _annotate(self, obj: dict[str, Any]) -> None:
        digest = self.observers.card_digest
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
        if self.observers.on_asked is not None:  # an undo asked a new card in the old line's place
            self.observers.on_asked([c for c in asked_cards(obj) if c not in before])
        if self.observers.on_line is not None:
            self.observers.on_line(self.lines, True)

    def rewrite_header(self, header: RecordHeader) -> None:
        """Replace the header line atomically (a resumed game's decks found in a new place)."""
        lines = [header.line(), *self.lines[1:]]
        if self._saving():
            self._replace_file(lines)
        self.lines = lines

    def _replace_file(self, lines: list[dict[str, Any]]) -> None:
        if self._writer is None:
            return
        text = "".join(json.dumps(line, ensure_ascii=False) + "\n" for line in lines)
        self._writer.close_file()  # the lock stays: it is on the lock file, not the inode
        try:
            write_atomically(self.path, text)
        except OSError as exc:
            raise SaveError(self.path, exc) from None
        finally:
            self._writer.reopen()

    def close(self) -> None:
        """Close the record and release its lock (nothing to do for a game played from memory)."""
        if self._writer is not None:
            self._writer.close()

    def __enter__(self) -> GameLog:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def last_action(self) -> Action | None:
        """The action of the record's last line (None: no action yet), as the game's rules
        read it: what a correction may take back is asked of the action, not of its keys."""
        if len(self.lines) < 2:
            return None
        return find_variant(self.header.variant).decode_action(self.lines[-1])

    def replay(self, upto: int | None = None) -> Game:
        """The game after the first ``upto`` lines (all by default)."""
        return replay_objects(self.lines if upto is None else self.lines[:upto])

    def used_cards(self) -> set[str]:
        return used_cards(self.lines)


def used_cards(lines: list[dict[str, Any]]) -> set[str]:
    """The ids of the cards record lines (header first) answered."""
    used: set[str] = set()
    for line in lines[1:]:
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

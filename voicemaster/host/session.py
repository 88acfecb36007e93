"""One game being hosted, for ``play`` and ``simulate`` alike: its record opened once — a new
game's header written, or a saved game read once and replayed once — its decks and quiz, its
log with the observers given (the board, the screen, a simulated table), and its quizmaster.

``GameSession.prepare`` loads and checks everything that can refuse a game before anything is
written or served; ``open`` then makes the record durable with its observers; ``host`` hands
the quizmaster the game as the record left it, so nothing is replayed again."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from voicemaster.decks import load_deck
from voicemaster.decks.history import Asked, History
from voicemaster.host.hosting import Host
from voicemaster.host.listening import Timing
from voicemaster.host.log import GameLog, LogObservers, used_cards
from voicemaster.host.privacy import Privacy
from voicemaster.host.quiz import Quiz
from voicemaster.host.setup.decks import (
    check_deck_serves,
    deck_folders,
    deck_paths,
    deck_refs,
    digests,
    join_decks,
    resolve_decks,
)
from voicemaster.host.setup.errors import SetupError
from voicemaster.host.setup.headers import draw_settings
from voicemaster.places import Places
from voicemaster.records import (
    Record,
    RecordError,
    RecordHeader,
    SaveError,
    game_from_header,
    read_record,
)
from voicemaster.rules import Game
from voicemaster.speech.base import Ears, Speaker


def read_saved(path: Path) -> Record:
    """A saved game's record, read once and replayed (a half-written last line left out);
    SetupError naming what is wrong with it."""
    try:
        return read_record(path, tolerate_torn_tail=True)
    except RecordError as exc:
        where = f"{path}:{exc.line}" if exc.line else str(path)
        raise SetupError(f"{where}: {exc.reason}") from None


@dataclass
class GameSession:
    """A game ready to be hosted: where its record goes, its header, the record's lines so
    far, the game they leave, the quiz of its decks and, once opened, its log."""

    path: Path
    header: RecordHeader
    saved: Record | None  # a resumed game's record as read (None: a new game)
    game: Game  # as the record leaves it
    quiz: Quiz
    asked: Asked | None = None  # the question history as this game sees it
    log: GameLog | None = None

    @classmethod
    def prepare(
        cls,
        path: Path,
        new: RecordHeader | None = None,
        saved: Record | None = None,
        places: Places | None = None,
        history: bool = True,
        moved: list[str] | None = None,
    ) -> GameSession:
        """A new game (``new``: its header) or a saved one (``saved``: its record as read;
        ``moved``: its decks given anew with ``--deck``).  ``history``: draw with the question
        history when the game was started with it.  SetupError or DeckError when the decks
        cannot serve the game; nothing is written yet."""
        if new is not None:
            header = new
        elif saved is not None:
            header = saved.header
        else:
            raise ValueError("a game session needs a new header or a saved record")
        folders = deck_folders(places)
        refs = list(header.decks) or deck_paths(None, header.variant, folders)
        if moved and saved is not None and deck_refs(moved, folders) != refs:
            refs = deck_refs(moved, folders)  # checked by check_fits
            header = header.with_decks(refs)
        decks = [load_deck(p) for p in resolve_decks(refs, folders, saved=saved is not None)]
        deck = join_decks(decks)
        game = saved.game if saved is not None else game_from_header(header)
        check_deck_serves(deck, game)
        draw = draw_settings(header, path)
        lines = saved.lines if saved is not None else [header.line()]
        asked = None
        if history and places is not None and header.history is not None:
            asked = History.load(places.history).view(decks, header.history)
        quiz = Quiz(deck, used_cards(lines), asked, draw)
        return cls(path, header, saved, game, quiz, asked)

    @property
    def lines(self) -> list[dict[str, Any]]:
        """The record's lines as the game opens (header first), for observers such as the
        board to start from."""
        if self.log is not None:
            return self.log.lines
        return self.saved.lines if self.saved is not None else [self.header.line()]

    def open(
        self, observers: LogObservers | None = None, unsaved: SaveError | None = None
    ) -> GameLog:
        """The record opened for writing (a new one written with its header), with
        ``observers``; ``unsaved``: played from memory, nothing written.
        SaveError when the record cannot be written, RecordBusy when another game plays it."""
        watch = replace(
            observers or LogObservers(),
            card_digest=digests(self.quiz.deck),
            on_asked=self.asked.mark if self.asked is not None else None,
        )
        new = self.header if self.saved is None else None
        log = GameLog(self.path, new, record=self.saved, observers=watch, unsaved=unsaved)
        if log.header.decks != self.header.decks:  # the decks found in a new place
            try:
                log.rewrite_header(self.header)
            except BaseException:
                log.close()
                raise
        self.log = log
        return log

    def opened(self) -> GameLog:
        """The log ``open`` made (ValueError before)."""
        if self.log is None:
            raise ValueError("open the game session first")
        return self.log

    def host(
        self,
        quizmaster: type[Host[Any]],
        speaker: Speaker,
        ears: Ears,
        timing: Timing | None = None,
        recover: Callable[[], None] | None = None,
        privacy: Privacy | None = None,
    ) -> Host[Any]:
        """The rule set's ``quizmaster`` (the caller's: commands/variants.py joins it to the rule
        set) for the opened game, handed the game as the record left it (nothing is replayed
        again).  ``privacy``: how a team keeps a secret (its phone, the keyboard)."""
        log, quiz = self.opened(), self.quiz
        return quizmaster(log, quiz, speaker, ears, timing, recover, privacy, game=self.game)

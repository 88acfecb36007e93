"""What every quizmaster shares (the board games' and the timeline's): the record, the deck,
the voice and the ears, the listener, seeded random streams, and checks said aloud.

Randomness comes from streams keyed by the seed and the record's length (and its edits), so a
game resumed from its record goes on exactly as the uninterrupted one would.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any, Generic, TypeVar, cast

from voicemaster.host.cues import Point
from voicemaster.host.listening import Listener, Timing
from voicemaster.host.log import GameLog
from voicemaster.host.phrases import refusal, said, use_locale
from voicemaster.host.point_words import SURE
from voicemaster.host.ports import Annotating
from voicemaster.host.privacy import Privacy
from voicemaster.host.quiz import Quiz
from voicemaster.host.windows import GENERAL
from voicemaster.locales import ENGLISH, locale_for
from voicemaster.rules import Game, IllegalAction
from voicemaster.rules.actions import Action
from voicemaster.speech.base import Ears, Preparing, Speaker

G = TypeVar("G", bound=Game)

SAVED = ENGLISH.say("game.saved")  # as the tests read it


class Host(Generic[G]):
    """The base of a quizmaster; ``G`` is the game it hosts (``replay`` checks the kind)."""

    # an answer window's commands (yes, no and keep only where a window asks for them: in an
    # answer window they only drew misheard answers, "pass" heard as "yes")
    listener_commands: tuple[str, ...] = GENERAL
    hosts: type[Any] = object  # the kind of game this quizmaster can host
    # the catalogue's key of a refused move as said, by the rule it breaks, where it is not
    # "refusal.<rule>"
    refusals: dict[str, str] = {}
    sure_questions: dict[str, str] = SURE  # undo, override and quit as asked back when spoken

    def __init__(
        self,
        log: GameLog,
        quiz: Quiz,
        speaker: Speaker,
        ears: Ears,
        timing: Timing | None = None,
        recover: Callable[[], None] | None = None,
        privacy: Privacy | None = None,
        game: G | None = None,
    ) -> None:
        """``game``: the game as the record leaves it, when it was replayed on opening (else
        the record is replayed here)."""
        self.log = log
        self.quiz = quiz
        use_locale(locale_for(quiz.deck.language))  # the quizmaster speaks the deck's language
        self.speaker = speaker
        self.ears = ears
        self.timing = timing or Timing()
        self.privacy = privacy or Privacy()  # how a team keeps a secret: a phone, a keyboard
        self.seed = str(log.header.seed)
        self.game: G = self._hosted(game) if game is not None else self.replay()
        self.listener = Listener(
            speaker,
            ears,
            self.timing,
            self._context,
            self.standings,
            recover=recover,
            refuse=self.cannot_correct,
            sure_questions=self.sure_questions,
            privacy=self.privacy,
        )

    def run(self) -> str:
        """Play until the game ends ("finished") or the players quit ("quit"); each rule
        set's quizmaster plays its own game."""
        raise NotImplementedError

    def replay(self, upto: int | None = None) -> G:
        """The game as the record's first ``upto`` lines leave it (TypeError: another kind)."""
        return self._hosted(self.log.replay(upto))

    def _hosted(self, game: Game) -> G:
        """``game`` as the kind this quizmaster hosts (TypeError: another kind)."""
        if not isinstance(game, self.hosts):
            raise TypeError(f"{type(self).__name__} cannot host {game.name}")
        return cast(G, game)

    def standings(self) -> str:
        raise NotImplementedError

    def cannot_correct(self, kind: Point, right: bool | None) -> str | None:
        """Why "undo" (``right`` None) or "that was right/wrong" cannot be done at a listening
        point of ``kind`` (said, and the listening goes on), or None."""
        return None

    def _context(self) -> tuple[Game, int, int]:
        return self.game, len(self.log.lines), int(self.log.lines[-1].get("edits", 0))

    def say(self, text: str) -> None:
        self.speaker.say(text)

    @property
    def preparer(self) -> Preparing | None:
        """The speaker, when it can render a line said soon in the background (None: it says
        every line as it comes)."""
        return self.speaker if isinstance(self.speaker, Preparing) else None

    def rng(self, purpose: str) -> random.Random:
        _, lines, edits = self._context()
        return random.Random(f"{self.seed}:{lines}:{edits}:{purpose}")

    def check_or_say(self, action: Action, prefix: str, who: str) -> bool:
        """True when the action is legal; otherwise says why not to ``who``, the team that
        tried it (see ``phrases.refusal``; ``prefix``: what was refused, "No zwap")."""
        try:
            self.game.check(action)
        except IllegalAction as exc:
            teams = self.game.teams
            self.say(refusal(exc.rule, exc.detail, who, prefix, teams, self.refusals))
            return False
        return True

    def notes(self, action: Action) -> dict[str, Any]:
        """What the ears add to an answer's line as it is recorded (see ``Annotating``)."""
        if not isinstance(self.ears, Annotating):
            return {}
        return dict(self.ears.annotate(self.game.encode_action(action)))

    def saved(self) -> str:
        """The players quit: the record is saved (said), the outcome is "quit"."""
        unsaved = self.log.unsaved
        if unsaved is not None:  # played from memory since a line could not be saved
            self.say(said("game.unsaved", why=unsaved.reason))
        else:
            self.say(said("game.saved"))
        return "quit"

"""What a turn needs of its quizmaster, as three small interfaces: a voice that listens, a
judge of answers, and the record of the game.  The quizmaster is all three; a turn sees
only these, so it calls down into them and never up into the whole dialogue."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Protocol

if TYPE_CHECKING:
    from voicemaster.decks import Card
    from voicemaster.host.cues import Point
    from voicemaster.host.listening import Listener, Timing
    from voicemaster.rules import Question
    from voicemaster.rules.actions import Action, Answer
    from voicemaster.rules.events import Event
    from voicemaster.rules.standard import StandardGame
    from voicemaster.speech.base import Expectation, Heard, Preparing


class Voice(Protocol):
    """Saying, and listening at a point."""

    timing: Timing
    listener: Listener

    def say(self, text: str) -> None: ...

    def typed(self) -> bool: ...

    @property
    def preparer(self) -> Preparing | None: ...


class Judging(Protocol):
    """The answer window of a card, and a team's answer judged (asked back when in doubt)."""

    def answer_expectation(self, card: Card, team: str) -> Expectation: ...

    def judge_answer(
        self,
        text: str,
        card: Card,
        team: str,
        role: str,
        heard: Heard | None = None,
        guarded: bool = False,
    ) -> Answer: ...

    def answer_window(self, team: str, card: Card, role: Point, prompt: str) -> Answer: ...


class Record(Protocol):
    """The game as recorded: its state, legal moves, the cards drawn, a move made durable."""

    @property
    def game(self) -> StandardGame: ...

    def check_or_say(self, action: Action, prefix: str, who: str) -> bool: ...

    def commit(
        self, action: Action, extra: dict[str, Any], replace: bool = False
    ) -> list[Event]: ...

    def draw_for(
        self, team: str, category: str, purpose: str = "card", exclude: set[str] | None = None
    ) -> Card: ...

    def foresee_card(self, team: str, category: str, exclude: set[str]) -> Card | None: ...

    def taken_back(self) -> set[str]: ...

    def reveal(self, card: Card, action: Question, events: list[Event]) -> None: ...


class TurnHost(Voice, Judging, Record, Protocol):
    """Everything a turn is given: the quizmaster seen through these three."""

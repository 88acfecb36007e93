"""Questions and judging for the quizmaster: which card comes next, and was the answer right.

Cards are drawn with an injected random stream and never repeat within a game (until a
category runs dry); the ids of cards already asked come from the record.  With the question
history (``asked``) cards no earlier game asked come first, then the least recently asked.
The table's ``DrawSettings`` (difficulty, regions left out) narrow each draw first.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from voicemaster.decks import Card, Deck
from voicemaster.decks.drawing import DrawSettings, lowest
from voicemaster.decks.history import Asked
from voicemaster.judge import AnswerKey, judge
from voicemaster.judge.model import VerdictName
from voicemaster.rules.actions import Answer
from voicemaster.speech.base import Expectation


def sure(answer: VerdictName) -> Answer:
    """An answer settled: what is not clearly right, wrong or a pass counts as not right."""
    return "wrong" if answer == "unsure" else answer


@dataclass(frozen=True)
class Judged:
    """A judged answer: ``answer`` is right | wrong | pass | unsure; ``matched`` what it
    sounded like (asked back when unsure)."""

    answer: VerdictName
    matched: str
    reason: str


class Quiz:
    def __init__(
        self,
        deck: Deck,
        used: set[str] | None = None,
        asked: Asked | None = None,
        settings: DrawSettings | None = None,
    ):
        self.deck = deck
        self.used: set[str] = set(used or ())
        self.asked = asked
        self.settings = settings or DrawSettings()
        self._by_category = deck.categories()
        self._by_id = {card.id: card for card in deck.questions}

    def card(self, card_id: str) -> Card | None:
        return self._by_id.get(card_id)

    def draw(self, category: str, rng: random.Random) -> Card:
        """An unused card of ``category`` (cards come round again when all were asked), of
        the regions and nearest the difficulty the table asked for."""
        cards = self.allowed(self._by_category.get(category) or [])
        if not cards:
            raise LookupError(f"the deck has no question for {category}")
        fresh = [c for c in cards if c.id not in self.used] or cards
        return self.choose(self.settings.nearest(sorted(fresh, key=lambda c: c.id)), rng)

    def allowed(self, cards: list[Card]) -> list[Card]:
        """The cards the table's regions allow (all of them when none would be left)."""
        return self.settings.allowed(cards)

    def choose(self, pool: list[Card], rng: random.Random) -> Card:
        """One card of ``pool`` (with the history: of its least recently asked), marked used.
        The history learns it was asked from the record (``GameLog.on_asked``)."""
        if self.asked is not None:
            pool = lowest(pool, self._stamp)
        card = rng.choice(pool)
        self.used.add(card.id)
        return card

    def freshest(self, cards: list[Card], need: int) -> list[Card]:
        """The least recently asked of ``cards``, at least ``need`` of them (all when there is
        no history), of the table's regions and difficulty where enough are, in their order:
        what a timeline game deals from."""
        cards = self.settings.enough(cards, need)
        return cards if self.asked is None else lowest(cards, self._stamp, need)

    def _stamp(self, card: Card) -> int:
        """The game that last asked the card (0: none; always 0 without the history)."""
        return self.asked.stamp(card.id) if self.asked is not None else 0

    def key(self, card: Card, options: bool = False) -> AnswerKey:
        """The judge's key.  ``options``: the answering team heard the card's options read out,
        so a letter, an ordinal or a part only one option has may name one.  A team that did
        not hear them gets no multiple choice; the wrong options stay wrong (competitors)."""
        return AnswerKey(
            answer=card.answer,
            accept=card.accept,
            reject=card.reject,
            options=card.options if options else (),
            competitors=self._competitors(card, options),
            question=card.question,
        )

    def expectation(
        self,
        card: Card,
        teams: tuple[str, ...],
        commands: tuple[str, ...],
        options: bool = False,
    ) -> Expectation:
        """The listening window for an answer (the options only when they were read out)."""
        return Expectation(
            answers=(card.answer, *card.accept),
            rejects=card.reject,
            options=card.options if options else (),
            competitors=self._competitors(card, options),
            commands=commands,
            teams=teams,
        )

    def _competitors(self, card: Card, options: bool) -> tuple[str, ...]:
        others = self.deck.competitors(card)
        if options:
            return others
        unheard = tuple(o for o in card.options if o != card.answer and o not in others)
        return (*unheard, *others)

    def judge(self, spoken: str, card: Card, options: bool = False) -> Judged:
        """Judge ``spoken``; ``options``: the team heard the card's options (see ``key``)."""
        verdict = judge(spoken, self.key(card, options))
        return Judged(verdict.verdict, verdict.matched or spoken, verdict.reason)

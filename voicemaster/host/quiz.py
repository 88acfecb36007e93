"""Questions and judging for the quizmaster: which card comes next, and was the answer right.

Cards are drawn with an injected random stream and never repeat within a game (until a
category runs dry); the ids of cards already asked come from the record.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from voicemaster.decks import Card, Deck
from voicemaster.judge import AnswerKey, judge
from voicemaster.speech.base import Expectation


@dataclass(frozen=True)
class Judged:
    """A judged answer: ``answer`` is right | wrong | pass | unsure; ``matched`` what it
    sounded like (asked back when unsure)."""

    answer: str
    matched: str
    reason: str


class Quiz:
    def __init__(self, deck: Deck, used: set[str] | None = None) -> None:
        self.deck = deck
        self.used: set[str] = set(used or ())
        self._by_category = deck.categories()
        self._by_id = {card.id: card for card in deck.questions}

    def card(self, card_id: str) -> Card | None:
        return self._by_id.get(card_id)

    def draw(self, category: str, rng: random.Random) -> Card:
        """An unused card of ``category`` (cards come round again when all were asked)."""
        cards = self._by_category.get(category) or []
        if not cards:
            raise LookupError(f"the deck has no question for {category}")
        fresh = [c for c in cards if c.id not in self.used] or cards
        card = rng.choice(sorted(fresh, key=lambda c: c.id))
        self.used.add(card.id)
        return card

    def key(self, card: Card) -> AnswerKey:
        return AnswerKey(
            answer=card.answer,
            accept=card.accept,
            reject=card.reject,
            options=card.options,
            competitors=self.deck.competitors(card),
        )

    def expectation(
        self, card: Card, teams: tuple[str, ...], commands: tuple[str, ...]
    ) -> Expectation:
        return Expectation(
            answers=(card.answer, *card.accept),
            rejects=card.reject,
            options=card.options,
            competitors=self.deck.competitors(card),
            commands=commands,
            teams=teams,
        )

    def judge(self, spoken: str, card: Card) -> Judged:
        verdict = judge(spoken, self.key(card))
        answer = (
            verdict.verdict if verdict.verdict in ("right", "wrong", "pass", "unsure") else "wrong"
        )
        matched = verdict.matched or spoken
        return Judged(answer, matched, verdict.reason)

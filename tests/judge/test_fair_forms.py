"""Fair spoken forms found judged wrong or unsure on the bundled cards (issue 26, item 2),
judged with each card's whole key: its accept and reject forms and its category's answers."""

from __future__ import annotations

from functools import cache
from pathlib import Path

import pytest

from voicemaster.decks import Deck, load_deck
from voicemaster.judge import AnswerKey, judge

DECKS = Path(__file__).resolve().parents[2] / "decks"


@cache
def deck(name: str) -> Deck:
    return load_deck(DECKS / f"{name}.yaml")


def key(name: str, card_id: str) -> AnswerKey:
    d = deck(name)
    card = next(c for c in d.questions if c.id == card_id)
    return AnswerKey(card.answer, card.accept, card.reject, (), d.competitors(card), card.question)


@pytest.mark.parametrize(
    ("card_id", "spoken", "verdict"),
    [
        ("his-0008", "Elizabeth", "right"),  # the first of the name
        ("his-0008", "Queen Elizabeth", "right"),
        ("his-0008", "Mary", "wrong"),  # a reject's name stays wrong
        ("his-0008", "Elizabeth the Second", "wrong"),
        ("art-0001", "Wolfgang Mozart", "right"),  # the middle name left out
        ("art-0001", "Wolfgang", "wrong"),
        ("mus-0088", "Bob Marley and the Wailers", "right"),  # the singer with the band
        ("mus-0088", "Peter Tosh and the Wailers", "wrong"),
        ("mus-0088", "Ziggy Marley and the Melody Makers", "wrong"),
    ],
)
def test_fair_forms_on_the_standard_deck(card_id: str, spoken: str, verdict: str) -> None:
    if not (DECKS / "standard-en.yaml").is_file():
        pytest.skip("no bundled standard deck")
    assert judge(spoken, key("standard-en", card_id)).verdict == verdict

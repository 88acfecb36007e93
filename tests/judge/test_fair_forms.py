"""Fair spoken forms of bundled cards that a reader found judged wrong or unsure (issue 26):
each is right now, and the card's rejects stay wrong."""

from __future__ import annotations

from pathlib import Path

import pytest

from voicemaster.decks import Card, load_deck
from voicemaster.host.quiz import Quiz

DECKS = Path(__file__).resolve().parents[2] / "decks"
FAIR = [
    ("standard", "his-0008", "Elizabeth"),
    ("standard", "his-0008", "Queen Elizabeth"),
    ("standard", "ser-0031", "Kristin"),
    ("standard", "his-0053", "Guy Fawkes plot"),
    ("standard", "lan-0040", "heterographs"),
    ("standard", "art-0001", "Wolfgang Mozart"),
    ("standard", "mus-0088", "Bob Marley and the Wailers"),
    ("familie", "his-0039", "Mary"),
]


def quiz_and_card(deck: str, card_id: str) -> tuple[Quiz, Card]:
    loaded = load_deck(DECKS / f"{deck}-en.yaml")
    return Quiz(loaded, set()), next(c for c in loaded.questions if c.id == card_id)


@pytest.mark.parametrize(("deck", "card_id", "said"), FAIR)
def test_a_fair_spoken_form_is_right_and_the_rejects_stay_wrong(
    deck: str, card_id: str, said: str
) -> None:
    quiz, card = quiz_and_card(deck, card_id)
    assert quiz.judge(said, card).answer == "right"
    for reject in card.reject:
        assert quiz.judge(reject, card).answer == "wrong", reject


@pytest.mark.parametrize("said", ["double u b yeats", "double you b yeats"])
def test_the_letter_w_said_as_double_u_is_the_letter(said: str) -> None:
    quiz, card = quiz_and_card("standard", "lit-0101")  # W. B. Yeats
    assert quiz.judge(said, card).answer == "right"
    assert quiz.judge(said.replace("yeats", "keats"), card).answer != "right"


def test_double_u_alone_stays_two_words() -> None:
    from voicemaster.judge.letters import name_letters

    assert name_letters(["double", "you"]) == ["double", "you"]
    assert name_letters(["double", "u", "b"]) == ["w", "b"]

"""The spoken forms a person gives for written answers (``simulator.spoken``: letters said one
by one, regnal ordinals, years in pairs, "number" for "No.") are judged right on every bundled
card, and no card's reject becomes right by being said so."""

from __future__ import annotations

from pathlib import Path

import pytest

from voicemaster.decks import load_deck
from voicemaster.host.quiz import Quiz
from voicemaster.simulator.spoken import spoken

DECKS = Path(__file__).resolve().parents[2] / "decks"


@pytest.mark.parametrize(
    ("card_id", "said"),
    [
        ("hum-0054", "m i"),  # MI, letters said, not "m 1"
        ("tech-0079", "open a i"),
        ("tv-0096", "reality t v"),
        ("des-0087", "two c v"),
        ("art-0006", "symphony number 9"),
    ],
)
def test_letters_and_numbers_said_aloud_are_right(card_id: str, said: str) -> None:
    loaded = load_deck(DECKS / "standard-en.yaml")
    card = next(c for c in loaded.questions if c.id == card_id)
    assert Quiz(loaded, set()).judge(said, card).answer == "right"


def test_spelt_letters_ending_in_a_roman_digit_stay_letters() -> None:
    from voicemaster.judge import AnswerKey, judge

    assert judge("f b i", AnswerKey("FBI")).verdict == "right"
    assert judge("h i v", AnswerKey("HIV")).verdict == "right"
    assert judge("henry the eighth", AnswerKey("Henry VIII")).verdict == "right"
    assert judge("mary the first of scotland", AnswerKey("Mary I of Scotland")).verdict == "right"
    assert judge("f b 1", AnswerKey("FBI")).verdict != "right"


@pytest.mark.slow
@pytest.mark.parametrize("deck", ["standard", "familie", "ord", "timeline"])
def test_every_right_form_said_aloud_is_right(deck: str) -> None:
    loaded = load_deck(DECKS / f"{deck}-en.yaml")
    quiz = Quiz(loaded, set())
    unfair, unsafe = [], []
    for card in loaded.questions:
        for form in (card.answer, *card.accept):
            said = spoken(form)
            if said != form and quiz.judge(said, card).answer != "right":
                unfair.append((card.id, form, said))
        for reject in card.reject:
            if quiz.judge(spoken(reject), card).answer == "right":
                unsafe.append((card.id, reject))
    assert unfair == []
    assert unsafe == []


def test_an_said_and_heard_as_and_is_still_the_answer() -> None:
    """Whisper writes a spoken "an" as "and": "and obtuse angle" (sci-0079, a Piper team in a
    whole game, judged not right three times)."""
    loaded = load_deck(DECKS / "standard-en.yaml")
    card = next(c for c in loaded.questions if c.id == "sci-0079")
    quiz = Quiz(loaded, set())
    assert quiz.judge("and obtuse angle", card).answer == "right"
    assert quiz.judge("and acute angle", card).answer != "right"
    assert quiz.judge("and", card).answer != "right"


@pytest.mark.slow
@pytest.mark.parametrize("deck", ["standard", "familie", "ord"])
def test_a_leading_and_makes_no_reject_right(deck: str) -> None:
    loaded = load_deck(DECKS / f"{deck}-en.yaml")
    quiz = Quiz(loaded, set())
    unsafe = [
        (card.id, reject)
        for card in loaded.questions
        for reject in card.reject
        if quiz.judge(f"and {reject}", card).answer == "right"
    ]
    assert unsafe == []

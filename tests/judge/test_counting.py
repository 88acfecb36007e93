"""A number said with the noun its question counts (issue 26, item 1), over every "how many"
card of the bundled decks: the right number with the counted noun is right, a wrong one with
the same noun is wrong, the right number with an unrelated noun is not right."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from voicemaster.decks import Card, load_deck
from voicemaster.judge import AnswerKey, judge
from voicemaster.judge.numbers import cardinal_word

DECKS = Path(__file__).resolve().parents[2] / "decks"


def _words(text: str) -> frozenset[str]:
    return frozenset(text.split())


_HOW_MANY = re.compile(r"\bhow many\b", re.IGNORECASE)
# Where the counted thing ends: the verb or preposition after "how many X".
_AFTER_NOUN = _words(
    """does do did is are was were make makes made in on of from for at to by with does
    has have had sit sing play appear make up there that this it pump represent signed
    including"""
)
# Questions that name the thing counted elsewhere ("... numbers how many?").
_NOUN_ELSEWHERE = {
    "hum-0032": "teeth",
    "idi-0035": "",  # "How many are there in a baker's dozen?" counts nothing by name
    "prv-0001": "stitches",
    "rhy-0035": "days",
}
# The cards, judged wrong before (not even unsure): every one must be among the cards.
LISTED = _words(
    """hum-0003 hum-0022 hum-0055 hum-0107 lan-0028 lit-0008 pol-0030 sci-0041 soc-0076
spo-0009 spo-0028 spo-0061 spo-0081 spo-0090 tech-0016 tech-0037 tech-0038 tech-0102 tech-0107
trad-0061 tv-0024 bra-0021 lng-0001 lng-0021 lng-0035 rhy-0034 ftv-0027 geo-0037 geo-0044
lan-0059 lan-0080 lei-0006 lei-0017 lei-0033 lei-0044 lei-0059 lia-0005 mus-0003 mus-0018
mus-0061 nsc-0007 nsc-0010 nsc-0059 nsc-0065 soc-0007 soc-0025 soc-0067 spo-0044 spo-0050
spo-0058 spo-0064"""
)


def how_many_cards() -> list[tuple[str, Card]]:
    found: list[tuple[str, Card]] = []
    for name in ("standard-en", "ord-en", "familie-en"):
        path = DECKS / f"{name}.yaml"
        if path.is_file():
            found += [(name, c) for c in load_deck(path).questions if _HOW_MANY.search(c.question)]
    return found


CARDS = how_many_cards()


def counted_noun(card: Card) -> str:
    """The words after "how many" up to the verb: "dwarfs", "French Open singles titles"."""
    if card.id in _NOUN_ELSEWHERE and card.id not in LISTED:
        return _NOUN_ELSEWHERE[card.id]
    after = _HOW_MANY.split(card.question, maxsplit=1)[1]
    words: list[str] = []
    for word in re.findall(r"[\w'-]+", after):
        if word.lower() in _AFTER_NOUN:
            break
        words.append(word)
    return " ".join(words) if words else _NOUN_ELSEWHERE[card.id]


def said(n: int) -> str:
    """A number as a player says it: words below 1,000, digits above."""
    if n < 100:
        return cardinal_word(n)
    if n < 1000:
        hundreds, rest = divmod(n, 100)
        head = f"{cardinal_word(hundreds)} hundred"
        return f"{head} and {cardinal_word(rest)}" if rest else head
    return str(n)


def key_of(card: Card, options: bool) -> AnswerKey:
    return AnswerKey(
        card.answer,
        card.accept,
        card.reject,
        card.options if options else (),
        question=card.question,
    )


def test_every_how_many_card_and_every_listed_card_is_covered() -> None:
    if not CARDS:
        pytest.skip("no bundled decks")
    ids = {card.id for _, card in CARDS}
    assert len(CARDS) >= 120
    assert not LISTED - ids, LISTED - ids
    assert all(card.answer.isdigit() for _, card in CARDS)


@pytest.mark.parametrize(("deck", "card"), CARDS, ids=[f"{d}:{c.id}" for d, c in CARDS])
def test_the_right_number_with_its_noun_is_right(deck: str, card: Card) -> None:
    n, noun = int(card.answer), counted_noun(card)
    for options in (False, True) if card.options else (False,):
        key = key_of(card, options)
        for spoken in (f"{said(n)} {noun}", f"the {said(n)} {noun}", f"{n} {noun}"):
            verdict = judge(spoken, key)
            assert verdict.verdict == "right", (deck, spoken, verdict)


@pytest.mark.parametrize(("deck", "card"), CARDS, ids=[f"{d}:{c.id}" for d, c in CARDS])
def test_a_wrong_number_with_the_noun_is_wrong(deck: str, card: Card) -> None:
    n, noun = int(card.answer), counted_noun(card)
    for options in (False, True) if card.options else (False,):
        key = key_of(card, options)
        for other in (o for o in (n - 1, n + 1, 2 * n + 3) if o >= 0):
            for spoken in (f"{said(other)} {noun}", f"{other} {noun}"):
                verdict = judge(spoken, key)
                assert verdict.verdict == "wrong", (deck, spoken, verdict)


@pytest.mark.parametrize(("deck", "card"), CARDS, ids=[f"{d}:{c.id}" for d, c in CARDS])
def test_the_right_number_with_another_noun_is_not_right(deck: str, card: Card) -> None:
    spoken = f"{said(int(card.answer))} bananas"
    verdict = judge(spoken, key_of(card, False))
    assert verdict.verdict != "right", (deck, spoken, verdict)


@pytest.mark.parametrize(
    ("spoken", "verdict"),
    [
        ("twelve pairs of ribs", "right"),  # the card's own unit, then the question's noun
        ("twenty four ribs", "right"),
        ("twenty-four pairs", "wrong"),  # a unit that doubles the number
        ("twenty-four pairs of ribs", "wrong"),
        ("two dozen ribs", "wrong"),  # "dozen" is never dropped
    ],
)
def test_a_unit_that_changes_the_number_is_not_dropped(spoken: str, verdict: str) -> None:
    key = AnswerKey(
        "24",
        ("twenty-four", "twelve pairs", "12 pairs"),
        question="How many ribs does a typical adult human have in total?",
    )
    assert judge(spoken, key).verdict == verdict


def test_without_the_question_the_noun_is_not_taken() -> None:
    """A key without its question (an older JSON Lines file) judges as before."""
    assert judge("seven dwarfs", AnswerKey("7", ("seven",))).verdict == "wrong"
    asked = AnswerKey("7", ("seven",), question="How many dwarfs live with Snow White?")
    assert judge("seven dwarfs", asked).verdict == "right"

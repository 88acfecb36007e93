"""Whatever the input, a loader returns a deck that keeps every deck rule, or raises DeckError
naming the file and a line inside it: never anything else."""

from __future__ import annotations

import io
import re
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from voicemaster.decks import MAX_ANSWER_WORDS, Deck, DeckError, deck_from_dict, deck_from_stream
from voicemaster.decks.variants import deck_categories

EXAMPLE = (Path(__file__).resolve().parents[1] / "data" / "decks" / "example-en.yaml").read_bytes()
EXAMPLE_DECK = deck_from_stream(io.BytesIO(EXAMPLE), "fuzz.yaml")
ID = re.compile(r"[A-Za-z0-9][A-Za-z0-9._-]{0,63}")


def same(text: str) -> str:
    return " ".join(text.casefold().split())


def check_deck(deck: Deck, path: str) -> None:
    """A loaded deck keeps the rules of docs/decks.md: whatever the input was, only a deck
    the quizmaster can play gets through."""
    assert deck.path == path and ID.fullmatch(deck.deck) and deck.title and deck.language
    categories = deck_categories(deck.variant)  # a known variant
    assert deck.questions, "a deck has questions"
    ids = [card.id.casefold() for card in deck.questions]
    assert len(set(ids)) == len(ids), "ids are unique"
    for card in deck.questions:
        assert ID.fullmatch(card.id) and card.category in categories
        assert card.question.strip() and card.answer.strip()
        assert len(card.answer.split()) <= MAX_ANSWER_WORDS
        right = {same(card.answer), *(same(a) for a in card.accept)}
        assert not right & {same(r) for r in card.reject}, "nothing both right and rejected"
        if card.options:
            assert len(card.options) >= 2 and same(card.answer) in map(same, card.options)
            assert len({same(o) for o in card.options}) == len(card.options)
        assert card.audience in (None, "adult", "child")
        assert card.difficulty in (None, "easy", "medium", "hard")
        assert card.year != 0


def check_error(error: DeckError, path: str, lines: int | None = None) -> None:
    """Problems name the file and, where they give a line, one inside the input."""
    assert error.problems
    for problem in error.problems:
        assert problem.path == path and str(problem).startswith(path) and problem.message
        if lines is not None and problem.line is not None:
            assert 1 <= problem.line <= lines + 1, problem


def outcome(content: bytes) -> Deck | DeckError:
    try:
        deck = deck_from_stream(io.BytesIO(content), "fuzz.yaml")
    except DeckError as exc:
        check_error(exc, "fuzz.yaml", content.count(b"\n") + 1)
        return exc
    check_deck(deck, "fuzz.yaml")
    return deck


@settings(max_examples=100, deadline=None)
@given(st.binary(max_size=300))
def test_random_bytes(content: bytes) -> None:
    outcome(content)  # checks the deck, or the error, it gives


@settings(max_examples=100, deadline=None)
@given(st.lists(st.tuples(st.integers(0, len(EXAMPLE) - 1), st.binary(max_size=3)), max_size=4))
def test_mangled_example(edits: list[tuple[int, bytes]]) -> None:
    content = bytearray(EXAMPLE)
    for position, replacement in edits:
        content[position : position + 1] = replacement  # one byte -> 0 to 3 bytes
    result = outcome(bytes(content))
    if bytes(content) == EXAMPLE:  # no edit, or edits that changed nothing
        assert result == EXAMPLE_DECK
    elif isinstance(result, Deck):  # a harmless edit (a comment, a letter of a question)
        assert len(result.questions) <= len(EXAMPLE_DECK.questions)


json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=8),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner),
    max_leaves=20,
)


@settings(max_examples=100, deadline=None)
@given(
    st.fixed_dictionaries(
        {"deck": json_values, "variant": st.sampled_from(["standard", "ord", 5])},
        optional={
            "questions": st.lists(
                st.dictionaries(
                    st.sampled_from(
                        [
                            "id",
                            "category",
                            "question",
                            "answer",
                            "accept",
                            "options",
                            "year",
                            "audience",
                        ]
                    ),
                    json_values,
                ),
                max_size=3,
            )
        },
    )
)
def test_random_data(data: dict[str, object]) -> None:
    try:
        deck = deck_from_dict(data)
    except DeckError as exc:
        check_error(exc, "<dict>")
    else:
        check_deck(deck, "<dict>")


CITIES = ["Paris", "Rome", "Lyon", "Oslo", "Bern"]
valid_card = st.fixed_dictionaries(
    {
        "id": st.from_regex(r"[a-z][a-z0-9-]{0,8}", fullmatch=True),
        "category": st.sampled_from(["Music", "Geography", "History", "Sport"]),
        "question": st.sampled_from(["Which city?", "Where is the tower?"]),
        "answer": st.sampled_from(CITIES),
    },
    optional={
        "accept": st.just(["the city"]),
        "reject": st.just(["Madrid"]),
        "difficulty": st.sampled_from(["easy", "medium", "hard"]),
        "note": st.just("checked"),
    },
)
valid_deck = st.fixed_dictionaries(
    {
        "deck": st.sampled_from(["test-deck", "cities.2"]),
        "title": st.just("A test deck"),
        "language": st.sampled_from(["en", "da", "en-GB"]),
        "variant": st.sampled_from(["standard", "kompakt"]),
        "questions": st.lists(valid_card, min_size=1, max_size=4, unique_by=lambda c: c["id"]),
    },
    optional={"author": st.just("me")},
)
# what a person might get wrong in a card, and in the deck
CARD_MISTAKES: list[tuple[str, object]] = [
    ("id", "bad id"), ("id", ""), ("id", [7]), ("category", "Cooking"), ("category", None),
    ("question", ""), ("question", ["Which?"]), ("answer", "one two three four five six seven"),
    ("accept", [["Rome"]]), ("reject", ["{answer}"]), ("options", ["{answer}"]),
    ("options", ["Madrid", "Lisbon"]), ("options", ["{answer}", "{answer}"]),
    ("audience", "teen"), ("difficulty", "very"), ("year", 0), ("year", "1969"), ("colour", "red"),
]  # fmt: skip
DECK_MISTAKES: list[tuple[str, object]] = [
    ("deck", "bad deck"), ("title", ""), ("language", "english"), ("variant", "chess"),
    ("questions", []), ("questions", "none"), ("rating", 5),
]  # fmt: skip


@settings(max_examples=100, deadline=None)
@given(valid_deck)
def test_a_deck_without_mistakes_loads(deck: dict[str, Any]) -> None:
    loaded = deck_from_dict(deck)
    check_deck(loaded, "<dict>")
    assert [c.id for c in loaded.questions] == [c["id"] for c in deck["questions"]]


def with_answer(value: object, card: dict[str, Any]) -> object:
    if isinstance(value, list):
        return [v.format(answer=card["answer"]) if isinstance(v, str) else v for v in value]
    return value


@pytest.mark.parametrize(
    ("key", "value"), CARD_MISTAKES, ids=[f"{k}={v}" for k, v in CARD_MISTAKES]
)
@settings(max_examples=15, deadline=None)
@given(data=st.data(), deck=valid_deck)
def test_a_card_with_a_mistake_never_loads(
    data: Any, deck: dict[str, Any], key: str, value: object
) -> None:
    card = data.draw(st.sampled_from(deck["questions"]), label="card")
    card[key] = with_answer(value, card)
    with pytest.raises(DeckError) as error:
        deck_from_dict(deck)
    check_error(error.value, "<dict>")
    assert any(str(card["id"]) in p.message or "#" in p.message for p in error.value.problems)


@pytest.mark.parametrize(
    ("key", "value"), DECK_MISTAKES, ids=[f"{k}={v}" for k, v in DECK_MISTAKES]
)
@settings(max_examples=15, deadline=None)
@given(deck=valid_deck)
def test_a_deck_with_a_mistake_never_loads(deck: dict[str, Any], key: str, value: object) -> None:
    deck[key] = value
    with pytest.raises(DeckError) as error:
        deck_from_dict(deck)
    check_error(error.value, "<dict>")


@settings(max_examples=30, deadline=None)
@given(st.lists(valid_card, min_size=2, max_size=4, unique_by=lambda c: c["id"]))
def test_two_cards_with_one_id_never_load(cards: list[dict[str, Any]]) -> None:
    cards[-1]["id"] = cards[0]["id"].upper()  # ids are compared ignoring case
    deck = {"deck": "d", "title": "t", "language": "en", "variant": "standard", "questions": cards}
    with pytest.raises(DeckError) as error:
        deck_from_dict(deck)
    assert "duplicate id" in str(error.value)


def test_the_checks_accept_the_example_and_see_a_broken_deck() -> None:
    check_deck(EXAMPLE_DECK, "fuzz.yaml")
    broken = EXAMPLE.replace(b"category: Geography", b"category: Cooking", 1)
    error = outcome(broken)
    assert isinstance(error, DeckError) and "unknown category 'Cooking'" in str(error)
    assert error.problems[0].line == EXAMPLE.split(b"category: Geography")[0].count(b"\n") + 1

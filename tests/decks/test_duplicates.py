"""`deck check` given several decks reports questions two decks both ask: the same text, or the
same answer to nearly the same question (voicemaster/decks/duplicates.py)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from voicemaster.cli import main
from voicemaster.decks import Deck, deck_files, deck_from_dict, load_decks
from voicemaster.decks.duplicates import content, cross_pairs, duplicate_flags, folded

DECKS = Path(__file__).resolve().parents[2] / "decks"
MOST_NEAR_PAIRS = 20  # issue 26: at most this many judged and accepted pairs across bundled decks


def deck(name: str, variant: str, *cards: dict[str, Any]) -> Deck:
    questions = [{"id": f"c-{i}", "difficulty": "easy", **c} for i, c in enumerate(cards)]
    data = {"deck": name, "title": name, "language": "en", "variant": variant}
    return deck_from_dict({**data, "questions": questions}, f"{name}.yaml")


def standard(*cards: dict[str, Any]) -> Deck:
    return deck("one", "standard", *cards)


def other(*cards: dict[str, Any]) -> Deck:
    return deck("two", "ord", *cards)


def ask(category: str, question: str, answer: str, **more: Any) -> dict[str, Any]:
    return {"category": category, "question": question, "answer": answer, **more}


def test_the_same_text_is_a_pair_whatever_the_answers() -> None:
    a = standard(ask("Geography", "Which river flows through Paris?", "Seine"))
    b = other(ask("Synonyms", "Which river flows through  PARÍS", "the Seine river"))
    pairs = cross_pairs([a, b])
    assert [(p.first.card.id, p.second.card.id, p.verbatim) for p in pairs] == [
        ("c-0", "c-0", True)
    ]


def test_a_reworded_question_with_the_same_answer_is_a_pair() -> None:
    a = standard(
        ask("Nature", "Which bird of prey is the fastest animal on Earth in a dive?", "peregrine")
    )
    b = other(
        ask(
            "Synonyms",
            "Which bird of prey is the fastest animal on Earth when it dives?",
            "Peregrine falcon",
            accept=["peregrine"],
        )
    )
    [pair] = cross_pairs([a, b])
    assert not pair.verbatim and pair.score >= 80


def test_the_same_answer_to_another_fact_is_no_pair() -> None:
    """ "Red" answers both, but a Matrix pill and a Spanish word are not one fact."""
    a = standard(ask("Film", "In The Matrix, which colour pill does Neo swallow?", "Red"))
    b = other(ask("Foreign Words", "In Spanish, which colour is rojo?", "red"))
    assert cross_pairs([a, b]) == []


def test_a_like_question_with_another_answer_is_no_pair() -> None:
    a = standard(ask("Geography", "Which river flows through Vienna?", "Danube"))
    b = other(ask("Synonyms", "Which river flows through Prague?", "Vltava"))
    assert cross_pairs([a, b]) == []


def test_cards_of_one_deck_are_not_compared() -> None:
    """Within a deck, repeats are another check's business."""
    a = standard(
        ask("Geography", "Which river flows through Paris?", "Seine"),
        ask("Geography", "Which river flows through Paris?", "Seine"),
    )
    assert cross_pairs([a]) == []


def test_two_files_of_one_deck_are_not_compared() -> None:
    """The same deck given twice is refused by its id; its cards are no pairs."""
    card = ask("Geography", "Which river flows through Paris?", "Seine")
    assert cross_pairs([standard(card), standard(card)]) == []


def test_a_timeline_card_meets_a_which_year_question_by_its_year_only() -> None:
    """Its accept names the event; a question answered by the event is another fact."""
    line = deck(
        "line",
        "timeline",
        {"question": "The Great Fire of London", "year": 1666, "accept": ["Great Fire"]},
    )
    year = standard(ask("History", "In which year did the Great Fire of London start?", "1666"))
    event = standard(
        ask("History", "Which great fire of London started on Pudding Lane?", "Great Fire")
    )
    assert len(cross_pairs([year, line])) == 1
    assert cross_pairs([event, line]) == []


def test_content_words_leave_out_what_every_question_has() -> None:
    assert folded("Who wrote 'Émile'?") == "who wrote emile"
    assert content("Which is the name of the river in Paris?") == "river paris"


def test_each_pair_is_one_warning_on_the_first_decks_card() -> None:
    a = other(ask("Synonyms", "Which river flows through Paris?", "Seine"))
    b = standard(ask("Geography", "Which river flows through Paris?", "Seine"))
    [flag] = duplicate_flags([a, b])
    assert flag.path == "two.yaml"
    assert "question c-0: same question as one c-0 (one.yaml:" in flag.message


def write(path: Path, name: str, variant: str, category: str, answer: str) -> str:
    head = f"deck: {name}\ntitle: {name}\nlanguage: en\nvariant: {variant}\nquestions:\n"
    card = (
        f"  - id: q-1\n    category: {category}\n    difficulty: easy\n"
        f"    question: Which river flows through the middle of Paris?\n    answer: {answer}\n"
    )
    path.write_text(head + card)
    return str(path)


def test_deck_check_warns_of_pairs_across_the_files_given(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    one = write(tmp_path / "a.yaml", "a", "standard", "Geography", "Seine")
    two = write(tmp_path / "b.yaml", "b", "ord", "Synonyms", "the Seine")
    assert main(["deck", "check", "--strict", one, two]) == 0
    err = capsys.readouterr().err
    assert f"{one}:6: warning: question q-1: same question as b q-1 ({two}:6)" in err
    assert main(["deck", "check", "--strict", one]) == 0
    assert "same question" not in capsys.readouterr().err


def test_the_bundled_decks_ask_no_fact_twice() -> None:
    """Issue 26: no verbatim pair and at most ``MOST_NEAR_PAIRS`` judged and accepted."""
    files = deck_files([DECKS])[0]
    assert len(files) >= 2, f"fewer than two decks in {DECKS}"
    pairs = cross_pairs(load_decks(files))
    verbatim = [f"{p.first.card.id}/{p.second.card.id}" for p in pairs if p.verbatim]
    assert verbatim == []
    assert len(pairs) <= MOST_NEAR_PAIRS

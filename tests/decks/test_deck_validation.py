"""Every class of broken deck is rejected with every problem, located by line."""

from __future__ import annotations

import io
from pathlib import Path

import pytest

from voicemaster.decks import (
    MAX_BYTES,
    Card,
    Deck,
    DeckError,
    Problem,
    deck_from_dict,
    deck_from_stream,
    load_deck,
)
from voicemaster.rules.standard.categories import STANDARD

DATA = Path(__file__).resolve().parents[1] / "data" / "decks"

HEAD = """\
deck: inline
title: inline test deck
language: en
variant: standard
questions:
"""

GOOD_CARD = """\
  - id: geo-0001
    category: Geography
    question: Which river flows through Vienna, Budapest and Belgrade?
    answer: Danube
    accept: [the Danube]
    reject: [Rhine]
"""


def problems(text: str | bytes, path: str = "inline.yaml") -> list[str]:
    """The problem lines of a broken deck (fails if the deck loads)."""
    stream: io.IOBase = io.BytesIO(text) if isinstance(text, bytes) else io.StringIO(text)
    with pytest.raises(DeckError) as caught:
        deck_from_stream(stream, path)
    assert caught.value.problems, "a DeckError must list its problems"
    return [str(p) for p in caught.value.problems]


def card(**fields: str) -> str:
    """HEAD plus one question whose fields replace (or, with value None, drop) GOOD_CARD's."""
    lines = {
        "id": "geo-0001",
        "category": "Geography",
        "question": "Which river?",
        "answer": "Danube",
    }
    lines.update(fields)
    body = "".join(f"    {k}: {v}\n" for k, v in lines.items() if v is not None)
    return HEAD + "  -" + body[3:]


def test_a_good_deck_loads_with_lines_and_types() -> None:
    deck = deck_from_stream(io.StringIO(HEAD + GOOD_CARD), "inline.yaml")
    assert deck.deck == "inline" and deck.variant == "standard"
    assert deck.questions == (
        Card(
            "geo-0001",
            "Geography",
            "Which river flows through Vienna, Budapest and Belgrade?",
            "Danube",
            accept=("the Danube",),
            reject=("Rhine",),
            line=6,
        ),
    )
    assert deck.path == "inline.yaml"


def test_the_example_deck_loads_and_knows_its_categories() -> None:
    deck = load_deck(DATA / "example-en.yaml")
    assert len(deck.questions) == 13
    categories = deck.categories()
    assert list(categories) == list(STANDARD)  # every category, in the variant's order
    assert [c.id for c in categories["Geography"]] == ["geo-0001"]
    assert categories["Business"] == []
    history = next(c for c in deck.questions if c.id == "his-0001")
    assert history.answer == "1989" and history.reject == ("1991", "1961")  # numbers are text
    society = next(c for c in deck.questions if c.id == "fam-0001")
    assert society.answer == "yes" and society.reject == ("no",)  # YAML 1.2: yes is text
    assert society.audience == "child"


def test_competitors_are_the_other_answers_of_the_category() -> None:
    cards = (
        Card("a", "Film", "q1", "Titanic"),
        Card("b", "Film", "q2", "Alien"),
        Card("c", "Film", "q3", "titanic"),
        Card("d", "Music", "q4", "Piano"),
        Card("e", "Film", "q5", "Jaws"),
    )
    deck = Deck("d", "t", "en", "standard", cards)
    assert deck.competitors(cards[0]) == ("Alien", "Jaws")
    assert deck.competitors(cards[3]) == ()


def test_yaml_syntax_error_names_its_line() -> None:
    found = problems(HEAD + GOOD_CARD + "  - id: [unclosed\n    answer: x\n")
    assert len(found) == 1
    assert found[0].startswith("inline.yaml:1") and "YAML syntax error" in found[0]


def test_missing_and_empty_fields() -> None:
    found = problems(card(answer=None, question='""'))
    assert found == [
        "inline.yaml:6: question geo-0001: missing field 'answer'",
        "inline.yaml:8: question geo-0001: 'question' is empty",
    ]


def test_missing_deck_fields_and_no_questions() -> None:
    found = problems("deck: x\nlanguage: en\nvariant: standard\nquestions: []\n")
    assert "inline.yaml: missing field 'title'" in found
    assert "inline.yaml:4: the deck has no questions" in found
    assert problems("deck: x\n") == [
        f"inline.yaml: missing field '{name}'"
        for name in ("title", "language", "variant", "questions")
    ]


def test_wrong_types() -> None:
    found = problems(card(answer="[Danube, Donau]", accept="{a: 1}", year="soon"))
    assert "inline.yaml:9: question geo-0001: 'answer' must be text, not a list" in found
    assert any(
        p.startswith("inline.yaml:10:") and "'accept' must be a list of texts" in p for p in found
    )
    assert "inline.yaml:11: question geo-0001: 'year' must be a whole number" in found[-1]
    assert problems(HEAD.replace("questions:", "questions: 3"))[-1] == (
        "inline.yaml:5: 'questions' must be a list of questions, not int"
    )
    assert problems("- just\n- a list\n") == [
        "inline.yaml: not a deck: expected a mapping with deck, title, language, variant, "
        "questions, found a list"
    ]
    assert "must be a mapping of fields" in problems(HEAD + "  - 17\n")[0]


def test_a_boolean_answer_asks_for_quotes() -> None:
    found = problems(card(answer="true"))
    assert found == [
        "inline.yaml:9: question geo-0001: 'answer' must be text, not true/false "
        "(write it in quotes)"
    ]


def test_unknown_category_suggests_the_nearest() -> None:
    found = problems(card(category="Geografy"))
    assert found == [
        "inline.yaml:7: question geo-0001: unknown category 'Geografy' (did you mean 'Geography'?)"
    ]


def test_unknown_variant() -> None:
    found = problems((HEAD + GOOD_CARD).replace("variant: standard", "variant: chess"))
    assert len(found) == 1 and found[0].startswith("inline.yaml:4: unknown rule set 'chess'")


def test_unknown_field_suggests_the_nearest() -> None:
    assert problems(card(acept="[x]")) == [
        "inline.yaml:10: question geo-0001: unknown field 'acept' (did you mean 'accept'?)"
    ]


def test_duplicate_id_names_the_first() -> None:
    found = problems(HEAD + GOOD_CARD + GOOD_CARD.replace("Belgrade", "Novi Sad"))
    assert found == ["inline.yaml:12: duplicate id 'geo-0001' (first at line 6)"]


def test_duplicate_key_in_a_question() -> None:
    assert problems(card(answer="Danube\n    answer: Donau")) == [
        "inline.yaml:10: duplicate key 'answer'"
    ]


def test_options_must_contain_the_answer() -> None:
    found = problems(card(options="[Rhine, Elbe]"))
    assert found == [
        "inline.yaml:10: question geo-0001: 'options' does not contain the answer 'Danube'"
    ]
    assert "needs at least two" in problems(card(options="[Danube]"))[0]


def test_an_answer_is_no_near_miss() -> None:
    found = problems(card(accept="[Donau]", reject="[donau, Rhine]"))
    assert found == [
        "inline.yaml:11: question geo-0001: 'donau' is both a right answer and in 'reject'"
    ]


def test_answer_over_six_words() -> None:
    found = problems(card(answer="the big blue river of central europe"))
    assert found == [
        "inline.yaml:9: question geo-0001: the answer has 7 words (at most 6, to be said in one "
        "breath)"
    ]
    assert deck_from_stream(io.StringIO(card(answer="the big river of central europe")))


def test_bad_audience_year_and_ids() -> None:
    found = problems(card(audience="teen", year="0", id="'geo 1'"))
    assert any("the id may use only letters" in p for p in found)
    assert any(
        p.startswith("inline.yaml:10:") and "'audience' must be one of adult, child" in p
        for p in found
    )
    assert any(p.startswith("inline.yaml:11:") and "there is no year 0" in p for p in found)


def test_every_problem_is_reported_in_line_order() -> None:
    text = (
        HEAD + GOOD_CARD + GOOD_CARD + "  - id: x\n    category: Films\n    question: q\n"
        "    answer: a b c d e f g\n"
    )
    found = problems(text)
    assert [p.split(":")[1] for p in found] == ["12", "19", "21"]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("", "inline.yaml: the file is empty"),
        ("# only a comment\n\n", "inline.yaml: the file is empty"),
        (b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR", "inline.yaml: a binary file, not UTF-8"),
        ("\ufeffdeck: x\x00\n", "inline.yaml: a binary file (it contains NUL characters)"),
        (
            (HEAD + GOOD_CARD).replace("Belgrade", "Beograd \xe9").encode("latin-1"),
            "inline.yaml:8: not UTF-8 text (byte 0xe9)",
        ),
        ("deck: a\n---\ndeck: b\n", "inline.yaml:2: more than one YAML document"),
        (
            "deck: !!python/object/apply:os.system [echo hi]\n",
            "inline.yaml:1: the tag tag:yaml.org,2002:python/object/apply:os.system is not allowed",
        ),
        ("a: " + "[" * 200 + "]" * 200 + "\n", "inline.yaml:1: nested more than 32 levels deep"),
        ("deck: a\x07b\n", "inline.yaml:1: YAML syntax error: control characters"),
    ],
)
def test_unreadable_files(text: str | bytes, expected: str) -> None:
    found = problems(text)
    assert len(found) == 1 and found[0].startswith(expected), found


def test_an_alias_bomb_is_refused_at_the_first_alias() -> None:
    lines = ['a0: &a0 ["lol", "lol", "lol", "lol", "lol", "lol", "lol", "lol", "lol"]']
    lines += [f"a{n}: &a{n} [{', '.join([f'*a{n - 1}'] * 9)}]" for n in range(1, 10)]
    found = problems("\n".join(lines) + "\n")
    assert found == ["inline.yaml:2: aliases (*a0) are not allowed in decks"]


def test_an_enormous_stream_is_refused_before_parsing() -> None:
    found = problems(b"#" * (MAX_BYTES + 1))
    assert found == ["inline.yaml: the file is too large (over 2 MB)"]


def test_an_enormous_file_is_refused_before_reading(tmp_path: Path) -> None:
    big = tmp_path / "big.yaml"
    with big.open("wb") as out:
        out.truncate(MAX_BYTES + 1)  # sparse: costs no disk
    with pytest.raises(DeckError) as caught:
        load_deck(big)
    assert [str(p) for p in caught.value.problems] == [f"{big}: the file is too large (over 2 MB)"]


def test_deck_from_dict_reports_without_lines() -> None:
    data = {
        "deck": "d",
        "title": "t",
        "language": "en",
        "variant": "standard",
        "questions": [{"id": "a", "category": "Film", "question": "q", "answer": ""}],
    }
    with pytest.raises(DeckError) as caught:
        deck_from_dict(data)
    assert caught.value.problems == [Problem("<dict>", None, "question a: 'answer' is empty")]
    assert str(caught.value) == "<dict>: question a: 'answer' is empty"
    data["questions"][0]["answer"] = "Jaws"  # type: ignore[index]
    assert deck_from_dict(data).questions[0].answer == "Jaws"


def test_timeline_cards_need_a_year_and_no_category() -> None:
    text = HEAD.replace("standard", "timeline") + (
        "  - id: t1\n    question: The first Moon landing\n    year: 1969\n"
        "  - id: t2\n    category: Timeline\n    question: Caesar is murdered\n    year: -44\n"
    )
    deck = deck_from_stream(io.StringIO(text))
    assert [(c.category, c.answer, c.year) for c in deck.questions] == [
        ("Timeline", "1969", 1969),
        ("Timeline", "44 BC", -44),
    ]
    assert list(deck.categories()) == ["Timeline"]
    broken = text.replace("    year: 1969\n", "").replace("category: Timeline", "category: Film")
    assert problems(broken) == [
        "inline.yaml:6: question t1: missing field 'year' (a timeline card needs one)",
        "inline.yaml:9: question t2: category must be 'Timeline' or left out",
    ]


def test_kompakt_borrows_the_standard_categories() -> None:
    deck = deck_from_stream(io.StringIO((HEAD + GOOD_CARD).replace("standard", "kompakt")))
    assert list(deck.categories()) == list(STANDARD)


def test_a_garbage_file_stops_after_many_problems() -> None:
    found = problems(HEAD + "  - 1\n" * 1500)
    assert len(found) == 1001
    assert (
        found[0]
        == "inline.yaml: stopped after 1000 problems, at question #1000 of 1500; fix these first"
    )
    assert found[-1] == "inline.yaml:1005: question #1000 must be a mapping of fields, not int"

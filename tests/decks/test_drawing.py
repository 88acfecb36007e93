"""The table's wishes for its cards: difficulty first, nearest next, regions left out."""

from __future__ import annotations

import random

import pytest

from voicemaster.decks import Card, Deck, deck_from_dict
from voicemaster.decks.drawing import DrawSettings, parse_regions, spread
from voicemaster.host.quiz import Quiz


def card(ident: str, difficulty: str | None = None, region: tuple[str, ...] = ()) -> Card:
    return Card(ident, "Geography", f"question {ident}?", f"answer {ident}", (), (), (), None,
                None, 0, difficulty, region)  # fmt: skip


def deck(*cards: Card) -> Deck:
    return Deck("d", "t", "en", "standard", cards)


def draws(quiz: Quiz, count: int, seed: int = 1) -> list[str]:
    rng = random.Random(seed)
    return [quiz.draw("Geography", rng).id for _ in range(count)]


def test_easy_draws_every_easy_card_then_medium_then_hard_then_round_again() -> None:
    cards = (card("h1", "hard"), card("m1", "medium"), card("e1", "easy"), card("e2", "easy"),
             card("u1"), card("m2", "medium"))  # fmt: skip
    quiz = Quiz(deck(*cards), settings=DrawSettings("easy"))
    drawn = draws(quiz, 7)
    assert set(drawn[:2]) == {"e1", "e2"}
    assert set(drawn[2:5]) == {"m1", "m2", "u1"}  # an untagged card counts as medium
    assert drawn[5] == "h1"  # the category ran out of easier cards: never a crash
    assert drawn[6] in {"e1", "e2"}  # all were asked: they come round again, easy first


def test_hard_and_medium_fall_back_to_the_nearest() -> None:
    cards = (card("e1", "easy"), card("m1", "medium"), card("h1", "hard"))
    assert draws(Quiz(deck(*cards), settings=DrawSettings("hard")), 3) == ["h1", "m1", "e1"]
    medium = draws(Quiz(deck(*cards), settings=DrawSettings("medium")), 3)
    assert medium[0] == "m1" and set(medium[1:]) == {"e1", "h1"}


def test_mixed_draws_as_before_the_settings_existed() -> None:
    cards = tuple(card(f"c{n}", ("easy", "hard", None)[n % 3]) for n in range(9))
    plain = draws(Quiz(deck(*cards)), 9, seed=4)
    assert draws(Quiz(deck(*cards), settings=DrawSettings()), 9, seed=4) == plain
    untagged = tuple(card(f"c{n}") for n in range(9))
    assert draws(Quiz(deck(*untagged)), 9, seed=4) == plain  # tags change nothing when mixed
    assert sorted(plain) == sorted(c.id for c in cards)


def test_region_cards_are_left_out_unless_nothing_else_is_left() -> None:
    cards = (card("uk1", "easy", ("uk",)), card("any", "hard"), card("both", "easy", ("uk", "us")))
    quiz = Quiz(deck(*cards), settings=DrawSettings("easy", frozenset({"us"})))
    assert draws(quiz, 3) == ["uk1", "any", "uk1"]  # both needs us too: never drawn
    only = Quiz(
        deck(card("uk1", "easy", ("uk",))), settings=DrawSettings(no_region=frozenset({"uk"}))
    )
    assert draws(only, 2) == ["uk1", "uk1"]  # the category has nothing else: no crash


def test_a_timeline_deal_takes_the_nearest_difficulties_until_there_are_enough() -> None:
    cards = [card("e1", "easy"), card("m1", "medium"), card("m2"), card("h1", "hard")]
    easy = DrawSettings("easy")
    assert [c.id for c in easy.enough(cards, 1)] == ["e1"]
    assert [c.id for c in easy.enough(cards, 2)] == ["e1", "m1", "m2"]
    assert len(easy.enough(cards, 9)) == 4  # fewer than needed: all of them
    no_uk = DrawSettings(no_region=frozenset({"uk"}))
    tagged = [*cards, card("uk1", "easy", ("uk",))]
    assert "uk1" not in [c.id for c in no_uk.enough(tagged, 4)]
    assert "uk1" in [c.id for c in no_uk.enough(tagged, 5)]  # too few without it


def test_settings_go_into_a_header_and_come_back() -> None:
    settings = DrawSettings("easy", frozenset({"us", "uk"}))
    assert settings.header() == {"difficulty": "easy", "no_region": ["uk", "us"]}
    assert DrawSettings.from_header(settings.header()) == settings
    assert DrawSettings().header() == {"difficulty": "mixed"}
    assert DrawSettings.from_header({"variant": "standard"}) == DrawSettings()  # older records
    for bad in ({"difficulty": "tricky"}, {"difficulty": 3}, {"no_region": "uk"},
                {"no_region": ["fr"]}):  # fmt: skip
        with pytest.raises(ValueError):
            DrawSettings.from_header(bad)


def test_what_the_quizmaster_tells_a_new_game() -> None:
    assert DrawSettings().sentence() == ""
    assert DrawSettings("easy").sentence() == "Easy questions first."
    assert DrawSettings(no_region=frozenset({"uk"})).sentence() == (
        "No questions that need UK knowledge."
    )
    both = DrawSettings("hard", frozenset({"us", "uk"}))
    assert both.sentence() == "Hard questions first, and none that need UK or US knowledge."


def test_parse_regions() -> None:
    assert parse_regions("uk") == {"uk"}
    assert parse_regions(" UK , us ") == {"uk", "us"}
    for bad, message in (("fr", "unknown region 'fr'"), (",", "no region given")):
        with pytest.raises(ValueError, match=message):
            parse_regions(bad)


def test_spread_counts_every_difficulty() -> None:
    cards = [card("a", "easy"), card("b", "easy"), card("c"), card("d", "hard")]
    assert spread(cards) == {"easy": 2, "medium": 0, "hard": 1, "untagged": 1}


def test_region_and_difficulty_are_read_from_a_deck() -> None:
    data = {
        "deck": "d", "title": "t", "language": "en", "variant": "standard",
        "questions": [
            {"id": "a", "category": "Film", "question": "q?", "answer": "x",
             "difficulty": "hard", "region": "uk"},
            {"id": "b", "category": "Film", "question": "q?", "answer": "y",
             "region": ["us", "uk", "us"]},
        ],
    }  # fmt: skip
    first, second = deck_from_dict(data).questions
    assert (first.difficulty, first.region) == ("hard", ("uk",))
    assert (second.difficulty, second.region) == (None, ("us", "uk"))

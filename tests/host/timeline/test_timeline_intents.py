"""Timeline utterances: placements by number, by neighbours, pawns, zwaps, requests."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from voicemaster.decks import load_deck
from voicemaster.host.timeline.intents import (
    HandRequest,
    LineRequest,
    PawnCall,
    Placement,
    Title,
    ZwapCall,
    match_title,
    parse,
    parse_placement,
)

LINE = ["The first Moon landing", "The fall of the Berlin Wall", "The first iPhone goes on sale"]
HANDS = {
    "red": [
        ("titanic", "The Titanic sinks"),
        ("hastings", "The Battle of Hastings"),
        ("euro", "Euro notes and coins come into use"),
        ("sputnik", "Sputnik is launched"),
    ],
    "blue": [
        ("gutenberg", "Gutenberg prints the Bible"),
        ("everest", "The first ascent of Everest"),
    ],
}
HAND = [title for _, title in HANDS["red"]]


def said(text: str) -> object:
    return parse(text, teams=["red", "blue"], me="red", hands=HANDS, line=LINE)


@pytest.mark.parametrize(
    ("text", "card", "gap"),
    [
        ("card three, gap two", 2, 2),
        ("Card 3 gap 2", 2, 2),
        ("card number three in gap number two", 2, 2),
        ("the third card, gap two", None, 2),
        ("gap four", None, 4),
        ("sputnik in gap three", 3, 3),
        ("card one, gap to", 0, 2),  # a recogniser's homophone
    ],
)
def test_placing_by_card_and_gap_number(text: str, card: int | None, gap: int) -> None:
    assert said(text) == Placement(card, gap)


@pytest.mark.parametrize(
    ("text", "card", "gap"),
    [
        ("the titanic goes after the berlin wall", 0, 3),
        ("The Titanic goes before the moon landing", 0, 1),
        ("titanic between the moon landing and the berlin wall", 0, 2),
        ("between the berlin wall and the first iphone", None, 3),
        ("card two before the first moon landing", 1, 1),
        ("Hastings at the start", 1, 1),
        ("the euro at the end", 2, 4),
        ("I think sputnik is later than the berlin wall", 3, 3),
    ],
)
def test_placing_by_naming_neighbours(text: str, card: int | None, gap: int) -> None:
    assert said(text) == Placement(card, gap)


def test_between_two_cards_that_are_not_neighbours_is_said_back() -> None:
    got = said("titanic between the moon landing and the iphone")
    assert isinstance(got, Placement) and got.gap is None
    assert "not next to each other" in got.problem


def test_gap_and_card_numbers_out_of_range_are_said_back() -> None:
    got = said("card one, gap nine")
    assert isinstance(got, Placement) and got.gap is None and "one to 4" in got.problem
    got = said("card seven, gap one")
    assert isinstance(got, Placement) and got.card is None and got.gap == 1


def test_a_title_alone_names_the_card_and_one_card_needs_no_name() -> None:
    assert said("the titanic") == Placement(0, None)
    assert parse_placement("gap two", ["Sputnik is launched"], LINE) == Placement(0, 2)
    assert said("hello there") is None


@pytest.mark.parametrize(
    ("text", "team", "gap"),
    [
        ("Bezzerwizzer blue, gap four", "blue", 4),
        ("bezzer wizzer blue gap one", "blue", 1),
        ("Bezzerwizzer blue, after the iPhone", "blue", 4),
        ("bezzerwizzer blue before the berlin wall", "blue", 2),
        ("Bezzerwizzer, gap two", None, 2),
    ],
)
def test_bezzerwizzer_calls_name_a_player_and_a_gap(text: str, team: str | None, gap: int) -> None:
    assert said(text) == PawnCall(team, gap)


def test_zwap_by_card_numbers_and_by_titles() -> None:
    assert said("zwap my card two with blue's card one") == ZwapCall(("hastings", "gutenberg"))
    assert said("swap the titanic with the everest ascent") == ZwapCall(("titanic", "everest"))
    assert said("zwap please") == ZwapCall(())


def test_line_and_hand_requests() -> None:
    assert said("repeat the line") == LineRequest()
    assert said("read the line please") == LineRequest()
    assert said("what are my cards") == HandRequest()


def test_titles_match_fuzzily_but_not_from_filler_words() -> None:
    assert match_title("berlin wall", LINE) == 1
    assert match_title("the moon landin", LINE) == 0
    assert match_title("the", LINE) is None
    assert match_title("photosynthesis", LINE) is None


# --- titles of the real timeline deck -----------------------------------------------------------
TIMELINE_DECK = Path(__file__).resolve().parents[3] / "decks" / "timeline-en.yaml"


@pytest.fixture(scope="module")
def titles() -> dict[str, Title]:
    deck = load_deck(TIMELINE_DECK)
    return {card.id: Title(card.question, card.accept) for card in deck.questions}


def pick(titles: dict[str, Title], *words: str) -> list[Title]:
    """The deck's titles that contain every word (so the test reads real cards)."""
    return [t for t in titles.values() if all(w.lower() in t.lower() for w in words)]


def test_naming_a_battle_finds_that_battle_among_others(titles: dict[str, Title]) -> None:
    (somme,) = pick(titles, "Battle of the Somme")
    line = [*pick(titles, "Battle of the"), *pick(titles, "wins the Battle of")]
    assert somme in line and len(line) >= 8
    for order in (line, line[::-1]):
        assert match_title("the battle of the somme is fought", order) == order.index(somme)
        assert match_title("the somme", order) == order.index(somme)
    (alamo,) = pick(titles, "Alamo")
    assert match_title("the battle of the alamo", line) == line.index(alamo)


def test_accented_titles_and_accept_forms_are_matched(titles: dict[str, Title]) -> None:
    (orleans,) = pick(titles, "Orléans")
    line = [*pick(titles, "Joan of Arc"), *pick(titles, "King of France")]
    assert orleans in line and len(line) >= 3
    assert match_title("the siege of orleans", line) == line.index(orleans)
    assert match_title("Orléans", line) == line.index(orleans)
    (mozart,) = pick(titles, "Mozart dies")
    (capet,) = pick(titles, "Hugh Capet")
    line = [capet, mozart]
    assert match_title("death of mozart", line) == 1  # an accept form, not the shared "of"
    assert match_title("death of augustus", line) is None  # "of" alone names nothing


def test_every_title_and_accept_form_finds_its_card_on_a_full_line(
    titles: dict[str, Title],
) -> None:
    rng = random.Random(5)
    cards = sorted(titles.values())
    for _ in range(40):
        line = rng.sample(cards, 12)
        for index, title in enumerate(line):
            for said in (title, *title.forms):
                assert match_title(said.lower(), line) == index, (said, line)


def test_ties_are_broken_by_the_closer_title_not_the_order() -> None:
    line = ["The Battle of Hastings", "The Battle of Hastings is remembered in a tapestry"]
    assert match_title("battle of hastings", line) == 0
    assert match_title("battle of hastings", line[::-1]) == 1

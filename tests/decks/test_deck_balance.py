"""The bundled decks keep the promises of docs/decks.md: standard-en's difficulty spread
(about 40/40/20, 18-22 % hard in every category) and the region policy (issue 26)."""

from __future__ import annotations

from pathlib import Path

import pytest

from voicemaster.decks import Deck, load_deck

DECKS = Path(__file__).resolve().parents[2] / "decks"
_US = "tl-0202 tl-0222 tl-0483 tl-0490 tl-0505 tl-0513 tl-0515 tl-0520"
US_EVENTS = _US.split()  # the issue's untagged US events: Louisiana Purchase ... Little Bighorn


def bundled(name: str) -> Deck:
    return load_deck(DECKS / f"{name}.yaml")


def share(cards: list[object], wanted: str) -> float:
    return (
        100 * sum(1 for card in cards if getattr(card, "difficulty", None) == wanted) / len(cards)
    )


def test_every_standard_category_is_about_a_fifth_hard() -> None:
    deck = bundled("standard-en")
    hard = {name: round(share(list(cards), "hard")) for name, cards in deck.categories().items()}
    assert {name: pct for name, pct in hard.items() if not 18 <= pct <= 22} == {}


def test_the_standard_deck_is_about_40_40_20() -> None:
    cards: list[object] = list(bundled("standard-en").questions)
    spread = [share(cards, level) for level in ("easy", "medium", "hard")]
    assert all(abs(got - want) <= 3 for got, want in zip(spread, (40, 40, 20), strict=True)), spread


@pytest.mark.parametrize(
    ("deck", "ids", "region"),
    [
        (
            "timeline-en",
            US_EVENTS,
            ("us",),
        ),
        ("standard-en", ["tv-0084"], ("uk",)),
    ],
)
def test_the_cards_the_issue_names_carry_their_region(
    deck: str, ids: list[str], region: tuple[str, ...]
) -> None:
    cards = {card.id: card for card in bundled(deck).questions}
    assert {i: cards[i].region for i in ids} == dict.fromkeys(ids, region)

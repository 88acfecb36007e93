"""Where the right option stands, flagged by ``deck check`` when a player could guess it.

A multiple-choice deck (familie) reads its ``options`` in a fixed order unless the game shuffles
them; if the right answer is the second option far more often than the third, a child who
always says "B" beats chance. Cards are grouped by their number of options; a group of at least
``MIN_CARDS`` cards gets a chi-squared test of the right answer's place against an even spread,
and a warning when chi-squared passes the 1 % critical value (``CRITICAL``): at 800 cards of
three options, each place between about 30 % and 37 % passes (docs/decks.md, "Options").
"""

from __future__ import annotations

from collections import Counter

from voicemaster.decks.model import Card, Deck, Problem

MIN_CARDS = 30  # fewer cards with so many options: too few to tell
# Chi-squared at p = 0.01 by degrees of freedom (options - 1).
CRITICAL = {1: 6.63, 2: 9.21, 3: 11.34, 4: 13.28, 5: 15.09, 6: 16.81, 7: 18.48}
PLACES = "ABCDEFGH"


def place(card: Card) -> int:
    """The right answer's place among the card's options (0 = first), -1 if not there."""
    wanted = card.answer.casefold()
    for n, option in enumerate(card.options):
        if option.casefold() == wanted:
            return n
    return -1


def option_place_flags(deck: Deck) -> list[Problem]:
    """One warning per group of cards (by number of options) whose right places are uneven."""
    groups: dict[int, list[Card]] = {}
    for card in deck.questions:
        if 2 <= len(card.options) <= len(CRITICAL) + 1:
            groups.setdefault(len(card.options), []).append(card)
    flags: list[Problem] = []
    for size, cards in sorted(groups.items()):
        counts = Counter(place(card) for card in cards)
        shares = [counts[n] for n in range(size)]
        if len(cards) >= MIN_CARDS and chi_squared(shares) > CRITICAL[size - 1]:
            flags.append(Problem(deck.path, None, _message(size, shares)))
    return flags


def chi_squared(counts: list[int]) -> float:
    """Pearson's chi-squared of ``counts`` against an even spread over them."""
    expected = sum(counts) / len(counts)
    if not expected:
        return 0.0
    return sum((count - expected) ** 2 for count in counts) / expected


def _message(size: int, counts: list[int]) -> str:
    total = sum(counts)
    shown = ", ".join(f"{PLACES[n]} {round(100 * c / total)}%" for n, c in enumerate(counts))
    return (
        f"the right answer's place among {size} options is uneven over {total} questions "
        f"({shown}; chi-squared {chi_squared(counts):.1f}); a player could guess it: "
        "reorder some cards' options"
    )

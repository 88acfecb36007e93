"""What a card needs, per rule set: a small table, easy to extend with new variants.

A deck's variant must exist in the rules registry (``voicemaster.rules.find_variant``); its
categories come from there unless the table below says otherwise.
"""

from __future__ import annotations

from dataclasses import dataclass

from voicemaster.rules import find_variant


@dataclass(frozen=True)
class CardRules:
    """The per-variant requirements of a card."""

    required: tuple[str, ...] = ("id", "category", "question", "answer")
    default_category: str | None = None  # the category of a card that names none
    categories: tuple[str, ...] | None = None  # fixed categories (instead of the registry's)
    categories_from: str | None = None  # borrow another variant's categories
    answer_from_year: bool = False  # a card without an answer is answered by its year


DEFAULT_RULES = CardRules()

CARD_RULES: dict[str, CardRules] = {
    "kompakt": CardRules(categories_from="standard"),
    "timeline": CardRules(
        required=("id", "question", "year"),
        default_category="Timeline",
        categories=("Timeline",),
        answer_from_year=True,
    ),
}


def card_rules(variant: str) -> CardRules:
    return CARD_RULES.get(variant.lower(), DEFAULT_RULES)


def deck_categories(variant: str) -> tuple[str, ...]:
    """The categories a deck of this variant may use.  ValueError for an unknown variant."""
    game = find_variant(variant)  # ValueError names the known ones
    rules = card_rules(game.name)
    if rules.categories is not None:
        return rules.categories
    if rules.categories_from and not game.categories:
        return find_variant(rules.categories_from).categories
    return game.categories


def spoken_year(year: int) -> str:
    """A year as the quizmaster says it: 1969, 44 BC."""
    return f"{-year} BC" if year < 0 else str(year)

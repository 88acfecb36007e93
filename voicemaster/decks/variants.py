"""What a card needs, per rule set: read from the rule set's descriptor (``RuleSet.cards``,
``voicemaster.rules``).

A deck's variant must exist in the rules registry; its categories are the game's unless its
card rules fix them."""

from __future__ import annotations

from voicemaster.rules import CardRules, find_rules

DEFAULT_RULES = CardRules()  # the rules of a card in a deck of an unknown variant

__all__ = ["DEFAULT_RULES", "CardRules", "card_rules", "deck_categories", "spoken_year"]


def card_rules(variant: str) -> CardRules:
    try:
        return find_rules(variant).cards
    except ValueError:  # the deck's variant is reported unknown on its own
        return DEFAULT_RULES


def deck_categories(variant: str) -> tuple[str, ...]:
    """The categories a deck of this variant may use.  ValueError for an unknown variant."""
    rules = find_rules(variant)  # ValueError names the known ones
    return rules.cards.categories if rules.cards.categories is not None else rules.game.categories


def spoken_year(year: int) -> str:
    """A year as the quizmaster says it: 1969, 44 BC."""
    return f"{-year} BC" if year < 0 else str(year)

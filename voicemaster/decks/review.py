"""What ``deck check`` says about decks that load: cards without a difficulty, answers hard to
say or to hear (``spoken``), familie children's cards without options, questions that give
answers away (``giveaways``), right options whose place a player could guess (``balance``),
questions two decks both ask (``duplicates``), and how long loading and reviewing took per
1,000 cards.

A card without a difficulty is a warning, one line per deck, until every card is tagged;
``strict`` makes each such card an error, and so each answer without a form players can say
(symbols, letters and digits mixed, a long title: ``spoken.card_flags``).  Sound-alikes stay
warnings: they are judgement calls an editor may overrule.  A familie children's card without
answer options is always an error: the rulebook reads options to every children's team."""

from __future__ import annotations

from dataclasses import dataclass, field

from voicemaster.decks.balance import option_place_flags
from voicemaster.decks.duplicates import duplicate_flags
from voicemaster.decks.giveaways import giveaway_flags
from voicemaster.decks.model import DIFFICULTIES, Card, Deck, Problem
from voicemaster.decks.spoken import card_problems, sound_alike_problems
from voicemaster.decks.variants import card_rules

UNTAGGED_SHOWN = 5  # ids named in the one-line warning


@dataclass
class Review:
    """Warnings and (with ``strict``) errors of loaded decks."""

    warnings: list[Problem] = field(default_factory=list)
    errors: list[Problem] = field(default_factory=list)


def review(decks: list[Deck], strict: bool = False) -> Review:
    found = Review()
    for deck in decks:
        untagged = [card for card in deck.questions if card.difficulty is None]
        if strict:
            found.errors += [untagged_error(deck, card) for card in untagged]
        elif untagged:
            found.warnings.append(untagged_warning(deck, untagged))
        unsaid = card_problems(deck)
        if strict:
            found.errors += unsaid
        else:
            found.warnings += unsaid
        found.warnings += sound_alike_problems(deck)
        found.errors += children_without_options(deck)
        found.warnings += giveaway_flags(deck)
        found.warnings += option_place_flags(deck)
    found.warnings += duplicate_flags(decks)
    found.warnings.sort(key=lambda p: (p.path, p.line or 0))
    found.errors.sort(key=lambda p: (p.path, p.line or 0))
    return found


def children_without_options(deck: Deck) -> list[Problem]:
    """Familie children's cards without their three answer options (errors)."""
    if not card_rules(deck.variant).child_options:
        return []
    return [
        Problem(
            deck.path,
            card.line or None,
            f"question {card.id}: a children's card needs its answer options (options: [...])",
        )
        for card in deck.questions
        if card.audience == "child" and not card.options
    ]


def untagged_error(deck: Deck, card: Card) -> Problem:
    wanted = ", ".join(DIFFICULTIES)
    return Problem(deck.path, card.line or None, f"question {card.id}: no difficulty ({wanted})")


def untagged_warning(deck: Deck, cards: list[Card]) -> Problem:
    """ "1100 of 1100 questions have no difficulty (art-0001, ...)" as one warning."""
    ids = [card.id for card in cards[:UNTAGGED_SHOWN]]
    shown = ", ".join(ids) + (" ..." if len(cards) > UNTAGGED_SHOWN else "")
    return Problem(
        deck.path,
        None,
        f"{len(cards)} of {len(deck.questions)} questions have no difficulty ({shown}); "
        "--strict makes each an error",
    )


def per_thousand(seconds: float, cards: int) -> float:
    """Seconds per 1,000 cards (0 for no cards)."""
    return 1000 * seconds / cards if cards else 0.0

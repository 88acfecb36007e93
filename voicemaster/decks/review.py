"""What ``deck check`` says about decks that load: cards without a difficulty, answers hard to
say or to hear (``spoken``), questions two decks both ask (``duplicates``), and how long
loading and reviewing took per 1,000 cards.

A card without a difficulty is a warning, one line per deck, until every card is tagged;
``strict`` makes each such card an error.  Spoken-answer flags stay warnings: they are
judgement calls an editor may overrule."""

from __future__ import annotations

from dataclasses import dataclass, field

from voicemaster.decks.duplicates import duplicate_flags
from voicemaster.decks.model import DIFFICULTIES, Card, Deck, Problem
from voicemaster.decks.spoken import spoken_flags

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
        found.warnings += spoken_flags(deck)
    found.warnings += duplicate_flags(decks)
    found.warnings.sort(key=lambda p: (p.path, p.line or 0))
    return found


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

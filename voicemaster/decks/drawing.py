"""Which cards a table wants drawn: a difficulty and the regions it leaves out (docs/decks.md).

``DrawSettings`` is built once (by cli.py from ``--difficulty`` and ``--no-region``), written
into a new game's record header and read back from it, so a resumed game draws as it began.
It only orders and narrows a list of cards; where the cards come from (unused ones first, the
question history) stays with the quiz.

- Difficulty: ``mixed`` (the default) draws from every card.  ``easy``, ``medium`` or ``hard``
  draws the cards nearest that difficulty first: when a category has no unused card of it, the
  next nearest (easy -> medium -> hard; medium -> easy and hard alike; hard -> medium -> easy).
  A card without a difficulty counts as medium.  A game never stops for want of easy cards.
- Regions: a card tagged with a left-out region (``region: uk``) is not drawn, unless a
  category (or a timeline deal) has no other card: then it is, rather than stopping the game.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from voicemaster.decks.model import DIFFICULTIES, REGIONS, Card

MIXED = "mixed"
DIFFICULTY_CHOICES = (MIXED, *DIFFICULTIES)
UNTAGGED_RANK = DIFFICULTIES.index("medium")  # where a card without a difficulty counts


def parse_regions(text: str) -> frozenset[str]:
    """``"uk,us"`` -> {"uk", "us"}; ValueError naming an unknown region."""
    names = [name.strip().lower() for name in text.split(",") if name.strip()]
    if not names:
        raise ValueError(f"no region given (known: {', '.join(REGIONS)})")
    for name in names:
        if name not in REGIONS:
            raise ValueError(f"unknown region {name!r} (known: {', '.join(REGIONS)})")
    return frozenset(names)


def lowest(cards: Sequence[Card], key: Callable[[Card], int], need: int = 1) -> list[Card]:
    """The cards of the lowest ``key``, in their order: the groups of equal keys are taken from
    the lowest up until there are at least ``need`` cards (all of them when there are fewer)."""
    keys = [key(card) for card in cards]
    counts = Counter(keys)
    taken = 0
    for top in sorted(counts):
        taken += counts[top]
        if taken >= need:
            break
    else:
        return list(cards)
    return [card for card, k in zip(cards, keys, strict=True) if k <= top]


@dataclass(frozen=True)
class DrawSettings:
    """A table's wishes for the cards it is asked."""

    difficulty: str = MIXED
    no_region: frozenset[str] = frozenset()

    def __post_init__(self) -> None:
        if self.difficulty not in DIFFICULTY_CHOICES:
            known = ", ".join(DIFFICULTY_CHOICES)
            raise ValueError(f"unknown difficulty {self.difficulty!r} (known: {known})")
        unknown = sorted(set(self.no_region) - set(REGIONS))
        if unknown:
            raise ValueError(f"unknown region {unknown[0]!r} (known: {', '.join(REGIONS)})")

    def allows(self, card: Card) -> bool:
        """Whether the card needs no left-out region."""
        return not self.no_region.intersection(card.region)

    def allowed(self, cards: Sequence[Card]) -> list[Card]:
        """The cards without a left-out region; all of them when none is left."""
        if not self.no_region:
            return list(cards)
        return [card for card in cards if self.allows(card)] or list(cards)

    def distance(self, card: Card) -> int:
        """How far the card's difficulty is from the one asked for (0: mixed, or the same)."""
        if self.difficulty == MIXED:
            return 0
        rank = DIFFICULTIES.index(card.difficulty) if card.difficulty else UNTAGGED_RANK
        return abs(rank - DIFFICULTIES.index(self.difficulty))

    def nearest(self, cards: Sequence[Card]) -> list[Card]:
        """The cards nearest the difficulty asked for, in their order (all of them: mixed)."""
        return lowest(cards, self.distance)

    def enough(self, cards: Sequence[Card], need: int) -> list[Card]:
        """At least ``need`` of ``cards`` (all when fewer), the nearest difficulties first:
        what a timeline game deals from.  In their order."""
        allowed = self.allowed(cards)
        if len(allowed) < need:
            allowed = list(cards)
        return lowest(allowed, self.distance, need)

    def header(self) -> dict[str, Any]:
        """The record header's fields: ``difficulty`` always, ``no_region`` when given."""
        fields: dict[str, Any] = {"difficulty": self.difficulty}
        if self.no_region:
            fields["no_region"] = sorted(self.no_region)
        return fields

    @classmethod
    def from_header(cls, header: Mapping[str, Any]) -> DrawSettings:
        """The settings a header records (older records: the defaults).  ValueError for
        values that are not settings."""
        difficulty = header.get("difficulty", MIXED)
        regions = header.get("no_region", [])
        if not isinstance(difficulty, str):
            raise ValueError(f"difficulty must be one of {', '.join(DIFFICULTY_CHOICES)}")
        if not isinstance(regions, list) or not all(isinstance(r, str) for r in regions):
            raise ValueError("no_region must be a list of regions")
        return cls(difficulty, frozenset(regions))

    def sentence(self) -> str:
        """What the quizmaster tells a new game: "Easy questions first, and none that need UK
        knowledge." ("" for the defaults)."""
        regions = " or ".join(sorted(r.upper() for r in self.no_region))
        if self.difficulty == MIXED:
            return f"No questions that need {regions} knowledge." if regions else ""
        first = f"{self.difficulty.capitalize()} questions first"
        return f"{first}, and none that need {regions} knowledge." if regions else f"{first}."


def spread(cards: Iterable[Card]) -> dict[str, int]:
    """Cards per difficulty (every difficulty present) and ``untagged``."""
    counts = {name: 0 for name in (*DIFFICULTIES, "untagged")}
    for card in cards:
        counts[card.difficulty or "untagged"] += 1
    return counts

"""The timeline itself: which gaps fit a card, thinning between rounds, a simulated guess.

Gaps are numbered from 1: gap 1 lies before the first card, gap ``n + 1`` after the last of
``n`` cards (see ``voicemaster.rules.timeline.types``).
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from voicemaster.rules.timeline.types import TimelineCard

LINE = 4  # cards on the line at the start of a round


def fits(line: Sequence[TimelineCard], card: TimelineCard, gap: int) -> bool:
    """Is gap ``gap`` (1-based) right for ``card``?  Equal years fit on either side."""
    left = line[gap - 2].year if gap >= 2 else None
    right = line[gap - 1].year if gap <= len(line) else None
    return (left is None or left <= card.year) and (right is None or card.year <= right)


def right_gaps(line: Sequence[TimelineCard], card: TimelineCard) -> list[int]:
    return [g for g in range(1, len(line) + 2) if fits(line, card, g)]


def thin(
    line: Sequence[TimelineCard], keep: int = LINE
) -> tuple[list[TimelineCard], list[TimelineCard]]:
    """Discard every second card from the left (the 2nd, 4th, ...) until ``keep`` remain.

    One pass walks left to right discarding the cards in even places of the line as it was
    when the pass began; it stops the moment only ``keep`` cards are left.  Passes repeat while
    more than ``keep`` remain.  Returns (the kept line, the discarded cards in order).
    """
    kept, gone = list(line), []
    while len(kept) > keep:
        index = 1
        while index < len(kept) and len(kept) > keep:
            gone.append(kept.pop(index))
            index += 1  # the card now at ``index`` was odd-placed: it stays
    return kept, gone


def choose_gap(
    line: Sequence[TimelineCard], card: TimelineCard, rng: random.Random, skill: float
) -> int:
    """A simulated player's gap: a right one with probability ``skill``."""
    good = right_gaps(line, card)
    bad = [g for g in range(1, len(line) + 2) if g not in good]
    return rng.choice(good if rng.random() < skill or not bad else bad)

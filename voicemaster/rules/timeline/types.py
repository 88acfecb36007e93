"""Actions and events of Bezzerwizzer Timeline (rules in ``voicemaster.rules.timeline``).

Cards travel as ``TimelineCard`` (id and year) so a record replays without the deck.
Gaps on the line are numbered from 1: gap 1 lies before the first card, gap ``n + 1`` after
the last of ``n`` cards, gap ``g`` between cards ``g - 1`` and ``g``.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

PawnOutcome = Literal["right", "wrong", "returned"]


@dataclass(frozen=True)
class TimelineCard:
    id: str
    year: int  # negative for BC


@dataclass(frozen=True)
class Deal:
    """A round begins: the opening line (first round only, chronological) and every hand."""

    line: tuple[TimelineCard, ...]
    hands: dict[str, tuple[TimelineCard, ...]] = field(hash=False)


@dataclass(frozen=True)
class Pawn:
    """A BEZZERWIZZER pawn put on the gap its player thinks is right."""

    team: str
    gap: int


@dataclass(frozen=True)
class Place:
    """The active player places one of its cards (by id) into a gap; pawns may challenge."""

    team: str
    card: str
    gap: int
    bezzerwizzers: tuple[Pawn, ...] = ()


@dataclass(frozen=True)
class ZwapCards:
    """In its own turn, before placing: swap two unplayed cards held by different players."""

    team: str
    first: str  # card ids
    second: str


@dataclass(frozen=True)
class Tiebreak:
    """One tie-break round: every tied player draws a card and places it, in seat order."""

    placements: dict[str, tuple[TimelineCard, int]] = field(hash=False)  # team -> (card, gap)


TimelineAction = Deal | Place | ZwapCards | Tiebreak


# --- events ---------------------------------------------------------------------------------
@dataclass(frozen=True)
class Dealt:
    round: int
    line: tuple[TimelineCard, ...]


@dataclass(frozen=True)
class CardsZwapped:
    team: str
    first: str
    second: str
    holders: tuple[str, str]  # who held first and second before the swap


@dataclass(frozen=True)
class CardPlaced:
    team: str
    card: TimelineCard
    gap: int
    right: bool
    points: int  # the wheel's value (scored when right)


@dataclass(frozen=True)
class PawnResolved:
    team: str
    gap: int
    outcome: PawnOutcome  # right: +3, wrong: -1, returned: same-year case, no points


@dataclass(frozen=True)
class LineThinned:
    discarded: tuple[TimelineCard, ...]
    line: tuple[TimelineCard, ...]


@dataclass(frozen=True)
class TiebreakStarted:
    teams: tuple[str, ...]


@dataclass(frozen=True)
class TiebreakPlayed:
    results: dict[str, bool] = field(hash=False)  # team -> placed right
    remaining: tuple[str, ...] = ()


TimelineEvent = (
    Dealt
    | CardsZwapped
    | CardPlaced
    | PawnResolved
    | LineThinned
    | TiebreakStarted
    | TiebreakPlayed
)

"""Events the rules emit.  The quizmaster turns them into speech."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

from voicemaster.rules.timeline.types import TimelineEvent

# "stake": kompakt, a missing attacker's stake goes to the defender
MoveReason = Literal["right", "bezzerwizzer", "penalty", "knockback", "stake"]


@dataclass(frozen=True)
class RoundStarted:
    round: int
    starter: str
    slots: dict[str, tuple[str, ...]] = field(hash=False)


@dataclass(frozen=True)
class Zwapped:
    team: str
    first: tuple[str, int]
    second: tuple[str, int]
    categories: tuple[str, str]  # what now lies on first and second


@dataclass(frozen=True)
class Moved:
    team: str
    before: int
    after: int
    reason: MoveReason


@dataclass(frozen=True)
class QuestionClosed:
    team: str
    slot: int
    category: str
    answer: str


@dataclass(frozen=True)
class BagRefilled:
    """Kompakt: every token went back into the bag before this round's draw."""

    round: int


@dataclass(frozen=True)
class RoundEnded:
    round: int


@dataclass(frozen=True)
class PlayoffStarted:
    teams: tuple[str, ...]


@dataclass(frozen=True)
class PlayoffRoundPlayed:
    remaining: tuple[str, ...]


@dataclass(frozen=True)
class GameWon:
    winner: str


Event = (
    RoundStarted
    | Zwapped
    | Moved
    | QuestionClosed
    | RoundEnded
    | BagRefilled
    | PlayoffStarted
    | PlayoffRoundPlayed
    | GameWon
    | TimelineEvent
)

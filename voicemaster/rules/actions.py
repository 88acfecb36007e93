"""Actions that go into a game.  Each is one line of a game record."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

from voicemaster.rules.timeline.types import TimelineAction

Answer = Literal["right", "wrong", "pass"]
When = Literal["before", "after"]
ANSWERS: tuple[str, ...] = ("right", "wrong", "pass")
WHENS: tuple[When, ...] = ("before", "after")
Position = tuple[str, int]  # (team, slot number counted from 1)


@dataclass(frozen=True)
class StartRound:
    """A round begins: the starting team and every team's tiles, slot 1 first."""

    starter: str
    slots: dict[str, tuple[str, ...]] = field(hash=False)


@dataclass(frozen=True)
class Attack:
    """A BEZZERWIZZER on the current question."""

    team: str
    when: When
    answer: Answer | None = None  # not asked when the defender is right
    knockback: bool = False


@dataclass(frozen=True)
class Zwap:
    """The current team swaps two open tiles before its question is read."""

    team: str
    first: Position
    second: Position


@dataclass(frozen=True)
class Question:
    """The current team's question has been answered (and perhaps attacked)."""

    team: str
    answer: Answer
    attack: Attack | None = None


@dataclass(frozen=True)
class Playoff:
    """One play-off round: every remaining tied team's answer."""

    results: dict[str, Answer] = field(hash=False)


Action = StartRound | Zwap | Question | Playoff | TimelineAction  # timeline: its own actions

"""The judge's input (an answer key) and output (a verdict)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

VerdictName = Literal["right", "wrong", "pass", "unsure"]


@dataclass(frozen=True)
class AnswerKey:
    """What the card says is right, and what it must not be confused with."""

    answer: str
    accept: tuple[str, ...] = ()  # other right forms (a deck's `accept`, the CLI's `aliases`)
    reject: tuple[str, ...] = ()  # near misses that must be judged wrong
    options: tuple[str, ...] = ()  # multiple choice options (contain the answer)
    competitors: tuple[str, ...] = ()  # answers of the other questions of the same category
    question: str = ""  # the question asked: a number may be said with the noun it counts


@dataclass(frozen=True)
class Verdict:
    """The judge's decision about one spoken answer."""

    verdict: VerdictName
    score: float  # 0..1 confidence that it is the right answer
    matched: str | None  # the key form that matched (or the competitor/reject it matched)
    reason: str  # short human-readable why

    @property
    def correct(self) -> bool:
        return self.verdict == "right"

"""Scripted players for dialogue tests: ears that answer the quizmaster's cues."""

from __future__ import annotations

import json
from collections import defaultdict
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field, fields
from pathlib import Path
from typing import Any

import pytest

from voicemaster.cli import main
from voicemaster.decks import load_deck
from voicemaster.host.cues import Cue
from voicemaster.host.dialogue import Quizmaster
from voicemaster.host.listening import Timing
from voicemaster.host.log import GameLog
from voicemaster.host.quiz import Quiz
from voicemaster.host.text_io import TranscriptSpeaker
from voicemaster.speech.base import Expectation, Heard

DECK = Path(__file__).resolve().parents[1] / "data" / "host" / "mini-standard.yaml"


@dataclass(frozen=True)
class Seen(Cue):
    """A cue as a scripted test table keeps it: with the rules state the quizmaster had then
    (tests script their answers from it; the game itself hands its ears no state)."""

    game: Any = None


Line = str | None | Heard | Callable[[Seen], "str | Heard | None"]


def right(cue: Seen) -> str:
    return str(cue.card.answer)


def wrong(cue: Seen) -> str:
    return str(cue.card.reject[0])


def other(cue: Seen) -> str:
    return str(next(t for t in cue.game.teams if t != cue.team))


def shout(cue: Seen) -> str:
    return f"Bezzerwizzer {other(cue)}"


class Table:
    """Ears for tests: queued lines per cue kind, then sensible defaults."""

    def __init__(self, limit: int = 500) -> None:
        self.queue: dict[str, list[Line]] = defaultdict(list)
        self.cues: list[Seen] = []
        self.follow: Callable[[], Any] | None = None  # the game now (see ``watch``)
        self.heard: list[tuple[str, str | None, str | None]] = []
        self.limit = limit
        self.faults: list[BaseException] = []
        self.expectations: list[Expectation] = []  # what each hearing expected
        self.typed = False  # True: answers count as typed (see ``speech.base.Typing``)

    def at(self, kind: str, *lines: Line) -> Table:
        self.queue[kind].extend(lines)
        return self

    def watch(self, qm: Any) -> None:
        """Script answers from ``qm``'s game (test tables only)."""
        self.follow = lambda: qm.game

    def cue(self, cue: Cue) -> None:
        self.cues.append(seen(cue, self.follow() if self.follow else None))

    def hear(self, expectation: Expectation, timeout: float) -> Heard | None:
        if self.faults:
            raise self.faults.pop(0)
        cue = self.cues[-1]
        self.expectations.append(expectation)
        if len(self.heard) >= self.limit:
            raise AssertionError("the game did not end")
        line = self.queue[cue.kind].pop(0) if self.queue[cue.kind] else self.default(cue)
        text = line(cue) if callable(line) else line
        if isinstance(text, Heard):  # what a recognizer reported, doubts included
            self.heard.append((cue.kind, cue.team, text.text))
            return text
        self.heard.append((cue.kind, cue.team, text))
        return None if text is None else Heard(text=text, confidence=1.0)

    @staticmethod
    def default(cue: Seen) -> str | None:
        if cue.kind == "playoff":  # the first tied team knows it, the others do not
            return right(cue) if cue.team == cue.game.playoff_teams[0] else wrong(cue)
        if cue.kind in ("answer", "attacker"):
            return right(cue)
        return {
            "arrange": "keep",
            "paused": "resume",
            "confirm": "yes",
            "sure": "yes",  # the players mean the commands the tests give
            "knockback": "forward",
            "takeback": "keep",
        }.get(cue.kind)


class Until(Table):
    """A scripted table that says quit at the first "before" once ``n`` questions are played."""

    def __init__(self, n: int) -> None:
        super().__init__()
        self.n = n

    def hear(self, expectation: Expectation, timeout: float) -> Heard | None:
        cue = self.cues[-1]
        if cue.kind == "before" and cue.game.questions_played >= self.n:
            return Heard(text="quit", confidence=1.0)
        return super().hear(expectation, timeout)


class ScriptExhausted(RuntimeError):
    """A scripted game asked for more than its script holds."""


@dataclass
class ScriptedEars:
    """Answers from a list: a string is said, None is silence.  Logs what was expected."""

    script: list[str | None]
    heard: list[tuple[str, str | None, float]] = field(default_factory=list)
    cues: list[Cue] = field(default_factory=list)

    @classmethod
    def of(cls, lines: Iterable[str | None]) -> ScriptedEars:
        return cls(list(lines))

    def cue(self, cue: Cue) -> None:
        self.cues.append(cue)

    def hear(self, expectation: Expectation, timeout: float) -> Heard | None:
        if not self.script:
            kind = self.cues[-1].kind if self.cues else "?"
            raise ScriptExhausted(f"the script ran out (the quizmaster waits for: {kind})")
        text = self.script.pop(0)
        kind = self.cues[-1].kind if self.cues else ""
        self.heard.append((kind, text, timeout))
        return None if text is None else Heard(text=text, confidence=1.0)


def watch(table: object, qm: Any) -> None:
    """A scripted test table follows ``qm``'s game (other ears need not)."""
    inner = getattr(table, "table", table)  # a Table inside other ears
    if isinstance(inner, Table):
        inner.watch(qm)


def seen(cue: Cue, game: Any) -> Seen:
    return Seen(**{f.name: getattr(cue, f.name) for f in fields(cue)}, game=game)


def header(teams: int = 2, track: int = 10, stretch: int = 3, seed: int = 1) -> dict[str, Any]:
    names = ["red", "blue", "green", "yellow"][:teams]
    return {
        "variant": "standard",
        "teams": names,
        "track": track,
        "home_stretch": stretch,
        "seed": seed,
        "deck": [str(DECK)],
    }


def quizmaster(path: Path, table: Any, **kw: Any) -> tuple[Quizmaster, TranscriptSpeaker]:
    log = GameLog(path, header(**kw)) if not path.exists() else GameLog(path)
    speaker = TranscriptSpeaker()
    timing = Timing(mic_retry=0.0)
    qm = Quizmaster(log, Quiz(load_deck(DECK), log.used_cards()), speaker, table, timing)
    watch(table, qm)
    return qm, speaker


def questions(qm: Quizmaster) -> list[dict[str, Any]]:
    return [line for line in qm.log.lines if "question" in line]


def simulate(capsys: pytest.CaptureFixture[str], *args: str) -> dict[str, object]:
    """Run `voicemaster simulate` and return its last line (the JSON summary)."""
    assert main(["simulate", *args]) == 0
    result: dict[str, object] = json.loads(capsys.readouterr().out.strip().splitlines()[-1])
    return result


def cut_record(whole: Path, keep: int) -> Path:
    """A copy of a record cut after ``keep`` lines, with half of the next line torn off."""
    lines = whole.read_text().splitlines(keepends=True)
    cut = whole.with_name("cut.jsonl")
    cut.write_text("".join(lines[:keep]) + lines[keep][: len(lines[keep]) // 2])
    return cut

"""The quizmaster's mouth and ears when they are not audio: printed text, typed answers,
scripted answers (tests), and the cue every listening point gives its ears."""

from __future__ import annotations

import contextlib
import select
import sys
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any, Protocol, TextIO, runtime_checkable

from voicemaster.speech.base import Ears, Expectation, Heard


class Point(StrEnum):
    """A listening point: what the quizmaster listens for there (a ``Cue``'s kind)."""

    BEFORE = "before"  # a Bezzerwizzer or a zwap, before the question is read
    DEFENDER = "answer"  # the defending team's answer (the cue kind "answer" stays as recorded)
    ATTACKER = "attacker"  # the attacking team's answer
    PLAYOFF = "playoff"  # a tied team's play-off answer
    OPTIONS = "options"  # familie: the adults' Bezzerwizzer before the options are read
    ARRANGE = "arrange"  # a tile for the next slot, or keep the order
    CONFIRM = "confirm"  # "Did you say ...?"
    SURE = "sure"  # a command that changes or ends the game, asked back
    KNOCKBACK = "knockback"  # forward, or send the defender back
    TAKEBACK = "takeback"  # a Bezzerwizzer taken back after a zwap, or kept
    FINAL = "final"  # corrections after the winner
    PAUSED = "paused"  # only resume and quit
    PLACE = "place"  # timeline: a card and a gap
    WHICH_GAP = "which-gap"  # timeline: the gap for a card already named
    BEZZERWIZZER = "bezzerwizzer"  # timeline: other players' pawns on a placement
    PAWN_GAP = "pawn-gap"  # timeline: the gap for a pawn
    TIEBREAK = "tiebreak"  # timeline: a tie-break card's gap


@dataclass(frozen=True)
class Cue:
    """Which listening window opens: what a microphone or a board beside it may know of it.
    A live board shows it; simulated teams act on it (they follow the game on its record)."""

    kind: Point
    team: str | None  # the team asked (None: anyone)
    lines: int  # the record's length so far
    edits: int = 0  # corrections on the record's last line
    attempt: int = 0  # how often this point has listened already
    card: Any = None  # the question card, when one is being asked (the board shows it)
    detail: str = ""  # e.g. the words asked back in "Did you say ...?"
    options: tuple[str, ...] = ()  # e.g. the tiles still to arrange
    attacker: str | None = None  # a Bezzerwizzer team waiting on this question (a board shows it)


@runtime_checkable
class CueAware(Protocol):
    def cue(self, cue: Cue) -> None: ...


@runtime_checkable
class Annotating(Protocol):
    """Ears that add notes to an answer's line as it is recorded (a live board: where each
    answer came from; simulated teams: what they meant).  ``line``: the action as encoded."""

    def annotate(self, line: Mapping[str, Any]) -> dict[str, Any]: ...


@runtime_checkable
class PrivateViews(Protocol):
    """Ears beside a board on which teams may follow the game on their own phones."""

    def has_view(self, team: str) -> bool: ...

    def private(self, team: str) -> contextlib.AbstractContextManager[bool]:
        """While ``team`` answers privately: True when it does so on its phone."""


@runtime_checkable
class TeamCodes(Protocol):
    """Ears beside a live board that tell a team its board code."""

    def code_of(self, team: str) -> str | None:
        """``team``'s code (None once the game is over)."""


@runtime_checkable
class Wrapping(Protocol):
    """Ears that wrap other ears (a board's ears wrap the keyboard's or the microphone's)."""

    @property
    def inner(self) -> Ears: ...


def has_view(ears: object, team: str) -> bool:
    """Whether ``team`` follows the game on a private view (a phone) beside these ears: then
    its secrets are shown there instead of being said aloud."""
    return isinstance(ears, PrivateViews) and ears.has_view(team)


@contextlib.contextmanager
def private_answer(ears: object, team: str) -> Iterator[bool]:
    """While ``team`` answers privately: True when its answer comes from its phone."""
    if not isinstance(ears, PrivateViews):
        yield False
        return
    with ears.private(team) as on_phone:
        yield on_phone


def base_ears(ears: object) -> object:
    """The ears under any wrappers (a board's ears wrap the keyboard's)."""
    while isinstance(ears, Wrapping):
        ears = ears.inner
    return ears


class PrintSpeaker:
    """Prints what the quizmaster says."""

    def __init__(self, stream: TextIO | None = None, prefix: str = "QUIZMASTER: ") -> None:
        self.stream = stream
        self.prefix = prefix

    def say(self, text: str) -> None:
        out = self.stream or sys.stdout
        out.write(f"{self.prefix}{text}\n")
        out.flush()


class TranscriptSpeaker:
    """Keeps everything said (tests, and simulation without audio)."""

    def __init__(self) -> None:
        self.said: list[str] = []

    def say(self, text: str) -> None:
        self.said.append(text)


class KeyboardEars:
    """Typed answers: one line is one utterance; an empty line is silence."""

    typed = True  # nothing is misheard: the quizmaster does not ask "Did you say ...?"

    def __init__(self, stream: TextIO | None = None, echo: TextIO | None = None) -> None:
        self.stream = stream or sys.stdin
        self.echo = echo or sys.stdout

    def hear(self, expectation: Expectation, timeout: float) -> Heard | None:
        self.echo.write("> ")
        self.echo.flush()
        if not self._ready(timeout):
            self.echo.write("\n")
            return None
        line = self.stream.readline()
        if line == "":
            raise EOFError("the keyboard input ended")
        text = line.strip()
        return Heard(text=text, confidence=1.0) if text else None

    def _ready(self, timeout: float) -> bool:
        try:
            fd = self.stream.fileno()
        except (AttributeError, OSError, ValueError):
            return True  # an in-memory stream is always ready
        ready, _, _ = select.select([fd], [], [], max(0.0, timeout))
        return bool(ready)


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

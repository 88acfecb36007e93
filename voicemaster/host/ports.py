"""What the quizmaster may ask of its ears besides ``hear`` (``speech.base.Ears``): to be
cued at every listening point, to add notes to an answer's line, and what ears beside a live
board tell of it."""

from __future__ import annotations

import contextlib
from collections.abc import Iterator, Mapping
from typing import Any, Protocol, runtime_checkable

from voicemaster.host.cues import Cue
from voicemaster.speech.base import Ears


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

"""What the quizmaster may ask of its ears besides ``hear`` (``speech.base.Ears``): to be
cued at every listening point and to add notes to an answer's line; and what it may ask of
the table's private channels (see ``privacy``): a live board's phone views, a keyboard."""

from __future__ import annotations

import contextlib
from collections.abc import Mapping
from typing import Any, Protocol, runtime_checkable

from voicemaster.host.cues import Cue


@runtime_checkable
class CueAware(Protocol):
    def cue(self, cue: Cue) -> None: ...


@runtime_checkable
class Annotating(Protocol):
    """Ears that add notes to an answer's line as it is recorded (a live board: where each
    answer came from; simulated teams: what they meant).  ``line``: the action as encoded."""

    def annotate(self, line: Mapping[str, Any]) -> dict[str, Any]: ...


class Views(Protocol):
    """A live board on which teams may follow the game on their own phones, each opening
    its view with its code."""

    def has_view(self, team: str) -> bool:
        """Whether ``team`` follows the game on its phone now."""

    def code_of(self, team: str) -> str | None:
        """``team``'s code for its phone (None once the game is over)."""

    def private(self, team: str) -> contextlib.AbstractContextManager[bool]:
        """While ``team`` answers privately: True when it does so on its phone."""


class Typing(Protocol):
    """A keyboard at the table, whose typing can be hidden (the terminal's echo off)."""

    def hidden(self) -> contextlib.AbstractContextManager[None]: ...

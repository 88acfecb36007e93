"""The table's private channels, handed to the quizmaster as one object: a live board's
phone views (a team's secrets shown there instead of said aloud, its answer typed there, its
code told when it asks) and a keyboard whose typing can be hidden.  The quizmaster asks this
object, never its ears, how a team can keep a secret."""

from __future__ import annotations

import contextlib
from collections.abc import Iterator
from dataclasses import dataclass
from enum import StrEnum

from voicemaster.host.ports import Typing, Views


class Secretly(StrEnum):
    """How a team answers while others must not hear it."""

    PHONE = "phone"  # on its phone's view of the board
    TYPED = "typed"  # on the keyboard, not shown
    ALOUD = "aloud"  # by voice: the others cover their ears


@dataclass(frozen=True)
class Privacy:
    views: Views | None = None  # a live board's phone views
    typing: Typing | None = None  # the keyboard the answers are typed on

    def has_view(self, team: str) -> bool:
        """Whether ``team`` follows the game on its phone: then its secrets are shown there
        instead of being said aloud."""
        return self.views is not None and self.views.has_view(team)

    @contextlib.contextmanager
    def answering(self, team: str) -> Iterator[Secretly]:
        """While ``team`` answers privately: on its phone if it has a view (only there), else
        typed unseen on the keyboard, else aloud."""
        if self.views is not None:
            with self.views.private(team) as on_phone:
                if on_phone:
                    yield Secretly.PHONE
                    return
        if self.typing is None:
            yield Secretly.ALOUD
            return
        with self.typing.hidden():
            yield Secretly.TYPED

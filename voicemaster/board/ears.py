"""The quizmaster's ears with a board beside them: every listening point is shown on the board,
and a team's answer may come typed from its phone.

Wraps any ears (microphone, keyboard, simulated table).  An answer typed on a phone is heard
like a keyboard's (never asked back) and the record notes where each answer came from
(``via``: role -> phone | voice | keyboard).  ``pace`` (simulations) waits at every listening
point so a browser can follow, taking a phone's answer meanwhile.  In a window the board holds
private (``LiveBoard.private``; familie: adults answer before the options) a team with a phone
view answers only there."""

from __future__ import annotations

import time
from collections.abc import Mapping
from typing import Any

from voicemaster.board.inbox import ANSWER_KINDS
from voicemaster.board.live import LiveBoard
from voicemaster.host.cues import Cue
from voicemaster.host.ports import Annotating, CueAware
from voicemaster.speech.base import Ears, Expectation, Heard, Resetting, is_typed

SLICE = 1.0  # live play: seconds the inner ears listen before the phone is looked at again


def role_key(kind: str, team: str) -> str:
    """As the simulated table names roles in a question line's ``meant``."""
    if kind == "answer":
        return "defender"
    if kind == "attacker":
        return "attacker"
    return f"playoff:{team}"


class BoardEars:
    def __init__(self, inner: Ears, board: LiveBoard, pace: float = 0.0) -> None:
        self.inner = inner
        self.board = board
        self.pace = pace
        self._cue: Cue | None = None
        self._via: dict[str, str] = {}
        self._phone_roles: set[str] = set()
        self._last_phone = False

    # --- what the host asks of its ears ---------------------------------------------------------
    @property
    def typed(self) -> bool:
        return self._last_phone or is_typed(self.inner)

    def cue(self, cue: Cue) -> None:
        self._cue = cue
        if isinstance(self.inner, CueAware):
            self.inner.cue(cue)
        private = cue.team is not None and cue.team == self.board.private_team
        self.board.cue(cue.kind, cue.team, cue.card, private, cue.attacker)

    def hear(self, expectation: Expectation, timeout: float) -> Heard | None:
        cue = self._cue
        kind, team = (cue.kind, cue.team) if cue is not None else ("", None)
        self.board.listen(kind, team, timeout)
        self._last_phone = False
        answering = kind in ANSWER_KINDS and team is not None
        if answering and team is not None and self.board.has_view(team):
            return self._hear_with_phone(kind, team, expectation, timeout)
        if self.pace:
            time.sleep(self.pace)
        heard = self.inner.hear(expectation, timeout)
        if answering and team is not None and heard is not None:
            self._via[role_key(kind, team)] = self._own_source()
        return heard

    def _hear_with_phone(
        self, kind: str, team: str, expectation: Expectation, timeout: float
    ) -> Heard | None:
        """The phone first; a private window waits for it alone (live: the whole timeout,
        simulated: ``pace``), others go on listening to the inner ears in slices."""
        private = team == self.board.private_team
        if self.pace or private:
            text = self.board.inbox.take(self.pace if self.pace else timeout)
            if text is not None:
                return self._typed(kind, team, text)
            if private and not self.pace:
                return None  # silence: nothing said aloud counts here
            return self._inner(kind, team, expectation, timeout)
        deadline = time.monotonic() + timeout
        while True:
            text = self.board.inbox.take(0.0)
            if text is not None:
                return self._typed(kind, team, text)
            left = deadline - time.monotonic()
            heard = self.inner.hear(expectation, min(SLICE, max(0.0, left)))
            if heard is not None or left <= SLICE:
                if heard is not None:
                    self._via[role_key(kind, team)] = self._own_source()
                return heard

    def _inner(
        self, kind: str, team: str, expectation: Expectation, timeout: float
    ) -> Heard | None:
        heard = self.inner.hear(expectation, timeout)
        if heard is not None:
            self._via[role_key(kind, team)] = self._own_source()
        return heard

    def _typed(self, kind: str, team: str, text: str) -> Heard:
        role = role_key(kind, team)
        self._via[role] = "phone"
        self._phone_roles.add(role)
        self._last_phone = True
        return Heard(text=text, confidence=1.0)

    def _own_source(self) -> str:
        return "keyboard" if is_typed(self.inner) else "voice"

    def annotate(self, line: Mapping[str, Any]) -> dict[str, Any]:
        """A question line's notes: the inner ears' (what a simulated team meant, for the
        answers it gave) and where every answer came from."""
        inner = self.inner
        notes = dict(inner.annotate(line)) if isinstance(inner, Annotating) else {}
        meant = notes.get("meant")
        if isinstance(meant, dict):
            notes["meant"] = {r: m for r, m in meant.items() if r not in self._phone_roles}
        if self._via:
            notes["via"] = dict(self._via)
        self._via, self._phone_roles = {}, set()
        return notes

    def reset(self) -> None:
        if isinstance(self.inner, Resetting):
            self.inner.reset()

"""Answers typed on a team's phone, accepted only while the quizmaster waits for that team.

The host opens a window at each listening point where a team answers (and closes it at every
other); the board's server thread offers typed answers; the host takes one when it listens.
Thread-safe: the server and the host share it through one condition."""

from __future__ import annotations

import threading
import time
from dataclasses import dataclass

ANSWER_KINDS = ("answer", "attacker", "playoff")


@dataclass(frozen=True)
class Window:
    team: str
    kind: str  # answer | attacker | playoff
    number: int  # counts windows, so a late answer cannot land in the next one
    private: bool = False  # familie: adults answer before the options are read


class Inbox:
    def __init__(self) -> None:
        self._cond = threading.Condition()
        self._window: Window | None = None
        self._answer: str | None = None
        self._answered = False  # the open window's answer was taken
        self._count = 0
        self.closed_for_good = False  # the game is over

    @property
    def window(self) -> Window | None:
        with self._cond:
            return self._window

    def open(self, team: str, kind: str, private: bool = False) -> Window:
        """A new answer window (an answer not taken from the previous one is dropped)."""
        with self._cond:
            same = (team, kind, private)
            if self._window is not None and self._window_key() == same:
                return self._window  # the same window asked again (after "Ten seconds")
            self._count += 1
            self._window = Window(team, kind, self._count, private)
            self._answer, self._answered = None, False
            self._cond.notify_all()
            return self._window

    def _window_key(self) -> tuple[str, str, bool] | None:
        window = self._window
        return None if window is None else (window.team, window.kind, window.private)

    def close(self) -> None:
        with self._cond:
            self._window, self._answer = None, None
            self._cond.notify_all()

    def finish(self) -> None:
        with self._cond:
            self.closed_for_good = True
            self._window, self._answer = None, None
            self._cond.notify_all()

    def offer(self, team: str, text: str) -> str | None:
        """Hand in ``team``'s typed answer: None when taken, else why not (one line)."""
        with self._cond:
            if self.closed_for_good:
                return "the game is over"
            window = self._window
            if window is None or window.team != team:
                return f"no answer is asked of {team} now"
            if self._answer is not None or self._answered:
                return f"{team} has already answered"
            self._answer = text
            self._cond.notify_all()
            return None

    def take(self, wait: float) -> str | None:
        """The answer typed in the open window, waiting up to ``wait`` seconds for it."""
        deadline = time.monotonic() + max(0.0, wait)
        with self._cond:
            while self._answer is None:
                left = deadline - time.monotonic()
                if left <= 0 or self._window is None:
                    return None
                self._cond.wait(left)
            text, self._answer, self._answered = self._answer, None, True
            return text

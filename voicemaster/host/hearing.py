"""Hearing one utterance at a listening point and surviving the faults on the way: a lost
microphone is waited for, a recognizer error resets the ears and asks again, and a point that
keeps failing is closed (an answer counts as a pass).  Points failing one after another stop
the game, saved."""

from __future__ import annotations

import logging
import time
from collections.abc import Callable

from voicemaster.host.cues import Cue, Point
from voicemaster.host.intents import Command, Intent
from voicemaster.host.phrases import said
from voicemaster.host.ports import CueAware
from voicemaster.speech.base import Ears, Expectation, Heard, Resetting, SpeechUnavailable

log = logging.getLogger(__name__)

MAX_ERRORS = 3  # recognizer errors in a row at one listening point before it gives up
MAX_FAILED_WINDOWS = 5  # listening points given up in a row before the game stops (saved)
ANSWER_KINDS = (Point.DEFENDER, Point.ATTACKER, Point.PLAYOFF)


class NotCaught(Exception):
    """The recognizer failed again and again at one listening point."""


class QuitGame(Exception):
    """The players asked to stop (or the recognizer keeps failing); the record is saved."""


class Hearing:
    """The ears behind a listener, with their faults handled.  ``recover``: e.g. reopen the
    microphone (raises SpeechUnavailable while it is absent); ``retry``: seconds between
    looks for a lost microphone."""

    def __init__(
        self,
        say: Callable[[str], None],
        ears: Ears,
        retry: float,
        sleep: Callable[[float], None] = time.sleep,
        recover: Callable[[], None] | None = None,
    ) -> None:
        self.say = say
        self.ears = ears
        self.retry = retry
        self.sleep = sleep
        self.recover = recover
        self.errors_seen: set[str] = set()
        self.error_count = 0
        self.failed_windows = 0

    def hear(self, cue: Cue, expectation: Expectation, timeout: float) -> Heard | None:
        """One utterance, or None for silence.  Waits out a lost microphone.  A recognizer error
        resets the ears and asks again; after ``MAX_ERRORS`` in a row ``NotCaught`` is raised."""
        errors = 0
        while True:
            if isinstance(self.ears, CueAware):
                self.ears.cue(cue)
            try:
                heard = self.ears.hear(expectation, timeout)
            except SpeechUnavailable as exc:
                self._wait_for_microphone(exc)
                continue
            except (EOFError, QuitGame):
                raise
            except Exception as exc:  # a recognizer failure must not end the game
                errors += 1
                self._recognizer_failed(exc)
                if errors >= MAX_ERRORS:
                    raise NotCaught() from exc
                self.say(said("recognizer.again"))
                continue
            self.failed_windows = 0
            return heard

    def not_caught(self, kind: Point) -> tuple[Intent | None, Heard | None]:
        """Too many recognizer errors at one listening point: an answer counts as a pass, any
        other question as silence.  Windows failing one after another stop the game (saved)."""
        self.failed_windows += 1
        if self.failed_windows >= MAX_FAILED_WINDOWS:
            self.say(said("recognizer.gives_up"))
            raise QuitGame()
        if kind in ANSWER_KINDS:
            self.say(said("recognizer.pass"))
            return Command("pass"), Heard(text="pass")
        return None, None

    def _recognizer_failed(self, exc: Exception) -> None:
        """Log the first error of each kind with its traceback, then only a running count;
        ask the ears to start afresh (microphone ears pass it on to their recognizer)."""
        kind = f"{type(exc).__name__}: {exc}"
        self.error_count += 1
        if kind not in self.errors_seen:
            self.errors_seen.add(kind)
            log.error("recognizer error (%s)", kind, exc_info=exc)
        elif self.error_count % 100 == 0:
            log.warning("%d recognizer errors so far", self.error_count)
        if isinstance(self.ears, Resetting):
            try:
                self.ears.reset()
            except Exception as failed:  # a failed reset is only logged
                log.debug("reset failed: %s", failed)

    def _wait_for_microphone(self, exc: SpeechUnavailable) -> None:
        self.say(said("microphone.lost", why=exc))
        while True:
            self.sleep(self.retry)
            if self.recover is None:
                return
            try:
                self.recover()
            except SpeechUnavailable:
                continue
            self.say(said("microphone.back"))
            return

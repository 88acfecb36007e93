"""The quizmaster's mouth and ears as text: printed lines, lines kept (simulations without
audio, tests), and typed answers."""

from __future__ import annotations

import contextlib
import select
import sys
from collections.abc import Iterator
from typing import TextIO

from voicemaster.speech.base import Expectation, Heard


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

    @contextlib.contextmanager
    def hidden(self) -> Iterator[None]:
        """The terminal's echo off for the duration: what is typed is not shown (a no-op
        unless the answers are typed on a terminal)."""
        try:
            fd = self.stream.fileno() if self.stream.isatty() else None
        except (AttributeError, OSError, ValueError):
            fd = None
        if fd is None or sys.platform == "win32":
            yield
            return
        import termios

        saved = termios.tcgetattr(fd)
        quiet = list(saved)
        quiet[3] = quiet[3] & ~termios.ECHO
        termios.tcsetattr(fd, termios.TCSADRAIN, quiet)
        try:
            yield
        finally:
            termios.tcsetattr(fd, termios.TCSADRAIN, saved)

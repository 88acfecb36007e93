"""Typing an answer privately: the keyboard's echo off while the adults answer first."""

from __future__ import annotations

import contextlib
import sys
from collections.abc import Iterator

from voicemaster.host.text_io import KeyboardEars


@contextlib.contextmanager
def private_typing(ears: object) -> Iterator[None]:
    """Turn the terminal's echo off for the duration (a no-op unless ``ears`` type on a tty)."""
    stream = ears.stream if isinstance(ears, KeyboardEars) else None
    try:
        fd = stream.fileno() if stream is not None and stream.isatty() else None
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

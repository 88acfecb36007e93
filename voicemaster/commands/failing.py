"""A command's clear failure: one line on stderr and exit status 2, never a traceback."""

from __future__ import annotations

import sys


def fail(message: str) -> int:
    """A command's clear failure: the message on stderr, exit status 2."""
    print(f"voicemaster: {message}", file=sys.stderr)
    return 2

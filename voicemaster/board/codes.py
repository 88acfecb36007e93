"""Four-digit team codes, one per team and game, and a lock for guessing.

Codes come from ``secrets`` (not the game's seed: a record must not reveal them) and are
compared in constant time.  An address that gives wrong codes again and again is refused for a
while, so the 10,000 codes cannot be tried through."""

from __future__ import annotations

import hmac
import secrets
import threading
import time
from collections.abc import Callable

MAX_MISSES = 5  # wrong codes from one address ...
LOCK_SECONDS = 60.0  # ... lock it out this long


def new_codes(teams: tuple[str, ...]) -> dict[str, str]:
    """A distinct four-digit code for every team."""
    codes: dict[str, str] = {}
    while len(codes) < len(teams):
        code = f"{secrets.randbelow(10_000):04d}"
        if code not in codes.values():
            codes[teams[len(codes)]] = code
    return codes


class TeamCodes:
    def __init__(self, teams: tuple[str, ...], clock: Callable[[], float] = time.monotonic) -> None:
        self.codes = new_codes(teams)
        self._clock = clock
        self._lock = threading.Lock()
        self._misses: dict[str, list[float]] = {}

    def matches(self, team: str, code: str) -> bool:
        """``code`` is ``team``'s code (another team's code is no match)."""
        expected = self.codes.get(team)
        return expected is not None and hmac.compare_digest(expected, code.strip())

    def locked(self, peer: str) -> bool:
        with self._lock:
            recent = self._recent(peer)
            return len(recent) >= MAX_MISSES

    def missed(self, peer: str) -> None:
        with self._lock:
            self._misses[peer] = [*self._recent(peer), self._clock()]

    def _recent(self, peer: str) -> list[float]:
        since = self._clock() - LOCK_SECONDS
        return [t for t in self._misses.get(peer, []) if t > since]

"""Four-digit team codes, one per team and game, and a lock for guessing.

Codes come from ``secrets`` (not the game's seed: a record must not reveal them) and are
compared in constant time, as UTF-8 bytes (any text a client sends is a miss, never an
error).  Two locks stop the 10,000 codes being tried through: an address that gives wrong
codes again and again is refused for a minute, and a team whose code was missed too often,
from any number of addresses, is refused for a while (a LAN device that takes many addresses
still gets at most ``TEAM_MISSES`` guesses per ``TEAM_SECONDS``)."""

from __future__ import annotations

import hmac
import secrets
import threading
import time
from collections.abc import Callable

MAX_MISSES = 5  # wrong codes from one address ...
LOCK_SECONDS = 60.0  # ... lock it out this long
TEAM_MISSES = 10  # wrong codes for one team, from any address ...
TEAM_SECONDS = 600.0  # ... within this long lock the team's code (60 guesses an hour at most)


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
        self._misses: dict[str, list[float]] = {}  # by address
        self._team_misses: dict[str, list[float]] = {}  # by team

    def matches(self, team: str, code: str) -> bool:
        """``code`` is ``team``'s code (another team's code is no match)."""
        expected = self.codes.get(team)
        given = code.strip().encode("utf-8", "replace")
        return expected is not None and hmac.compare_digest(expected.encode("ascii"), given)

    def locked(self, peer: str, team: str | None = None) -> bool:
        """Too many recent misses from ``peer``, or for ``team`` from anywhere."""
        with self._lock:
            if len(self._recent(self._misses, peer, LOCK_SECONDS)) >= MAX_MISSES:
                return True
            if team is None:
                return False
            return len(self._recent(self._team_misses, team, TEAM_SECONDS)) >= TEAM_MISSES

    def missed(self, peer: str, team: str | None = None) -> None:
        with self._lock:
            now = self._clock()
            self._misses[peer] = [*self._recent(self._misses, peer, LOCK_SECONDS), now]
            if team is not None:
                recent = self._recent(self._team_misses, team, TEAM_SECONDS)
                self._team_misses[team] = [*recent, now]
            if len(self._misses) > 1024:  # forget addresses whose misses have expired
                self._misses = {p: t for p, t in self._misses.items() if t[-1] > now - LOCK_SECONDS}

    def _recent(self, misses: dict[str, list[float]], key: str, seconds: float) -> list[float]:
        since = self._clock() - seconds
        return [t for t in misses.get(key, []) if t > since]

"""What the board's server allows any client, and its log of refused requests.

The LAN is not trusted: connections are capped and time out, and what one client can make us
write to the log is one line per refused request, a few lines a minute (then one line saying
the rest is suppressed), so a device cannot fill the disk the record is saved on."""

from __future__ import annotations

import logging
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass

LOGGER = "voicemaster.board.http"
PEER_LINES = 5  # log lines per client per minute ...
ALL_LINES = 30  # ... and from every client together
LINE_SECONDS = 60.0
MAX_LINE = 240  # characters of one logged line


@dataclass(frozen=True)
class Limits:
    connections: int = 64  # open at once; more are answered 503 and closed
    idle: float = 10.0  # seconds a connection may wait for (the rest of) a request's headers
    body: float = 10.0  # seconds a request's body may take to arrive


LIMITS = Limits()


class OneLinePerRequest(logging.Filter):
    """aiohttp logs a malformed request with its traceback: keep one line of it, and at most
    ``PEER_LINES`` a minute per client (``ALL_LINES`` in all), then one "suppressed" line."""

    def __init__(self, clock: Callable[[], float] = time.monotonic) -> None:
        super().__init__()
        self._clock = clock
        self._lock = threading.Lock()
        self._counts: dict[str, int] = {}
        self._since = clock()

    def filter(self, record: logging.LogRecord) -> bool:
        peer = str(record.args[0]) if isinstance(record.args, tuple) and record.args else "?"
        line = record.getMessage()
        if record.exc_info and record.exc_info[1] is not None:
            exc = record.exc_info[1]
            line = f"{line}: {type(exc).__name__}: {exc}"
        record.msg, record.args = " ".join(line.split())[:MAX_LINE], None
        record.exc_info, record.exc_text, record.stack_info = None, None, None
        return self._allow(peer, record)

    def _allow(self, peer: str, record: logging.LogRecord) -> bool:
        with self._lock:
            if self._clock() - self._since >= LINE_SECONDS:
                self._counts, self._since = {}, self._clock()
            mine = self._counts.get(peer, 0) + 1
            every = self._counts.get("", 0) + 1
            self._counts[peer], self._counts[""] = mine, every
        if mine <= PEER_LINES and every <= ALL_LINES:
            return True
        if mine == PEER_LINES + 1 and every <= ALL_LINES + 1:
            record.msg = f"more refused requests from {peer} are not logged for a minute"
            return True
        if every == ALL_LINES + 1:
            record.msg = "more refused requests are not logged for a minute"
            return True
        return False


def request_log() -> logging.Logger:
    """The logger the board's HTTP server reports malformed requests to, with fresh counts
    (one board serves at a time)."""
    logger = logging.getLogger(LOGGER)
    for old in [f for f in logger.filters if isinstance(f, OneLinePerRequest)]:
        logger.removeFilter(old)
    logger.addFilter(OneLinePerRequest())
    return logger

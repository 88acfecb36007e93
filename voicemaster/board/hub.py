"""From the host's thread to every open page: the latest message of each channel, fanned out
to the server loop's subscriber queues as Server-Sent Events text.

``publish`` may be called from any thread; queues live on the server's event loop.  A page
that falls too far behind is dropped (its browser reconnects and gets the latest state)."""

from __future__ import annotations

import asyncio
import json
import threading
from collections import deque
from typing import Any

PUBLIC = "public"
BACKLOG = 256  # messages a page may fall behind before it is dropped
REPLAY = 512  # messages kept per channel for a page that reconnects (Last-Event-ID)


def channel_of(team: str) -> str:
    return f"team:{team}"


def sse(event: str, data: dict[str, Any], seq: int) -> str:
    return f"id: {seq}\nevent: {event}\ndata: {json.dumps(data, ensure_ascii=False)}\n\n"


class Hub:
    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._loop: asyncio.AbstractEventLoop | None = None
        self._latest: dict[str, tuple[dict[str, Any], str]] = {}
        self._recent: dict[str, deque[tuple[int, str]]] = {}
        self._queues: dict[str, set[asyncio.Queue[str | None]]] = {}

    def bind(self, loop: asyncio.AbstractEventLoop) -> None:
        self._loop = loop

    def latest(self, channel: str) -> dict[str, Any] | None:
        with self._lock:
            found = self._latest.get(channel)
        return None if found is None else found[0]

    def publish(self, channel: str, data: dict[str, Any], seq: int) -> None:
        text = sse("state", data, seq)
        with self._lock:
            self._latest[channel] = (data, text)
            self._recent.setdefault(channel, deque(maxlen=REPLAY)).append((seq, text))
            loop = self._loop
        if loop is not None and not loop.is_closed():
            loop.call_soon_threadsafe(self._deliver, channel, text)

    def _deliver(self, channel: str, text: str | None) -> None:
        for queue in list(self._queues.get(channel, ())):
            if queue.qsize() >= BACKLOG:
                self._queues[channel].discard(queue)
                text_or_end: str | None = None  # too far behind: end its stream
                queue.put_nowait(text_or_end)
            else:
                queue.put_nowait(text)

    def subscribe(self, channel: str, after: int | None = None) -> asyncio.Queue[str | None]:
        """A queue of this channel's messages (server loop only): first every message since
        ``after`` (a page reconnecting with its Last-Event-ID), else the latest one."""
        queue: asyncio.Queue[str | None] = asyncio.Queue()
        with self._lock:
            found = self._latest.get(channel)
            recent = list(self._recent.get(channel, ()))
        missed = [text for seq, text in recent if after is not None and seq > after]
        if after is not None and recent and recent[0][0] <= after + 1:
            for text in missed:
                queue.put_nowait(text)
        elif found is not None:
            queue.put_nowait(found[1])
        self._queues.setdefault(channel, set()).add(queue)
        return queue

    def unsubscribe(self, channel: str, queue: asyncio.Queue[str | None]) -> None:
        self._queues.get(channel, set()).discard(queue)

    def end_all(self) -> None:
        """Every open stream ends (server loop only)."""
        for queues in self._queues.values():
            for queue in queues:
                queue.put_nowait(None)
        self._queues.clear()

    def subscribers(self) -> int:
        return sum(len(q) for q in self._queues.values())

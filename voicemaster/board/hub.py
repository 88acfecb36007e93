"""From the host's thread to every open page: the latest message of each channel, fanned out
to the server loop's subscriber queues as Server-Sent Events text.

``publish`` may be called from any thread; queues live on the server's event loop.  A page
opening its stream may name the last event it has (``Last-Event-ID`` when the browser
reconnects, ``?after=`` when it drew a state first) and is sent every message since from the
replay buffer, each once.  A page that falls too far behind is dropped; its browser reconnects
the same way."""

from __future__ import annotations

import asyncio
import json
import threading
from collections import deque
from typing import Any

PUBLIC = "public"
BACKLOG = 768  # messages queued for a page before it is dropped (more than a replay)
REPLAY = 512  # messages kept per channel for a page that reconnects (Last-Event-ID)

Queue = asyncio.Queue[str | None]  # SSE text; None ends the stream


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
        self._queues: dict[str, dict[Queue, int]] = {}  # queue -> the last seq it was given

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
            loop.call_soon_threadsafe(self._deliver, channel, seq, text)

    def _deliver(self, channel: str, seq: int, text: str) -> None:
        queues = self._queues.get(channel, {})
        for queue, given in list(queues.items()):
            if seq <= given:
                continue  # already sent from the replay buffer when it subscribed
            if queue.qsize() >= BACKLOG:
                del queues[queue]
                queue.put_nowait(None)  # too far behind: end its stream
            else:
                queues[queue] = seq
                queue.put_nowait(text)

    def subscribe(self, channel: str, after: int | None = None) -> Queue:
        """A queue of this channel's messages (server loop only): first every message since
        ``after`` (the last one a page has), else the latest one.  A page further behind than
        the replay buffer gets the latest message, which is the whole state to draw."""
        queue: Queue = asyncio.Queue()
        with self._lock:
            recent = list(self._recent.get(channel, ()))
        given = 0
        if after is not None and recent and recent[0][0] <= after + 1:
            given = after
            for seq, text in recent:
                if seq > after:
                    queue.put_nowait(text)
                    given = seq
        elif recent:
            given, text = recent[-1]
            queue.put_nowait(text)
        self._queues.setdefault(channel, {})[queue] = given
        return queue

    def unsubscribe(self, channel: str, queue: Queue) -> None:
        self._queues.get(channel, {}).pop(queue, None)

    def end(self, channels: list[str]) -> None:
        """These channels' streams end once they have sent what was published (any thread)."""
        with self._lock:
            loop = self._loop
        if loop is not None and not loop.is_closed():
            loop.call_soon_threadsafe(self._end, channels)

    def _end(self, channels: list[str]) -> None:
        for channel in channels:
            for queue in self._queues.pop(channel, {}):
                queue.put_nowait(None)

    def end_all(self) -> None:
        """Every open stream ends (server loop only)."""
        for queues in self._queues.values():
            for queue in queues:
                queue.put_nowait(None)
        self._queues.clear()

    def subscribers(self) -> int:
        return sum(len(q) for q in self._queues.values())

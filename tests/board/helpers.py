"""A real board server on localhost for tests, and plain HTTP clients for it."""

from __future__ import annotations

import http.client
import json
import threading
import urllib.error
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any
from urllib.parse import urlencode, urlsplit

from voicemaster.board.live import LiveBoard
from voicemaster.board.runner import BoardServer


@contextmanager
def serving(lines: list[dict[str, Any]]) -> Iterator[tuple[LiveBoard, str]]:
    board = LiveBoard(lines)
    server = BoardServer(board, 0, "127.0.0.1")
    url = server.start()
    try:
        yield board, url
    finally:
        server.stop()


def get(url: str) -> tuple[int, Any]:
    try:
        with urllib.request.urlopen(url, timeout=10) as reply:
            return reply.status, json.loads(reply.read())
    except urllib.error.HTTPError as exc:
        return exc.code, json.loads(exc.read())


def post(url: str, body: Any, method: str = "POST") -> tuple[int, Any]:
    data = json.dumps(body).encode()
    request = urllib.request.Request(
        url, data=data, method=method, headers={"Content-Type": "application/json"}
    )
    try:
        with urllib.request.urlopen(request, timeout=10) as reply:
            return reply.status, json.loads(reply.read())
    except urllib.error.HTTPError as exc:
        text = exc.read()
        return exc.code, json.loads(text) if text.startswith(b"{") else text.decode()


def view(url: str, team: str, code: str) -> tuple[int, Any]:
    return get(f"{url}team/state?{urlencode({'team': team, 'code': code})}")


def answer(url: str, team: str, code: str, text: str) -> tuple[int, Any]:
    return post(f"{url}team/answer", {"team": team, "code": code, "text": text})


class Listener(threading.Thread):
    """Reads a board's /events stream (Server-Sent Events) into ``messages`` until it ends."""

    def __init__(self, url: str, path: str = "events") -> None:
        super().__init__(daemon=True)
        parts = urlsplit(url)
        self.host, self.port, self.path = parts.hostname or "", parts.port or 80, f"/{path}"
        self.messages: list[dict[str, Any]] = []
        self.connected = threading.Event()

    def run(self) -> None:
        connection = http.client.HTTPConnection(self.host, self.port, timeout=120)
        connection.request("GET", self.path)
        reply = connection.getresponse()
        self.connected.set()
        data: list[str] = []
        for raw in reply:
            line = raw.decode().rstrip("\n")
            if line.startswith("data: "):
                data.append(line[6:])
            elif not line and data:
                self.messages.append(json.loads("".join(data)))
                data = []
        connection.close()

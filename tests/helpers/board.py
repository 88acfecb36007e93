"""A real board server on localhost for tests, and plain HTTP clients for it."""

from __future__ import annotations

import http.client
import json
import random
import threading
import urllib.error
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any
from urllib.parse import urlencode, urlsplit

from voicemaster.board.live import LiveBoard
from voicemaster.board.runner import BoardServer
from voicemaster.rules.kompakt import KompaktGame

TEAMS = ["red", "blue", "green"]


def kompakt_lines() -> tuple[list[dict[str, Any]], dict[str, str]]:
    """A kompakt game at the start of its first round, and every team's hidden token."""
    header = {"variant": "kompakt", "teams": TEAMS, "target": 20, "mode": "race"}
    game = KompaktGame(TEAMS)
    start = game.draw_round(random.Random(3))
    hands = {team: tiles[0] for team, tiles in start.slots.items()}
    return [header, game.encode_action(start)], hands


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

    def seqs(self) -> list[int]:
        return [int(m["seq"]) for m in self.messages]

    def __init__(
        self, url: str, path: str = "events", headers: dict[str, str] | None = None
    ) -> None:
        super().__init__(daemon=True)
        self.headers = headers or {}
        parts = urlsplit(url)
        self.host, self.port, self.path = parts.hostname or "", parts.port or 80, f"/{path}"
        self.messages: list[dict[str, Any]] = []
        self.status = 0
        self.connected = threading.Event()

    def run(self) -> None:
        connection = http.client.HTTPConnection(self.host, self.port, timeout=120)
        connection.request("GET", self.path, headers=self.headers)
        reply = connection.getresponse()
        self.status = reply.status
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

"""What a hostile or careless device on the LAN can do to a real board server on loopback:
guess codes from many addresses, send malformed or deep requests, use a foreign Host name, hold
connections open, and fill the log.  Every client here uses 127.0.0.0/8 only, bounded in
number and time."""

from __future__ import annotations

import http.client
import json
import logging
import socket
import time
from collections.abc import Iterator
from contextlib import contextmanager, suppress
from typing import Any

import pytest

from tests.helpers.board import get, kompakt_lines, post, view
from voicemaster.board.codes import MAX_MISSES, TEAM_MISSES
from voicemaster.board.limits import LIMITS, PEER_LINES, Limits
from voicemaster.board.live import LiveBoard
from voicemaster.board.runner import BoardServer


@contextmanager
def board_at(limits: Limits = LIMITS) -> Iterator[tuple[LiveBoard, BoardServer]]:
    lines, _ = kompakt_lines()
    board = LiveBoard(lines)
    server = BoardServer(board, 0, "127.0.0.1", limits)
    server.start()
    try:
        yield board, server
    finally:
        server.stop()


def request(
    server: BoardServer,
    path: str,
    source: str = "127.0.0.1",
    method: str = "GET",
    body: bytes | None = None,
    headers: dict[str, str] | None = None,
) -> tuple[int, Any]:
    """One request from the loopback address ``source`` (the client socket is bound to it)."""
    connection = http.client.HTTPConnection(
        "127.0.0.1", server.port, timeout=10, source_address=(source, 0)
    )
    try:
        connection.request(method, path, body=body, headers=headers or {})
        reply = connection.getresponse()
        text = reply.read()
        return reply.status, json.loads(text) if text.startswith(b"{") else text
    finally:
        connection.close()


def wrong_codes(board: LiveBoard) -> list[str]:
    return [c for c in (f"{n:04d}" for n in range(100)) if c not in board.codes.codes.values()]


def test_a_teams_code_is_locked_against_guesses_from_many_addresses() -> None:
    with board_at() as (board, server):
        wrong = wrong_codes(board)
        statuses = []
        for n in range(60):  # 60 addresses, one guess each: never the same address twice
            path = f"/team/state?team=red&code={wrong[n]}"
            statuses.append(request(server, path, f"127.0.0.{n + 2}")[0])
        assert statuses.count(403) == TEAM_MISSES and statuses.count(429) == 60 - TEAM_MISSES
        right = f"/team/state?team=red&code={board.codes.codes['red']}"
        assert request(server, right, "127.0.0.99")[0] == 429  # not even the right code
        blue = f"/team/state?team=blue&code={board.codes.codes['blue']}"
        assert request(server, blue, "127.0.0.99")[0] == 200  # the other teams play on


def test_a_non_ascii_code_is_a_counted_miss_not_a_server_error() -> None:
    with board_at() as (board, server):
        for _ in range(MAX_MISSES):
            status, body = request(server, "/team/state?team=red&code=%C3%A9%C3%A9%C3%A9%C3%A9")
            assert status == 403 and body["error"] == "that is not red's code"
        right = f"/team/state?team=red&code={board.codes.codes['red']}"
        assert request(server, right)[0] == 429  # the misses counted


def test_a_deep_or_non_json_answer_is_refused_with_4xx() -> None:
    with board_at() as (board, server):
        board.cue("answer", "red", None)
        deep = b"[" * 2000 + b"]" * 2000
        json_type = {"Content-Type": "application/json"}
        status, body = request(server, "/team/answer", method="POST", body=deep, headers=json_type)
        assert status == 400 and "send JSON" in body["error"]
        text = json.dumps({"team": "red", "code": board.codes.codes["red"], "text": "Paris"})
        plain = {"Content-Type": "text/plain"}
        status, body = request(
            server, "/team/answer", method="POST", body=text.encode(), headers=plain
        )
        assert status == 415 and body["error"] == "send the answer as application/json"
        assert board.inbox.take(0.0) is None
        status, _ = request(
            server, "/team/answer", method="POST", body=text.encode(), headers=json_type
        )
        assert status == 202 and board.inbox.take(0.0) == "Paris"


def test_only_the_boards_own_host_names_are_answered() -> None:
    with board_at() as (board, server):
        for host in ("evil.example", "evil.example:80", "127.0.0.1.nip.io", ""):
            status, body = request(server, "/state", headers={"Host": host})
            assert status == 421, host
            assert "codes" not in str(body)
        for host in (f"127.0.0.1:{server.port}", f"localhost:{server.port}", "localhost"):
            status, state = request(server, "/state", headers={"Host": host})
            assert status == 200 and state["codes"] == board.codes.codes
        own = f"{socket.gethostname()}:{server.port}"
        assert request(server, "/state", headers={"Host": own})[0] == 200


def raw(server: BoardServer, data: bytes, source: str = "127.0.0.1") -> socket.socket:
    sock = socket.create_connection(
        ("127.0.0.1", server.port), timeout=5, source_address=(source, 0)
    )
    if data:
        sock.sendall(data)
    return sock


def closed_within(sock: socket.socket, seconds: float) -> tuple[bool, bytes]:
    """Whether the server closes ``sock`` within ``seconds``, and what it sent before."""
    sock.settimeout(seconds)
    got = b""
    try:
        while chunk := sock.recv(4096):
            got += chunk
    except TimeoutError:
        return False, got
    except ConnectionResetError:
        pass
    return True, got


def test_idle_half_sent_and_bodiless_connections_time_out() -> None:
    with board_at(Limits(idle=0.5, body=0.5)) as (_board, server):
        idle = raw(server, b"")
        half = raw(server, b"GET /state HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ")
        huge = raw(
            server,
            b"POST /team/answer HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
            b"Content-Length: 10000000000\r\n\r\n{",
        )
        start = time.monotonic()
        assert closed_within(idle, 3.0)[0]
        assert closed_within(half, 3.0)[0]
        done, reply = closed_within(huge, 3.0)
        assert done and (reply == b"" or reply.split(b" ")[1] in (b"408", b"413"))
        assert time.monotonic() - start < 4.0
        for sock in (idle, half, huge):
            sock.close()


def open_fds() -> int:
    import os

    return len(os.listdir("/proc/self/fd"))


def test_held_connections_are_capped_and_files_stay_available(tmp_path: Any) -> None:
    cap = 8
    with board_at(Limits(connections=cap, idle=30.0)) as (_board, server):
        before = open_fds()
        held = [raw(server, b"", f"127.0.0.{2 + n % 50}") for n in range(40)]
        time.sleep(0.3)
        refused = 0
        for sock in held:
            sock.settimeout(0.05)
            with suppress(TimeoutError):
                refused += sock.recv(64).startswith(b"HTTP/1.1 503")
        assert refused == 40 - cap
        # the server holds at most ``cap`` sockets beside our 40 clients
        assert open_fds() - before <= 40 + cap + 2
        (tmp_path / "record.jsonl").write_text("{}\n")  # a file can still be opened
        for sock in held:
            sock.close()
        time.sleep(0.2)
        assert get(f"http://127.0.0.1:{server.port}/state")[0] == 200


def test_malformed_requests_log_one_line_each_and_a_few_per_client(
    caplog: pytest.LogCaptureFixture,
) -> None:
    with board_at() as (_board, server), caplog.at_level(logging.DEBUG):
        for _ in range(30):
            sock = raw(server, b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nBroken header\r\n\r\n")
            closed_within(sock, 3.0)
            sock.close()
        time.sleep(0.2)
    board_lines = [r for r in caplog.records if r.levelno >= logging.WARNING]
    assert board_lines, "a malformed request is logged"
    assert all(r.exc_info is None and "\n" not in r.getMessage() for r in board_lines)
    assert len(board_lines) == PEER_LINES + 1
    assert "not logged for a minute" in board_lines[-1].getMessage()


def test_the_phone_views_still_work_through_the_limits() -> None:
    with board_at() as (board, server):
        url = f"http://127.0.0.1:{server.port}/"
        assert view(url, "red", board.codes.codes["red"])[0] == 200
        board.cue("answer", "red", None)
        body = {"team": "red", "code": board.codes.codes["red"], "text": "Paris"}
        assert post(f"{url}team/answer", body)[0] == 202

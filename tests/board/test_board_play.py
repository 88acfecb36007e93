"""`voicemaster play` with a board whose port is taken: asked for with --board, the game does
not start (one line); on only by default (on a Raspberry Pi), it is warned of and played on."""

from __future__ import annotations

import io
import json
import socket
from collections.abc import Iterator
from pathlib import Path

import pytest

from voicemaster.cli import main

PLAY = ["play", "--input", "keyboard", "--output", "text", "--teams", "2", "--seed", "5"]


@pytest.fixture
def taken_port() -> Iterator[int]:
    with socket.socket() as taken:
        taken.bind(("", 0))
        taken.listen()
        yield int(taken.getsockname()[1])


def test_a_busy_default_board_port_is_a_warning_and_the_game_plays_on(
    taken_port: int,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    tmp_path: Path,
) -> None:
    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr("voicemaster.cli._on_a_pi", lambda: True)
    monkeypatch.setattr("voicemaster.cli.DEFAULT_BOARD_PORT", taken_port)
    monkeypatch.setattr("sys.stdin", io.StringIO("quit\n"))
    assert main([*PLAY, "--record", str(tmp_path / "default.jsonl")]) == 0
    captured = capsys.readouterr()
    warned = [line for line in captured.err.splitlines() if "board" in line]
    assert len(warned) == 1 and "Traceback" not in captured.err
    assert warned[0].startswith(f"voicemaster: cannot serve the board on port {taken_port}: ")
    assert warned[0].endswith("; playing without the board")
    assert json.loads(captured.out.splitlines()[-1])["outcome"] == "quit"


def test_a_busy_board_port_asked_for_stops_the_game_in_one_line(
    taken_port: int,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    tmp_path: Path,
) -> None:
    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr("sys.stdin", io.StringIO("quit\n"))
    record = tmp_path / "asked.jsonl"
    assert main([*PLAY, "--board", str(taken_port), "--record", str(record)]) == 2
    err = capsys.readouterr().err
    assert f"cannot serve the board on port {taken_port}" in err and "Traceback" not in err

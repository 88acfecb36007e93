"""One game, one process: while a game plays its record, a second `play --resume` or
`simulate --resume` of it gets one line and exit 2 (two real processes); a killed process
leaves no stale lock, and the lock survives an undo's atomic rewrite of the record."""

from __future__ import annotations

import json
import os
import random
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from tests.helpers.host import DECK
from voicemaster.files import RecordBusy
from voicemaster.host.log import GameLog
from voicemaster.records import RecordWriter, read_record
from voicemaster.rules.registry import sample_action

ROOT = Path(__file__).resolve().parents[3]
BUSY = "this game is being played elsewhere"


def voicemaster(*args: str, data: Path, stdin: int | None = None) -> subprocess.Popen[str]:
    env = {**os.environ, "VOICEMASTER_DATA": str(data)}
    return subprocess.Popen(
        [sys.executable, "-m", "voicemaster", *args],
        stdin=stdin, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, cwd=ROOT, env=env,
    )  # fmt: skip


def keyboard_game(record: Path, data: Path) -> subprocess.Popen[str]:
    """A real `voicemaster play --resume` waiting for the keyboard in the first round."""
    args = ["play", "--input", "keyboard", "--output", "text", "--no-history"]
    first = voicemaster(*args, "--teams", "2", "--seed", "4", "--deck", str(DECK),
                        "--record", str(record), data=data, stdin=subprocess.PIPE)  # fmt: skip
    first.communicate("keep\nkeep\nquit\n", timeout=60)
    assert first.returncode == 0
    game = voicemaster(*args, "--resume", str(record), data=data, stdin=subprocess.PIPE)
    assert game.stdout is not None
    for line in game.stdout:  # the game is open (and waits for the keyboard) once it welcomes
        if "Welcome back" in line:
            return game
    raise AssertionError(f"the game did not start: {game.communicate()[1]}")


def test_a_second_process_is_refused_while_a_game_plays_its_record(tmp_path: Path) -> None:
    record = tmp_path / "g.jsonl"
    game = keyboard_game(record, tmp_path)
    try:
        before = record.read_bytes()
        for args in (["play", "--input", "keyboard", "--output", "text", "--resume"],
                     ["simulate", "--resume"]):  # fmt: skip
            second = voicemaster(*args, str(record), data=tmp_path, stdin=subprocess.DEVNULL)
            out, err = second.communicate(timeout=60)
            assert second.returncode == 2, err
            assert err == f"voicemaster: {record}: {BUSY}\n" and out == ""
        assert record.read_bytes() == before
        assert game.poll() is None  # the first game plays on
        out, _ = game.communicate("quit\n", timeout=60)
        assert game.returncode == 0 and "The game is saved." in out
    finally:
        if game.poll() is None:
            game.kill()
    read_record(record)  # still a good record


def test_a_killed_game_leaves_no_stale_lock(tmp_path: Path) -> None:
    record = tmp_path / "g.jsonl"
    game = keyboard_game(record, tmp_path)
    game.send_signal(signal.SIGKILL)
    game.communicate(timeout=60)
    again = voicemaster("play", "--input", "keyboard", "--output", "text", "--resume",
                        str(record), data=tmp_path, stdin=subprocess.PIPE)  # fmt: skip
    out, err = again.communicate("quit\n", timeout=60)
    assert again.returncode == 0, err
    assert "Welcome back" in out and BUSY not in err


def test_the_lock_survives_an_atomic_rewrite_and_appends_reach_the_live_file(
    tmp_path: Path,
) -> None:
    record = tmp_path / "g.jsonl"
    header = {"variant": "standard", "teams": ["red", "blue"], "seed": 1}
    first = GameLog(record, header)
    first.rewrite_last(dict(header, note="rewritten"))  # an undo replaces the file
    with pytest.raises(RecordBusy):
        RecordWriter(record)
    game = first.replay()
    first.append_action(game, sample_action(game, random.Random(1)), {"appended": True})
    assert json.loads(record.read_text().splitlines()[-1])["appended"] is True
    first.close()
    RecordWriter(record).close()  # free again

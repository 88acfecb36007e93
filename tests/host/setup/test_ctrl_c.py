"""Ctrl-C in a game says, as quit does, that the game is saved and how to go on with it."""

from __future__ import annotations

import signal
from pathlib import Path

from tests.host.setup.test_record_lock import keyboard_game
from voicemaster.records import read_record


def test_ctrl_c_says_the_game_is_saved_and_how_to_resume(tmp_path: Path) -> None:
    record = tmp_path / "g.jsonl"
    game = keyboard_game(record, tmp_path)
    before = record.read_bytes()
    game.send_signal(signal.SIGINT)
    _, err = game.communicate(timeout=60)
    assert game.returncode == 130
    assert err == (
        f"voicemaster: stopped; the game is saved in {record}: "
        f"voicemaster play --resume {record} goes on\n"
    )
    assert record.read_bytes() == before and not read_record(record).game.finished

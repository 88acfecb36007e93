"""A log that cannot be written (a full disk) costs one line on the screen at most, never
Python's "--- Logging error ---" dump: at start-up and mid-game."""

from __future__ import annotations

import logging
import os
import subprocess
import sys
from pathlib import Path

import pytest

from tests.helpers.host import DECK
from voicemaster.host.setup.crash_log import crash_log

ROOT = Path(__file__).resolve().parents[3]
FULL = Path("/dev/full")  # every write fails with ENOSPC, as on a full disk

pytestmark = pytest.mark.skipif(not FULL.exists(), reason="needs /dev/full")


def test_a_full_log_disk_is_one_line_mid_game(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (tmp_path / "voicemaster.log").symlink_to(FULL)
    root = logging.getLogger()
    before = list(root.handlers)
    try:
        assert crash_log(tmp_path / "voicemaster.log") == tmp_path / "voicemaster.log"
        for _ in range(3):
            logging.getLogger("voicemaster.test").warning("the history cannot be saved")
    finally:
        for handler in [h for h in root.handlers if h not in before]:
            root.removeHandler(handler)
    err = capsys.readouterr().err
    assert "Logging error" not in err and "Traceback" not in err
    assert (
        err
        == f"voicemaster: cannot write the log {tmp_path / 'voicemaster.log'}: the disk is full\n"
    )


def test_a_full_log_disk_at_start_up_is_one_line(tmp_path: Path) -> None:
    (tmp_path / "voicemaster.log").symlink_to(FULL)
    (tmp_path / "history.json").mkdir()  # the history cannot be read or saved: warnings
    env = {**os.environ, "VOICEMASTER_DATA": str(tmp_path)}
    args = ["play", "--input", "keyboard", "--output", "text", "--teams", "2", "--deck", str(DECK)]
    done = subprocess.run(
        [sys.executable, "-m", "voicemaster", *args, "--record", str(tmp_path / "g.jsonl")],
        input="keep\nkeep\nquit\n", capture_output=True, text=True, cwd=ROOT, env=env, timeout=120,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    assert "Logging error" not in done.stderr and "Traceback" not in done.stderr
    assert done.stderr.count("cannot write the log") == 1
    assert len(done.stderr.splitlines()) == 1, done.stderr

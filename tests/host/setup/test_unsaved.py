"""A game that cannot be saved: a full or read-only disk is said once, by voice and on screen,
the table may play on from memory, the record keeps its complete lines, and a record path that
cannot be written is a one-line error before the game starts."""

from __future__ import annotations

import errno
import io
import json
import os
from pathlib import Path

import pytest

from tests.helpers.cli import KEYBOARD
from tests.helpers.host import DECK
from voicemaster import records
from voicemaster.cli import main
from voicemaster.records import read_record


class Disk:
    """``os`` for the record writer: writes of lines starting with ``fail_lines`` fail (ENOSPC),
    and opening files under ``read_only`` fails (EROFS)."""

    def __init__(self, fail_lines: bytes = b"\0", read_only: Path | None = None) -> None:
        self.fail_lines = fail_lines
        self.read_only = read_only
        self.failed = 0

    def __getattr__(self, name: str) -> object:
        return getattr(os, name)

    def write(self, fd: int, data: bytes) -> int:
        if data.startswith(self.fail_lines):
            self.failed += 1
            raise OSError(errno.ENOSPC, "No space left on device")
        return os.write(fd, data)

    def open(self, path: str | Path, flags: int, mode: int = 0o777) -> int:
        if self.read_only is not None and Path(path).is_relative_to(self.read_only):
            raise OSError(errno.EROFS, "Read-only file system")
        return os.open(path, flags, mode)


def play(monkeypatch: pytest.MonkeyPatch, typed: str, *args: str) -> int:
    monkeypatch.setattr("sys.stdin", io.StringIO(typed))
    return main([*KEYBOARD, "--teams", "2", "--seed", "3", "--deck", str(DECK), *args])


def test_a_full_disk_is_said_once_and_the_game_goes_on_from_memory(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    record = tmp_path / "g.jsonl"
    disk = Disk(fail_lines=b'{"round"')
    monkeypatch.setattr(records, "os", disk)
    assert play(monkeypatch, "keep\nkeep\nyes\nscore\nquit\n", "--record", str(record)) == 0
    out, err = capsys.readouterr()
    assert out.count("I cannot save this game: the disk is full.") == 1
    assert "Shall we keep playing without saving?" in out
    assert "for one point" in out and "Standings:" in out  # played on after the failure
    assert "The game ends here; it could not be saved: the disk is full." in out
    assert err.count(f"cannot save the game in {record}: the disk is full") == 1
    assert json.loads(out.strip().splitlines()[-1])["unsaved"] == "the disk is full"
    assert disk.failed == 1  # once said, nothing more is tried
    assert record.read_text().count("\n") == 1 and read_record(record).actions == []


def test_stopping_a_game_that_cannot_be_saved_keeps_every_line_before(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    record = tmp_path / "g.jsonl"
    monkeypatch.setattr(records, "os", Disk(fail_lines=b'{"question"'))
    typed = "keep\nkeep\n\nParis\nno\n"  # the first answer cannot be saved: stop
    assert play(monkeypatch, typed, "--record", str(record), "--window", "1") == 2
    out, err = capsys.readouterr()
    assert "I cannot save this game: the disk is full." in out
    assert err.strip().splitlines()[-1] == (
        f"voicemaster: the game stopped: it cannot be saved in {record} (the disk is full); "
        "every result until then is in the record"
    )
    assert "Traceback" not in err
    assert read_record(record).game.round == 1  # the round's tiles stay saved


def test_a_read_only_data_folder_offers_a_game_from_memory(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(records, "os", Disk(read_only=tmp_path / "games"))
    assert play(monkeypatch, "yes\nkeep\nkeep\nquit\n") == 0
    out, err = capsys.readouterr()
    assert out.count("I cannot save this game: the disk is read-only.") == 1
    assert "Which one for four points?" in out
    assert "cannot save the game in" in err and "Traceback" not in err
    assert not list((tmp_path / "games").glob("*.jsonl"))
    monkeypatch.setattr(records, "os", Disk(read_only=tmp_path / "games"))
    assert play(monkeypatch, "no\n") == 2  # the table would rather not: a clear line
    assert "cannot save the game in" in capsys.readouterr().err


def test_an_unwritable_record_path_is_one_line_before_the_game_starts(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    (tmp_path / "file").write_text("not a folder")
    record = tmp_path / "file" / "g.jsonl"
    monkeypatch.setattr("sys.stdin", io.StringIO(""))
    assert main([*KEYBOARD, "--deck", str(DECK), "--record", str(record)]) == 2
    out, err = capsys.readouterr()
    assert out == ""  # nothing was asked: the set-up by voice never began
    assert (
        err == f"voicemaster: cannot write the record {record}: part of the folder path is a file\n"
    )
    assert main(["simulate", "--deck", str(DECK), "--record", str(record)]) == 2
    assert "cannot write the record" in capsys.readouterr().err


def test_a_simulation_on_a_full_disk_stops_with_one_line(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    record = tmp_path / "sim.jsonl"
    monkeypatch.setattr(records, "os", Disk(fail_lines=b'{"question"'))
    args = ["simulate", "--teams", "2", "--seed", "3", "--deck", str(DECK)]
    assert main([*args, "--record", str(record)]) == 2
    err = capsys.readouterr().err
    assert err == f"voicemaster: cannot save {record}: the disk is full\n"
    assert read_record(record).game.round == 1


def test_an_unwritable_log_sends_warnings_to_the_screen_in_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    import logging

    from voicemaster.host.setup.crash_log import crash_log

    (tmp_path / "file").write_text("not a folder")
    root = logging.getLogger()
    before = list(root.handlers)
    try:
        assert crash_log(tmp_path / "file" / "voicemaster.log") is None
        logging.getLogger("voicemaster.test").warning("the history cannot be saved")
    finally:
        for handler in [h for h in root.handlers if h not in before]:
            root.removeHandler(handler)
    assert capsys.readouterr().err == "voicemaster: the history cannot be saved\n"


def test_the_crash_log_is_rotated_at_its_size_cap(tmp_path: Path) -> None:
    import logging

    from voicemaster.host.setup.crash_log import LOG_BACKUPS, LOG_BYTES, crash_log

    root = logging.getLogger()
    before = list(root.handlers)
    path = tmp_path / "voicemaster.log"
    try:
        assert crash_log(path) == path
        noisy = logging.getLogger("voicemaster.test")
        for n in range(3 * LOG_BYTES // 1000 + 100):  # three caps' worth of 1 KB warnings
            noisy.warning("a warning %d %s", n, "x" * 1000)
    finally:
        for handler in [h for h in root.handlers if h not in before]:
            root.removeHandler(handler)
            handler.close()
    logs = sorted(tmp_path.glob("voicemaster.log*"))
    assert len(logs) == 1 + LOG_BACKUPS
    assert all(p.stat().st_size <= LOG_BYTES for p in logs)
    assert "a warning" in path.read_text()  # the newest lines are kept

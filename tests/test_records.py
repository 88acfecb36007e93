"""Game records: golden replays, truncated records, illegal lines, the writer."""

from __future__ import annotations

import errno
import json
import os
import random
import resource
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from voicemaster.cli import main
from voicemaster.records import RecordError, RecordWriter, parse_lines, read_record
from voicemaster.rules import Question, Settings, find_variant
from voicemaster.rules.registry import sample_action

GOLDEN = Path(__file__).parent / "golden"
VARIANT_DIRS = sorted(d for d in GOLDEN.iterdir() if d.is_dir())
ALL_GOLDEN = sorted(p for d in VARIANT_DIRS for p in d.glob("*.jsonl"))
ILLEGAL_CASES = [
    pytest.param(d / "illegal" / name, line, reason, id=f"{d.name}/{Path(name).stem}")
    for d in VARIANT_DIRS
    if (d / "illegal" / "expected.json").exists()
    for name, (line, reason) in json.loads((d / "illegal" / "expected.json").read_text()).items()
]


def _id(path: Path) -> str:
    return f"{path.parent.name}/{path.stem}"


def test_every_registered_variant_has_golden_and_illegal_records() -> None:
    from voicemaster.rules import variant_names

    folders = {d.name for d in VARIANT_DIRS}
    for name in set(variant_names()) - {"ord"}:  # ord plays the standard rules
        assert name in folders, f"tests/golden/{name}/ is missing"
        assert list((GOLDEN / name).glob("*.jsonl")), f"no golden records for {name}"
        assert (GOLDEN / name / "illegal" / "expected.json").exists()
    for folder in VARIANT_DIRS:
        listed = {p.values[0].name for p in ILLEGAL_CASES if p.id.startswith(f"{folder.name}/")}
        present = {p.name for p in (folder / "illegal").glob("*.jsonl")}
        assert listed == present, f"{folder.name}/illegal: expected.json and the files disagree"


@pytest.mark.parametrize("path", ALL_GOLDEN, ids=_id)
def test_golden_records_replay_to_their_expected_state(
    path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["replay", str(path)]) == 0
    last = capsys.readouterr().out.strip().splitlines()[-1]
    expected = json.loads(path.with_suffix(".expected.json").read_text())
    assert json.loads(last) == expected


@pytest.mark.parametrize("path", ALL_GOLDEN, ids=_id)
def test_every_truncation_of_a_golden_record_replays(path: Path) -> None:
    lines = path.read_text().splitlines(keepends=True)
    for n in range(1, len(lines) + 1):
        record = parse_lines(lines[:n])
        assert len(record.actions) == n - 1


@pytest.mark.parametrize(("path", "line", "reason"), ILLEGAL_CASES)
def test_illegal_records_exit_2_with_file_line_reason(
    path: Path, line: int, reason: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["replay", str(path)]) == 2
    err = capsys.readouterr().err.strip()
    prefix = f"{path}:{line}: " if line else f"{path}: "
    assert err.startswith(prefix), err
    assert str(reason) in err
    assert "Traceback" not in err


def test_replay_as_a_process_prints_no_traceback(tmp_path: Path) -> None:
    bad = tmp_path / "bad.jsonl"
    bad.write_bytes(b"\xff\xfe not text at all")
    run = subprocess.run(
        [sys.executable, "-m", "voicemaster", "replay", str(bad)],
        capture_output=True,
        text=True,
        check=False,
    )
    assert run.returncode == 2
    assert run.stderr.startswith(f"{bad}: ") and "Traceback" not in run.stderr
    missing = subprocess.run(
        [sys.executable, "-m", "voicemaster", "replay", str(tmp_path / "nope.jsonl")],
        capture_output=True,
        text=True,
        check=False,
    )
    assert missing.returncode == 2 and "Traceback" not in missing.stderr


def test_a_header_must_name_a_variant_and_teams() -> None:
    for header in (
        '{"teams": ["a", "b"]}',
        '{"variant": "standard"}',
        "[1, 2]",
        '{"variant": "standard", "teams": ["a"]}',
        '{"variant": "standard", "teams": ["a", "b"], "track": "long"}',
    ):
        with pytest.raises(RecordError) as err:
            parse_lines([header + "\n"])
        assert err.value.line == 1


def test_the_writer_appends_durable_lines_that_replay(tmp_path: Path) -> None:
    game = find_variant("standard")(["red", "blue", "green"])
    path = tmp_path / "games" / "g.jsonl"
    rng = random.Random(4)
    with RecordWriter(path, game.header()) as writer:
        while not game.finished:
            action = sample_action(game, rng)
            game.apply(action)
            writer.write(game.encode_action(action))
    replayed = read_record(path).game
    assert replayed.summary() == game.summary()
    assert replayed.finished


def test_a_torn_last_line_is_dropped_on_resume_and_mended_by_the_writer(tmp_path: Path) -> None:
    src = (GOLDEN / "standard" / "example-round.jsonl").read_text()
    path = tmp_path / "crash.jsonl"
    path.write_text(src + '{"question": {"team": "re')
    with pytest.raises(RecordError):
        read_record(path)
    record = read_record(path, tolerate_torn_tail=True)
    assert record.torn_tail and record.game.round == 1
    game = record.game
    action = game.draw_round(random.Random(1))
    game.apply(action)
    with RecordWriter(path) as writer:
        writer.write(game.encode_action(action))
    assert read_record(path).game.round == 2


def test_every_line_is_fsynced_before_the_writer_returns(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Durable means on the disk: after each line, the record's file was fsynced holding it."""
    synced: list[tuple[int, int]] = []  # (inode, size) of what each fsync made durable
    real_fsync = os.fsync

    def fsync(fd: int) -> None:
        status = os.fstat(fd)
        synced.append((status.st_ino, status.st_size))
        real_fsync(fd)

    monkeypatch.setattr(os, "fsync", fsync)
    game = find_variant("standard")(["red", "blue"], Settings(track=8, home_stretch=3))
    path = tmp_path / "g.jsonl"
    rng = random.Random(5)
    with RecordWriter(path, game.header()) as writer:
        lines = 1
        assert (path.stat().st_ino, path.stat().st_size) in synced, "the header"
        while not game.finished:
            action = sample_action(game, rng)
            game.apply(action)
            seen = len(synced)
            writer.write(game.encode_action(action))
            lines += 1
            on_disk = path.stat()
            assert (on_disk.st_ino, on_disk.st_size) in synced[seen:], f"line {lines}"
    assert len(path.read_text().splitlines()) == lines > 10


@pytest.mark.parametrize("newline", ["\n", ""], ids=["with-newline", "without-newline"])
def test_a_complete_last_line_is_never_taken_for_a_torn_one(tmp_path: Path, newline: str) -> None:
    """A finished game stays finished when read for resuming: the last line is whole (even
    when only its newline is missing), so it is replayed, not dropped (that shows Red 4,
    Blue 3 and an unfinished game instead of Red's win 8-3)."""
    src = GOLDEN / "standard" / "knockback-win.jsonl"
    expected = json.loads(src.with_suffix(".expected.json").read_text())
    lines = src.read_text().splitlines()
    path = tmp_path / "done.jsonl"
    path.write_text("\n".join(lines) + newline)
    record = read_record(path, tolerate_torn_tail=True)
    assert not record.torn_tail and len(record.actions) == len(lines) - 1
    assert record.game.summary() == expected and record.game.winner == "red"
    assert record.game.positions == {"red": 8, "blue": 3}


def test_a_complete_last_line_without_its_newline_is_kept_by_the_writer_too(
    tmp_path: Path,
) -> None:
    lines = (GOLDEN / "standard" / "example-round.jsonl").read_text().splitlines()
    path = tmp_path / "g.jsonl"
    path.write_text("\n".join(lines[:5]))  # the fourth action is whole, its newline missing
    game = read_record(path, tolerate_torn_tail=True).game
    team, _ = game.current()
    action = Question(team, "right")
    game.apply(action)
    with RecordWriter(path) as writer:
        writer.write(game.encode_action(action))
    assert read_record(path).game.summary() == game.summary()


class FullDisk:
    """``os`` for the record writer, with a disk that fills up: ``room`` bytes more fit, then a
    write is cut short and the next one fails with ENOSPC, as a full disk does."""

    def __init__(self, room: int) -> None:
        self.room = room

    def __getattr__(self, name: str) -> object:
        return getattr(os, name)

    def write(self, fd: int, data: bytes) -> int:
        if self.room <= 0:
            raise OSError(errno.ENOSPC, "No space left on device")
        part = data[: self.room]
        self.room -= len(part)
        return os.write(fd, part)


def test_a_line_the_disk_cannot_take_is_cut_back_and_said_why(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from voicemaster import records
    from voicemaster.records import SaveError

    game = find_variant("standard")(["red", "blue"])
    path = tmp_path / "full.jsonl"
    writer = RecordWriter(path, game.header())
    before = path.read_bytes()
    monkeypatch.setattr(records, "os", FullDisk(room=30))
    action = game.draw_round(random.Random(1))
    with pytest.raises(SaveError) as failed:
        writer.write(game.encode_action(action))
    assert failed.value.reason == "the disk is full"
    assert path.read_bytes() == before  # the 30 bytes that fitted were cut off again
    monkeypatch.setattr(records, "os", os)  # room again: the same line goes in whole
    writer.write(game.encode_action(action))
    writer.close()
    assert read_record(path).game.round == 1


def test_a_file_size_limit_leaves_whole_lines_and_one_error_line(tmp_path: Path) -> None:
    """A real short write: the kernel's file size limit (as a nearly full disk) cuts a write."""
    record = tmp_path / "limited.jsonl"
    deck = Path(__file__).parent / "data" / "host" / "mini-standard.yaml"
    limit = 2500

    def limited() -> None:
        signal.signal(signal.SIGXFSZ, signal.SIG_IGN)
        resource.setrlimit(resource.RLIMIT_FSIZE, (limit, limit))

    run = subprocess.run(
        [sys.executable, "-m", "voicemaster", "simulate", "--teams", "2", "--seed", "3",
         "--deck", str(deck), "--record", str(record)],
        capture_output=True, text=True, check=False, preexec_fn=limited,
    )  # fmt: skip
    assert run.returncode == 2 and "Traceback" not in run.stderr, run.stderr[-2000:]
    assert run.stderr.strip() == f"voicemaster: cannot save {record}: the file has grown too large"
    data = record.read_bytes()
    assert 0 < len(data) <= limit and data.endswith(b"\n")
    assert read_record(record).actions  # every line whole: it replays

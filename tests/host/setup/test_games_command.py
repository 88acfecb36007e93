"""`voicemaster games`: one numbering in every list, delete asks first and moves the game to
the trash, `games restore` brings it back; rename takes a name with or without ``.jsonl``."""

from __future__ import annotations

import io
import json
import os
import time
from pathlib import Path

import pytest

from tests.helpers.host import DECK
from voicemaster.cli import main

DAY = 24 * 3600


def saved(folder: Path, name: str, age_days: float, finished: bool = False) -> Path:
    """A standard game in ``folder`` (finished: played out by a simulation)."""
    record = folder / f"{name}.jsonl"
    args = ["simulate", "--teams", "2", "--track", "8", "--seed", "5", "--deck", str(DECK)]
    assert main([*args, "--record", str(record)]) == 0
    if not finished:
        lines = record.read_text().splitlines(keepends=True)
        record.write_text("".join(lines[:3]))
    stamp = time.time() - age_days * DAY
    os.utime(record, (stamp, stamp))
    return record


def listing(capsys: pytest.CaptureFixture[str], *args: str) -> dict[str, int]:
    assert main(["games", "--json", *args]) == 0
    return {g["name"]: g["number"] for g in json.loads(capsys.readouterr().out)["games"]}


def test_games_and_games_all_number_alike(
    data_folder: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    games = data_folder / "games"
    saved(games, "open-old", 3)
    saved(games, "done", 2, finished=True)
    saved(games, "open-new", 1)
    capsys.readouterr()
    everything = listing(capsys, "--all")
    assert everything == {"open-new": 1, "done": 2, "open-old": 3}
    assert listing(capsys) == {"open-new": 1, "open-old": 3}
    assert main(["games"]) == 0
    assert "  3  open-old" in capsys.readouterr().out
    assert main(["games", "delete", "3", "--yes"]) == 0  # the number games showed
    assert not (games / "open-old.jsonl").exists() and (games / "done.jsonl").exists()


def test_delete_asks_and_moves_to_the_trash_and_restore_brings_back(
    data_folder: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    record = saved(data_folder / "games", "party", 1)
    kept = record.read_bytes()
    monkeypatch.setattr("sys.stdin", io.StringIO(""))  # no one to answer: refused
    assert main(["games", "delete", "party"]) == 2
    err = capsys.readouterr().err
    assert (
        err
        == "voicemaster: nothing deleted: no answer to the question (add --yes to delete party)\n"
    )
    monkeypatch.setattr("sys.stdin", io.StringIO("n\n"))
    assert main(["games", "delete", "party"]) == 0
    assert "Delete this game? [y/N]" in capsys.readouterr().out and record.exists()
    monkeypatch.setattr("sys.stdin", io.StringIO("y\n"))
    assert main(["games", "delete", "1"]) == 0
    trashed = data_folder / "trash" / "party.jsonl"
    assert not record.exists() and trashed.read_bytes() == kept
    capsys.readouterr()
    assert main(["games", "trash"]) == 0
    assert "  1  party" in capsys.readouterr().out
    assert main(["games", "restore", "1"]) == 0
    assert record.read_bytes() == kept and not trashed.exists()
    assert main(["games", "restore", "party"]) == 2  # nothing left in the trash


def test_rename_takes_a_name_with_its_suffix(
    data_folder: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    games = data_folder / "games"
    saved(games, "game-20260101-120000-1", 1)
    assert main(["games", "rename", "1", "x.jsonl"]) == 0
    assert (games / "x.jsonl").exists() and not (games / "x.jsonl.jsonl").exists()


def test_a_game_being_played_is_neither_deleted_nor_renamed(
    data_folder: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from voicemaster.files import lock_path
    from voicemaster.records import RecordWriter

    record = saved(data_folder / "games", "party", 1)
    playing = RecordWriter(record)  # as a game holds it
    try:
        assert main(["games", "delete", "party", "--yes"]) == 2
        assert main(["games", "rename", "party", "other"]) == 2
        assert capsys.readouterr().err.count("this game is being played elsewhere") == 2
        assert record.exists()
    finally:
        playing.close()
    assert not lock_path(record).exists()
    assert main(["games", "delete", "party", "--yes"]) == 0

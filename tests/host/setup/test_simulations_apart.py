"""Simulated games live apart from played ones (the data folder's simulations/), are never
offered by `play` and never overwrite one another; a data folder that is a file or read-only
is one plain line for `simulate` and `play`, never a traceback or raw ``[Errno N]`` text."""

from __future__ import annotations

import io
from pathlib import Path

import pytest

from tests.helpers.cli import KEYBOARD, last_json
from tests.helpers.host import DECK
from tests.host.setup.test_unsaved import Disk
from voicemaster import records
from voicemaster.cli import main

SIMULATE = ["simulate", "--teams", "2", "--track", "8", "--seed", "5", "--deck", str(DECK)]


def test_simulations_go_to_their_own_folder_and_never_overwrite(
    data_folder: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(SIMULATE) == 0
    first = Path(str(last_json(capsys.readouterr().out)["record"]))
    assert first == data_folder / "simulations" / "simulate-standard-2-5.jsonl"
    kept = first.read_bytes()
    assert main(SIMULATE) == 0
    second = Path(str(last_json(capsys.readouterr().out)["record"]))
    assert second == data_folder / "simulations" / "simulate-standard-2-5-2.jsonl"
    assert first.read_bytes() == kept and second.read_bytes() == kept  # same seed, same game
    assert not (data_folder / "games").exists()


def test_play_never_offers_a_simulation(
    data_folder: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    games = data_folder / "games"
    games.mkdir()
    assert main([*SIMULATE, "--record", str(games / "old-sim.jsonl")]) == 0
    lines = (games / "old-sim.jsonl").read_text().splitlines(keepends=True)
    (games / "old-sim.jsonl").write_text("".join(lines[:4]))  # unfinished, where older ones lie
    capsys.readouterr()
    assert main([*KEYBOARD, "--resume"]) == 2
    assert "no unfinished game in" in capsys.readouterr().err
    monkeypatch.setattr("sys.stdin", io.StringIO("keep\nkeep\nquit\n"))
    assert main([*KEYBOARD, "--teams", "2", "--deck", str(DECK)]) == 0
    out = capsys.readouterr().out
    assert "unfinished game" not in out and "A new game of standard" in out


def test_a_data_folder_that_is_a_file_is_one_plain_line(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    data = tmp_path / "afile"
    data.write_text("not a folder")
    assert main([*SIMULATE, "--data", str(data)]) == 2
    err = capsys.readouterr().err
    record = data / "simulations" / "simulate-standard-2-5.jsonl"
    assert err == f"voicemaster: cannot save {record}: part of the folder path is a file\n"
    monkeypatch.setattr("sys.stdin", io.StringIO("no\n"))
    assert main([*KEYBOARD, "--teams", "2", "--deck", str(DECK), "--data", str(data)]) == 2
    err = capsys.readouterr().err
    assert "[Errno" not in err and "Traceback" not in err
    assert err.splitlines()[-1].endswith("part of the folder path is a file")


def test_a_read_only_data_folder_is_one_plain_line_for_simulate(
    data_folder: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(records, "os", Disk(read_only=data_folder / "simulations"))
    assert main(SIMULATE) == 2
    record = data_folder / "simulations" / "simulate-standard-2-5.jsonl"
    assert capsys.readouterr().err == f"voicemaster: cannot save {record}: the disk is read-only\n"

"""`voicemaster simulate` end to end, and resuming it from a cut record."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.host.helpers import DECK
from voicemaster.cli import main
from voicemaster.records import read_record


def simulate(capsys: pytest.CaptureFixture[str], *args: str) -> dict[str, object]:
    assert main(["simulate", *args]) == 0
    out = capsys.readouterr().out.strip().splitlines()
    result: dict[str, object] = json.loads(out[-1])
    return result


def options(record: Path, seed: int = 7) -> list[str]:
    return [
        "--teams",
        "3",
        "--seed",
        str(seed),
        "--track",
        "12",
        "--deck",
        str(DECK),
        "--record",
        str(record),
    ]


def test_simulate_plays_a_whole_game(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    result = simulate(capsys, *options(tmp_path / "a.jsonl"))
    assert set(result) == {
        "variant",
        "winner",
        "rounds",
        "questions",
        "misjudged",
        "positions",
        "record",
    }
    record = read_record(tmp_path / "a.jsonl")
    assert record.game.finished and record.game.winner == result["winner"]
    assert result["positions"] == record.game.positions
    assert result["questions"] >= 12  # type: ignore[operator]
    again = simulate(capsys, *options(tmp_path / "b.jsonl"))
    assert {**again, "record": ""} == {**result, "record": ""}  # the seed decides everything
    other = simulate(capsys, *options(tmp_path / "c.jsonl", seed=8))
    assert (tmp_path / "a.jsonl").read_text() != (tmp_path / "c.jsonl").read_text()
    assert other["record"] == str(tmp_path / "c.jsonl")


@pytest.mark.parametrize("keep", [2, 7, 15])
def test_resume_from_a_cut_record_ends_like_the_whole_run(
    capsys: pytest.CaptureFixture[str],
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    keep: int,
) -> None:
    monkeypatch.chdir(tmp_path)
    whole = simulate(capsys, *options(tmp_path / "whole.jsonl"))
    lines = (tmp_path / "whole.jsonl").read_text().splitlines(keepends=True)
    cut = tmp_path / "cut.jsonl"
    cut.write_text("".join(lines[:keep]) + lines[keep][: len(lines[keep]) // 2])  # torn tail
    resumed = simulate(capsys, "--resume", str(cut))
    assert {**resumed, "record": ""} == {**whole, "record": ""}
    assert cut.read_text() == (tmp_path / "whole.jsonl").read_text()


def test_resume_of_a_broken_record_is_a_clear_error(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    bad = tmp_path / "bad.jsonl"
    bad.write_text('{"variant": "standard", "teams": ["red"]}\n')
    assert main(["simulate", "--resume", str(bad)]) == 2
    err = capsys.readouterr().err
    assert f"{bad}:1:" in err and "Traceback" not in err

"""`voicemaster simulate --variant kompakt` in both modes, resumed, and its header."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.helpers.host import DECK, simulate
from voicemaster.cli import main
from voicemaster.records import read_record


def options(record: Path, *extra: str) -> list[str]:
    return [
        "--variant", "kompakt", "--teams", "3", "--seed", "5",
        "--deck", str(DECK), "--record", str(record), *extra,
    ]  # fmt: skip


@pytest.mark.parametrize("mode", ["race", "empty-bag"])
def test_a_kompakt_game_is_simulated(
    capsys: pytest.CaptureFixture[str],
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    mode: str,
) -> None:
    monkeypatch.chdir(tmp_path)
    whole = simulate(capsys, *options(tmp_path / "whole.jsonl", "--mode", mode))
    record = read_record(tmp_path / "whole.jsonl")
    assert record.header.fields["target"] == 20 and record.header.fields["mode"] == mode
    assert "track" not in record.header.fields and "home_stretch" not in record.header.fields
    assert record.game.winner == whole["winner"] is not None
    if mode == "race":
        assert max(record.game.positions.values()) >= 20
    else:
        assert record.game.round == 6  # 20 tokens for 3 teams: six rounds


def test_the_target_comes_from_track_and_mode_is_kompakt_only(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    result = simulate(capsys, *options(tmp_path / "g.jsonl", "--track", "9"))
    assert read_record(tmp_path / "g.jsonl").header.fields["target"] == 9
    assert max(result["positions"].values()) >= 9  # type: ignore[attr-defined]
    record = str(tmp_path / "s.jsonl")
    assert main(["simulate", "--mode", "empty-bag", "--record", record, "--deck", str(DECK)]) == 2
    assert "--mode empty-bag is for kompakt" in capsys.readouterr().err

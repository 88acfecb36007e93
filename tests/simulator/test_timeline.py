"""`voicemaster simulate --variant timeline` end to end (text), and resuming it."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.helpers.host import simulate
from voicemaster.cli import main
from voicemaster.records import read_record

DECK = Path(__file__).resolve().parents[1] / "data" / "timeline" / "events.yaml"
KEYS = {"variant", "winner", "rounds", "questions", "misjudged", "positions", "record"}


def options(record: Path, seed: int = 5, teams: int = 3) -> list[str]:
    return [
        "--variant",
        "timeline",
        "--teams",
        str(teams),
        "--seed",
        str(seed),
        "--deck",
        str(DECK),
        "--record",
        str(record),
    ]


@pytest.mark.parametrize("teams", [2, 3, 4])
def test_simulate_timeline_plays_to_a_winner_with_the_standard_summary(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch, teams: int
) -> None:
    monkeypatch.chdir(tmp_path)
    result = simulate(capsys, *options(tmp_path / "a.jsonl", teams=teams))
    assert set(result) == KEYS and result["variant"] == "timeline"
    record = read_record(tmp_path / "a.jsonl")
    game = record.game
    assert game.finished and game.winner == result["winner"]
    assert result["positions"] == game.positions and result["rounds"] == 2
    assert result["questions"] >= 8 * teams  # two rounds of four placements each
    assert result["misjudged"] == 0  # the parser understood every simulated placement
    lines = (tmp_path / "a.jsonl").read_text().splitlines()
    assert json.loads(lines[1])["deal"]["line"][0].keys() >= {"id", "year"}
    again = simulate(capsys, *options(tmp_path / "b.jsonl", teams=teams))
    assert {**again, "record": ""} == {**result, "record": ""}  # the seed decides everything


def test_a_standard_deck_cannot_serve_a_timeline_game(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    standard = Path(__file__).resolve().parents[1] / "data" / "host" / "mini-standard.yaml"
    args = options(tmp_path / "x.jsonl")
    args[args.index("--deck") + 1] = str(standard)
    assert main(["simulate", *args]) == 2
    err = capsys.readouterr().err
    assert "voicemaster:" in err and "Traceback" not in err
    assert "timeline cards" in err and not (tmp_path / "x.jsonl").exists()


def test_play_rejects_a_standard_deck_for_timeline_before_any_record(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    standard = Path(__file__).resolve().parents[2] / "decks" / "standard-en.yaml"
    record = tmp_path / "t.jsonl"
    play = ["play", "--input", "keyboard", "--output", "text", "--variant", "timeline"]
    args = [*play, "--teams", "2", "--deck", str(standard), "--record", str(record)]
    assert main(args) == 2
    captured = capsys.readouterr()
    assert "0 timeline cards" in captured.err and "give a timeline deck" in captured.err
    assert "A new game" not in captured.out and not record.exists()
    assert not list(tmp_path.glob("games/*.jsonl"))

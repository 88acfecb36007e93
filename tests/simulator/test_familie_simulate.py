"""`voicemaster simulate --variant familie` end to end, and resumed from a cut record."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.helpers.host import simulate
from voicemaster.cli import main
from voicemaster.decks import load_deck
from voicemaster.records import read_record

DECK = Path(__file__).resolve().parents[1] / "data" / "host" / "mini-familie.yaml"


def options(record: Path, *extra: str) -> list[str]:
    return [
        "--variant", "familie", "--teams", "3", "--seed", "11", "--track", "14",
        "--deck", str(DECK), "--record", str(record), *extra,
    ]  # fmt: skip


def test_a_family_game_is_simulated(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    whole = simulate(capsys, *options(tmp_path / "whole.jsonl", "--kinds", "red=child"))
    assert whole["variant"] == "familie" and whole["winner"] is not None
    record = read_record(tmp_path / "whole.jsonl")
    assert record.header.fields["kinds"] == {"red": "child", "blue": "adult", "green": "adult"}
    assert record.game.winner == whole["winner"] and record.game.positions == whole["positions"]


def test_a_simulated_family_mixes_children_and_adults(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    simulate(capsys, *options(tmp_path / "g.jsonl"))
    record = read_record(tmp_path / "g.jsonl")
    assert set(record.header.fields["kinds"].values()) == {"child", "adult"}
    text = (tmp_path / "g.jsonl").read_text()
    assert '"question"' in text and '"round"' in text


def test_bad_kinds_are_a_clear_error(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    assert main(["simulate", *options(tmp_path / "g.jsonl", "--kinds", "red=teen")]) == 2
    err = capsys.readouterr().err
    assert "red=child or red=adult" in err and "Traceback" not in err
    assert main(["simulate", "--kinds", "red=child", "--record", str(tmp_path / "s.jsonl")]) == 2
    assert "--kinds is for familie" in capsys.readouterr().err


def test_play_asks_each_team_whether_it_is_children_or_adults(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import io

    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr("sys.stdin", io.StringIO("we are kids\ngrown ups\nquit\n"))
    code = main(["play", "--input", "keyboard", "--output", "text", "--variant", "familie",
                 "--teams", "2", "--deck", str(DECK), "--record", "p.jsonl"])  # fmt: skip
    out = capsys.readouterr().out
    assert code == 0
    assert "Red: are you children or adults?" in out and "Red is a children's team." in out
    assert "Blue is an adults' team." in out
    assert read_record(tmp_path / "p.jsonl").header.fields["kinds"] == {
        "red": "child",
        "blue": "adult",
    }


def test_children_answering_by_letter_name_the_option_as_read(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The options are read in an order shuffled per game: simulated children who say
    "option B" mean the second option as read, and the quizmaster judges it so."""
    monkeypatch.chdir(tmp_path)
    kinds = ("--kinds", "red=child,blue=child,green=child")
    deck_order = {card.id: card.options for card in load_deck(DECK).questions}
    moved = 0
    for seed in ("3", "4", "5"):
        path = tmp_path / f"g{seed}.jsonl"
        summary = simulate(capsys, *options(path, *kinds), "--seed", seed)
        assert summary["misjudged"] == 0
        lines = [json.loads(text) for text in path.read_text().splitlines()]
        asked = [line for line in lines if "question" in line and "options" in line]
        assert asked
        moved += sum(tuple(line["options"]) != deck_order[line["card"]] for line in asked)
    assert moved > 0

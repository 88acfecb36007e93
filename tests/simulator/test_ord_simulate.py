"""The word edition on the standard board, and decks that cannot serve a game."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.helpers.host import Table, questions, simulate, watch
from voicemaster.cli import main
from voicemaster.decks import load_deck
from voicemaster.host.dialogue import Quizmaster
from voicemaster.host.listening import Timing
from voicemaster.host.log import GameLog
from voicemaster.host.quiz import Quiz
from voicemaster.host.text_io import TranscriptSpeaker
from voicemaster.rules.standard.categories import ORD

DATA = Path(__file__).resolve().parents[1] / "data" / "host"
DECK = DATA / "mini-ord.yaml"


def test_ord_prompts_name_the_word_categories(tmp_path: Path) -> None:
    header = {"variant": "ord", "teams": ["red", "blue"], "track": 8, "home_stretch": 2,
              "seed": 3, "deck": [str(DECK)]}  # fmt: skip
    log = GameLog(tmp_path / "g.jsonl", header)
    speaker = TranscriptSpeaker()
    table = Table().at("arrange", lambda cue: cue.options[-1].lower(), "keep")
    qm = Quizmaster(log, Quiz(load_deck(DECK)), speaker, table, Timing(mic_retry=0.0))
    watch(table, qm)
    assert qm.run() == "finished"
    drawn = log.lines[1]["round"]["slots"]
    first = next(c for c in table.cues if c.kind == "arrange")
    assert drawn[first.team][3] == first.options[-1]  # a category named by voice (lower case)
    announced = [s for s in speaker.said if "point" in s and s.rstrip(".").endswith(ORD)]
    assert len(announced) >= len(questions(qm))
    for line in questions(qm):
        assert qm.quiz.card(line["card"]).category in ORD  # type: ignore[union-attr]


def test_an_ord_game_is_simulated(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    args = ["--variant", "ord", "--teams", "2", "--seed", "9", "--track", "12",
            "--deck", str(DECK), "--record", str(tmp_path / "whole.jsonl")]  # fmt: skip
    whole = simulate(capsys, *args)
    assert whole["variant"] == "ord" and whole["winner"] is not None


@pytest.mark.parametrize(
    ("variant", "deck", "message"),
    [
        ("ord", "missing.yaml", "cannot read the file"),
        ("ord", "broken.yaml", "YAML syntax error"),
        ("ord", str(DATA / "mini-standard.yaml"), "has no questions for 20 ord categories"),
        ("familie", str(DATA / "mini-ord.yaml"), "give a familie deck with --deck"),
        ("kompakt", str(DATA / "mini-familie.yaml"), "kompakt categories"),
    ],
)
def test_a_missing_or_unsuitable_deck_is_a_clear_error(
    capsys: pytest.CaptureFixture[str],
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    variant: str,
    deck: str,
    message: str,
) -> None:
    monkeypatch.chdir(tmp_path)
    (tmp_path / "broken.yaml").write_text("deck: x\nquestions: [\n")
    record = tmp_path / "g.jsonl"
    code = main(["simulate", "--variant", variant, "--deck", deck, "--record", str(record)])
    err = capsys.readouterr().err
    assert code == 2 and message in err and "Traceback" not in err
    assert not record.exists()  # nothing half-started


def test_a_missing_default_deck_names_the_flag(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr("voicemaster.places.PROJECT", tmp_path)
    assert main(["simulate", "--variant", "ord"]) == 2
    err = capsys.readouterr().err
    assert "decks/ord-en.yaml is missing; give a deck with --deck" in err


def test_play_with_a_broken_deck_is_a_clear_error(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    (tmp_path / "broken.yaml").write_text("deck: x\nquestions: [\n")
    monkeypatch.setattr("sys.stdin", __import__("io").StringIO(""))
    code = main(["play", "--input", "keyboard", "--output", "text", "--teams", "2",
                 "--variant", "ord", "--deck", "broken.yaml", "--record", "p.jsonl"])  # fmt: skip
    err = capsys.readouterr().err
    assert code == 2 and "broken.yaml:3: YAML syntax error" in err and "Traceback" not in err
    assert not (tmp_path / "p.jsonl").exists()

"""`voicemaster play` refuses a flag that cannot make a game before it says a word (not after
the set-up dialogue)."""

from __future__ import annotations

import io
from pathlib import Path

import pytest

from tests.helpers.cli import KEYBOARD
from voicemaster.cli import main

SETUP = "standard\n2\ncolours\ntwenty\n" + "keep\n" * 8 + "quit\n"  # answers a set-up by voice


@pytest.mark.parametrize(
    ("flags", "message"),
    [
        (["--track", "1"], "--track 1: the track must be at least 2"),
        (["--variant", "kompakt", "--track", "0"], "--track 0: the points to win must be at"),
        (["--home-stretch", "30"], "--home-stretch 30: the home stretch must be shorter than"),
        (["--track", "12", "--home-stretch", "-1"], "--home-stretch -1: it cannot be negative"),
        (["--variant", "standard", "--kinds", "red=child"], "--kinds is for familie"),
        (["--variant", "ord", "--mode", "empty-bag"], "--mode empty-bag is for kompakt"),
        (["--names", "tigers,owls", "--kinds", "red=child"], "--kinds is for familie"),
        (["--variant", "familie", "--teams", "2", "--kinds", "pink=child"], "'pink'"),
        (["--deck", "no-such-deck.yaml"], "--deck no-such-deck.yaml: "),
        (["--deck", "broken.yaml"], "--deck broken.yaml: "),
    ],
)
def test_a_flag_that_cannot_make_a_game_is_refused_before_a_word_is_said(
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    flags: list[str],
    message: str,
) -> None:
    monkeypatch.chdir(tmp_path)
    (tmp_path / "broken.yaml").write_text("deck: x\nquestions: [1, 2\n")
    monkeypatch.setattr("sys.stdin", io.StringIO(SETUP))
    assert main([*KEYBOARD, *flags]) == 2
    captured = capsys.readouterr()
    assert captured.out == ""  # nothing was said or asked
    assert captured.err.startswith("voicemaster: ") and message in captured.err
    assert len(captured.err.splitlines()) == 1 and "Traceback" not in captured.err
    assert not list(tmp_path.glob("games/*.jsonl"))  # no record was started


def test_flags_that_make_a_game_pass_the_check(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr("sys.stdin", io.StringIO("keep\n" * 8 + "quit\n"))
    flags = ["--teams", "2", "--track", "12", "--home-stretch", "3", "--seed", "1"]
    assert main([*KEYBOARD, *flags]) == 0
    assert "The finish is at 12." in capsys.readouterr().out

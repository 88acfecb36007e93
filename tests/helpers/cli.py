"""Running commands as a player would: ``play`` with typed lines, ``deck`` with its output."""

from __future__ import annotations

import io
import json

import pytest

from voicemaster.cli import main

KEYBOARD = ["play", "--input", "keyboard", "--output", "text"]


def play(monkeypatch: pytest.MonkeyPatch, typed: str, *args: str) -> int:
    """``voicemaster play`` at the keyboard, the lines ``typed`` as the players' input."""
    monkeypatch.setattr("sys.stdin", io.StringIO(typed))
    return main([*KEYBOARD, *args])


def run_deck(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    """``voicemaster deck ARGV``: its exit status, standard output and standard error."""
    code = main(["deck", *argv])
    out, err = capsys.readouterr()
    return code, out, err


def last_json(out: str) -> dict[str, object]:
    """The JSON object on the output's last line (a command's summary)."""
    result: dict[str, object] = json.loads(out.strip().splitlines()[-1])
    return result

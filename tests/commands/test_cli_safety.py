"""The command line refuses what it cannot do with one line and exit 2: a named voice that
does not exist, reserved team names, unbounded tracks, unknown flags, a missing config file,
a record in a folder that does not exist (issue 27)."""

from __future__ import annotations

from pathlib import Path

import pytest

from voicemaster.cli import main


def one_line_error(capsys: pytest.CaptureFixture[str]) -> str:
    err = capsys.readouterr().err.strip()
    assert "Traceback" not in err
    return err


def test_an_unknown_voice_asked_for_by_name_is_an_error(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "x.wav"
    assert main(["say", "--voice", "piper:nosuch", "--wav", str(out), "hello"]) == 2
    err = one_line_error(capsys)
    assert err.startswith("voicemaster say: the voice piper:nosuch cannot be used")
    assert not out.exists()  # no espeak file in its place

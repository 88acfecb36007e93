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


def test_reserved_words_are_refused_as_team_names(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "--names", "pass,quit"]) == 2
    assert "pass is something I listen for during the game" in one_line_error(capsys)


def test_the_track_is_bounded(capsys: pytest.CaptureFixture[str]) -> None:
    for command in ("play", "simulate"):
        assert main([command, "--track", "100000"]) == 2
        assert "--track 100000: the track may be at most 100" in one_line_error(capsys)


def test_an_unknown_flag_prints_its_commands_usage(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as stop:
        main(["play", "--foo"])
    assert stop.value.code == 2
    err = one_line_error(capsys)
    assert err.startswith("usage: voicemaster play") and "unrecognized arguments: --foo" in err


def test_a_named_config_file_that_does_not_exist_is_an_error(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv("VOICEMASTER_CONFIG", str(tmp_path / "nosuch.toml"))
    assert main(["simulate", "--data", str(tmp_path)]) == 2
    assert "nosuch.toml: no such config file" in one_line_error(capsys)


def test_a_record_in_a_missing_folder_makes_no_folders(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    record = tmp_path / "no" / "such" / "x.jsonl"
    assert main(["simulate", "--data", str(tmp_path / "d"), "--record", str(record)]) == 2
    assert f"no folder {record.parent.parent}" in one_line_error(capsys)
    assert not (tmp_path / "no").exists()

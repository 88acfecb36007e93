"""`judge`, `hear` and `spot` read JSON Lines with fixed keys: an unknown or missing key is
an error at FILE:LINE with exit 2 (not "nothing was said"), and a truncated WAV is an error,
not silence (issue 27 item 14)."""

from __future__ import annotations

import contextlib
import json
from pathlib import Path

import pytest

from voicemaster.cli import main
from voicemaster.speech.audio import AudioError, decode_wav, wav_bytes


def test_judge_refuses_unknown_and_missing_keys_at_file_and_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "in.jsonl"
    rows = [
        {"id": 1, "spoken": "paris", "answer": "Paris"},
        {"id": 2, "heard": "paris", "answer": "Paris"},
        {"id": 3, "answer": "Paris"},
    ]
    path.write_text("".join(json.dumps(r) + "\n" for r in rows))
    assert main(["judge", "--jsonl", str(path)]) == 2
    captured = capsys.readouterr()
    out = [json.loads(line) for line in captured.out.splitlines()]
    assert out[0]["correct"] is True and "error" in out[1] and "error" in out[2]
    err = captured.err.splitlines()
    assert err[0].startswith(f"{path}:2: unknown key 'heard'")
    assert err[1] == f"{path}:3: missing key 'spoken'"


def test_a_truncated_wav_is_an_error_not_silence() -> None:
    whole = wav_bytes(b"\x01\x00" * 16000)
    assert len(decode_wav(whole)) == 32000
    with pytest.raises(AudioError, match="truncated WAV"):
        decode_wav(whole[: len(whole) // 2])


def test_hear_refuses_unknown_keys_and_truncated_wavs_at_file_and_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    pytest.importorskip("pocketsphinx")
    (tmp_path / "cut.wav").write_bytes(wav_bytes(b"\x00\x00" * 16000)[:20000])
    rows = [
        {"id": "k", "wav": "cut.wav", "answer": "x", "spoken": "x"},
        {"id": "t", "wav": "cut.wav", "answer": "x"},
        {"id": "m", "wav": "cut.wav"},
    ]
    path = tmp_path / "in.jsonl"
    path.write_text("".join(json.dumps(r) + "\n" for r in rows))
    assert main(["hear", "--jsonl", str(path), "--asr", "pocketsphinx"]) == 2
    err = capsys.readouterr().err.splitlines()
    assert err[0].startswith(f"{path}:1: unknown key 'spoken'")
    assert err[1].startswith(f"{path}:2: ") and "truncated WAV" in err[1]
    assert err[2] == f"{path}:3: missing key 'answer'"


def test_hear_model_loads_a_whisper_folder_or_says_what_a_model_folder_holds(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from voicemaster.speech.asr.recognizers import make_recognizer
    from voicemaster.speech.asr.whisper_asr import WhisperRecognizer, bundled_model
    from voicemaster.speech.base import SpeechUnavailable

    path = tmp_path / "in.jsonl"
    path.write_text("")
    empty = tmp_path / "empty-model"
    empty.mkdir()
    assert main(["hear", "--jsonl", str(path), "--model", str(empty)]) == 2
    err = capsys.readouterr().err
    assert "a Whisper model folder holds model.bin" in err and "not a vosk model" not in err
    try:
        folder = bundled_model()
    except SpeechUnavailable:
        return  # no Whisper here: the message above is what a user gets
    # the bundled tiny.en folder is a Whisper model folder like a downloaded one
    assert isinstance(make_recognizer(None, folder), WhisperRecognizer)


def test_judge_takes_a_labelled_set_and_echoes_its_label(tmp_path: Path) -> None:
    """The hold-out's lines carry `expect` and `rule` (labels) and cards may carry their
    `question`: taken, and `expect` comes back beside the verdict; a misspelt key still fails."""
    path = tmp_path / "labelled.jsonl"
    line = {"id": "a", "spoken": "seven dwarfs", "answer": "7", "expect": "right", "rule": "noun",
            "question": "How many dwarfs live with Snow White?"}  # fmt: skip
    path.write_text(json.dumps(line) + "\n" + json.dumps({**line, "expct": "right"}) + "\n")
    out = tmp_path / "out.jsonl"
    with open(out, "w") as stream, contextlib.redirect_stdout(stream):
        status = main(["judge", "--jsonl", str(path)])
    first, second = (json.loads(x) for x in out.read_text().splitlines())
    assert first["verdict"] == "right" and first["expect"] == "right"
    assert "unknown key 'expct'" in second["error"] and status == 2

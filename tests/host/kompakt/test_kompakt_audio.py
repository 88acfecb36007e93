"""One short kompakt game simulated through audio (flite voices, noise, the real recognizer),
and resumed from a cut record to the same end."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from voicemaster.cli import main

pytestmark = pytest.mark.slow


def test_a_short_kompakt_game_through_audio_resumes_exactly(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    pytest.importorskip("pocketsphinx", reason="pocketsphinx is needed to hear the teams")
    if shutil.which("flite") is None:
        pytest.skip("flite is needed to give the teams voices")
    monkeypatch.chdir(tmp_path)
    whole_path = tmp_path / "whole.jsonl"
    args = ["simulate", "--variant", "kompakt", "--teams", "2", "--track", "6", "--seed", "2",
            "--through", "audio", "--record", str(whole_path)]  # fmt: skip
    assert main(args) == 0
    whole = json.loads(capsys.readouterr().out.strip().splitlines()[-1])
    assert whole["variant"] == "kompakt" and whole["winner"] is not None
    assert max(whole["positions"].values()) >= 6
    assert whole["misjudged"] <= whole["questions"] // 2  # a recognizer, not a coin
    lines = whole_path.read_text().splitlines(keepends=True)
    assert json.loads(lines[0])["simulate"]["through"] == "audio"
    cut = tmp_path / "cut.jsonl"
    cut.write_text("".join(lines[: len(lines) * 3 // 4]))
    assert main(["simulate", "--resume", str(cut)]) == 0
    resumed = json.loads(capsys.readouterr().out.strip().splitlines()[-1])
    assert {**resumed, "record": ""} == {**whole, "record": ""}
    assert cut.read_text() == "".join(lines)

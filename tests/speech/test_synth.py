"""Synthesis with the real flite and espeak-ng binaries."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from voicemaster.audio_sim import synth
from voicemaster.speech import audio
from voicemaster.speech.base import SpeechUnavailable


@pytest.mark.parametrize("voice", ["flite:slt", "flite:rms", "flite:awb"])
def test_flite_voices_speak(flite: None, voice: str) -> None:
    pcm = synth.synthesize("the eiffel tower", voice)
    assert 0.6 < audio.duration_s(pcm) < 3.0
    assert audio.active_level_db(pcm) > -35
    assert audio.zero_run(synth.render("the eiffel tower", voice)) > 10  # why we dither
    assert audio.zero_run(pcm) <= 10


def test_espeak_english_and_korean(espeak: None) -> None:
    en = synth.synthesize("the eiffel tower", "espeak:en")
    ko = synth.synthesize("안녕하세요", "espeak:ko+f3")
    for pcm in (en, ko):
        assert audio.duration_s(pcm) > 0.4
        assert audio.active_level_db(pcm) > -35
        assert audio.zero_run(pcm) <= 10


@pytest.mark.parametrize("voice", ["flite:slt", "espeak:en"])
def test_rate_changes_duration(flite: None, espeak: None, voice: str) -> None:
    slow = audio.duration_s(synth.render("napoleon bonaparte", voice, 0.75))
    fast = audio.duration_s(synth.render("napoleon bonaparte", voice, 1.3))
    assert slow > 1.3 * fast


def test_cached_and_seeded(flite: None) -> None:
    first = synth.render("mount everest", "flite:slt")
    assert synth.render("mount everest", "flite:slt") is first
    a = synth.synthesize("mount everest", seed=1)
    assert a == synth.synthesize("mount everest", seed=1)
    assert a != synth.synthesize("mount everest", seed=2)


def test_noise_at_requested_snr(flite: None) -> None:
    clean = synth.synthesize("mount everest", seed=3)
    noisy = synth.synthesize("mount everest", seed=3, snr_db=10.0)
    diff = audio.to_array(noisy).astype(float) - audio.to_array(clean).astype(float)
    snr = audio.active_level_db(synth.render("mount everest")) - audio.rms_db(diff)
    assert abs(snr - 10.0) < 0.5


def test_missing_binary_is_a_clear_error(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv("PATH", str(tmp_path))
    with pytest.raises(SpeechUnavailable, match="install the Debian package 'flite'"):
        synth.render("not cached text for this test", "flite:slt")
    with pytest.raises(SpeechUnavailable, match="espeak-ng"):
        synth.render("not cached text for this test", "espeak:en")


def test_bad_voice_names() -> None:
    with pytest.raises(ValueError, match="flite:slt"):
        synth.render("x", "slt")
    with pytest.raises(ValueError, match="unknown synthesis engine"):
        synth.render("x", "festival:kal")
    assert np.all([v.count(":") == 1 for v in synth.voices()])

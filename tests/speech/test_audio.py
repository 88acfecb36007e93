"""Audio utilities on real signals and real WAV files."""

from __future__ import annotations

import wave
from pathlib import Path

import numpy as np
import pytest

from tests.speech.conftest import CORPORA, corpus_rows
from voicemaster.speech import audio


def tone(freq: float, rate: int, seconds: float = 1.0, amp: float = 8000.0) -> np.ndarray:
    t = np.arange(round(rate * seconds)) / rate
    return amp * np.sin(2 * np.pi * freq * t)


def peak_hz(samples: np.ndarray, rate: int) -> float:
    spec = np.abs(np.fft.rfft(samples * np.hanning(len(samples))))
    return float(np.argmax(spec) * rate / len(samples))


def write_raw(path: Path, frames: np.ndarray, rate: int, channels: int, width: int = 2) -> None:
    with wave.open(str(path), "wb") as w:
        w.setnchannels(channels)
        w.setsampwidth(width)
        w.setframerate(rate)
        dtype = "<i2" if width == 2 else np.uint8
        w.writeframes(frames.astype(dtype).tobytes())


@pytest.mark.parametrize("src", [8000, 11025, 22050, 44100, 48000])
def test_resampling_keeps_frequency_and_level(src: int) -> None:
    out = audio.resample(tone(440.0, src), src, 16_000)
    assert len(out) == 16_000
    assert abs(peak_hz(out.astype(float), 16_000) - 440.0) <= 1.0
    assert abs(audio.rms_db(out[200:-200]) - audio.rms_db(tone(440.0, 16_000))) < 0.2


def test_resampling_removes_what_16k_cannot_hold() -> None:
    out = audio.resample(tone(10_000.0, 44_100), 44_100, 16_000)
    assert audio.rms_db(out[200:-200]) < -80


def test_streaming_resampler_equals_whole_file() -> None:
    x = tone(440.0, 48_000) + tone(3000.0, 48_000, amp=2000.0)
    whole = audio.resample(x, 48_000)
    rs = audio.Resampler(48_000)
    parts = [rs.process(x[i : i + 1234]) for i in range(0, len(x), 1234)] + [rs.flush()]
    assert np.array_equal(np.rint(np.concatenate(parts)).astype(np.int16), whole)


def test_stereo_8bit_wav_becomes_16k_mono(tmp_path: Path) -> None:
    left, right = tone(300.0, 8000, amp=60.0), tone(300.0, 8000, amp=20.0)
    frames = np.stack([left, right], axis=1).ravel() + 128
    write_raw(tmp_path / "s.wav", frames, 8000, channels=2, width=1)
    pcm = audio.read_wav(tmp_path / "s.wav")
    out = audio.to_array(pcm).astype(float)
    assert len(out) == 16_000
    assert abs(peak_hz(out, 16_000) - 300.0) <= 1.0
    assert abs(audio.rms_db(out[400:-400]) - audio.rms_db(tone(300.0, 16_000, amp=40 * 256))) < 0.5


def test_write_then_read_round_trip(tmp_path: Path) -> None:
    pcm = audio.to_bytes(tone(1000.0, 16_000, 0.5))
    path = audio.write_wav(tmp_path / "x.wav", pcm)
    assert audio.read_wav(path) == pcm


@pytest.mark.parametrize(
    ("content", "message"),
    [
        (b"", "not a WAV"),
        (b"RIFF\x00\x00\x00\x00WAVEjunk", "without a 'fmt '"),
        (b"hello", "not a WAV"),
    ],
)
def test_broken_wav_gives_a_clear_error(tmp_path: Path, content: bytes, message: str) -> None:
    path = tmp_path / "bad.wav"
    path.write_bytes(content)
    with pytest.raises(audio.AudioError, match=message):
        audio.read_wav(path)
    with pytest.raises(audio.AudioError, match="cannot read"):
        audio.read_wav(tmp_path / "missing.wav")


def test_dither_breaks_runs_of_digital_silence(rng: np.random.Generator) -> None:
    pcm = audio.pad(audio.to_bytes(tone(200.0, 16_000, 0.2)), 0.5, 0.5)
    assert audio.zero_run(pcm) >= 8000
    dithered = audio.dither(pcm, rng)
    assert audio.zero_run(dithered) <= 10  # < 1 ms
    assert -90 < audio.rms_db(dithered[:16_000]) < -75  # a microphone's floor, not a hiss


@pytest.mark.parametrize("snr", [20.0, 10.0, 0.0])
def test_add_noise_hits_the_requested_snr(rng: np.random.Generator, snr: float) -> None:
    speech = audio.pad(audio.to_bytes(tone(300.0, 16_000, 1.0)), 0.5, 0.5)
    noisy = audio.to_array(audio.add_noise(speech, snr, rng)).astype(float)
    added = noisy - audio.to_array(speech)
    measured = audio.active_level_db(speech) - audio.rms_db(added)
    assert abs(measured - snr) < 0.3


def test_pink_noise_has_more_low_than_high(rng: np.random.Generator) -> None:
    pink = audio.noise(16_000, -30.0, rng, colour="pink")
    spec = np.abs(np.fft.rfft(pink)) ** 2
    assert spec[100:1000].sum() > 5 * spec[7000:7900].sum()
    assert abs(audio.rms_db(pink) + 30.0) < 0.1


def test_real_fsdd_recording_resampled_from_8k() -> None:
    row = corpus_rows("fsdd")[0]
    path = CORPORA / "fsdd" / row["path"]
    with wave.open(str(path)) as w:
        assert w.getframerate() == 8000
        n = w.getnframes()
    pcm = audio.read_wav(path)
    assert abs(len(pcm) // 2 - 2 * n) <= 1
    assert audio.active_level_db(pcm) > -60

"""Streaming sources and recording sinks, on real synthesized speech."""

from __future__ import annotations

import time
import wave
from pathlib import Path

import numpy as np
import pytest

from tests.speech.conftest import needs
from voicemaster.audio_sim.sources import NullSink, QueueSource, WavSink, WavSource
from voicemaster.speech.audio import read_wav, rms_db, to_array, zero_run
from voicemaster.speech.base import SAMPLE_RATE
from voicemaster.speech.voice.renderers import EspeakRenderer

CHUNK = 320  # 20 ms at 16 kHz


@pytest.fixture(scope="module")
def speech22() -> tuple[bytes, int]:
    needs("espeak-ng")
    return EspeakRenderer().render("The answer is Jupiter.")


@pytest.fixture(scope="module")
def speech16(speech22: tuple[bytes, int]) -> bytes:
    from voicemaster.speech.audio import resample

    pcm, rate = speech22
    return resample(to_array(pcm), rate).astype("<i2").tobytes()


def _drain(source: WavSource | QueueSource, limit: int = 100_000) -> list[bytes]:
    chunks = []
    for _ in range(limit):
        chunk = source.read(1.0)
        assert chunk is not None
        if chunk == b"":
            return chunks
        chunks.append(chunk)
    raise AssertionError("the stream never ended")


def test_wav_source_streams_a_stereo_file_at_another_rate(
    tmp_path: Path, speech22: tuple[bytes, int]
) -> None:
    pcm, rate = speech22
    mono = to_array(pcm)
    path = tmp_path / "stereo.wav"
    with wave.open(str(path), "wb") as w:
        w.setnchannels(2)
        w.setsampwidth(2)
        w.setframerate(rate)
        w.writeframes(np.stack([mono, mono], axis=1).astype("<i2").tobytes())
    source = WavSource(path)
    chunks = _drain(source)
    assert all(len(c) == 2 * CHUNK for c in chunks[:-1]) and 0 < len(chunks[-1]) <= 2 * CHUNK
    joined = b"".join(chunks)
    assert joined == read_wav(path)
    assert len(joined) / 2 / SAMPLE_RATE == pytest.approx(len(mono) / rate, abs=0.01)
    assert source.read(1.0) == b"" and source.read(0.0) == b""  # stays at the end


def test_wav_source_from_pcm_with_other_chunks(speech16: bytes) -> None:
    source = WavSource(speech16, chunk_ms=30)
    first = source.read(0.0)
    assert first is not None and len(first) == 2 * 480
    source.close()
    assert source.read(1.0) == b""


def test_wav_source_realtime_paces_by_the_wall_clock() -> None:
    pcm = np.full(SAMPLE_RATE // 5, 1000, dtype="<i2").tobytes()  # 0.2 s
    source = WavSource(pcm, realtime=True)
    assert source.read(1.0) is not None  # the first chunk (audio 0..20 ms)
    assert source.read(0.0) is None  # the next is not due yet
    start = time.monotonic()
    chunks = _drain(source)
    assert time.monotonic() - start >= 0.15
    assert sum(len(c) for c in chunks) == len(pcm) - 2 * CHUNK


def test_queue_source_is_room_noise_when_idle() -> None:
    source = QueueSource(seed=3)
    chunks = [source.read(0.0) for _ in range(100)]  # fast mode never waits
    assert all(c is not None and len(c) == 2 * CHUNK for c in chunks)
    noise = b"".join(c for c in chunks if c)
    assert rms_db(noise) == pytest.approx(-60.0, abs=1.0)
    assert zero_run(noise) <= 3  # never digital silence
    assert source.position_s == pytest.approx(2.0)


def test_queue_source_plays_pushed_speech_after_the_gap(speech16: bytes) -> None:
    source = QueueSource(seed=4)
    source.push(speech16, gap_s=0.5)
    assert source.pending_s == pytest.approx(0.5 + len(speech16) / 2 / SAMPLE_RATE, abs=1e-3)
    source.end()
    got = to_array(b"".join(_drain(source))).astype(np.float64)
    gap = SAMPLE_RATE // 2
    assert len(got) == gap + len(speech16) // 2
    assert rms_db(got[:gap]) < -55.0  # the gap is room noise
    residual = got[gap:] - to_array(speech16)
    assert rms_db(residual) == pytest.approx(-60.0, abs=1.5)  # speech + the room, nothing else
    assert zero_run(got.astype(np.int16).tobytes()) <= 3
    assert source.read(0.0) == b""


def test_queue_source_resamples_and_returns_to_noise(speech22: tuple[bytes, int]) -> None:
    pcm, rate = speech22
    source = QueueSource(seed=5)
    source.push(pcm, rate=rate)
    expected = round(len(pcm) / 2 * SAMPLE_RATE / rate)
    read = 0
    while source.pending_s > 0:
        chunk = source.read(0.0)
        assert chunk
        read += len(chunk) // 2
    assert abs(read - expected) <= 2
    after = source.read(0.0)
    assert after is not None and rms_db(after) < -55.0  # the room again, never the end
    source.close()
    assert source.read(1.0) == b""


def test_sinks_record_what_was_said(tmp_path: Path) -> None:
    null = NullSink()
    null.say("Team red, your category is Science.")
    assert null.texts == ["Team red, your category is Science."]
    needs("espeak-ng")
    sink = WavSink()
    sink.say("Question one.")
    sink.say("What is the capital of France?")
    assert sink.texts == ["Question one.", "What is the capital of France?"]
    durations = [s.seconds for s in sink.said]
    assert 0.4 < durations[0] < durations[1] < 5.0
    assert all(rms_db(s.pcm) > -40.0 for s in sink.said)
    path = sink.write(tmp_path / "quizmaster.wav", gap_s=0.25)
    total = len(read_wav(path)) / 2 / SAMPLE_RATE
    assert total == pytest.approx(sum(durations) + 0.25, abs=0.002)

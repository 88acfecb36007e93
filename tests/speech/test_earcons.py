"""Earcons: generated tones with the intended shape, played through the speaker's player."""

from __future__ import annotations

import io

import numpy as np
import numpy.typing as npt
import pytest

from voicemaster.audio_sim.sources import NullSink, WavSink
from voicemaster.speech.voice.earcons import EARCON_RATE, EARCONS, PEAK, earcon, earcon_samples
from voicemaster.speech.voice.players import AplayPlayer
from voicemaster.speech.voice.renderers import EspeakRenderer
from voicemaster.speech.voice.tts import VoiceSpeaker


def _peak_hz(samples: npt.NDArray[np.int16], rate: int) -> float:
    spectrum = np.abs(np.fft.rfft(samples.astype(np.float64) * np.hanning(len(samples))))
    return float(np.fft.rfftfreq(len(samples), 1 / rate)[int(np.argmax(spectrum))])


@pytest.mark.parametrize("name", EARCONS)
def test_earcon_is_a_short_clean_tone(name: str) -> None:
    s = earcon_samples(name)
    seconds = len(s) / EARCON_RATE
    assert 0.15 <= seconds <= 0.8
    assert abs(int(np.abs(s).max()) - round(PEAK * 32767)) <= 1
    # soft edges: no click at the start or the end
    assert abs(int(s[0])) < 200 and abs(int(s[-1])) < 200
    assert earcon(name) == s.astype("<i2").tobytes()


def test_earcons_differ_from_each_other() -> None:
    sounds = {name: earcon(name) for name in EARCONS}
    assert len(set(sounds.values())) == len(EARCONS)
    assert {"listening", "right", "wrong", "bezzerwizzer"} <= set(EARCONS)


def test_listening_rises_and_wrong_falls() -> None:
    listening = earcon_samples("listening")
    third = len(listening) // 3
    assert _peak_hz(listening[:third], EARCON_RATE) == pytest.approx(660, abs=30)
    assert _peak_hz(listening[-third:], EARCON_RATE) == pytest.approx(990, abs=30)
    wrong = earcon_samples("wrong")
    first, last = (
        _peak_hz(wrong[: len(wrong) // 3], EARCON_RATE),
        _peak_hz(wrong[-len(wrong) // 3 :], EARCON_RATE),
    )
    assert first > 290 and last < 260 and last < first
    right = earcon_samples("right")
    assert _peak_hz(right[-len(right) // 4 :], EARCON_RATE) > _peak_hz(
        right[: len(right) // 5], EARCON_RATE
    )


def test_any_rate_keeps_the_duration_and_pitch() -> None:
    at16 = earcon_samples("bezzerwizzer", 16_000)
    at22 = earcon_samples("bezzerwizzer", EARCON_RATE)
    assert len(at16) / 16_000 == pytest.approx(len(at22) / EARCON_RATE, abs=0.002)
    tail = 16_000 // 10
    assert _peak_hz(at16[-2 * tail : -tail], 16_000) == pytest.approx(1568, abs=20)


def test_unknown_earcon_names_the_known_ones() -> None:
    with pytest.raises(ValueError, match="listening"):
        earcon("applause")


def test_earcons_go_through_the_speakers() -> None:
    sink = NullSink()
    sink.chime("right")
    sink.say("Correct.")
    assert sink.texts == ["Correct."] and sink.said[0].earcon
    wav = WavSink(EspeakRenderer())
    wav.chime("wrong")
    assert wav.said[0].pcm == earcon("wrong", 16_000)
    # a player that cannot play (no such ALSA device): the chime is skipped, nothing raises
    speaker = VoiceSpeaker([], AplayPlayer(device="voicemaster_no_such_pcm"), io.StringIO())
    speaker.chime("listening")
    assert speaker.muted

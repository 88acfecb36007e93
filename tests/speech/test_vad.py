"""Silero VAD streamed (faster-whisper's ONNX model) on real synthesized speech, in and out of
steady noise."""

from __future__ import annotations

import numpy as np
import pytest

from tests.speech.test_endpointer import noisy
from voicemaster.audio_sim.synth import render
from voicemaster.speech import audio
from voicemaster.speech.capture import vad
from voicemaster.speech.capture.endpoint_config import EndpointConfig

if not vad.available():
    pytest.skip("Silero VAD needs faster-whisper and onnxruntime", allow_module_level=True)

SPEECH_ON = EndpointConfig().speech_on


def samples(pcm: bytes) -> np.ndarray:
    return audio.to_array(pcm)


def test_one_probability_per_512_samples() -> None:
    stream = vad.SileroVAD()
    assert stream.feed(np.zeros(500)).shape == (0,)
    assert stream.pending == 500
    probs = stream.feed(np.zeros(1_100))
    assert probs.shape == (3,) and probs.dtype == np.float32
    assert stream.frames == 3 and stream.pending == 1_600 - 3 * 512
    assert np.all((probs >= 0) & (probs <= 1))


def test_any_chunking_gives_the_same_probabilities(flite: None, rng: np.random.Generator) -> None:
    pcm = samples(audio.dither(audio.pad(render("napoleon", "flite:slt"), 0.3, 0.3), rng))
    whole = vad.SileroVAD().feed(pcm)
    stream = vad.SileroVAD()
    parts = [stream.feed(pcm[i : i + 333]) for i in range(0, len(pcm), 333)]
    assert np.array_equal(np.concatenate(parts), whole)  # bit for bit
    assert len(whole) == len(pcm) // vad.FRAME


def test_the_state_runs_across_frames_and_reset_forgets_it(
    flite: None, rng: np.random.Generator
) -> None:
    word = samples(audio.dither(render("paris", "flite:slt"), rng))
    stream = vad.SileroVAD()
    first = stream.feed(word)
    again = stream.feed(word)  # the same audio heard after itself: the model remembers
    assert not np.array_equal(first, again)
    stream.reset()
    assert np.array_equal(stream.feed(word), first)
    assert np.array_equal(vad.speech_probabilities(audio.to_bytes(word)), first)


def test_one_session_per_process_on_one_thread() -> None:
    a, b = vad.SileroVAD(), vad.SileroVAD()
    assert a._session is b._session is vad.session()
    opts = vad.session().get_session_options()
    assert opts.intra_op_num_threads == 1 and opts.inter_op_num_threads == 1


def test_digital_silence_and_a_quiet_room_are_not_speech(rng: np.random.Generator) -> None:
    assert vad.speech_probabilities(bytes(2 * 16_000)).max() < 0.1
    room = audio.to_bytes(audio.noise(16_000 * 2, -60.0, rng))
    assert vad.speech_probabilities(room).max() < 0.2


@pytest.mark.parametrize("colour", ["brown", "pink"])
@pytest.mark.parametrize(
    ("text", "voice"),
    [("mount everest", "flite:slt"), ("six", "flite:rms"), ("shakespeare", "flite:awb")],
)
def test_speech_in_steady_noise_is_found_and_the_noise_alone_is_not(
    flite: None, text: str, voice: str, colour: str
) -> None:
    """Synthesized words 10 dB over a car (brown) or a room (pink): the word's frames reach
    the onset probability, the same noise without the word never does."""
    word = render(text, voice)
    level = audio.active_level_db(word) - 10.0
    lead = 0.6
    for seed in range(2):
        rng = np.random.default_rng(seed)
        pcm = audio.dither(audio.pad(word, lead, 1.0), rng)
        mixed = noisy(pcm, level, colour, rng)
        alone = noisy(audio.dither(bytes(len(pcm)), rng), level, colour, rng)
        probs = vad.speech_probabilities(mixed)
        t = (np.arange(len(probs)) + 0.5) * vad.FRAME / 16_000
        during = (t > lead) & (t < lead + audio.duration_s(word))
        assert (probs[during] >= SPEECH_ON).sum() >= 3, (seed, probs.round(2))  # >= 96 ms
        assert probs[t < lead - 0.1].max() < SPEECH_ON
        assert vad.speech_probabilities(alone).max() < SPEECH_ON, seed

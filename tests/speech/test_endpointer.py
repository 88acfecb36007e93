"""The endpointer on synthesized speech embedded in dithered noise (audio time only)."""

from __future__ import annotations

import numpy as np
import pytest

from voicemaster.speech import audio
from voicemaster.speech.endpointer import EndpointConfig, Endpointer, State
from voicemaster.speech.synth import render

LEAD, TRAIL = 1.0, 1.5


def truth(pcm: bytes, snr: float | None = None) -> tuple[float, float]:
    """First and last 10 ms frame of the clean word within 35 dB of its loudest frame and
    louder than the noise it will be mixed with: where the audible word is."""
    arr = audio.to_array(pcm).astype(float)
    n = len(arr) // 160
    energy = np.mean(arr[: n * 160].reshape(n, 160) ** 2, axis=1)
    threshold = energy.max() * 10**-3.5
    if snr is not None:
        threshold = max(threshold, (10 ** ((audio.active_level_db(pcm) - snr) / 20) * 32768) ** 2)
    loud = np.flatnonzero(energy >= threshold)
    return loud[0] * 0.01, (loud[-1] + 1) * 0.01


def scene(word: bytes, rng: np.random.Generator, snr: float | None, lead: float = LEAD) -> bytes:
    pcm = audio.dither(audio.pad(word, lead, TRAIL), rng)
    if snr is None:
        return pcm
    level = audio.active_level_db(word) - snr
    return audio.to_bytes(audio.to_array(pcm) + audio.noise(len(pcm) // 2, level, rng))


def run(ep: Endpointer, pcm: bytes, chunk: int = 640) -> State:
    state = ep.state
    for i in range(0, len(pcm), chunk):
        state = ep.feed(pcm[i : i + chunk])
        if state in (State.DONE, State.TIMEOUT):
            return state
    return ep.finish()


@pytest.mark.parametrize(
    ("text", "voice", "snr"),
    [
        ("paris", "flite:slt", None),
        ("paris", "flite:rms", 20.0),
        ("mount everest", "flite:slt", 10.0),
        ("six", "flite:rms", None),
        ("napoleon", "espeak:en", 20.0),
    ],
)
def test_finds_start_and_end_of_a_word(
    flite: None, espeak: None, rng: np.random.Generator, text: str, voice: str, snr: float | None
) -> None:
    word = render(text, voice)
    start, end = truth(word, snr)
    ep = Endpointer()
    assert run(ep, scene(word, rng, snr)) == State.DONE
    got = ep.endpoint()
    assert got is not None and got.reason == "silence"
    assert abs(got.start_s - (LEAD + start)) <= 0.1
    assert abs(got.speech_end_s - (LEAD + end)) <= 0.1
    assert got.end_s - got.speech_end_s == pytest.approx(0.6, abs=0.011)
    cfg = ep.config
    expected = got.speech_end_s - got.start_s + cfg.preroll_s + cfg.tail_s
    assert audio.duration_s(got.pcm) == pytest.approx(expected, abs=0.011)


def test_result_does_not_depend_on_chunking(flite: None, rng: np.random.Generator) -> None:
    pcm = scene(render("paris", "flite:slt"), rng, 20.0)
    a, b = Endpointer(), Endpointer()
    run(a, pcm, chunk=7)
    run(b, pcm, chunk=32_000)
    assert a.endpoint() == b.endpoint()


def test_thinking_time_then_timeout(rng: np.random.Generator) -> None:
    ep = Endpointer(EndpointConfig(think_s=2.0))
    room = audio.to_bytes(audio.noise(16_000 * 5, -55.0, rng))
    assert run(ep, room) == State.TIMEOUT
    assert ep.now_s == pytest.approx(2.0 + ep.config.holdoff_s, abs=0.011)
    assert ep.endpoint() is None
    ep.begin(think_s=1.0)  # a window may pass its own
    assert run(ep, room) == State.TIMEOUT
    assert ep.now_s == pytest.approx(1.0 + ep.config.holdoff_s, abs=0.011)


def test_speech_after_the_thinking_time_is_not_heard(flite: None, rng: np.random.Generator) -> None:
    ep = Endpointer(EndpointConfig(think_s=0.8))
    assert run(ep, scene(render("paris", "flite:slt"), rng, 20.0, lead=1.5)) == State.TIMEOUT


def test_maximum_utterance_length(flite: None, rng: np.random.Generator) -> None:
    long = render("the quick brown fox jumps over the lazy dog again and again", "flite:slt")
    ep = Endpointer(EndpointConfig(max_utterance_s=1.0))
    assert run(ep, scene(long, rng, None)) == State.DONE
    got = ep.endpoint()
    assert got is not None and got.reason == "max_length"
    assert got.end_s - got.start_s == pytest.approx(1.0, abs=0.011)


def test_holdoff_ignores_the_echo_of_our_own_voice(flite: None, rng: np.random.Generator) -> None:
    said = audio.to_array(render("the end of the question", "flite:slt"))
    loudest = int(np.argmax(np.abs(said)))
    tail = said[loudest : loudest + 2400]  # 150 ms of our own voice, still in the room
    pcm = audio.dither(audio.to_bytes(tail) + bytes(2 * 16_000 * 2), rng)
    no_holdoff = Endpointer(EndpointConfig(holdoff_s=0.0, calibrate_s=0.0, think_s=1.5))
    assert run(no_holdoff, pcm) == State.DONE  # the echo counts as speech ...
    with_holdoff = Endpointer(EndpointConfig(holdoff_s=0.16, calibrate_s=0.0, think_s=1.5))
    assert run(with_holdoff, pcm) == State.TIMEOUT  # ... unless held off


def test_digital_silence_does_not_make_noise_look_like_speech(
    flite: None, rng: np.random.Generator
) -> None:
    ep = Endpointer(EndpointConfig(think_s=5.0))
    assert ep.feed(bytes(2 * 16_000 * 2)) == State.WAITING  # 2 s of a gated USB mic
    ep.begin(think_s=4.0)
    gate_opens = audio.to_bytes(audio.noise(16_000 * 2, -58.0, rng))
    word = scene(render("paris", "flite:slt"), rng, None, lead=0.5)
    assert ep.feed(bytes(2 * 16_000) + gate_opens) == State.WAITING
    assert run(ep, word) == State.DONE
    got = ep.endpoint()
    assert got is not None
    assert got.start_s == pytest.approx(3.0 + 0.5 + truth(render("paris", "flite:slt"))[0], abs=0.1)


def test_all_zero_stream_times_out(rng: np.random.Generator) -> None:
    ep = Endpointer(EndpointConfig(think_s=1.0))
    assert run(ep, bytes(2 * 16_000 * 3)) == State.TIMEOUT
    assert ep.floor_db == ep.config.initial_floor_db  # zeros taught it nothing


def test_end_of_stream_closes_an_utterance(flite: None, rng: np.random.Generator) -> None:
    word = audio.dither(audio.pad(render("paris", "flite:slt"), 0.5, 0.0), rng)
    ep = Endpointer()
    assert run(ep, word) == State.DONE
    got = ep.endpoint()
    assert got is not None and got.reason == "end_of_stream"


def test_short_trailing_silence_for_commands(flite: None, rng: np.random.Generator) -> None:
    ep = Endpointer()
    ep.begin(trailing_s=ep.config.short_trailing_s)
    assert run(ep, scene(render("repeat", "flite:slt"), rng, 20.0)) == State.DONE
    got = ep.endpoint()
    assert got is not None
    assert got.end_s - got.speech_end_s == pytest.approx(0.35, abs=0.011)


def test_audio_handed_over_as_it_arrives_is_the_utterance(
    flite: None, rng: np.random.Generator
) -> None:
    """What a listener streams to the recognizer (from the pre-roll, never past the tail)
    joins up to exactly the utterance the endpoint holds, pauses inside it included."""
    first_word, second_word = render("leonardo", "flite:slt"), render("da vinci", "flite:slt")
    a, b = truth(first_word)
    gap = 0.4 - (audio.duration_s(first_word) - b) - truth(second_word)[0]  # 0.4 s between them
    words = first_word + bytes(2 * round(max(0.0, gap) * 16_000)) + second_word
    ep = Endpointer()
    streamed, fed, first = bytearray(), 0, None
    pcm = scene(words, rng, 20.0)
    for i in range(0, len(pcm), 640):
        state = ep.feed(pcm[i : i + 640])
        if state in (State.SPEECH, State.PAUSE, State.DONE):
            lo, hi = ep.span()
            if first is None:
                first = fed = lo
            assert lo == first  # the start of an utterance never moves
            upto = min(hi, ep.now_sample)
            streamed += ep.audio(fed, upto)
            fed = max(fed, upto)
        if state == State.DONE:
            break
    got = ep.endpoint()
    assert got is not None and got.reason == "silence"
    assert bytes(streamed) == got.pcm == ep.utterance()
    assert got.start_s == pytest.approx(LEAD + a, abs=0.1)  # both words are in it
    assert got.speech_end_s - got.start_s > b - a + 0.4  # past the pause, into "da vinci"


def test_an_utterance_in_pink_room_noise_ends_after_the_word(flite: None) -> None:
    """Pink noise (a fan, a car) swings +-2 dB from one 10 ms frame to the next; against the
    floor alone those swings kept "speech" going to the 12 s limit for some noise draws."""
    word = render("keep", "flite:slt")
    _, end = truth(word)
    for seed in range(8):
        rng = np.random.default_rng(seed)
        pcm = audio.pad(word, LEAD, TRAIL)
        room = audio.noise(len(pcm) // 2 + 16_000 * 12, -43.0, rng, "pink")  # a long room
        mixed = audio.to_array(pcm).astype(float)
        scene_pcm = audio.to_bytes(room + np.pad(mixed, (0, len(room) - len(mixed))))
        ep = Endpointer()
        assert run(ep, scene_pcm) == State.DONE
        got = ep.endpoint()
        assert got is not None and got.reason == "silence", (seed, got and got.reason)
        assert abs(got.speech_end_s - (LEAD + end)) <= 0.4, (seed, got.speech_end_s)


def test_the_room_rule_never_asks_more_than_its_cap_over_the_floor() -> None:
    """A near-silent recording swings wildly in dB: the room's measured spread must not lift
    the bar for speech far above floor + offset, or the quiet end of a word is cut."""
    cfg = EndpointConfig()
    rng = np.random.default_rng(5)
    hush = audio.to_bytes(rng.normal(0, 3, 16_000))  # about -80 dBFS
    tone = np.sin(2 * np.pi * 440 * np.arange(8_000) / 16_000)
    loud, tail = tone * 8_000, tone * 46  # a word, then its quiet end (about -60 dBFS)
    ep = Endpointer(cfg)
    ep.feed(hush)
    ep.noise_dev = 6.0  # as measured in such a recording
    ep.feed(audio.to_bytes(loud) + audio.to_bytes(tail) + hush)
    got = ep.endpoint()
    assert got is not None and got.reason == "silence"
    assert got.speech_end_s >= 1.0 - cfg.holdoff_s + 0.9  # the quiet end is speech too

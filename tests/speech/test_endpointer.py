"""The endpointer on synthesized speech embedded in dithered noise (audio time only), with
either detector: Silero VAD (the default) and band energy."""

from __future__ import annotations

import numpy as np
import pytest

from voicemaster.audio_sim.synth import render
from voicemaster.speech import audio
from voicemaster.speech.capture import endpointer, vad
from voicemaster.speech.capture.endpoint_config import EndpointConfig
from voicemaster.speech.capture.endpointer import Endpointer, State

LEAD, TRAIL = 1.0, 1.5
SILERO = pytest.mark.skipif(not vad.available(), reason="Silero VAD needs faster-whisper")
DETECTORS = (pytest.param("silero", marks=SILERO), "energy")
# Silero hears a word's soft edges late (the /s/ of "six") and lets its probability fall for a
# few 32 ms frames after the word: the pre-roll (0.3 s) and tail (0.2 s) cover both
TOLERANCE = {"silero": 0.15, "energy": 0.1}


def noisy(pcm: bytes, level_db: float, colour: str, rng: np.random.Generator) -> bytes:
    n = len(pcm) // 2
    noise = audio.noise(n, level_db, rng, colour)
    return audio.to_bytes(audio.to_array(pcm) + noise)


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


@pytest.mark.parametrize("detector", DETECTORS)
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
    flite: None,
    espeak: None,
    rng: np.random.Generator,
    text: str,
    voice: str,
    snr: float | None,
    detector: str,
) -> None:
    word = render(text, voice)
    start, end = truth(word, snr)
    ep = Endpointer(EndpointConfig(detector=detector))
    assert ep.detector == detector
    assert run(ep, scene(word, rng, snr)) == State.DONE
    got = ep.endpoint()
    assert got is not None and got.reason == "silence"
    assert abs(got.start_s - (LEAD + start)) <= TOLERANCE[detector]
    assert abs(got.speech_end_s - (LEAD + end)) <= TOLERANCE[detector]
    assert got.end_s - got.speech_end_s == pytest.approx(0.6, abs=0.011)
    cfg = ep.config
    # the utterance handed on holds the whole word
    assert got.start_s - cfg.preroll_s <= LEAD + start
    assert got.speech_end_s + cfg.tail_s >= LEAD + end
    expected = got.speech_end_s - got.start_s + cfg.preroll_s + cfg.tail_s
    assert audio.duration_s(got.pcm) == pytest.approx(expected, abs=0.011)


@pytest.mark.parametrize("detector", DETECTORS)
def test_result_does_not_depend_on_chunking(
    flite: None, rng: np.random.Generator, detector: str
) -> None:
    pcm = scene(render("paris", "flite:slt"), rng, 20.0)
    cfg = EndpointConfig(detector=detector)
    a, b, c = Endpointer(cfg), Endpointer(cfg), Endpointer(cfg)
    run(a, pcm, chunk=7)
    run(b, pcm, chunk=32_000)
    run(c, pcm, chunk=1_023)
    assert a.endpoint() is not None
    assert a.endpoint() == b.endpoint() == c.endpoint()


@pytest.mark.parametrize("detector", DETECTORS)
def test_thinking_time_then_timeout(rng: np.random.Generator, detector: str) -> None:
    ep = Endpointer(EndpointConfig(think_s=2.0, detector=detector))
    room = audio.to_bytes(audio.noise(16_000 * 5, -55.0, rng))
    assert run(ep, room) == State.TIMEOUT
    assert ep.now_s == pytest.approx(2.0 + ep.config.holdoff_s, abs=0.011)
    assert ep.endpoint() is None
    ep.begin(think_s=1.0)  # a window may pass its own
    assert run(ep, room) == State.TIMEOUT
    assert ep.now_s == pytest.approx(1.0 + ep.config.holdoff_s, abs=0.011)


@pytest.mark.parametrize("detector", DETECTORS)
def test_speech_after_the_thinking_time_is_not_heard(
    flite: None, rng: np.random.Generator, detector: str
) -> None:
    ep = Endpointer(EndpointConfig(think_s=0.8, detector=detector))
    assert run(ep, scene(render("paris", "flite:slt"), rng, 20.0, lead=1.5)) == State.TIMEOUT


@pytest.mark.parametrize("detector", DETECTORS)
def test_maximum_utterance_length(flite: None, rng: np.random.Generator, detector: str) -> None:
    long = render("the quick brown fox jumps over the lazy dog again and again", "flite:slt")
    ep = Endpointer(EndpointConfig(max_utterance_s=1.0, detector=detector))
    assert run(ep, scene(long, rng, None)) == State.DONE
    got = ep.endpoint()
    assert got is not None and got.reason == "max_length"
    assert got.end_s - got.start_s == pytest.approx(1.0, abs=0.011)


@pytest.mark.parametrize("detector", DETECTORS)
def test_holdoff_ignores_the_echo_of_our_own_voice(
    flite: None, rng: np.random.Generator, detector: str
) -> None:
    said = audio.to_array(render("the end of the question", "flite:slt"))
    loudest = int(np.argmax(np.abs(said)))
    tail = said[loudest : loudest + 2400]  # 150 ms of our own voice, still in the room
    pcm = audio.dither(audio.to_bytes(tail) + bytes(2 * 16_000 * 2), rng)
    cfg = EndpointConfig(holdoff_s=0.0, calibrate_s=0.0, think_s=1.5, detector=detector)
    assert run(Endpointer(cfg), pcm) == State.DONE  # the echo counts as speech ...
    held = EndpointConfig(holdoff_s=0.16, calibrate_s=0.0, think_s=1.5, detector=detector)
    assert run(Endpointer(held), pcm) == State.TIMEOUT  # ... unless held off


@pytest.mark.parametrize("detector", DETECTORS)
def test_digital_silence_does_not_make_noise_look_like_speech(
    flite: None, rng: np.random.Generator, detector: str
) -> None:
    ep = Endpointer(EndpointConfig(think_s=5.0, detector=detector))
    assert ep.feed(bytes(2 * 16_000 * 2)) == State.WAITING  # 2 s of a gated USB mic
    ep.begin(think_s=4.0)
    gate_opens = audio.to_bytes(audio.noise(16_000 * 2, -58.0, rng))
    word = scene(render("paris", "flite:slt"), rng, None, lead=0.5)
    assert ep.feed(bytes(2 * 16_000) + gate_opens) == State.WAITING
    assert run(ep, word) == State.DONE
    got = ep.endpoint()
    assert got is not None
    start = 3.0 + 0.5 + truth(render("paris", "flite:slt"))[0]
    assert got.start_s == pytest.approx(start, abs=TOLERANCE[detector])


@pytest.mark.parametrize("detector", DETECTORS)
def test_all_zero_stream_times_out(rng: np.random.Generator, detector: str) -> None:
    ep = Endpointer(EndpointConfig(think_s=1.0, detector=detector))
    assert run(ep, bytes(2 * 16_000 * 3)) == State.TIMEOUT
    assert ep.room.floor_db == ep.config.initial_floor_db  # zeros taught it nothing


@pytest.mark.parametrize("detector", DETECTORS)
def test_end_of_stream_closes_an_utterance(
    flite: None, rng: np.random.Generator, detector: str
) -> None:
    word = audio.dither(audio.pad(render("paris", "flite:slt"), 0.5, 0.0), rng)
    ep = Endpointer(EndpointConfig(detector=detector))
    assert run(ep, word) == State.DONE
    got = ep.endpoint()
    assert got is not None and got.reason == "end_of_stream"
    # every whole 10 ms frame was heard, the last ones too
    assert got.end_s == pytest.approx(audio.duration_s(word), abs=0.011)


@pytest.mark.parametrize("detector", DETECTORS)
def test_short_trailing_silence_for_commands(
    flite: None, rng: np.random.Generator, detector: str
) -> None:
    ep = Endpointer(EndpointConfig(detector=detector))
    ep.begin(trailing_s=ep.config.short_trailing_s)
    assert run(ep, scene(render("repeat", "flite:slt"), rng, 20.0)) == State.DONE
    got = ep.endpoint()
    assert got is not None
    assert got.end_s - got.speech_end_s == pytest.approx(0.35, abs=0.011)


@pytest.mark.parametrize("detector", DETECTORS)
def test_audio_handed_over_as_it_arrives_is_the_utterance(
    flite: None, rng: np.random.Generator, detector: str
) -> None:
    """What a listener streams to the recognizer (from the pre-roll, never past the tail)
    joins up to exactly the utterance the endpoint holds, pauses inside it included."""
    first_word, second_word = render("leonardo", "flite:slt"), render("da vinci", "flite:slt")
    a, b = truth(first_word)
    gap = 0.4 - (audio.duration_s(first_word) - b) - truth(second_word)[0]  # 0.4 s between them
    words = first_word + bytes(2 * round(max(0.0, gap) * 16_000)) + second_word
    ep = Endpointer(EndpointConfig(detector=detector))
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
    assert got.start_s == pytest.approx(LEAD + a, abs=TOLERANCE[detector])  # both words ...
    assert got.speech_end_s - got.start_s > b - a + 0.4  # ... past the pause, into "da vinci"


@pytest.mark.parametrize("detector", DETECTORS)
def test_an_utterance_in_pink_room_noise_ends_after_the_word(flite: None, detector: str) -> None:
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
        ep = Endpointer(EndpointConfig(detector=detector))
        assert run(ep, scene_pcm) == State.DONE
        got = ep.endpoint()
        assert got is not None and got.reason == "silence", (seed, got and got.reason)
        assert abs(got.speech_end_s - (LEAD + end)) <= 0.4, (seed, got.speech_end_s)


def test_the_room_rule_never_asks_more_than_its_cap_over_the_floor() -> None:
    """A near-silent recording swings wildly in dB: the room's measured spread must not lift
    the bar for speech far above floor + offset, or the quiet end of a word is cut."""
    cfg = EndpointConfig(detector="energy")
    rng = np.random.default_rng(5)
    hush = audio.to_bytes(rng.normal(0, 3, 16_000))  # about -80 dBFS
    tone = np.sin(2 * np.pi * 440 * np.arange(8_000) / 16_000)
    loud, tail = tone * 8_000, tone * 46  # a word, then its quiet end (about -60 dBFS)
    ep = Endpointer(cfg)
    ep.feed(hush)
    ep.room.noise_dev = 6.0  # as measured in such a recording
    ep.feed(audio.to_bytes(loud) + audio.to_bytes(tail) + hush)
    got = ep.endpoint()
    assert got is not None and got.reason == "silence"
    assert got.speech_end_s >= 1.0 - cfg.holdoff_s + 0.9  # the quiet end is speech too


# ---------------------------------------------------------------------------- the detectors


def test_an_unknown_detector_is_refused() -> None:
    with pytest.raises(ValueError, match="unknown detector"):
        Endpointer(EndpointConfig(detector="webrtc"))


def test_without_silero_the_endpointer_measures_energy(
    flite: None, rng: np.random.Generator, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(vad, "available", lambda: False)  # as on 32-bit ARM
    ep = Endpointer()
    assert ep.config.detector == "silero" and ep.detector == "energy"
    assert run(ep, scene(render("paris", "flite:slt"), rng, 20.0)) == State.DONE


class ScriptedVAD:
    """Stands in for Silero: a given probability for each 32 ms frame, then 0."""

    def __init__(self, probs: list[float]) -> None:
        self.script = probs
        self.reset()

    def reset(self) -> None:
        self.frames = self.pending = 0

    def feed(self, samples: np.ndarray) -> np.ndarray:
        total = self.pending + len(samples)
        n, self.pending = divmod(total, vad.FRAME)
        out = [
            self.script[i] if i < len(self.script) else 0.0
            for i in range(self.frames, self.frames + n)
        ]
        self.frames += len(out)
        return np.asarray(out, dtype=np.float32)


@pytest.mark.parametrize(("speech_off", "frames_of_speech"), [(0.35, 4 + 6), (0.5, 4)])
def test_silero_decides_with_hysteresis(
    monkeypatch: pytest.MonkeyPatch, speech_off: float, frames_of_speech: int
) -> None:
    """Speech starts at speech_on and lasts while the probability stays at speech_off."""
    script = [0.1] * 10 + [0.9] * 4 + [0.4] * 6 + [0.2] * 40  # 32 ms frames
    monkeypatch.setattr(endpointer, "_silero", lambda: ScriptedVAD(script))
    cfg = EndpointConfig(holdoff_s=0.0, speech_on=0.5, speech_off=speech_off)
    ep = Endpointer(cfg)
    assert ep.detector == "silero"
    assert run(ep, bytes(2 * vad.FRAME * len(script)), chunk=998) == State.DONE
    got = ep.endpoint()
    assert got is not None and got.reason == "silence"
    frame = vad.FRAME / 16_000
    assert got.start_s == pytest.approx(10 * frame, abs=0.011)
    assert got.speech_end_s == pytest.approx((10 + frames_of_speech) * frame, abs=0.011)
    assert got.end_s - got.speech_end_s == pytest.approx(cfg.trailing_silence_s, abs=0.011)


def test_one_loud_silero_frame_is_not_speech(monkeypatch: pytest.MonkeyPatch) -> None:
    """min_speech_s (60 ms) asks for two 32 ms frames: one frame's blip is not an onset."""
    script = [0.1] * 10 + [0.9] + [0.1] * 30
    monkeypatch.setattr(endpointer, "_silero", lambda: ScriptedVAD(script))
    ep = Endpointer(EndpointConfig(holdoff_s=0.0, think_s=1.0))
    assert run(ep, bytes(2 * vad.FRAME * len(script))) == State.TIMEOUT


@pytest.mark.parametrize("detector", DETECTORS)
def test_audio_after_an_end_is_heard_after_resume(
    flite: None, rng: np.random.Generator, detector: str
) -> None:
    """A noise ends, the listener resumes: what came after it in the same chunk is not lost."""
    first, second = render("yes", "flite:slt"), render("paris", "flite:rms")
    pcm = audio.dither(audio.pad(first, 0.6, 1.0) + audio.pad(second, 0.0, 1.5), rng)
    ep = Endpointer(EndpointConfig(detector=detector, holdoff_s=0.0))
    assert ep.feed(pcm) == State.DONE  # one chunk holds both words
    got = ep.endpoint()
    assert got is not None and got.start_s < 1.0
    ep.resume()
    assert ep.feed(b"") == State.DONE
    again = ep.endpoint()
    assert again is not None and again.reason == "silence"
    expected = 0.6 + audio.duration_s(first) + 1.0 + truth(second)[0]
    assert again.start_s == pytest.approx(expected, abs=TOLERANCE[detector])


@SILERO
@pytest.mark.parametrize("colour", ["brown", "pink"])
@pytest.mark.parametrize(("text", "voice"), [("mount everest", "flite:slt"), ("six", "flite:rms")])
def test_silero_finds_a_word_in_loud_steady_noise(
    flite: None, text: str, voice: str, colour: str
) -> None:
    """A car (brown) or a room (pink) 10 dB under the voice: the word, and nothing else."""
    word = render(text, voice)
    start, end = truth(word)
    level = audio.active_level_db(word) - 10.0
    for seed in range(3):
        rng = np.random.default_rng(seed)
        pcm = noisy(audio.dither(audio.pad(word, LEAD, TRAIL), rng), level, colour, rng)
        ep = Endpointer(EndpointConfig(detector="silero"))
        assert run(ep, pcm) == State.DONE
        got = ep.endpoint()
        assert got is not None and got.reason == "silence", (seed, got)
        assert got.start_s - ep.config.preroll_s <= LEAD + start <= got.start_s + 0.15
        assert got.speech_end_s - 0.05 <= LEAD + end + 0.2
        assert got.speech_end_s + ep.config.tail_s >= LEAD + end - 0.1


@SILERO
@pytest.mark.parametrize("colour", ["brown", "pink"])
def test_silero_is_not_started_by_loud_steady_noise(colour: str) -> None:
    for seed in range(3):
        rng = np.random.default_rng(seed)
        room = noisy(bytes(2 * 16_000 * 4), -30.0, colour, rng)  # loud: a voice at -20 dBFS
        ep = Endpointer(EndpointConfig(detector="silero", think_s=3.5))
        assert run(ep, room) == State.TIMEOUT, seed

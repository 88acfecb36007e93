"""The listening path end to end: real synthesized speech, the real endpointer, the real
pocketsphinx recognizer and the real judge."""

from __future__ import annotations

from collections import Counter
from concurrent.futures import ThreadPoolExecutor
from functools import cache

import numpy as np
import pytest

from voicemaster.audio_sim.sources import WavSource
from voicemaster.audio_sim.synth import synthesize
from voicemaster.commands.hear import listen_and_judge
from voicemaster.judge import AnswerKey
from voicemaster.speech import audio
from voicemaster.speech.asr.decoding import UtteranceDecoder
from voicemaster.speech.asr.recognizers import make_recognizer
from voicemaster.speech.base import (
    Expectation,
    Heard,
    Recognizer,
    SpeechUnavailable,
    StreamingRecognizer,
)
from voicemaster.speech.mic_ears import MicEars, expectation_for, is_final

pytest.importorskip("pocketsphinx")

KEY = AnswerKey("Paris", competitors=("London", "Madrid", "Berlin"))


@cache
def sphinx() -> Recognizer:
    return make_recognizer("pocketsphinx")


def room(seconds: float, seed: int = 0) -> bytes:
    return audio.pad(b"", seconds)  # the room's noise is added over the whole scene (in ears)


def in_room(pcm: bytes, seed: int = 0) -> bytes:
    """A quiet room (-60 dBFS) under everything, as a real microphone hears it."""
    noise = audio.noise(len(pcm) // 2, -60.0, np.random.default_rng(seed))
    return audio.to_bytes(audio.to_array(pcm) + noise)


def ears(pcm: bytes, realtime: bool = False) -> MicEars:
    return MicEars(WavSource(in_room(pcm), realtime=realtime), sphinx())


def test_hears_and_judges_a_right_answer(flite: None) -> None:
    pcm = room(0.8) + synthesize("paris", "flite:slt") + room(1.5, 1)
    e = ears(pcm)
    got = listen_and_judge(e, expectation_for(KEY), KEY, timeout=10.0)
    assert got is not None
    assert got.verdict.verdict == "right"
    assert "paris" in got.utterance.heard.text.lower()
    assert got.utterance.decode_ms > 0
    assert 0 < got.utterance.endpoint_ms <= 600 + 1


def test_a_wrong_answer_outside_the_grammar_is_not_accepted(flite: None) -> None:
    pcm = room(0.8) + synthesize("albert einstein", "flite:rms") + room(1.5, 1)
    got = listen_and_judge(ears(pcm), expectation_for(KEY), KEY, timeout=10.0)
    assert got is not None
    assert got.verdict.verdict != "right"


def test_a_rival_answer_inside_the_grammar_is_wrong(flite: None) -> None:
    pcm = room(0.8) + synthesize("london", "flite:slt") + room(1.5, 1)
    got = listen_and_judge(ears(pcm), expectation_for(KEY), KEY, timeout=10.0)
    assert got is not None and got.verdict.verdict == "wrong"


def test_silence_until_the_timeout_is_none() -> None:
    e = ears(room(6.0))
    assert e.hear(expectation_for(KEY), timeout=2.0) is None
    assert e.endpointer.now_s == pytest.approx(2.0 + e.endpointer.config.holdoff_s, abs=0.03)


def test_a_knock_before_the_answer_is_not_the_answer(flite: None) -> None:
    rng = np.random.default_rng(3)
    knock = audio.to_bytes(rng.normal(0, 6000, 1600))  # 100 ms of a bang on the table
    pcm = room(0.8) + knock + room(1.0, 2) + synthesize("paris", "flite:awb") + room(1.5, 1)
    heard = ears(pcm).hear(expectation_for(KEY), timeout=10.0)
    assert heard is not None and "paris" in heard.text.lower()


def test_two_windows_on_one_stream(flite: None) -> None:
    pcm = (room(0.8) + synthesize("yes", "flite:slt") + room(1.2, 1)
           + synthesize("london", "flite:slt") + room(1.5, 2))  # fmt: skip
    e = ears(pcm)
    first = e.hear(Expectation(commands=("yes", "no")), timeout=5.0)
    second = e.hear(expectation_for(KEY), timeout=5.0)
    assert first is not None and first.text.lower() == "yes"
    assert second is not None and "london" in second.text.lower()


def test_works_with_a_real_time_source(flite: None) -> None:
    pcm = room(0.5) + synthesize("paris", "flite:slt") + room(1.2, 1)
    got = ears(pcm, realtime=True).listen(expectation_for(KEY), timeout=5.0)
    assert got is not None and "paris" in got.heard.text.lower()
    assert 0 < got.latency_ms < 1500


class DeadMicrophone:
    """A device that delivers nothing at all (unplugged mid-game)."""

    sample_rate = 16_000

    def read(self, timeout: float) -> bytes | None:
        return None

    def close(self) -> None:
        pass


def test_a_dead_source_is_reported() -> None:
    e = MicEars(DeadMicrophone(), sphinx(), stall_s=0.05)
    with pytest.raises(SpeechUnavailable, match="stopped delivering audio"):
        e.hear(expectation_for(KEY), timeout=5.0)


# ---------------------------------------------------------------------------- streaming, early end


class Spy:
    """The real recognizer, with a count of how it was called (streaming or whole utterances)."""

    def __init__(self, inner: Recognizer, streaming: bool = True) -> None:
        assert isinstance(inner, StreamingRecognizer)
        self.inner, self.calls = inner, Counter[str]()
        if streaming:
            self.start, self.feed, self.finish = self._start, self._feed, self._finish

    def recognize(self, pcm: bytes, expectation: Expectation) -> Heard:
        self.calls["recognize"] += 1
        return self.inner.recognize(pcm, expectation)

    def _start(self, expectation: Expectation) -> None:
        self.calls["start"] += 1
        self.inner.start(expectation)

    def _feed(self, pcm: bytes) -> None:
        self.calls["feed"] += 1
        self.inner.feed(pcm)

    def _finish(self) -> Heard:
        self.calls["finish"] += 1
        return self.inner.finish()


def test_audio_is_decoded_while_it_arrives(flite: None) -> None:
    spy = Spy(sphinx())
    pcm = room(0.8) + synthesize("paris", "flite:slt") + room(1.5, 1)
    got = MicEars(WavSource(in_room(pcm)), spy).listen(expectation_for(KEY), timeout=10.0)
    assert got is not None and got.heard.text == "paris"
    assert spy.calls["recognize"] == 0
    assert spy.calls["start"] == spy.calls["finish"] >= 1
    assert spy.calls["feed"] >= 10  # 20 ms chunks from the pre-roll on, not one block at the end


def test_a_recognizer_without_streaming_decodes_whole_utterances(flite: None) -> None:
    spy = Spy(sphinx(), streaming=False)
    pcm = room(0.8) + synthesize("london", "flite:slt") + room(1.5, 1)
    got = MicEars(WavSource(in_room(pcm)), spy).listen(expectation_for(KEY), timeout=10.0)
    assert got is not None and got.heard.text == "london"
    assert spy.calls["recognize"] >= 1 and spy.calls["feed"] == 0


def test_a_complete_answer_ends_after_a_short_pause(flite: None) -> None:
    pcm = room(0.8) + synthesize("paris", "flite:slt") + room(1.5, 1)
    e = ears(pcm)
    got = e.listen(expectation_for(KEY), timeout=10.0)
    assert got is not None and got.heard.text == "paris"
    cfg = e.endpointer.config
    assert got.early and got.endpoint.reason == "complete"
    assert got.endpoint_ms == pytest.approx(cfg.complete_trailing_s * 1000, abs=25)
    assert got.endpoint_ms < cfg.trailing_silence_s * 1000


def trimmed(pcm: bytes) -> bytes:
    """The audible part of a synthesized word (10 ms frames within 35 dB of its loudest)."""
    arr = audio.to_array(pcm)
    n = len(arr) // 160
    energy = np.mean(arr[: n * 160].astype(float).reshape(n, 160) ** 2, axis=1)
    loud = np.flatnonzero(energy >= energy.max() * 10**-3.5)
    return audio.to_bytes(arr[loud[0] * 160 : (loud[-1] + 1) * 160])


LEONARDO = AnswerKey("Leonardo da Vinci", competitors=("Michelangelo", "Raphael"))


@pytest.mark.parametrize("accept", [(), ("Leonardo",)])
def test_a_longer_answer_is_not_cut_in_its_pause(flite: None, accept: tuple[str, ...]) -> None:
    key = AnswerKey(LEONARDO.answer, accept=accept, competitors=LEONARDO.competitors)
    pause = room(0.45)  # longer than complete_trailing_s, shorter than the trailing silence
    pcm = (room(0.8) + trimmed(synthesize("leonardo", "flite:slt")) + pause
           + trimmed(synthesize("da vinci", "flite:slt")) + room(1.5))  # fmt: skip
    e = ears(pcm)
    got = listen_and_judge(e, expectation_for(key), key, timeout=10.0)
    assert got is not None
    assert "vinci" in got.utterance.heard.text.lower()
    assert got.verdict.verdict == "right"
    assert got.utterance.endpoint.start_s < 1.0  # the utterance holds "leonardo" too
    assert e.hear(expectation_for(key), timeout=1.0) is None  # nothing left over


def test_an_unconfirmed_or_partial_phrase_waits_the_full_pause() -> None:
    window = expectation_for(AnswerKey("Leonardo da Vinci", accept=("Leonardo",)))
    assert is_final(Heard("leonardo da vinci", confidence=0.9), window)
    assert not is_final(Heard("leonardo", confidence=0.9), window)  # may go on
    assert not is_final(Heard("leonardo da vinci", confidence=0.2), window)  # not confirmed
    assert not is_final(Heard("the mona lisa", confidence=0.9), window)  # not expected
    assert not is_final(Heard("bezzerwizzer", bezzerwizzer=True), window)  # which team?
    assert is_final(Heard("bezzerwizzer blue", bezzerwizzer=True, team="blue"), window)
    digits = Expectation(answers=("3",), competitors=("7", "1912"))  # spelt as the grammar does
    assert is_final(Heard("three", confidence=0.9), digits)
    assert is_final(Heard("nineteen twelve", confidence=0.9), digits)


def streamed(recognizer: Recognizer, pcm: bytes, expectation: Expectation) -> Heard:
    with ThreadPoolExecutor(max_workers=1) as pool:
        decoder = UtteranceDecoder(recognizer, expectation, pool)
        for at in range(0, len(pcm), 640):  # 20 ms pieces, as a microphone delivers them
            decoder.extend(pcm[at : at + 640])
        assert decoder.streaming
        return decoder.settle().result()


@pytest.mark.slow
def test_what_is_heard_does_not_depend_on_earlier_utterances(flite: None, espeak: None) -> None:
    """Streamed decoding starts each utterance afresh: a resumed simulation hears the same."""
    answer = in_room(room(0.3) + synthesize("mount everest", "flite:rms", snr_db=20.0))
    other = in_room(room(0.3) + synthesize("what is the largest ocean on earth", "espeak:en"))
    fresh = make_recognizer("pocketsphinx")
    first = streamed(fresh, answer, expectation_for(KEY))
    streamed(fresh, other, Expectation(answers=("the pacific",)))
    again = streamed(fresh, answer, expectation_for(KEY))
    assert (again.text, again.confidence) == (first.text, first.confidence)


class Resettable(Spy):
    """The real recognizer, and a count of the requests to start afresh."""

    def reset(self) -> None:
        self.calls["reset"] += 1


def test_a_reset_of_the_ears_reaches_a_recognizer_that_can_reset() -> None:
    spy = Resettable(sphinx())
    MicEars(WavSource(in_room(room(0.5))), spy).reset()
    assert spy.calls["reset"] == 1
    plain = Spy(sphinx())  # a recognizer without reset: the ears' reset does nothing
    MicEars(WavSource(in_room(room(0.5))), plain).reset()
    assert sum(plain.calls.values()) == 0

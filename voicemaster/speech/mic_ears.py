"""The listening path: audio source -> endpointer -> recognizer (-> judge).

:class:`MicEars` is the game's :class:`~voicemaster.speech.base.Ears`.  It works the same with a
live microphone and with a file streamed as fast as it can be read, because the endpointer counts
audio time.  Once speech starts, the utterance (with its pre-roll) is handed to the recognizer
as it arrives (see :mod:`voicemaster.speech.asr.decoding`): a streaming recognizer decodes it on a
worker thread while the listener reads on.  When a pause begins the decoding is settled; if the
pause becomes the end of the utterance the result is ready at once, and if it holds a complete,
confirmed phrase of the window (:func:`is_final`) the listener ends after a shorter pause
(``complete_trailing_s``) instead of the full trailing silence.  Speech that comes back after a
settled pause ("Leonardo ... da Vinci") restarts the decoding of the whole utterance.
"""

from __future__ import annotations

import time
from collections import deque
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass

from voicemaster.judge.model import AnswerKey
from voicemaster.speech.asr import policy
from voicemaster.speech.asr.decoding import UtteranceDecoder
from voicemaster.speech.asr.grammar import spoken
from voicemaster.speech.asr.second_opinion import SecondOpinion
from voicemaster.speech.base import (
    AudioSource,
    Expectation,
    Flushing,
    Heard,
    Recognizer,
    Resetting,
    SpeechUnavailable,
)
from voicemaster.speech.capture.endpoint_config import EndpointConfig
from voicemaster.speech.capture.endpointer import Endpoint, Endpointer, State

READ_TIMEOUT_S = 0.5  # wall time per read of the source
# A recognizer that decodes whole utterances (Whisper) starts at this pause, so its decoding
# runs while the pause goes on; a streaming one settles at the endpointer's early_s
WHOLE_SETTLE_S = 0.1
STALL_S = 5.0  # a source silent (no chunks at all) this long is gone
EARLY_CONFIDENCE = policy.GRAMMAR.early_confidence  # a complete phrase may end early


@dataclass(frozen=True)
class HeardUtterance:
    """One utterance heard in a listening window, with its timings."""

    heard: Heard
    endpoint: Endpoint
    early: bool  # ended on a complete phrase before the full trailing silence
    endpoint_ms: float  # audio from the last speech sample to the end decision
    decode_ms: float  # wall time the recognizer spent on this utterance (streaming included)
    latency_ms: float  # wall time from the arrival of the last speech sample to the result


def window_phrases(expectation: Expectation) -> set[str]:
    """Everything a window expects as a whole utterance (normalised)."""
    return {spoken(p) for p in expectation.phrases() + expectation.teams} - {""}


def is_complete(heard: Heard, expectation: Expectation) -> bool:
    """Whether ``heard`` is a whole phrase the window expects."""
    if heard.bezzerwizzer:
        return heard.team is not None
    said = spoken(heard.text)
    return bool(said) and said in window_phrases(expectation)


def is_final(heard: Heard, expectation: Expectation, confidence: float = EARLY_CONFIDENCE) -> bool:
    """Whether a pause after ``heard`` may end the utterance early: a complete phrase, confirmed
    (grammar and free decoding agree: ``confidence``), and not the start of a longer phrase of
    the window ("Leonardo" while "Leonardo da Vinci" is expected may go on)."""
    if heard.bezzerwizzer:
        return heard.team is not None
    if not is_complete(heard, expectation) or heard.confidence < confidence:
        return False
    said = spoken(heard.text) + " "
    return not any(p.startswith(said) for p in window_phrases(expectation))


def is_empty(heard: Heard) -> bool:
    return not heard.text.strip() and not heard.bezzerwizzer


class MicEars:
    """Ears over any AudioSource (microphone, WAV stream) and any Recognizer.

    ``speculate``: decode while listening (streaming, or speculatively in pauses) and end early
    on a complete phrase; False decodes each utterance only once it has ended.  ``second``:
    the second opinion asked where the first hearing is in doubt (the callers take
    :func:`~voicemaster.speech.asr.second_opinion.default_for` their recognizer; None: never)."""

    def __init__(
        self,
        source: AudioSource,
        recognizer: Recognizer,
        config: EndpointConfig | None = None,
        speculate: bool = True,
        stall_s: float = STALL_S,
        second: SecondOpinion | None = None,
    ) -> None:
        if source.sample_rate != 16_000:
            raise SpeechUnavailable(f"audio source runs at {source.sample_rate} Hz, not 16000")
        self.source = source
        self.recognizer = recognizer
        self.endpointer = Endpointer(config)
        self.speculate = speculate
        self.stall_s = stall_s
        self.second = second
        self._pool = ThreadPoolExecutor(max_workers=1, thread_name_prefix="vm-decode")

    def close(self) -> None:
        self._pool.shutdown(wait=True)

    def reset(self) -> None:
        """After a recognizer error: the recognizer starts afresh, when it can."""
        if isinstance(self.recognizer, Resetting):
            self.recognizer.reset()

    def hear(self, expectation: Expectation, timeout: float) -> Heard | None:
        got = self.listen(expectation, timeout)
        return got.heard if got else None

    def listen(self, expectation: Expectation, timeout: float) -> HeardUtterance | None:
        """Wait up to ``timeout`` s of audio for speech; return the first intelligible utterance."""
        ep = self.endpointer
        cfg = ep.config
        short = not expectation.answers and not expectation.options and bool(expectation.commands)
        ep.begin(think_s=timeout, trailing_s=cfg.short_trailing_s if short else None)
        if isinstance(self.source, Flushing):
            self.source.flush()  # audio captured while the quizmaster spoke
        decoder = UtteranceDecoder(
            self.recognizer, expectation, self._pool, self.speculate, self.second
        )
        return _Window(self, expectation, decoder).run()


class _Window:
    """The state of one listen() call."""

    def __init__(self, ears: MicEars, expectation: Expectation, decoder: UtteranceDecoder) -> None:
        self.ears = ears
        self.ep = ears.endpointer
        self.expectation = expectation
        self.decoder = decoder
        self.arrivals: deque[tuple[float, float]] = deque(maxlen=4096)  # (audio end s, wall)
        self.first = -1  # first sample of the utterance being decoded (-1: none)
        self.fed = 0  # sample up to which it was handed to the decoder
        self.settled_end = -1.0  # speech end the decoder's result covers (-1: not settled)

    def run(self) -> HeardUtterance | None:
        try:
            return self._loop()
        finally:
            self.decoder.close()  # never leave the recognizer mid-utterance

    def _loop(self) -> HeardUtterance | None:
        silent_since = time.monotonic()
        while True:
            chunk = self.ears.source.read(READ_TIMEOUT_S)
            if chunk is None:
                if time.monotonic() - silent_since > self.ears.stall_s:
                    raise SpeechUnavailable("the microphone stopped delivering audio")
                continue
            silent_since = time.monotonic()
            state = self.ep.finish() if chunk == b"" else self.ep.feed(chunk)
            self.arrivals.append((self.ep.now_s, time.perf_counter()))
            if state == State.TIMEOUT:
                return None
            got = self._step(state)
            if got is not None:
                return got
            if state == State.DONE or chunk == b"":
                if chunk == b"":
                    return None
                self.ep.resume()
                self.first, self.settled_end = -1, -1.0

    def _step(self, state: State) -> HeardUtterance | None:
        """Stream the utterance, settle it in pauses, end it on DONE or early.  None: go on."""
        if state not in (State.SPEECH, State.PAUSE, State.DONE):
            return None
        if self.ears.speculate:
            self._stream(state)
            early = self._early(state)
            if early is not None:
                return early
        if state != State.DONE:
            return None
        endpoint = self.ep.endpoint()
        assert endpoint is not None
        if not self.ears.speculate:
            self.decoder.restart()
            self.decoder.extend(endpoint.pcm)
        if self.decoder.result is None or self.settled_end != endpoint.speech_end_s:
            self.decoder.settle()
        assert self.decoder.result is not None
        heard = policy.review(self.decoder.result.result(), self.expectation)
        if is_empty(heard):
            return None  # a knock or a cough: keep listening
        return self._result(heard, endpoint, early=False)

    def _stream(self, state: State) -> None:
        """Hand the new audio of the utterance to the decoder; settle it once a pause begins."""
        ep, dec = self.ep, self.decoder
        first, last = ep.span()
        if first != self.first:  # a new utterance
            dec.restart(new=True)
            self.first, self.fed, self.settled_end = first, first, -1.0
        elif self.settled_end >= 0 and self.settled_end != ep.speech_end_s:
            dec.restart(new=False)  # speech came back after the pause: decode it all again
            self.fed, self.settled_end = first, -1.0
        upto = min(last, ep.now_sample)
        if upto > self.fed:
            dec.extend(ep.audio(self.fed, upto))
            self.fed = upto
        settle_s = ep.config.early_s if dec.streaming else min(ep.config.early_s, WHOLE_SETTLE_S)
        pausing = state == State.DONE or ep.pause_s >= settle_s - 1e-9
        if pausing and self.settled_end < 0:
            dec.settle()
            self.settled_end = ep.speech_end_s

    def _early(self, state: State) -> HeardUtterance | None:
        """End on a settled, final phrase once the pause reaches ``complete_trailing_s``."""
        ep, result = self.ep, self.decoder.result
        if state != State.PAUSE or result is None or self.settled_end != ep.speech_end_s:
            return None
        if ep.pause_s < ep.config.complete_trailing_s - 1e-9:
            return None
        # waiting here (audio queues up meanwhile) keeps the decision in audio time: a file read
        # fast ends where a live microphone would
        heard = policy.review(result.result(), self.expectation)
        if heard.narrow or heard.unclear or not is_final(heard, self.expectation):
            return None
        endpoint = Endpoint("complete", ep.start_s, ep.speech_end_s, ep.now_s, ep.utterance())
        return self._result(heard, endpoint, early=True)

    def _result(self, heard: Heard, endpoint: Endpoint, early: bool) -> HeardUtterance:
        now = time.perf_counter()
        arrived = next((w for s, w in self.arrivals if s >= endpoint.speech_end_s), now)
        return HeardUtterance(
            heard=heard,
            endpoint=endpoint,
            early=early,
            endpoint_ms=(endpoint.end_s - endpoint.speech_end_s) * 1000,
            decode_ms=self.decoder.decode_ms,
            latency_ms=(now - arrived) * 1000,
        )


# ---------------------------------------------------------------------------- judging


def expectation_for(
    key: AnswerKey, commands: tuple[str, ...] = (), teams: tuple[str, ...] = ()
) -> Expectation:
    """The listening window for a judge's AnswerKey (answer + accept forms, rejects, ...)."""
    return Expectation(
        answers=(key.answer, *key.accept),
        rejects=tuple(key.reject),
        options=tuple(key.options),
        competitors=tuple(key.competitors),
        commands=commands,
        teams=teams,
    )

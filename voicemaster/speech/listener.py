"""The listening path: audio source -> endpointer -> recognizer (-> judge).

:class:`MicEars` is the game's :class:`~voicemaster.speech.base.Ears`.  It works the same with a
live microphone and with a file streamed as fast as it can be read, because the endpointer counts
audio time.  To cut the wait after the last word, the utterance is decoded *speculatively* in a
worker thread as soon as a short pause begins; if the pause becomes the end of the utterance the
result is ready, and if it is a complete phrase of the window the listener ends there at once.
"""

from __future__ import annotations

import re
import time
from collections import deque
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from voicemaster.speech.base import AudioSource, Expectation, Heard, Recognizer, SpeechUnavailable
from voicemaster.speech.endpointer import Endpoint, EndpointConfig, Endpointer, State

READ_TIMEOUT_S = 0.5  # wall time per read of the source
STALL_S = 5.0  # a source silent (no chunks at all) this long is gone
VOSK_MODEL = "vosk-model-small-en-us-0.15"


@dataclass(frozen=True)
class Listening:
    """One utterance heard in a listening window, with its timings."""

    heard: Heard
    endpoint: Endpoint
    early: bool  # ended on a complete phrase before the full trailing silence
    endpoint_ms: float  # audio from the last speech sample to the end decision
    decode_ms: float  # wall time the recognizer took on this utterance
    latency_ms: float  # wall time from the arrival of the last speech sample to the result


def normalise_phrase(text: str) -> str:
    return " ".join(re.sub(r"[^\w' ]+", " ", text.lower()).split())


def is_complete(heard: Heard, expectation: Expectation) -> bool:
    """Whether ``heard`` is a whole phrase the window expects (so no need to wait longer)."""
    if heard.bezzerwizzer:
        return heard.team is not None
    said = normalise_phrase(heard.text)
    return bool(said) and said in {normalise_phrase(p) for p in expectation.phrases()}


def is_empty(heard: Heard) -> bool:
    return not heard.text.strip() and not heard.bezzerwizzer


class MicEars:
    """Ears over any AudioSource (microphone, WAV stream) and any Recognizer."""

    def __init__(
        self,
        source: AudioSource,
        recognizer: Recognizer,
        config: EndpointConfig | None = None,
        speculate: bool = True,
        stall_s: float = STALL_S,
    ) -> None:
        if source.sample_rate != 16_000:
            raise SpeechUnavailable(f"audio source runs at {source.sample_rate} Hz, not 16000")
        self.source = source
        self.recognizer = recognizer
        self.endpointer = Endpointer(config)
        self.speculate = speculate
        self.stall_s = stall_s
        self._pool = ThreadPoolExecutor(max_workers=1, thread_name_prefix="vm-decode")

    def close(self) -> None:
        self._pool.shutdown(wait=True)

    def hear(self, expectation: Expectation, timeout: float) -> Heard | None:
        got = self.listen(expectation, timeout)
        return got.heard if got else None

    def listen(self, expectation: Expectation, timeout: float) -> Listening | None:
        """Wait up to ``timeout`` s of audio for speech; return the first intelligible utterance."""
        ep = self.endpointer
        cfg = ep.config
        short = not expectation.answers and not expectation.options and bool(expectation.commands)
        ep.begin(think_s=timeout, trailing_s=cfg.short_trailing_s if short else None)
        flush = getattr(self.source, "flush", None)
        if callable(flush):
            flush()  # audio captured while the quizmaster spoke
        return _Window(self, expectation).run()

    def _decode(self, pcm: bytes, expectation: Expectation) -> tuple[Heard, float]:
        began = time.perf_counter()
        heard = self.recognizer.recognize(pcm, expectation)
        return heard, (time.perf_counter() - began) * 1000


class _Window:
    """The state of one listen() call."""

    def __init__(self, ears: MicEars, expectation: Expectation) -> None:
        self.ears = ears
        self.ep = ears.endpointer
        self.expectation = expectation
        self.arrivals: deque[tuple[float, float]] = deque(maxlen=4096)  # (audio end s, wall)
        self.spec: Future[tuple[Heard, float]] | None = None
        self.spec_key: tuple[float, float] = (-1.0, -1.0)

    def run(self) -> Listening | None:
        try:
            return self._loop()
        finally:
            # never leave a speculative decode running on a recognizer someone else may use
            if self.spec is not None and not self.spec.cancel():
                self.spec.exception()

    def _loop(self) -> Listening | None:
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

    def _key(self) -> tuple[float, float]:
        return (self.ep.start_s, self.ep.speech_end_s)

    def _step(self, state: State) -> Listening | None:
        """Speculate in pauses; finish on DONE, or early on a complete phrase.  None: go on."""
        ep, cfg = self.ep, self.ep.config
        if state == State.PAUSE and self.ears.speculate:
            if self.spec_key != self._key() and ep.pause_s >= max(cfg.early_s, cfg.tail_s):
                self.spec_key = self._key()
                self.spec = self.ears._pool.submit(
                    self.ears._decode, ep.utterance(), self.expectation
                )
            if self.spec is not None and self.spec.done() and self.spec_key == self._key():
                heard, ms = self.spec.result()
                if is_complete(heard, self.expectation):
                    return self._result(heard, ms, self._early_endpoint(), early=True)
        if state != State.DONE:
            return None
        endpoint = ep.endpoint()
        assert endpoint is not None
        if self.spec is not None and self.spec_key == self._key():
            heard, ms = self.spec.result()
        else:
            heard, ms = self.ears._pool.submit(
                self.ears._decode, endpoint.pcm, self.expectation
            ).result()
        if is_empty(heard):
            self.spec, self.spec_key = None, (-1.0, -1.0)
            return None  # a knock or a cough: keep listening
        return self._result(heard, ms, endpoint, early=False)

    def _early_endpoint(self) -> Endpoint:
        ep = self.ep
        return Endpoint("complete", ep.start_s, ep.speech_end_s, ep.now_s, ep.utterance())

    def _result(self, heard: Heard, ms: float, endpoint: Endpoint, early: bool) -> Listening:
        now = time.perf_counter()
        arrived = next((w for s, w in self.arrivals if s >= endpoint.speech_end_s), now)
        return Listening(
            heard=heard,
            endpoint=endpoint,
            early=early,
            endpoint_ms=(endpoint.end_s - endpoint.speech_end_s) * 1000,
            decode_ms=ms,
            latency_ms=(now - arrived) * 1000,
        )


# ---------------------------------------------------------------------------- judging


@dataclass(frozen=True)
class Judged:
    """An utterance heard and judged."""

    listening: Listening
    verdict: Any  # voicemaster.judge.Verdict
    judge_ms: float
    latency_ms: float  # last speech sample -> verdict (wall)


def expectation_for(
    key: Any, commands: tuple[str, ...] = (), teams: tuple[str, ...] = ()
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


def listen_and_judge(
    ears: MicEars, expectation: Expectation, key: Any, timeout: float
) -> Judged | None:
    """Endpoint -> recognize -> judge ``key`` (a voicemaster.judge.AnswerKey).  None: silence."""
    from voicemaster.judge import judge

    got = ears.listen(expectation, timeout)
    if got is None:
        return None
    began = time.perf_counter()
    verdict = judge(got.heard.text, key)
    judge_ms = (time.perf_counter() - began) * 1000
    return Judged(got, verdict, judge_ms, got.latency_ms + judge_ms)


# ---------------------------------------------------------------------------- recognizers


def is_vosk_model(path: Path) -> bool:
    return path.is_dir() and any(
        (path / marker).exists() for marker in ("am/final.mdl", "final.mdl", "conf/model.conf")
    )


def find_vosk_model(models_dir: str | Path = "models") -> Path | None:
    """The vosk model folder under ``models_dir`` (the small English one preferred)."""
    root = Path(models_dir)
    if not root.is_dir():
        return None
    found = sorted(p for p in root.iterdir() if is_vosk_model(p))
    preferred = [p for p in found if p.name == VOSK_MODEL]
    chosen = preferred or found
    return chosen[0] if chosen else None


def make_recognizer(
    asr: str | None = None, model_dir: str | Path | None = None, models_dir: str | Path = "models"
) -> Recognizer:
    """vosk when asked for or when a model is given / found in ``models_dir``; else pocketsphinx."""
    if asr not in (None, "pocketsphinx", "vosk"):
        raise SpeechUnavailable(f"unknown recognizer {asr!r} (use pocketsphinx or vosk)")
    model = Path(model_dir) if model_dir else None
    if model is not None and not model.is_dir():
        raise SpeechUnavailable(f"no vosk model folder at {model}")
    if asr != "pocketsphinx" and model is None:
        model = find_vosk_model(models_dir)
    if asr == "vosk" and model is None:
        raise SpeechUnavailable(
            f"no vosk model in {models_dir}/: run 'voicemaster model download' "
            "or copy a vosk model folder there (or pass --model DIR)"
        )
    if asr != "pocketsphinx" and model is not None:
        from voicemaster.speech.vosk_asr import VoskRecognizer

        vosk: Recognizer = VoskRecognizer(model)
        return vosk
    from voicemaster.speech.pocketsphinx_asr import PocketsphinxRecognizer

    sphinx: Recognizer = PocketsphinxRecognizer()
    return sphinx

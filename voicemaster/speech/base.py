"""The tiny interfaces every speech adapter implements.  Audio is 16 kHz mono 16-bit PCM."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Literal, Protocol, runtime_checkable

SAMPLE_RATE = 16_000
ASR_NAMES = ("whisper", "pocketsphinx", "vosk")  # the selectable recognizers


class SpeechUnavailable(RuntimeError):
    """A speech component cannot run here; the message names what to install or plug in."""


class DownloadError(RuntimeError):
    """A model that could not be fetched (offline, a missing package, a bad name); ``hint``
    says what works instead.  Nothing half-fetched is left behind."""

    def __init__(self, message: str, hint: str = "") -> None:
        super().__init__(message)
        self.hint = hint


class BadDownload(DownloadError):
    """A model that was fetched but is not the model (damaged, incomplete, another file)."""


@dataclass(frozen=True)
class Fetched:
    """A model ``voicemaster model download`` asked for, in its folder: ``already`` there, or
    fetched now (``note``: what was verified, or how to choose it)."""

    path: Path
    already: bool = False
    note: str = ""


@dataclass(frozen=True)
class Expectation:
    """What may be said in one listening window (the recognizer's grammar and the judge's key)."""

    answers: tuple[str, ...] = ()  # the right answer first, then its accept forms
    rejects: tuple[str, ...] = ()  # near misses that must be judged wrong
    options: tuple[str, ...] = ()  # multiple-choice options, if read out
    competitors: tuple[str, ...] = ()  # other answers of the same category
    commands: tuple[str, ...] = ()  # e.g. "repeat", "pass", "score", "help"
    teams: tuple[str, ...] = ()  # team names, for "Bezzerwizzer blue"
    free: bool = True  # also decode freely, so out-of-grammar speech is not forced in

    def phrases(self) -> tuple[str, ...]:
        seen: dict[str, None] = {}
        for group in (self.answers, self.rejects, self.options, self.competitors, self.commands):
            for phrase in group:
                seen.setdefault(phrase, None)
        return tuple(seen)


@dataclass(frozen=True)
class Signals:
    """What an open-vocabulary recognizer (Whisper) says of its own transcript; read by
    :mod:`voicemaster.speech.asr.policy`, never by the host."""

    logprob: float = 0.0  # mean log-probability of the transcript's tokens (0 = certain)
    no_speech: float = 0.0  # probability that the audio held no speech at all
    compression: float = 0.0  # gzip compression ratio of the text: high for loops
    repeated: bool = False  # the transcript holds a run of one repeated word or phrase
    collapsed: str = ""  # ... then the transcript with each run said once ("six six" -> "six")
    raw: str = ""  # the transcript before normalising
    echo: bool = False  # the transcript repeats the prompt's own framing ("quiz answers")
    # the transcripts Whisper weighed (normalised words, mean token log-probability), best first
    nbest: tuple[tuple[str, float], ...] = ()
    # the window's answers scored as the transcript (normalised words, summed token
    # log-probability), when the transcript is none of them; ``own``: the transcript's score
    scores: tuple[tuple[str, float], ...] = ()
    own: float = 0.0
    # the shout phrases scored the same way where the transcript may be a shout not read
    # whole (speech/asr/shouts.py), beside the transcript as Whisper wrote it
    shouts: tuple[tuple[str, float], ...] = ()
    shout_own: float = 0.0
    # False for a hearing without the window's prompt (a second opinion's forced scores)
    prompted: bool = True


# how a grammar recognizer found its phrase: the "best" path, "n-best" (the best path stopped
# inside a phrase), "partial" (no complete phrase among the n-best) or "" (no path)
GrammarPath = Literal["best", "n-best", "partial", ""]


@dataclass(frozen=True)
class PhoneCheck:
    """How a grammar recognizer (pocketsphinx) checked its phrase against a phone loop decoding
    the same audio (see :mod:`voicemaster.speech.asr.fusion`); for tests and benchmarks, never the
    host."""

    path: GrammarPath = ""  # how the grammar's phrase was found
    llr: float | None = None  # (grammar - phone loop) score per speech frame; None: no word
    gap: float = 0.0  # grammar path score - phone loop path score (log units)
    speech: int = 0  # frames the phone loop heard as speech
    words: int = 0  # frames the grammar's words cover
    covered: float = 0.0  # share of the speech frames inside the grammar's words
    frames: int = 0  # frames decoded


@dataclass(frozen=True)
class Heard:
    """What a recognizer heard in one utterance."""

    text: str  # best hypothesis ("" for nothing intelligible)
    alternatives: tuple[str, ...] = ()
    confidence: float = 0.0  # 0..1
    bezzerwizzer: bool = False  # a "Bezzerwizzer" shout was spotted
    team: str | None = None  # the team named with the shout, if any
    decode_ms: float = 0.0
    # the recognizer is not sure of its words, so asking once more is worth it: a phrase of
    # the window fitted but was rejected narrowly (``alternatives`` holds it, first), or the
    # grammar found no path at all (``alternatives`` holds only what free decoding heard)
    unclear: bool = False
    # the phrase was accepted, but narrowly: a verdict resting on it is better asked back
    narrow: bool = False
    # the words are the window's answer Whisper preferred only when asked about it (its own
    # transcript was something else): asked back, never taken on trust
    guessed: bool = False
    signals: Signals | None = None  # an open-vocabulary recognizer's own signals, if any
    shout_s: float = 0.0  # seconds into the utterance where the shout starts (0: unknown)
    check: PhoneCheck | None = None  # a grammar recognizer's verification, if any
    # a second recognizer's report on the same audio, asked when this one was in doubt
    # (speech/asr/second_opinion.py); the policy decides from both
    second: Heard | None = None


class Speaker(Protocol):
    def say(self, text: str) -> None:
        """Speak (blocking until done: listening is half-duplex)."""


@runtime_checkable
class Preparing(Protocol):
    """A speaker that can render a line before it is said (optional: a speaker without it
    says every line as it comes)."""

    def prepare(self, text: str) -> None:
        """Render ``text`` in the background, so that saying it soon plays at once.  Never
        blocks; a line prepared and never said costs only memory, and saying a line while
        it is still being rendered waits for that rendering."""


@runtime_checkable
class PreparingPhrases(Protocol):
    """A speaker that can render lines said again and again (the fixed phrases) ahead."""

    def prepare_phrases(self, phrases: Iterable[str]) -> None:
        """Render ``phrases`` in the background, after any line prepared or said."""


class AudioSource(Protocol):
    sample_rate: int

    def read(self, timeout: float) -> bytes | None:
        """The next chunk of 16-bit mono PCM; b"" at the end of a stream; None on timeout."""

    def close(self) -> None: ...


@runtime_checkable
class Flushing(Protocol):
    """An audio source that can drop the audio it holds (a live microphone's backlog)."""

    def flush(self) -> None: ...


class Recognizer(Protocol):
    def recognize(self, pcm: bytes, expectation: Expectation) -> Heard:
        """Decode one utterance (16 kHz mono 16-bit PCM)."""


@runtime_checkable
class Resetting(Protocol):
    """Ears or a recognizer that can start afresh after an error (optional: without it the
    next utterance is simply tried)."""

    def reset(self) -> None: ...


@runtime_checkable
class StreamingRecognizer(Recognizer, Protocol):
    """A recognizer that decodes an utterance while it arrives (see
    :mod:`voicemaster.speech.asr.decoding`)."""

    def start(self, expectation: Expectation) -> None:
        """Begin one utterance heard in the window ``expectation``."""

    def feed(self, pcm: bytes) -> None:
        """Decode the next piece of the utterance's audio."""

    def finish(self) -> Heard:
        """End the utterance: what was heard in all the audio fed since ``start``."""


class Ears(Protocol):
    """Anything that can hear one answer: a microphone + endpointer + recognizer, or a keyboard."""

    def hear(self, expectation: Expectation, timeout: float) -> Heard | None:
        """Wait up to ``timeout`` seconds (audio time) for speech to start; return what was said
        in that utterance, or None when nobody spoke.  Raises SpeechUnavailable when the input
        device is gone."""


@runtime_checkable
class Typing(Protocol):
    """Ears that tell whether their answers are typed (optional: without it, spoken)."""

    @property
    def typed(self) -> bool:
        """True while answers come typed (nothing is misheard, nothing is asked back)."""


def is_typed(ears: object) -> bool:
    """Whether ``ears`` hear typed answers (a keyboard, a phone): see ``Typing``."""
    return isinstance(ears, Typing) and ears.typed

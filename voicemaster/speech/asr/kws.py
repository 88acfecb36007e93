"""Hearing a "Bezzerwizzer!" shout in a stream: keyword spotting, then Whisper.

:class:`KeywordSpotter` (pocketsphinx's keyphrase search, a keyphrase per pronunciation) reports
*candidates* in audio fed in chunks, loosely (recall first); :func:`confirm` asks Whisper about
the audio around one: the shout counts only if the transcript holds it where the candidate is,
with the speech after it transcribed too (:func:`consistent`); the team is read from it.
:class:`ShoutWatch` joins the two over a stream; :func:`spot` streams a recording through it.
Figures behind the constants: scripts/bench_alarms.py.
"""

from __future__ import annotations

import re
import tempfile
from collections.abc import Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from typing import TYPE_CHECKING, Any

import numpy as np
import numpy.typing as npt

from voicemaster.speech.asr import spotter
from voicemaster.speech.asr.grammar import words
from voicemaster.speech.asr.sphinx_model import FRAME_S, model_files, pocketsphinx_module
from voicemaster.speech.audio import dither, to_array
from voicemaster.speech.base import SAMPLE_RATE

if TYPE_CHECKING:
    from voicemaster.speech.asr.whisper_asr import WhisperRecognizer

THRESHOLD = 1e-60  # keyphrase detection threshold (kws_threshold)
LOOP_PROB = 1e-8  # the phone loop's probability (kws_plp): lower lets the keyword win sooner
MERGE_S = 0.6  # detections (one per pronunciation) starting this close are one candidate
BEFORE_S, AFTER_S = 0.8, 2.5  # audio Whisper hears before a candidate and after it
CHUNK_S = 0.02  # how :func:`spot` streams a recording
TEAM_REACH = 2  # words between the shout and a team Whisper wrote apart from it
MAX_BEFORE = 3  # words a transcript may hold before the shout (the cut starts BEFORE_S ahead)
MARGIN_S, SHOUT_S = 0.2, 1.0  # the shout word: from MARGIN_S before the candidate to SHOUT_S after
SPEECH_DB, NOISE_DB, FLOOR_DB = 15.0, 8.0, 30.0  # what is speech in a cut: see speech_frames
PER_WORD_S = 0.5  # speech before or after the shout each transcribed word there accounts for
SLACK_BEFORE_S, SLACK_AFTER_S = 0.15, 0.6  # and what needs no word
_LOOP = re.compile(rf"\b{spotter.WORD}(?:wiz+er)+\b")  # Whisper looping on the word


@dataclass(frozen=True)
class Candidate:
    """Where the keyword search heard the shout word (seconds since ``start``)."""

    at_s: float
    end_s: float
    word: str  # the dictionary entry that matched: bezzerwizzer, bezzerwizzer(2), ...


@dataclass(frozen=True)
class Shout:
    """Whisper's answer on one candidate: whether it heard the shout, the team it named."""

    found: bool
    team: str | None
    at_s: float  # where the candidate starts, seconds into the stream
    heard: str  # Whisper's transcript of the cut


def _decoder(threshold: float, loop_prob: float) -> Any:
    _root, config = model_files()
    decoder = pocketsphinx_module().Decoder(
        lm=None, loglevel="FATAL", cmn="live", kws_plp=loop_prob, **config
    )
    names = spotter.variants()
    for name, phones in zip(names, spotter.PRONUNCIATIONS, strict=True):
        decoder.add_word(name, phones, name == names[-1])
    with tempfile.TemporaryDirectory(prefix="vm-kws-") as folder:  # one keyphrase a line
        keyfile = Path(folder) / "shout.kws"
        keyfile.write_text("".join(f"{name} /{threshold:g}/\n" for name in names))
        decoder.add_kws("shout", str(keyfile))
    decoder.activate_search("shout")
    return decoder


class KeywordSpotter:
    """pocketsphinx's keyphrase search for the shout word over a stream fed in chunks."""

    def __init__(self, threshold: float = THRESHOLD, loop_prob: float = LOOP_PROB) -> None:
        self.threshold, self.loop_prob = threshold, loop_prob
        self._decoder = _decoder(threshold, loop_prob)
        self._cmn0 = self._decoder.get_cmn()  # the model's initial cepstral mean
        self._rng = np.random.default_rng(0)
        self._samples = 0  # fed since start()
        self._seen = 0  # detections of this stream already looked at
        self._running = False
        self.candidates: list[Candidate] = []

    @property
    def position_s(self) -> float:  # audio fed since ``start``
        return self._samples / SAMPLE_RATE

    def start(self) -> None:
        """Begin a stream: times restart at 0, candidates are forgotten, and the front end starts
        from the model's cepstral mean (what is found never depends on earlier streams)."""
        self.stop()
        self._rng = np.random.default_rng(0)
        self._samples = self._seen = 0
        self.candidates = []
        self._decoder.reinit_feat()
        self._decoder.set_cmn(self._cmn0)
        self._decoder.start_utt()
        self._running = True

    def feed(self, pcm: bytes) -> list[Candidate]:
        """Search the next piece of the stream; the candidates it completed."""
        if not self._running:
            self.start()
        if not pcm:
            return []
        # digital silence (gated microphones, synthesis) wrecks the acoustic model's front end
        self._decoder.process_raw(dither(pcm, self._rng), False, False)
        self._samples += len(pcm) // 2
        return self._collect()

    def stop(self) -> list[Candidate]:
        """End the stream; the candidates its last audio completed."""
        if not self._running:
            return []
        self._decoder.end_utt()
        self._running = False
        return self._collect()

    def _collect(self) -> list[Candidate]:
        detections = list(self._decoder.seg() or ())
        new: list[Candidate] = []
        for seg in detections[self._seen :]:
            at = seg.start_frame * FRAME_S
            last = (self.candidates + new)[-1:]
            if not last or abs(at - last[0].at_s) >= MERGE_S:
                end = seg.end_frame * FRAME_S
                new.append(Candidate(round(at, 2), round(end, 2), seg.word.strip()))
        self._seen = len(detections)
        self.candidates += new
        return new


def shout_prompt(teams: Sequence[str]) -> str:
    """Whisper's prompt for a cut: the shout as the spotter spells it, twice (once, Whisper
    wrote a synthetic shout less often; with each team, it wrote more questions as shouts)."""
    named = ", ".join(t.strip() for t in teams if t.strip())
    word = spotter.WORD.capitalize()
    return f"{word}! {word}!" + (f" Teams: {named}." if named else "")


def cut(pcm: bytes, at_s: float, before_s: float = BEFORE_S, after_s: float = AFTER_S) -> bytes:
    """The audio from ``before_s`` before ``at_s`` to ``after_s`` after it (within ``pcm``)."""
    first = max(0, round((at_s - before_s) * SAMPLE_RATE))
    last = max(first, round((at_s + after_s) * SAMPLE_RATE))
    return pcm[2 * first : 2 * last]


def said_words(text: str) -> list[str]:
    """A transcript's words, normalised as the answer recognizer does, with the shout's
    spellings (and Whisper's loops on it: "Bezzerwizzerwizzer") as the one word."""
    from voicemaster.speech.asr.whisper_asr import collapse

    joined = _LOOP.sub(spotter.WORD, " ".join(words(text, ascii_only=False)))
    said, _ = collapse(spotter.canonical(joined))
    return said.split()


def heard_shout(text: str, teams: Sequence[str]) -> tuple[bool, str | None]:
    """Whether a transcript holds the shout, and the team named with it: right before or after
    it, or a word further ("Red, man, Bezzerwizzer": a word Whisper made of the b)."""
    return spotter.find_shout(" ".join(said_words(text)), teams, reach=TEAM_REACH)


def speech_frames(pcm: bytes) -> npt.NDArray[np.bool_]:
    """Which 10 ms of ``pcm`` are speech: within ``SPEECH_DB`` of the loudest, ``NOISE_DB`` over
    the noise floor (the quietest tenth), and above ``FLOOR_DB`` (10 log10 of the mean square:
    about -60 dBFS)."""
    samples = to_array(pcm).astype(np.float64)
    frames = len(samples) // 160
    if not frames:
        return np.zeros(0, dtype=np.bool_)
    power = np.mean(np.square(samples[: frames * 160].reshape(frames, 160)), axis=1)
    level = 10 * np.log10(power + 1e-9)
    noise = float(np.percentile(level, 10)) + NOISE_DB
    speech: npt.NDArray[np.bool_] = level >= max(float(level.max()) - SPEECH_DB, noise, FLOOR_DB)
    return speech


def consistent(pcm: bytes, at_s: float, tokens: list[str]) -> bool:
    """Whether a transcript holding the shout fits its cut (the candidate ``at_s`` into it): few
    words before the shout, and words for the speech before and after it (prompted with the
    shout, Whisper may write "Bezzerwizzer" alone for seconds of a question)."""
    before = tokens.index(spotter.WORD)
    after = len(tokens) - before - 1
    speech = speech_frames(pcm)
    spoke_before = np.count_nonzero(speech[: max(0, round((at_s - MARGIN_S) * 100))]) * FRAME_S
    spoke_after = np.count_nonzero(speech[round((at_s + SHOUT_S) * 100) :]) * FRAME_S
    fits = spoke_before <= SLACK_BEFORE_S + PER_WORD_S * before
    return bool(before <= MAX_BEFORE and fits and spoke_after <= SLACK_AFTER_S + PER_WORD_S * after)


def confirm(
    pcm: bytes, at_s: float, teams: Sequence[str], recognizer: WhisperRecognizer | None = None
) -> Shout:
    """Whisper's verdict on a candidate ``at_s`` seconds into ``pcm``."""
    piece = cut(pcm, at_s)
    text, _signals = (recognizer or _whisper()).transcribe(piece, shout_prompt(teams))
    found, team = heard_shout(text, teams)
    if found and not consistent(piece, min(at_s, BEFORE_S), said_words(text)):
        found = False
    return Shout(found, team if found else None, at_s, text)


def _whisper() -> WhisperRecognizer:
    from voicemaster.speech.asr.whisper_asr import WhisperRecognizer

    return WhisperRecognizer(warm=False)  # cheap: the model is loaded once per process


class ShoutWatch:
    """Keyword spotting with Whisper's confirmation over one stream: ``feed`` returns a shout
    once it is confirmed, ``AFTER_S`` after its candidate (``finish`` at the end of the stream
    confirms what is left).  Audio no pending candidate needs any more is dropped."""

    def __init__(
        self,
        teams: Sequence[str],
        keywords: KeywordSpotter | None = None,
        recognizer: WhisperRecognizer | None = None,
    ) -> None:
        self.teams = tuple(teams)
        self.keywords = keywords or KeywordSpotter()
        self.recognizer = recognizer
        self.rejected: list[Shout] = []  # candidates Whisper did not confirm
        self._pending: list[Candidate] = []
        self._audio = bytearray()
        self._audio_at = 0  # stream sample of the first buffered one
        self.keywords.start()

    def feed(self, pcm: bytes) -> Shout | None:
        self._audio += pcm
        self._pending += self.keywords.feed(pcm)
        shout = self._settle(self.keywords.position_s)
        self._trim()
        return shout

    def finish(self) -> Shout | None:
        self._pending += self.keywords.stop()
        return self._settle(float("inf"))

    def _settle(self, now_s: float) -> Shout | None:
        while self._pending and self._pending[0].at_s + AFTER_S <= now_s:
            candidate = self._pending.pop(0)
            local = candidate.at_s - self._audio_at / SAMPLE_RATE
            shout = confirm(bytes(self._audio), local, self.teams, self.recognizer)
            shout = replace(shout, at_s=candidate.at_s)
            if shout.found:
                self._pending.clear()
                return shout
            self.rejected.append(shout)
        return None

    def _trim(self) -> None:
        keep_s = self.keywords.position_s - BEFORE_S - AFTER_S - 1.0
        if self._pending:
            keep_s = min(keep_s, self._pending[0].at_s - BEFORE_S)
        drop = round(keep_s * SAMPLE_RATE) - self._audio_at
        if drop > SAMPLE_RATE:  # a second or more at a time
            del self._audio[: 2 * drop]
            self._audio_at += drop


def spot(
    pcm: bytes,
    teams: Sequence[str],
    keywords: KeywordSpotter | None = None,
    recognizer: WhisperRecognizer | None = None,
) -> Shout:
    """The first confirmed shout in a recording, streamed as a microphone would give it."""
    watch = ShoutWatch(teams, keywords, recognizer)
    step = 2 * round(CHUNK_S * SAMPLE_RATE)
    for i in range(0, len(pcm), step):
        shout = watch.feed(pcm[i : i + step])
        if shout is not None:
            return shout
    return watch.finish() or Shout(False, None, 0.0, "")

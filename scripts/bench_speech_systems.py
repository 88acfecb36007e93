"""The systems of the speech benchmark (scripts/bench_speech.py), and one case heard by one.

- whisper: the game's listening path now: MicEars (audio decoded while it arrives, an utterance
  ends 0.25 s after a complete, clear phrase of the window, else after 0.6 s of silence) +
  WhisperRecognizer (tiny.en, prompted with the window) + the policy (nothing, unclear,
  narrow) + the judge.
- pocketsphinx: the old path: the same MicEars + PocketsphinxRecognizer (the window's grammar
  fused with free decoding) + the judge.
- baseline (only when asked for): free pocketsphinx decoding, a fixed 0.8 s silence endpoint
  and ``rapidfuzz.fuzz.ratio >= 80`` against the answer (a hobby build).
- whisper+base: the whisper path with a second opinion (Whisper base, prompted with the window)
  where the first hearing is in doubt or may be a shout (speech/asr/second_opinion.py); each
  outcome also keeps what tiny.en alone decided on the same hearing (``Outcome.alone``).
- whisper+tiny: the same with tiny.en unprompted as the second opinion (a cheaper candidate).
- base: Whisper base alone (from its packages), prompted with the window, no second opinion.
- prototype: issue 25's anchor (scripts/prototype_games.py): tiny.en through faster-whisper's
  own ``transcribe``, greedy, prompted with the window, the judge on its text, never in doubt.
- ours: the game's path with the recognizer ``--asr`` names (scripts/bench_alarms.py asks for it).

Each utterance is heard in a window like the game's (``mic_ears.expectation_for`` the card's key,
the commands people say mid-game, the teams for a shout).  A recognizer that raises is counted
in ``ERRORS`` (reported at the end of the run), not fatal.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any, cast

ROOT = Path(__file__).resolve().parents[1]
MODELS = ROOT / "models"  # the project's speech models' folder (Whisper base is joined there)
sys.path.insert(0, str(ROOT))

from bench_speech_cases import Case  # noqa: E402

from voicemaster.audio_sim.sources import WavSource  # noqa: E402
from voicemaster.host.asking import Stage, next_step  # noqa: E402
from voicemaster.host.quiz import Judged  # noqa: E402
from voicemaster.judge import AnswerKey, judge, normalise  # noqa: E402
from voicemaster.judge.model import VerdictName  # noqa: E402
from voicemaster.lexicon import PROMPTED_COMMANDS  # noqa: E402
from voicemaster.speech import audio  # noqa: E402
from voicemaster.speech.asr import policy  # noqa: E402
from voicemaster.speech.asr.decoding import can_stream  # noqa: E402
from voicemaster.speech.asr.grammar import number_words  # noqa: E402
from voicemaster.speech.asr.recognizers import make_recognizer  # noqa: E402
from voicemaster.speech.base import Expectation, Heard  # noqa: E402
from voicemaster.speech.capture.endpoint_config import EndpointConfig  # noqa: E402
from voicemaster.speech.mic_ears import MicEars, expectation_for  # noqa: E402

TEAMS = ("red", "blue", "green")
SYSTEMS = (
    "whisper",
    "pocketsphinx",
    "baseline",
    "whisper+base",
    "whisper+tiny",
    "base",
    "prototype",
)
ERRORS: Counter[str] = Counter()

Judge = Callable[[str, AnswerKey], tuple[str, str]]  # heard text, key -> (verdict, why)


@dataclass(frozen=True)
class System:
    name: str
    recognizer: Any
    config: EndpointConfig
    speculate: bool
    verdict_of: Judge
    load_s: float = 0.0
    second: Any = None  # the second opinion asked where the first hearing is in doubt


class Clocked:
    """A recognizer whose calls are timed on the wall clock, so the time spent deciding after
    the speech ended (the part a slower machine stretches) is known."""

    def __init__(self, inner: Any) -> None:
        self.inner, self.name = inner, getattr(inner, "name", type(inner).__name__)
        self.spans: list[tuple[float, float]] = []
        self.last: Heard | None = None  # the last report, before any second opinion

    @property
    def language(self) -> str | None:
        return getattr(self.inner, "language", None)

    def _timed(self, call: Callable[..., Any], *args: Any) -> Any:
        began = time.perf_counter()
        try:
            return call(*args)
        finally:
            self.spans.append((began, time.perf_counter()))

    def recognize(self, pcm: bytes, expectation: Expectation) -> Heard:
        heard: Heard = self._timed(self.inner.recognize, pcm, expectation)
        self.last = heard
        return heard

    def busy_after(self, wall: float) -> float:
        """Seconds spent in the recognizer after ``wall``."""
        return sum(end - max(begin, wall) for begin, end in self.spans if end > wall)


class ClockedStream(Clocked):
    """A streaming recognizer (start/feed/finish), timed."""

    def start(self, expectation: Expectation) -> None:
        self._timed(self.inner.start, expectation)

    def feed(self, pcm: bytes) -> None:
        self._timed(self.inner.feed, pcm)

    def finish(self) -> Heard:
        heard: Heard = self._timed(self.inner.finish)
        return heard


def clocked(recognizer: Any) -> Clocked:
    return ClockedStream(recognizer) if can_stream(recognizer) else Clocked(recognizer)


@dataclass
class Outcome:
    window: str  # own (the utterance's card) | rival (a competitor card)
    verdict: str  # right | wrong | pass | unsure | nothing (no words heard) | error
    why: str
    heard: Heard | None
    latency_ms: float | None = None  # true speech end -> verdict, wall (real-time runs only)
    decode_ms: float = 0.0
    audio_s: float = 0.0  # length of the utterance handed to the recognizer
    early: bool = False  # ended on a complete phrase before the full trailing silence
    endpoint_ms: float = 0.0  # audio from the endpointer's last speech frame to the end decision
    busy_ms: float = 0.0  # recognizer and judge wall time after the true speech end (real time)
    decision: str = "silent"  # what the game does: taken | asked | again | silent (next_step)
    ask: str | None = None  # with "asked": the words of "Did you say ...?"
    ask_right: bool = False  # those words would be judged right: the answer said aloud
    # main's rule before issue 25 (a narrow phrase asked back as heard, right or not) would
    # have said a right answer aloud: for the before/after figure only
    said_right_before: bool = False
    # with a second opinion: (verdict, heard) of the first hearing alone, in the same run
    alone: tuple[str, Heard | None] | None = None

    @property
    def unclear(self) -> bool:
        return bool(self.heard and self.heard.unclear)

    @property
    def narrow(self) -> bool:
        return bool(self.heard and self.heard.narrow)


def game_verdict(heard: str, key: AnswerKey) -> tuple[str, str]:
    verdict = judge(heard, key)
    return str(verdict.verdict), verdict.reason


class FreeDecoder:
    """The baseline's recognizer: pocketsphinx with its default language model, no grammar."""

    def __init__(self) -> None:
        from pocketsphinx import Decoder

        self.decoder = Decoder(loglevel="FATAL")

    def recognize(self, pcm: bytes, expectation: Expectation) -> Heard:
        from rapidfuzz import fuzz

        began = time.perf_counter()
        self.decoder.start_utt()
        self.decoder.process_raw(pcm, full_utt=True)
        self.decoder.end_utt()
        hyp = self.decoder.hyp()
        text = hyp.hypstr if hyp is not None else ""
        shout = bool(text) and fuzz.partial_ratio("bezzerwizzer", text.replace(" ", "")) >= 80
        return Heard(text, bezzerwizzer=shout, decode_ms=(time.perf_counter() - began) * 1000)


def baseline_verdict(heard: str, key: AnswerKey) -> tuple[str, str]:
    from rapidfuzz import fuzz

    forms = (key.answer, *key.accept)
    if key.answer.isdigit():  # "7" said as "seven"
        forms += (number_words(int(key.answer)),)
    best = max(fuzz.ratio(normalise(heard), normalise(f)) for f in forms)
    return ("right" if best >= 80 else "wrong"), f"fuzzy {best:.0f}"


def make_system(name: str, args: argparse.Namespace) -> System:
    """whisper | pocketsphinx | baseline | ours (the game's path with ``args.asr``)."""
    began = time.perf_counter()
    model = getattr(args, "model", None)
    if name == "baseline":
        cfg = EndpointConfig(trailing_silence_s=0.8, short_trailing_s=0.8)
        return System(name, clocked(FreeDecoder()), cfg, False, baseline_verdict)
    if name == "prototype":
        from prototype_games import PlainWhisper

        plain = PlainWhisper()
        load_s = time.perf_counter() - began
        return System(name, clocked(plain), EndpointConfig(), True, game_verdict, load_s)
    if name == "base":
        from voicemaster.speech.asr import whisper_models
        from voicemaster.speech.asr.whisper_asr import WhisperRecognizer

        folder = whisper_models.packaged_base(MODELS)
        base = WhisperRecognizer(folder, pinned=whisper_models.BASE_SHA256)
        load_s = time.perf_counter() - began
        return System(name, clocked(base), EndpointConfig(), True, game_verdict, load_s)
    asr = name if name in SYSTEMS[:3] else getattr(args, "asr", None)
    asr = "whisper" if name.startswith("whisper") else asr
    recognizer = make_recognizer(asr, model if asr != "pocketsphinx" else None)
    if "@" in name:  # whisper@30: the encoder's window in seconds (docs/hearing.md)
        recognizer.context_s = float(name.split("@")[1])
    second = second_opinion_for(name, recognizer)
    load_s = time.perf_counter() - began
    return System(name, clocked(recognizer), EndpointConfig(), True, game_verdict, load_s, second)


def second_opinion_for(name: str, recognizer: Any) -> Any:
    """The second opinion of a system: base, tiny.en unprompted, or none (the baseline)."""
    from voicemaster.speech.asr import second_opinion

    if name == "whisper+base":
        return second_opinion.base_opinion(MODELS)
    if name == "whisper+tiny":
        return second_opinion.WhisperOpinion(recognizer, prompted=False)
    if name == "ours":
        return second_opinion.default_for(recognizer, MODELS)
    return None


def window(case: Case, which: str) -> tuple[AnswerKey, Expectation]:
    """The key and listening window of the utterance's own card or of the competitor card."""
    key = case.key if which == "own" else case.rival
    return key, expectation_for(key, PROMPTED_COMMANDS, TEAMS)


class Timed:
    """Wraps a source: remembers the wall time each chunk was handed over (audio end -> wall)."""

    def __init__(self, source: WavSource) -> None:
        self.source, self.sample_rate = source, source.sample_rate
        self.marks: list[tuple[float, float]] = []

    def read(self, timeout: float) -> bytes | None:
        chunk: bytes | None = self.source.read(timeout)
        self.marks.append((self.source.position_s, time.perf_counter()))
        return chunk

    def close(self) -> None:
        self.source.close()

    def wall_at(self, audio_s: float) -> float | None:
        return next((w for s, w in self.marks if s >= audio_s), None)


def run_case(system: System, case: Case, which: str = "own", realtime: bool = False) -> Outcome:
    """``case`` streamed through ``system``'s ears in the window ``which`` (own | rival), judged."""
    key, expectation = window(case, which)
    system.recognizer.spans.clear()
    source = Timed(WavSource(case.pcm, chunk_ms=20, realtime=realtime))
    ears = MicEars(source, system.recognizer, system.config, system.speculate,
                   second=system.second)  # fmt: skip
    try:
        got = ears.listen(expectation, timeout=audio.duration_s(case.pcm))
    except Exception as exc:  # a recognizer crash is a result too: counted, not fatal
        ERRORS[f"{system.name}: {type(exc).__name__}: {exc}"[:120]] += 1
        return Outcome(which, "error", str(exc)[:80], None)
    finally:
        ears.close()
    if got is None:
        return Outcome(which, "nothing", "no words heard", None)
    judging = time.perf_counter()
    verdict, why = system.verdict_of(got.heard.text, key)
    done = time.perf_counter()
    spoke = source.wall_at(case.speech_end_s) if realtime else None
    latency = busy = None
    if spoke is not None:
        latency = (done - spoke) * 1000
        busy = (system.recognizer.busy_after(spoke) + done - judging) * 1000
    step = game_step(system, verdict, why, got.heard, key)
    return Outcome(which, verdict, why, got.heard, latency, got.decode_ms,
                   audio.duration_s(got.endpoint.pcm), got.early, got.endpoint_ms,
                   busy or 0.0, *step, alone(system, got.heard, key, expectation))  # fmt: skip


def alone(
    system: System, heard: Heard, key: AnswerKey, expectation: Expectation
) -> tuple[str, Heard | None] | None:
    """What the first hearing alone decided, where a second opinion was asked (else None)."""
    raw = system.recognizer.last
    if system.second is None or raw is None or heard.second is None:
        return None
    first = policy.review(raw, expectation)
    return system.verdict_of(first.text, key)[0], first


def game_step(
    system: System, verdict: str, why: str, heard: Heard, key: AnswerKey
) -> tuple[str, str | None, bool, bool]:
    """(decision, words asked, those words right, main's rule would have said a right answer):
    the quizmaster's own ``next_step`` on this hearing as a first answer, nobody waiting, with
    the card's judge for the right forms in Whisper's beam, as in the game."""

    def right(text: str) -> bool:
        return system.verdict_of(text, key)[0] == "right"

    judged = Judged(cast(VerdictName, verdict), "", why)
    step = next_step(judged, heard, guarded=False, stage=Stage(right=right))
    ask_right = step.ask is not None and right(step.ask)
    before = verdict == "right" and heard.narrow and not heard.unclear
    return step.decision, step.ask, ask_right, before


def spot_stream(system: System, pcm: bytes, teams: tuple[str, ...]) -> int:
    """How many utterances of ``pcm`` were heard as a Bezzerwizzer shout (a window expecting
    only the teams' shouts, as the game's before and after the answers)."""
    ears = MicEars(WavSource(pcm), system.recognizer, system.config, system.speculate,
                   second=system.second)  # fmt: skip
    found = 0
    try:
        while (got := ears.listen(Expectation(teams=teams), 5.0)) is not None:
            found += got.heard.bezzerwizzer
    except Exception as exc:  # counted like in run_case
        ERRORS[f"{system.name}: {type(exc).__name__}: {exc}"[:120]] += 1
    finally:
        ears.close()
    return found

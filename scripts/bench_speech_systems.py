"""The two systems of the speech benchmark (scripts/bench_speech.py), and one case heard by one.

- ours: MicEars (the game's listening path: audio decoded while it arrives, an utterance ends
  0.3 s after a complete, confirmed phrase of the window, else after 0.6 s of silence) + the
  default recognizer + the judge.
- baseline: free pocketsphinx decoding, a fixed 0.8 s silence endpoint, and
  ``rapidfuzz.fuzz.ratio >= 80`` against the answer.

A recognizer that raises is counted in ``ERRORS`` (reported at the end of the run), not fatal.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections import Counter
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from bench_speech_cases import Case, Outcome  # noqa: E402

from voicemaster.judge import judge, normalise, yes_no  # noqa: E402
from voicemaster.speech import audio  # noqa: E402
from voicemaster.speech.base import Expectation, Heard  # noqa: E402
from voicemaster.speech.endpointer import EndpointConfig  # noqa: E402
from voicemaster.speech.grammar import number_words  # noqa: E402
from voicemaster.speech.listener import MicEars, make_recognizer  # noqa: E402
from voicemaster.speech.sources import WavSource  # noqa: E402

TEAMS = ("red", "blue", "green")
COMMANDS = ("repeat", "pass")
ERRORS: Counter[str] = Counter()


class FreeDecoder:
    """The baseline's recognizer: pocketsphinx with its default language model, no grammar."""

    def __init__(self) -> None:
        from pocketsphinx import Decoder

        self.decoder = Decoder(loglevel="FATAL")

    def recognize(self, pcm: bytes, expectation: Expectation) -> Heard:
        began = time.perf_counter()
        self.decoder.start_utt()
        self.decoder.process_raw(pcm, full_utt=True)
        self.decoder.end_utt()
        hyp = self.decoder.hyp()
        text = hyp.hypstr if hyp is not None else ""
        spotted = _fuzzy_shout(text)
        ms = (time.perf_counter() - began) * 1000
        return Heard(text, bezzerwizzer=spotted, decode_ms=ms)


def _fuzzy_shout(text: str) -> bool:
    from rapidfuzz import fuzz

    return bool(text) and fuzz.partial_ratio("bezzerwizzer", text.replace(" ", "")) >= 80


def baseline_verdict(heard: str, case: Case) -> str:
    from rapidfuzz import fuzz

    if case.mode == "yesno":
        return _yesno_verdict(heard if fuzz.ratio(heard, "yes") >= 80 or
                              fuzz.ratio(heard, "no") >= 80 else "", case)  # fmt: skip
    forms = (case.key.answer, *case.key.accept)
    if case.key.answer.isdigit():  # "7" said as "seven", "1912" as "nineteen twelve"
        forms += (number_words(int(case.key.answer)),)
    best = max(fuzz.ratio(normalise(heard), normalise(f)) for f in forms)
    return "right" if best >= 80 else "wrong"


def _yesno_verdict(heard: str, case: Case) -> str:
    said = yes_no(heard)
    if said is None:
        return "unsure"
    return "right" if said == case.truth_yes else "wrong"


def our_verdict(heard: str, case: Case) -> str:
    if case.mode == "yesno":
        return _yesno_verdict(heard, case)
    return str(judge(heard, case.key).verdict)


def expectation(case: Case) -> Expectation:
    if case.mode == "yesno":
        return Expectation(commands=("yes", "no"), teams=TEAMS)
    k = case.key
    return Expectation((k.answer, *k.accept), k.reject, k.options, k.competitors, COMMANDS, TEAMS)


class Timed:
    """Wraps a source: remembers the wall time each chunk was handed over (audio end -> wall)."""

    def __init__(self, source: WavSource) -> None:
        self.source, self.sample_rate = source, source.sample_rate
        self.marks: list[tuple[float, float]] = []

    def read(self, timeout: float) -> bytes | None:
        chunk = self.source.read(timeout)
        self.marks.append((self.source.position_s, time.perf_counter()))
        return chunk

    def close(self) -> None:
        self.source.close()

    def wall_at(self, audio_s: float) -> float | None:
        return next((w for s, w in self.marks if s >= audio_s), None)


System = tuple[str, Any, EndpointConfig, bool, Callable[[str, Case], str]]


def make_system(name: str, args: argparse.Namespace) -> System:
    if name == "ours":
        return ("ours", make_recognizer(args.asr, args.model), EndpointConfig(), True,
                our_verdict)  # fmt: skip
    base_cfg = EndpointConfig(trailing_silence_s=0.8, short_trailing_s=0.8)
    return ("baseline", FreeDecoder(), base_cfg, False, baseline_verdict)


def run_case(system: System, case: Case, realtime: bool) -> Outcome:
    _, recognizer, config, speculate, verdict_of = system
    source = Timed(WavSource(case.pcm, chunk_ms=20, realtime=realtime))
    ears = MicEars(source, recognizer, config, speculate=speculate)
    try:
        got = ears.listen(expectation(case), timeout=audio.duration_s(case.pcm))
    except Exception as exc:  # a recognizer crash is a result too: counted, not fatal
        ERRORS[f"{type(exc).__name__}: {exc}"[:120]] += 1
        return Outcome("error", None)
    finally:
        ears.close()
    if got is None:
        return Outcome(verdict_of("", case), None)
    verdict = verdict_of(got.heard.text, case)
    done = time.perf_counter()
    spoke = source.wall_at(case.speech_end_s)
    latency = (done - spoke) * 1000 if realtime and spoke is not None else None
    pcm_s = audio.duration_s(got.endpoint.pcm)
    return Outcome(verdict, got.heard, latency, got.decode_ms, pcm_s, got.early, got.endpoint_ms)


def spot_stream(system: System, pcm: bytes, teams: tuple[str, ...]) -> int:
    """How many utterances of ``pcm`` were heard as a Bezzerwizzer shout."""
    _, recognizer, config, speculate, _ = system
    ears = MicEars(WavSource(pcm), recognizer, config, speculate=speculate)
    found = 0
    try:
        while (got := ears.listen(Expectation(teams=teams), 5.0)) is not None:
            found += got.heard.bezzerwizzer
    except Exception as exc:  # counted like in run_case
        ERRORS[f"{type(exc).__name__}: {exc}"[:120]] += 1
    finally:
        ears.close()
    return found

#!/usr/bin/env python3
"""Speech benchmark: the game's listening path against a hobby-build baseline, same run.

Corpus made at run time: questions of decks/standard-en.yaml (or a built-in list) answered by
flite (slt, rms, awb) and espeak-ng voices at two speeds, clean and with white noise at 20 and
10 dB SNR: right answers, wrong answers inside the grammar (another answer of the category) and
outside it.  Plus real recordings from ../shared/corpora: FSDD digits (8 kHz, resampled) and
Speech Commands (digits, yes/no, other words).  Every utterance sits in a scene (lead-in,
utterance, trailing pause) streamed through the listener chunk by chunk.

- ours: MicEars (the game's listening path: audio decoded while it arrives, an utterance ends
  0.3 s after a complete, confirmed phrase of the window, else after 0.6 s of silence) + the
  default recognizer + the judge.
- baseline: free pocketsphinx decoding, a fixed 0.8 s silence endpoint, and
  ``rapidfuzz.fuzz.ratio >= 80`` against the answer.

Latency (last speech sample -> verdict, wall time) is measured on a subset (synthetic and real)
streamed in real time in 20 ms chunks; accuracy on everything streamed as fast as possible (the
listener decides in audio time, so the verdicts are the same).  False shouts are counted on every
question of the bundled deck read in the quizmaster's voice plus the real recordings
(scripts/bench_alarms.py, in worker processes; the slower baseline hears a sample of the
questions).  Peak RSS is measured for each system in a process of its own.  The run ends with a
summary table: every figure, its target, ours and the baseline's.
Run: ``.venv/bin/python scripts/bench_speech.py [--quick]``.  Never run by the tests.
"""

from __future__ import annotations

import argparse
import csv
import os
import random
import resource
import statistics
import subprocess
import sys
import time
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass
from itertools import zip_longest
from pathlib import Path
from typing import Any

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from voicemaster.judge import AnswerKey, judge, normalise, yes_no  # noqa: E402
from voicemaster.speech import audio  # noqa: E402
from voicemaster.speech.base import Expectation, Heard  # noqa: E402
from voicemaster.speech.endpointer import EndpointConfig  # noqa: E402
from voicemaster.speech.grammar import number_words  # noqa: E402
from voicemaster.speech.listener import MicEars, make_recognizer  # noqa: E402
from voicemaster.speech.sources import WavSource  # noqa: E402
from voicemaster.speech.synth import render  # noqa: E402

CORPORA = ROOT.parent / "shared" / "corpora"
TEAMS = ("red", "blue", "green")
COMMANDS = ("repeat", "pass")
LEAD_S, TRAIL_S = 0.6, 1.4
BUILTIN = [  # (category, question, answer)
    ("Geography", "What is the capital of France?", "Paris"),
    ("Geography", "What is the highest mountain on Earth?", "Mount Everest"),
    ("Geography", "Which river flows through Cairo?", "The Nile"),
    ("Geography", "What is the largest ocean?", "The Pacific"),
    ("History", "Who was the first president of the United States?", "George Washington"),
    ("History", "Which French emperor lost at Waterloo?", "Napoleon"),
    ("History", "Which ship sank in 1912 after hitting an iceberg?", "The Titanic"),
    ("History", "Who was the Roman general who crossed the Rubicon?", "Julius Caesar"),
    ("Music", "Which band recorded Yellow Submarine?", "The Beatles"),
    ("Music", "Which composer wrote the Moonlight Sonata?", "Beethoven"),
    ("Music", "Which instrument has eighty-eight keys?", "The piano"),
    ("Music", "Who was known as the King of Rock and Roll?", "Elvis Presley"),
    ("Science", "What gas do plants take in?", "Carbon dioxide"),
    ("Science", "What is the closest star to Earth?", "The Sun"),
    ("Science", "How do plants turn light into food?", "Photosynthesis"),
    ("Science", "What is the chemical symbol for gold?", "Au"),
]
OUTSIDERS = ["London", "Albert Einstein", "chocolate cake", "the moon", "basketball",
             "Shakespeare", "a horse", "seventeen", "the red sea", "Madrid"]  # fmt: skip
ERRORS: Counter[str] = Counter()
DIGITS = ["zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine"]


@dataclass
class Case:
    group: str  # e.g. "flite clean", "fsdd"
    kind: str  # right | wrong_in | wrong_out | shout | other
    spoken: str
    key: AnswerKey
    pcm: bytes  # the whole scene
    speech_end_s: float  # true end of speech in the scene
    speech_s: float
    mode: str = "answer"  # answer | yesno
    truth_yes: bool | None = None


@dataclass
class Outcome:
    verdict: str
    heard: Heard | None
    latency_ms: float | None = None
    decode_ms: float = 0.0
    audio_s: float = 0.0  # length of the utterance handed to the recognizer
    early: bool = False  # ended on a complete phrase before the full trailing silence
    endpoint_ms: float = 0.0  # audio from the endpointer's last speech frame to the end decision


# ---------------------------------------------------------------------------- corpus


def load_items(limit: int, seed: int) -> list[tuple[str, str, str, tuple[str, ...]]]:
    """(category, question, answer, accept) - from the bundled deck when there is one."""
    deck_path = ROOT / "decks" / "standard-en.yaml"
    rows: list[tuple[str, str, str, tuple[str, ...]]] = []
    if deck_path.exists():
        from voicemaster.decks.loader import load_deck

        deck = load_deck(deck_path)
        rows = [(c.category, c.question, c.answer, c.accept) for c in deck.questions
                if not c.options and len(c.answer.split()) <= 3]  # fmt: skip
        print(f"questions: {deck_path.name} ({len(deck.questions)} cards)")
    if not rows:
        rows = [(c, q, a, ()) for c, q, a in BUILTIN]
        print("questions: built-in list (decks/standard-en.yaml not found)")
    random.Random(seed).shuffle(rows)
    return rows[:limit]


def truth_end(pcm: bytes) -> float:
    arr = audio.to_array(pcm).astype(float)
    n = len(arr) // 160
    energy = np.mean(arr[: n * 160].reshape(n, 160) ** 2, axis=1)
    loud = np.flatnonzero(energy >= energy.max() * 10**-3.5)
    return float((loud[-1] + 1) * 0.01) if loud.size else len(arr) / 16000


def scene(speech: bytes, rng: np.random.Generator, snr: float | None) -> tuple[bytes, float]:
    """Lead-in, speech, pause; dithered, plus white noise at ``snr``; and the true speech end."""
    pcm = audio.dither(audio.pad(speech, LEAD_S, TRAIL_S), rng)
    if snr is not None:
        level = audio.active_level_db(speech) - snr
        pcm = audio.to_bytes(audio.to_array(pcm) + audio.noise(len(pcm) // 2, level, rng))
    return pcm, LEAD_S + truth_end(speech)


def key_for(item: tuple[str, str, str, tuple[str, ...]], items: list[Any]) -> AnswerKey:
    cat, _, answer, accept = item
    rivals = tuple(dict.fromkeys(i[2] for i in items if i[0] == cat and i[2] != answer))
    return AnswerKey(answer, accept=accept, competitors=rivals)


def synthetic_cases(items: list[Any], voices: list[str], rates: list[float],
                    snrs: list[float | None], seed: int) -> list[Case]:  # fmt: skip
    rng = np.random.default_rng(seed)
    pick = random.Random(seed)
    cases: list[Case] = []
    for item in items:
        key = key_for(item, items)
        outsiders = [o for o in OUTSIDERS if normalise(o) not in {normalise(a) for a in
                     (key.answer, *key.accept, *key.competitors)}]  # fmt: skip
        spoken = {"right": key.answer, "wrong_out": pick.choice(outsiders)}
        if key.competitors:
            spoken["wrong_in"] = pick.choice(key.competitors)
        for voice in voices:
            for rate in rates:
                for snr in snrs:
                    group = f"{voice.split(':')[0]} {'clean' if snr is None else f'{snr:g} dB'}"
                    for kind, text in spoken.items():
                        raw = render(text, voice, rate)
                        pcm, end = scene(raw, rng, snr)
                        cases.append(Case(group, kind, text, key, pcm, end, audio.duration_s(raw)))
    return cases


def real_cases(limit: int, seed: int) -> list[Case]:
    """FSDD digits and Speech Commands words, as number answers, yes/no and other speech."""
    rng = np.random.default_rng(seed)
    pick = random.Random(seed)
    cases: list[Case] = []
    for corpus in ("fsdd", "speech-commands"):
        manifest = CORPORA / corpus / "manifest.csv"
        if not manifest.exists():
            print(f"(no {manifest}: real recordings skipped)")
            continue
        rows = list(csv.DictReader(manifest.open(newline="")))
        pick.shuffle(rows)
        for row in _spread(rows, limit):
            raw = audio.read_wav(CORPORA / corpus / row["path"])
            pcm, end = scene(raw, rng, None)
            word = row["transcript"]
            cases += _real_word(corpus, word, pcm, end, audio.duration_s(raw), pick)
    return cases


def _spread(rows: list[dict[str, str]], limit: int) -> list[dict[str, str]]:
    """Up to ``limit`` rows, yes/no, digits and other words in turn (so a small run has all)."""
    kinds: dict[str, list[dict[str, str]]] = {"yesno": [], "digit": [], "other": []}
    for row in rows:
        word = row["transcript"]
        kind = "yesno" if word in ("yes", "no") else "digit" if word in DIGITS else "other"
        kinds[kind].append(row)
    mixed = [r for group in zip_longest(*kinds.values()) for r in group]
    return [r for r in mixed if r is not None][:limit]


def _real_word(corpus: str, word: str, pcm: bytes, end: float, dur: float,
               pick: random.Random) -> list[Case]:  # fmt: skip
    if word in ("yes", "no"):
        key = AnswerKey("yes")
        return [Case(f"{corpus} yes/no", "right", word, key, pcm, end, dur, "yesno", word == "yes")]
    if word in DIGITS:
        d = DIGITS.index(word)
        others = [str(x) for x in pick.sample([x for x in range(10) if x != d], 4)]
        right = AnswerKey(str(d), competitors=tuple(others[:3]))
        kind = pick.choice(["wrong_in", "wrong_out"])
        rivals = (str(d), *others[1:3]) if kind == "wrong_in" else tuple(others[1:4])
        wrong = AnswerKey(others[0], competitors=rivals)
        return [Case(f"{corpus} digits", "right", word, right, pcm, end, dur),
                Case(f"{corpus} digits", kind, word, wrong, pcm, end, dur)]  # fmt: skip
    key = AnswerKey(str(pick.randrange(10)), competitors=("3", "7"))
    return [Case(f"{corpus} words", "wrong_out", word, key, pcm, end, dur)]


# ---------------------------------------------------------------------------- the two systems


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


# ---------------------------------------------------------------------------- reporting


FIG: dict[tuple[str, str], float | None] = {}  # (system, figure) -> value, for the summary


def ratio(hits: int, total: int) -> float | None:
    return hits / total if total else None


def pct(hits: int, total: int) -> str:
    return f"{100 * hits / total:5.1f}% ({hits}/{total})" if total else "    -"


def accuracy_table(cases: list[Case], results: dict[str, list[Outcome]]) -> None:
    names = list(results)
    print(f"\n{'group':<26}" + "".join(f"| {n + ' right-acc':<20}{'wrong-rej':<20}{'unsure':<9}"
                                        for n in names))  # fmt: skip
    groups = sorted({c.group for c in cases})
    for group in groups + ["ALL"]:
        idx = [i for i, c in enumerate(cases) if group in ("ALL", c.group)]
        row = f"{group:<26}"
        for n in names:
            right = [i for i in idx if cases[i].kind == "right"]
            wrong = [i for i in idx if cases[i].kind.startswith("wrong")]
            ra = sum(results[n][i].verdict == "right" for i in right)
            wr = sum(results[n][i].verdict in ("wrong", "pass") for i in wrong)
            un = sum(results[n][i].verdict == "unsure" for i in idx)
            row += f"| {pct(ra, len(right)):<20}{pct(wr, len(wrong)):<20}{pct(un, len(idx)):<9}"
            FIG[n, f"{group} right"] = ratio(ra, len(right))
            FIG[n, f"{group} wrong"] = ratio(wr, len(wrong))
            FIG[n, f"{group} unsure"] = ratio(un, len(idx))
        print(row)
    for n in names:
        for kind in ("wrong_in", "wrong_out"):
            idx = [i for i, c in enumerate(cases) if c.kind == kind]
            wr = sum(results[n][i].verdict in ("wrong", "pass") for i in idx)
            print(f"  {n}: {kind} rejected {pct(wr, len(idx))}")


def quantiles(name: str, values: list[float]) -> str:
    if not values:
        return "-"
    q = statistics.quantiles(values, n=20) if len(values) > 1 else [values[0]] * 19
    FIG[name, "p50"], FIG[name, "p95"] = statistics.median(values), q[18]
    return f"p50 {statistics.median(values):6.0f} ms   p95 {q[18]:6.0f} ms   (n={len(values)})"


def rss_mb() -> float:
    """Peak RSS of this process (VmHWM: unlike ru_maxrss, not inherited across exec)."""
    try:
        for line in Path("/proc/self/status").read_text().splitlines():
            if line.startswith("VmHWM:"):
                return int(line.split()[1]) / 1024
    except OSError:
        pass
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


Check = Callable[[float, float | None], bool]
SUMMARY: list[tuple[str, str, str, str, Check | None]] = [  # label, figure, unit, target, met
    ("flite clean: right accepted", "flite clean right", "%", ">= 97%", lambda o, b: o >= 0.97),
    ("flite clean: wrong rejected", "flite clean wrong", "%", ">= 98%", lambda o, b: o >= 0.98),
    ("flite 20 dB: right accepted", "flite 20 dB right", "%", ">= 90%", lambda o, b: o >= 0.90),
    ("flite 20 dB: wrong rejected", "flite 20 dB wrong", "%", ">= 97%", lambda o, b: o >= 0.97),
    ("fsdd digits: right accepted", "fsdd digits right", "%", ">= 95%", lambda o, b: o >= 0.95),
    ("fsdd digits: wrong rejected", "fsdd digits wrong", "%", ">= 98%", lambda o, b: o >= 0.98),
    ("everything: right accepted", "ALL right", "%", "", None),
    ("everything: wrong rejected", "ALL wrong", "%", "", None),
    ("everything: unsure", "ALL unsure", "%", "", None),
    ("latency p50, speech end -> verdict", "p50", "ms", "<= 400, <= base/2",
     lambda o, b: o <= 400 and b is not None and o <= b / 2),
    ("latency p95", "p95", "ms", "", None),
    ("real-time factor", "rtf", "", "", None),
    ("Bezzerwizzer shouts found (clean)", "shouts", "%", ">= 97%", lambda o, b: o >= 0.97),
    ("... with the right team", "teams", "%", "", None),
    ("false shouts per hour", "alarms", "/h", "<= 1", lambda o, b: o <= 1.0),
    ("peak RSS (a process of its own)", "rss", "MB", "<= 200 MB", lambda o, b: o <= 200),
]  # fmt: skip


def shown(value: float | None, unit: str) -> str:
    if value is None:
        return "-"
    if unit == "%":
        return f"{100 * value:.1f}%"
    if unit == "":
        return f"{value:.3f}"
    return f"{value:.1f} {unit}" if unit == "/h" else f"{value:.0f} {unit}"


def summary() -> None:
    print(f"\n{'SUMMARY':<36}{'target':<20}{'ours':>10}{'baseline':>12}   met")
    for label, key, unit, target, check in SUMMARY:
        ours, base = FIG.get(("ours", key)), FIG.get(("baseline", key))
        met = "" if check is None or ours is None else "yes" if check(ours, base) else "NO"
        print(f"{label:<36}{target:<20}{shown(ours, unit):>10}{shown(base, unit):>12}   {met}")


# ---------------------------------------------------------------------------- main


def shouts(voices: list[str], rates: list[float], items: list[Any], seed: int) -> list[Case]:
    rng = np.random.default_rng(seed + 7)
    texts = ["bezzerwizzer", "bezzerwizzer blue", "red bezzerwizzer", "bezzerwizzer green"]
    out = []
    for i, (text, voice, rate) in enumerate(
        (t, v, r) for t in texts for v in voices for r in rates
    ):
        pcm, end = scene(render(text, voice, rate), rng, None)
        key = key_for(items[i % len(items)], items)
        out.append(Case(f"shout {voice.split(':')[0]}", "shout", text, key, pcm, end, 0.0))
    return out


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


def false_alarms(args: argparse.Namespace, items: list[Any], reals: list[Case]) -> None:
    """False shouts on other speech (scripts/bench_alarms.py): every deck question in the
    quizmaster's voice (the run's own questions with --quick) plus the real recordings."""
    import bench_alarms  # here: it imports this module

    questions = [q for _, q, _, _ in items] if args.quick else bench_alarms.deck_questions()
    recordings = list({id(c.pcm): c.pcm for c in reals}.values())  # each recording once
    baseline = len(questions) if args.quick else args.alarm_baseline
    print(f"\nfalse alarms on other speech: {len(questions)} questions read by the quizmaster's "
          f"voice + {len(recordings)} real recordings (baseline: {min(baseline, len(questions))} "
          "of the questions + the recordings):")  # fmt: skip
    workers = 1 if args.quick else os.cpu_count() or 1
    for result in bench_alarms.measure_all(questions, recordings, baseline, workers, args.asr,
                                           args.model, args.seed):  # fmt: skip
        FIG[result.system, "alarms"] = result.per_hour


def make_system(name: str, args: argparse.Namespace) -> System:
    if name == "ours":
        return ("ours", make_recognizer(args.asr, args.model), EndpointConfig(), True,
                our_verdict)  # fmt: skip
    base_cfg = EndpointConfig(trailing_silence_s=0.8, short_trailing_s=0.8)
    return ("baseline", FreeDecoder(), base_cfg, False, baseline_verdict)


def rss_probe(args: argparse.Namespace) -> int:
    """(Child process) one system alone hears a few answers; print its peak RSS in MB."""
    chosen = make_system(args.rss_probe, args)
    items = [(c, q, a, ()) for c, q, a in BUILTIN[:3]]
    for case in synthetic_cases(items, ["flite:slt"], [1.0], [None], args.seed):
        run_case(chosen, case, realtime=False)
    print(f"{rss_mb():.1f}")
    return 0


def measure_rss(args: argparse.Namespace) -> None:
    """Peak RSS of each system in a process of its own (no corpus, no other recognizer)."""
    for name in ("ours", "baseline"):
        cmd = [sys.executable, __file__, "--rss-probe", name, "--asr", args.asr]
        cmd += ["--model", args.model] if args.model else []
        done = subprocess.run(cmd, capture_output=True, text=True, check=False)
        try:
            FIG[name, "rss"] = float(done.stdout.split()[-1])
        except (IndexError, ValueError):
            ERRORS[f"rss probe {name} failed: {done.stderr.strip()[-100:]}"] += 1
    ours, base = shown(FIG.get(("ours", "rss")), "MB"), shown(FIG.get(("baseline", "rss")), "MB")
    print(f"\npeak RSS, each system in a process of its own: ours {ours} ({args.asr}), baseline "
          f"{base}; this process {rss_mb():.0f} MB (corpus and both systems)")  # fmt: skip


def latency(pair: tuple[System, System], cases: list[Case], n: int, seed: int) -> None:
    subset = random.Random(seed).sample(cases, min(n, len(cases)))
    print(f"\nend-of-speech -> verdict latency, {len(subset)} utterances streamed in real time "
          "(20 ms chunks), from the wall time the last speech sample arrived:")  # fmt: skip
    for system in pair:
        outs = [run_case(system, c, True) for c in subset]
        lat = [o.latency_ms for o in outs if o.latency_ms is not None]
        print(f"  {system[0]:<9} {quantiles(system[0], lat)}")
        for early, how in ((True, "ended early on a complete phrase"),
                           (False, "waited the full trailing silence")):  # fmt: skip
            part = [o for o in outs if o.early == early and o.latency_ms is not None]
            if part:
                p50 = statistics.median(o.latency_ms or 0.0 for o in part)
                tail = statistics.median(o.endpoint_ms for o in part)
                print(f"    {how}: {len(part)}/{len(outs)}, p50 {p50:.0f} ms (of which the "
                      f"trailing pause: {tail:.0f} ms)")  # fmt: skip
        missing = sum(o.latency_ms is None for o in outs)
        if missing:
            print(f"    no verdict time: {missing} (nothing heard, or the recognizer failed)")


def shout_figures(pair: tuple[System, System], shout_cases: list[Case]) -> None:
    print(f"\nBezzerwizzer shouts found ({len(shout_cases)} shouts, in answer windows):")
    named = [c for c in shout_cases if c.spoken != "bezzerwizzer"]
    for system in pair:
        outs = [run_case(system, c, False) for c in shout_cases]
        found = sum(bool(o.heard and o.heard.bezzerwizzer) for o in outs)
        team_ok = sum(bool(o.heard and o.heard.team and o.heard.team in c.spoken)
                      for c, o in zip(shout_cases, outs, strict=True))  # fmt: skip
        FIG[system[0], "shouts"] = ratio(found, len(outs))
        FIG[system[0], "teams"] = ratio(team_ok, len(named))
        print(f"  {system[0]:<9} shout {pct(found, len(outs))}   team {pct(team_ok, len(named))}")


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--quick", action="store_true", help="a small run (a few minutes)")
    p.add_argument("--asr", choices=["pocketsphinx", "vosk"], default="pocketsphinx")
    p.add_argument("--model", default=None)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--latency", type=int, default=None, help="cases streamed in real time")
    p.add_argument("--latency-only", action="store_true", help="only the real-time latency part")
    p.add_argument("--alarm-baseline", type=int, default=100,
                   help="deck questions the (slow) baseline hears for false alarms")  # fmt: skip
    p.add_argument("--rss-probe", choices=["ours", "baseline"], help=argparse.SUPPRESS)
    args = p.parse_args(argv)
    if args.rss_probe:
        return rss_probe(args)
    quick = args.quick
    voices = ["flite:slt", "espeak:en"] if quick else ["flite:slt", "flite:rms", "flite:awb",
                                                       "espeak:en"]  # fmt: skip
    rates = [1.0] if quick else [0.85, 1.2]
    snrs: list[float | None] = [None, 20.0] if quick else [None, 20.0, 10.0]
    items = load_items(6 if quick else 16, args.seed)
    began = time.perf_counter()
    cases = synthetic_cases(items, voices, rates, snrs, args.seed)
    reals = real_cases(12 if quick else 200, args.seed)
    all_cases = cases + reals
    print(f"corpus: {len(cases)} synthetic + {len(reals)} real utterances "
          f"({time.perf_counter() - began:.0f} s to synthesize)")  # fmt: skip

    pair = (make_system("ours", args), make_system("baseline", args))
    results: dict[str, list[Outcome]] = {}
    speech_s = {"ours": 0.0, "baseline": 0.0}
    decode = {"ours": 0.0, "baseline": 0.0}
    latency(pair, all_cases, args.latency or (8 if quick else 40), args.seed)
    if args.latency_only:
        summary()
        return 0
    for system in pair:
        results[system[0]] = _run_all(system, all_cases, speech_s, decode)
    accuracy_table(all_cases, results)
    print("\nreal-time factor (decoder wall time / length of the utterances decoded; ours "
          "includes decoding while the answer is spoken):")  # fmt: skip
    for name in ("ours", "baseline"):
        FIG[name, "rtf"] = decode[name] / 1000 / max(speech_s[name], 1e-9)
        print(f"  {name:<9} {FIG[name, 'rtf']:.3f}")
    shout_figures(pair, shouts(["flite:slt", "flite:rms", "flite:awb", "espeak:en"],
                               [1.0] if quick else [1.0, 1.25], items, args.seed))  # fmt: skip
    false_alarms(args, items, reals)
    measure_rss(args)
    for message, count in ERRORS.most_common():
        print(f"recognizer errors: {count} x {message}")
    summary()
    print(f"\ntotal {time.perf_counter() - began:.0f} s")
    return 0


def _run_all(system: System, cases: list[Case], speech_s: dict[str, float],
             decode: dict[str, float]) -> list[Outcome]:  # fmt: skip
    out = []
    for case in cases:
        o = run_case(system, case, realtime=False)
        out.append(o)
        speech_s[system[0]] += o.audio_s
        decode[system[0]] += o.decode_ms
    return out


if __name__ == "__main__":
    raise SystemExit(main())

#!/usr/bin/env python3
"""Speech benchmark: the game's listening path against a hobby-build baseline, same run.

The corpus is made at run time (scripts/bench_speech_cases.py): deck questions answered by
flite and espeak-ng voices, clean and in white noise, right, wrong inside and outside the
grammar, plus real recordings from ../shared/corpora (FSDD digits, Speech Commands).  Every
utterance sits in a scene (lead-in, utterance, trailing pause) streamed through the listener
chunk by chunk.  The two systems (scripts/bench_speech_systems.py): ours, the game's listening
path (MicEars + the default recognizer + the judge), and a baseline, free pocketsphinx decoding
with a fixed 0.8 s silence endpoint and a fuzzy match against the answer.

Latency (last speech sample -> verdict, wall time) is measured on a subset (synthetic and real)
streamed in real time in 20 ms chunks; accuracy on everything streamed as fast as possible (the
listener decides in audio time, so the verdicts are the same).  False shouts are counted on every
question of the bundled deck read in the quizmaster's voice plus the real recordings
(scripts/bench_alarms.py, in worker processes; the slower baseline hears a sample of the
questions).  Peak RSS is measured for each system in a process of its own.  The run ends with a
summary table: every figure, its target, ours and the baseline's (scripts/bench_speech_report.py).
Run: ``.venv/bin/python scripts/bench_speech.py [--quick]``.  Never run by the tests.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

import bench_alarms  # noqa: E402
from bench_speech_cases import (  # noqa: E402
    BUILTIN,
    Case,
    Item,
    load_items,
    real_cases,
    shouts,
    synthetic_cases,
)
from bench_speech_report import (  # noqa: E402
    FIG,
    accuracy,
    latency,
    rss_mb,
    shout_figures,
    shown,
    summary,
)
from bench_speech_systems import ERRORS, make_system, run_case  # noqa: E402


def false_alarms(args: argparse.Namespace, items: list[Item], reals: list[Case]) -> None:
    """False shouts on other speech (scripts/bench_alarms.py): every deck question in the
    quizmaster's voice (the run's own questions with --quick) plus the real recordings."""
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


def rss_probe(args: argparse.Namespace) -> int:
    """(Child process) one system alone hears a few answers; print its peak RSS in MB."""
    chosen = make_system(args.rss_probe, args)
    items: list[Item] = [(c, q, a, ()) for c, q, a in BUILTIN[:3]]
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


def parse_args(argv: list[str] | None) -> argparse.Namespace:
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
    return p.parse_args(argv)


def corpus(items: list[Item], quick: bool, seed: int) -> tuple[list[Case], list[Case]]:
    """The run's synthetic answers (voices x rates x noise levels) and real recordings."""
    voices = ["flite:slt", "espeak:en"] if quick else ["flite:slt", "flite:rms", "flite:awb",
                                                       "espeak:en"]  # fmt: skip
    rates = [1.0] if quick else [0.85, 1.2]
    snrs: list[float | None] = [None, 20.0] if quick else [None, 20.0, 10.0]
    cases = synthetic_cases(items, voices, rates, snrs, seed)
    return cases, real_cases(12 if quick else 200, seed)


def main(argv: list[str] | None = None) -> int:
    args = parse_args(argv)
    if args.rss_probe:
        return rss_probe(args)
    quick = args.quick
    items = load_items(6 if quick else 16, args.seed)
    began = time.perf_counter()
    cases, reals = corpus(items, quick, args.seed)
    all_cases = cases + reals
    print(f"corpus: {len(cases)} synthetic + {len(reals)} real utterances "
          f"({time.perf_counter() - began:.0f} s to synthesize)")  # fmt: skip

    pair = (make_system("ours", args), make_system("baseline", args))
    latency(pair, all_cases, args.latency or (8 if quick else 40), args.seed)
    if args.latency_only:
        summary()
        return 0
    accuracy(pair, all_cases)
    shout_figures(pair, shouts(["flite:slt", "flite:rms", "flite:awb", "espeak:en"],
                               [1.0] if quick else [1.0, 1.25], items, args.seed))  # fmt: skip
    false_alarms(args, items, reals)
    measure_rss(args)
    for message, count in ERRORS.most_common():
        print(f"recognizer errors: {count} x {message}")
    summary()
    print(f"\ntotal {time.perf_counter() - began:.0f} s")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

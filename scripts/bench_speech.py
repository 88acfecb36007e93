#!/usr/bin/env python3
"""Speech benchmark: the game's new listening path (Whisper) against the old (pocketsphinx).

Both systems are the game's own path, MicEars + recognizer + policy + judge, differing only in
the recognizer (scripts/bench_speech_systems.py; the hobby baseline of earlier runs only with
``--systems ...,baseline``).  The corpus is made at run time (scripts/bench_speech_cases.py):
real digits (FSDD), real words (Speech Commands), deck answers said by flite and espeak-ng
voices, and real digits and synthetic answers again in road noise (brown) and a loud room
(pink) at 20 and 10 dB SNR.  Each utterance is heard in its own card's window (right accepted?)
and in a competitor card's window (wrong rejected?), streamed chunk by chunk.

Also: latency (end of speech -> verdict, wall) on a subset streamed in real time, with an
estimate for a Raspberry Pi 4 and 5; Bezzerwizzer shouts found; false shouts on other speech
(scripts/bench_alarms.py: deck questions read by the quizmaster's voice and real recordings);
peak RSS of each system in a process of its own.  Every hearing goes to a JSON Lines file
(``--cases-out``) for tuning the policy; the run ends with a summary against the targets.

Run: ``.venv/bin/python scripts/bench_speech.py [--quick] [--systems whisper,pocketsphinx]
[--only-accuracy | --no-alarms] [--seed N]``.  Never run by the tests.
"""

from __future__ import annotations

import argparse
import random
import subprocess
import sys
import time
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

import bench_alarms  # noqa: E402
from bench_speech_cases import (  # noqa: E402
    Case,
    Said,
    deck_answers,
    in_noise,
    real_cases,
    shouts,
    synthetic_cases,
)
from bench_speech_opinion import opinion_table  # noqa: E402
from bench_speech_report import (  # noqa: E402
    FIG,
    accuracy_table,
    decisions_table,
    doubts_table,
    hear_all,
    latency,
    misjudged,
    rss_mb,
    shout_figures,
    shown,
    summary,
    write_cases,
)
from bench_speech_systems import ERRORS, SYSTEMS, System, make_system, run_case  # noqa: E402

from voicemaster.audio_sim.synth import render  # noqa: E402
from voicemaster.speech.base import SpeechUnavailable  # noqa: E402


@dataclass(frozen=True)
class Plan:
    cards: int  # deck answers, each said by every synthetic voice
    flite: tuple[str, ...]
    espeak: tuple[str, ...]
    reals: int  # per corpus: FSDD digits, Speech Commands clips (150 at most)
    noisy_digits: int  # real digits in each noise row
    noisy_synthetic: int  # synthetic answers in each noise row
    latency: int  # utterances streamed in real time
    alarm_questions: int  # deck questions read by the quizmaster's voice
    alarm_recordings: int
    shout_rates: tuple[float, ...]
    misjudged: int  # misjudged hearings listed


FULL = Plan(20, ("flite:slt", "flite:rms", "flite:awb", "flite:kal16"),
            ("espeak:en-us", "espeak:en", "espeak:en-gb-scotland"), 200, 40, 40, 30, 60, 30,
            (1.0, 1.25), 60)  # fmt: skip
MEDIUM = Plan(6, ("flite:slt", "flite:rms"), ("espeak:en-us", "espeak:en"), 30, 8, 8, 10, 20, 10,
              (1.0, 1.25), 60)  # fmt: skip
QUICK = Plan(4, ("flite:slt", "flite:kal16"), ("espeak:en-us",), 10, 4, 4, 6, 4, 4, (1.0,), 20)


def usable(voices: tuple[str, ...]) -> list[str]:
    """The voices that speak on this machine (kal16 is not in every flite)."""
    found = []
    for voice in voices:
        try:
            render("one", voice)
            found.append(voice)
        except (SpeechUnavailable, ValueError) as exc:
            print(f"(voice {voice} skipped: {exc})")
    return found


def corpus(plan: Plan, seed: int) -> tuple[list[Case], list[Said]]:
    """Real digits and words, synthetic answers clean, and some of both in noise."""
    answers = deck_answers(plan.cards, seed)
    synthetic = synthetic_cases(answers, usable(plan.flite + plan.espeak), seed)
    reals = real_cases(plan.reals, seed)
    digits = [c for c in reals if c.group == "real digits"][: plan.noisy_digits]
    some = random.Random(seed).sample(synthetic, min(plan.noisy_synthetic, len(synthetic)))
    return reals + synthetic + in_noise(digits + some, seed), answers


def false_alarms(args: argparse.Namespace, plan: Plan, cases: list[Case]) -> None:
    """False shouts on other speech (scripts/bench_alarms.py, in this process): a sample of the
    deck's questions in the quizmaster's voice and of the real recordings."""
    pick = random.Random(args.seed)
    questions = bench_alarms.deck_questions()
    questions = pick.sample(questions, min(plan.alarm_questions, len(questions)))
    reals = [c.pcm for c in cases if c.group in ("real digits", "real words")]
    recordings = pick.sample(reals, min(plan.alarm_recordings, len(reals)))
    jobs = [bench_alarms.Job(i, question=q) for i, q in enumerate(questions)]
    jobs += [bench_alarms.Job(len(jobs) + i, pcm=p) for i, p in enumerate(recordings)]
    print(f"\nfalse shouts on other speech: {len(questions)} deck questions read by the "
          f"quizmaster's voice + {len(recordings)} real recordings:")  # fmt: skip
    for name in args.systems:
        began = time.perf_counter()
        result = bench_alarms.measure(name, jobs, 1, name, args.model, args.seed)
        bench_alarms.report(result, time.perf_counter() - began)
        FIG[name, "alarms"] = result.per_hour


def rss_probe(args: argparse.Namespace) -> int:
    """(Child process) one system alone hears a few answers; print its peak RSS in MB."""
    chosen = make_system(args.rss_probe, args)
    for case in synthetic_cases(deck_answers(3, args.seed), ["flite:slt"], args.seed):
        run_case(chosen, case, "own")
        run_case(chosen, case, "rival")
    print(f"{rss_mb():.1f}")
    return 0


def measure_rss(args: argparse.Namespace) -> None:
    """Peak RSS of each system in a process of its own (no corpus, no other recognizer)."""
    print("\npeak RSS, each system in a process of its own:")
    for name in args.systems:
        cmd = [sys.executable, __file__, "--rss-probe", name, "--seed", str(args.seed)]
        cmd += ["--model", args.model] if args.model else []
        done = subprocess.run(cmd, capture_output=True, text=True, check=False)
        try:
            FIG[name, "rss"] = float(done.stdout.split()[-1])
        except (IndexError, ValueError):
            ERRORS[f"rss probe {name} failed: {done.stderr.strip()[-100:]}"] += 1
        print(f"  {name:<13} {shown(FIG.get((name, 'rss')), 'MB')}")
    print(f"  (this process, corpus and every system: {rss_mb():.0f} MB)")


def beyond_accuracy(args: argparse.Namespace, plan: Plan, systems: list[System],
                    cases: list[Case], answers: list[Said]) -> None:  # fmt: skip
    """Shouts found, false shouts (unless --no-alarms), peak RSS."""
    shout_figures(systems, shouts(shout_voices(plan), list(plan.shout_rates), answers, args.seed))
    if not args.no_alarms:
        false_alarms(args, plan, cases)
    measure_rss(args)


def shout_voices(plan: Plan) -> list[str]:
    """flite and espeak-ng voices, and Piper's bundled voice where it speaks."""
    return usable((*plan.flite[:3], *plan.espeak[:2], "piper:joe"))


def only_shouts(args: argparse.Namespace, plan: Plan) -> int:
    """The shouts found, without the accuracy corpus (only its deck answers' windows)."""
    answers = deck_answers(plan.cards, args.seed)
    voices = usable(args.shout_voices) if args.shout_voices else shout_voices(plan)
    systems = [make_system(name, args) for name in args.systems]
    shout_figures(systems, shouts(voices, list(plan.shout_rates), answers, args.seed))
    return 0


def systems_list(text: str) -> list[str]:
    names = [n.strip() for n in text.split(",") if n.strip()]
    unknown = [n for n in names if n.split("@")[0] not in SYSTEMS]  # whisper@30: a window
    if unknown or not names:
        raise argparse.ArgumentTypeError(f"systems are {', '.join(SYSTEMS)}, not {unknown}")
    return names


def parse_args(argv: list[str] | None) -> argparse.Namespace:
    p = argparse.ArgumentParser(description=(__doc__ or "").split("\n")[0])
    p.add_argument("--quick", action="store_true", help="a small run (a few minutes)")
    p.add_argument("--systems", type=systems_list, default=["whisper", "pocketsphinx"],
                   help=f"comma-separated, of {', '.join(SYSTEMS)}")  # fmt: skip
    p.add_argument("--model", default=None, help="a Whisper model folder (default: tiny.en)")
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--medium", action="store_true",
                   help="a middle-sized run (second opinion tuning)")  # fmt: skip
    p.add_argument("--latency", type=int, default=None, help="utterances streamed in real time")
    p.add_argument("--latency-only", action="store_true", help="only the real-time latency")
    p.add_argument(
        "--only-accuracy",
        action="store_true",
        help="only the accuracy tables (no latency, shouts, false shouts, RSS)",
    )
    p.add_argument("--no-alarms", action="store_true", help="skip the false shouts")
    p.add_argument("--only-shouts", action="store_true", help="only the shouts found")
    p.add_argument("--shout-voices", type=lambda t: tuple(t.split(",")), default=None,
                   help="the shouts' voices, comma-separated (default: the plan's)")  # fmt: skip
    p.add_argument("--cases-out", type=Path, default=Path("/tmp/bench_speech_cases.jsonl"),
                   help="every hearing as JSON Lines")  # fmt: skip
    p.add_argument("--rss-probe", choices=SYSTEMS, help=argparse.SUPPRESS)
    return p.parse_args(argv)


def main(argv: list[str] | None = None) -> int:
    args = parse_args(argv)
    if args.rss_probe:
        return rss_probe(args)
    plan = QUICK if args.quick else MEDIUM if args.medium else FULL
    began = time.perf_counter()
    if args.only_shouts:
        return only_shouts(args, plan)
    cases, answers = corpus(plan, args.seed)
    sizes = {g: sum(c.group == g for c in cases) for g in dict.fromkeys(c.group for c in cases)}
    print(f"corpus: {len(cases)} utterances, each heard in 2 windows "
          f"({time.perf_counter() - began:.0f} s to make): {sizes}")  # fmt: skip
    systems = [make_system(name, args) for name in args.systems]
    print("systems: " + ", ".join(f"{s.name} (loaded in {s.load_s:.1f} s)" for s in systems))
    if not args.only_accuracy:
        latency(systems, cases, args.latency or plan.latency, args.seed)
    if args.latency_only:
        summary(args.systems)
        return 0
    print("\naccuracy, every utterance in its own card's window and a competitor card's:")
    results = hear_all(systems, cases)
    accuracy_table(cases, results)
    doubts_table(cases, results)
    decisions_table(cases, results)
    opinion_table(cases, results)
    misjudged(cases, results, args.systems[0], plan.misjudged)
    write_cases(args.cases_out, cases, results)
    if not args.only_accuracy:
        beyond_accuracy(args, plan, systems, cases, answers)
    for message, count in ERRORS.most_common():
        print(f"recognizer errors: {count} x {message}")
    summary(args.systems)
    print(f"\ntotal {time.perf_counter() - began:.0f} s")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

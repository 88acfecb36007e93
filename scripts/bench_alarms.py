#!/usr/bin/env python3
"""False "Bezzerwizzer" shouts on other speech, ours against the baseline, same run.

The other speech is every question of the bundled deck (decks/standard-en.yaml) read in the
quizmaster's own voice (espeak-ng's default voice at 160 words a minute, as the game's speaker),
each in a scene of its own (lead-in, question, pause; dithered), plus the real recordings of
../shared/corpora.  Each system listens to it all as the game's before/after windows would
(MicEars, a window expecting only the teams' shouts) and every utterance heard as a shout is a
false alarm.  The baseline (free decoding) is about four times slower than ours, so it hears a
random sample of the questions (``--baseline-questions``) plus every recording; each figure is
per hour of the speech that system heard.  Work is spread over processes (``--workers``).

Run alone: ``.venv/bin/python scripts/bench_alarms.py [--questions N] [--workers N]``;
``bench_speech.py`` calls ``measure_all`` for its false-alarm figure.  Never run by the tests.
"""

from __future__ import annotations

import argparse
import os
import random
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "scripts"))

from bench_speech_cases import real_cases, scene  # noqa: E402
from bench_speech_systems import TEAMS, make_system, spot_stream  # noqa: E402

from voicemaster.speech import audio  # noqa: E402
from voicemaster.speech.synth import ESPEAK_WPM, render  # noqa: E402

QUIZ_VOICE, QUIZ_RATE = "espeak:en", 160 / ESPEAK_WPM  # renderers.VoiceSettings: 160 wpm


@dataclass(frozen=True)
class Job:
    index: int
    question: str = ""  # read by the quizmaster's voice, or
    pcm: bytes = b""  # a real recording (already a scene)


@dataclass(frozen=True)
class Alarms:
    system: str
    count: int
    hours: float
    questions: int
    recordings: int
    heard_in: tuple[str, ...]  # what the false shouts were heard in

    @property
    def per_hour(self) -> float:
        return self.count / self.hours if self.hours else 0.0


def deck_questions() -> list[str]:
    """Every question of the bundled standard deck (empty when it is missing)."""
    path = ROOT / "decks" / "standard-en.yaml"
    if not path.exists():
        return []
    from voicemaster.decks.loader import load_deck

    return [card.question for card in load_deck(path).questions]


def _stream(job: Job, seed: int) -> bytes:
    if job.pcm:
        return job.pcm
    rng = np.random.default_rng((seed, job.index))
    return scene(render(job.question, QUIZ_VOICE, QUIZ_RATE), rng, None)[0]


def _work(task: tuple[str, str, str | None, list[Job], int]) -> tuple[int, float, list[str]]:
    """(In a worker process) one system hears ``jobs``: (false shouts, seconds, heard in)."""
    name, asr, model, jobs, seed = task
    system = make_system(name, argparse.Namespace(asr=asr, model=model))
    count, seconds, heard_in = 0, 0.0, []
    for job in jobs:
        pcm = _stream(job, seed)
        seconds += audio.duration_s(pcm)
        found = spot_stream(system, pcm, TEAMS)
        if found:
            heard_in.append(job.question or f"recording #{job.index}")
        count += found
    return count, seconds, heard_in


def measure(name: str, jobs: list[Job], workers: int, asr: str, model: str | None,
            seed: int) -> Alarms:  # fmt: skip
    chunks = [jobs[i::workers] for i in range(workers) if jobs[i::workers]]
    tasks = [(name, asr, model, chunk, seed) for chunk in chunks]
    if len(tasks) == 1:
        results = [_work(tasks[0])]
    else:
        with ProcessPoolExecutor(len(tasks)) as pool:
            results = list(pool.map(_work, tasks))
    questions = sum(1 for j in jobs if not j.pcm)
    return Alarms(name, sum(r[0] for r in results), sum(r[1] for r in results) / 3600,
                  questions, len(jobs) - questions,
                  tuple(h for r in results for h in r[2]))  # fmt: skip


def measure_all(questions: list[str], recordings: list[bytes], baseline_questions: int,
                workers: int, asr: str, model: str | None, seed: int) -> list[Alarms]:  # fmt: skip
    """Ours on every question and recording; the baseline on a sample of the questions."""
    asked = [Job(i, question=q) for i, q in enumerate(questions)]
    real = [Job(len(asked) + i, pcm=p) for i, p in enumerate(recordings)]
    sample = random.Random(seed).sample(asked, min(baseline_questions, len(asked)))
    out = []
    for name, jobs in (("ours", asked + real), ("baseline", sample + real)):
        began = time.perf_counter()
        out.append(measure(name, jobs, workers, asr, model, seed))
        report(out[-1], time.perf_counter() - began)
    return out


def report(result: Alarms, wall_s: float) -> None:
    print(f"  {result.system:<9} {result.count} false shouts in {result.hours * 60:.1f} min "
          f"({result.questions} questions, {result.recordings} recordings) = "
          f"{result.per_hour:.1f} per hour   [{wall_s:.0f} s]", flush=True)  # fmt: skip
    for text in result.heard_in[:8]:
        print(f"      heard in: {text[:90]}")


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--questions", type=int, default=None, help="first N deck questions (all)")
    p.add_argument("--baseline-questions", type=int, default=120)
    p.add_argument("--recordings", type=int, default=200, help="per corpus (as bench_speech)")
    p.add_argument("--workers", type=int, default=os.cpu_count() or 1)
    p.add_argument("--asr", choices=["pocketsphinx", "vosk"], default="pocketsphinx")
    p.add_argument("--model", default=None)
    p.add_argument("--seed", type=int, default=1)
    args = p.parse_args(argv)
    questions = deck_questions()[: args.questions]
    reals = real_cases(args.recordings, args.seed) if args.recordings else []
    recordings = list({id(c.pcm): c.pcm for c in reals}.values())
    print(f"false alarms: {len(questions)} deck questions read by {QUIZ_VOICE} at 160 wpm + "
          f"{len(recordings)} real recordings, {args.workers} worker processes")  # fmt: skip
    measure_all(questions, recordings, args.baseline_questions, args.workers, args.asr,
                args.model, args.seed)  # fmt: skip
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

#!/usr/bin/env python3
"""Bezzerwizzer shouts: false shouts on other speech and shouts found, new spotter beside old.

- new ("kws"): the keyword spotter (voicemaster.speech.asr.kws: pocketsphinx's keyphrase search
  streaming the audio) with each candidate confirmed by Whisper tiny.en on the audio around it.
- old ("grammar"): the game's listening path as before (MicEars + PocketsphinxRecognizer, a
  window expecting only the teams' shouts, grammar verified against a phone loop).

Other speech: every question of the bundled deck (decks/standard-en.yaml) read in the
quizmaster's own voice (espeak-ng's default voice at 160 words a minute, as the game's speaker),
each in a scene of its own (lead-in, question, pause; dithered), plus the real recordings of
../shared/corpora (FSDD, Speech Commands; each once).  Every shout heard in it is a false one
(per hour of that speech).  Shouts: "Bezzerwizzer!", "Bezzerwizzer blue!", "red Bezzerwizzer"
by flite and espeak-ng voices at two speeds, clean and in pink noise at 20 dB SNR: found, and
with the team named right.  Hard negatives ("be serious", "business", ...) said the same ways
must not be heard as shouts.  Work is spread over processes (``--workers``).

Run alone: ``.venv/bin/python scripts/bench_alarms.py [--questions N] [--workers N]``;
``bench_speech.py`` calls ``deck_questions``, ``measure`` and ``report``.  Never run by the tests.
"""

from __future__ import annotations

import argparse
import csv
import os
import random
import sys
import time
from collections import Counter
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "scripts"))

from voicemaster.audio_sim.synth import ESPEAK_WPM, render  # noqa: E402
from voicemaster.speech import audio  # noqa: E402

QUIZ_VOICE, QUIZ_RATE = "espeak:en", 160 / ESPEAK_WPM  # renderers.VoiceSettings: 160 wpm
CORPORA = ROOT.parent / "shared" / "corpora"
LEAD_S, TRAIL_S = 0.6, 1.4  # a scene: quiet, the speech, a pause
TEAMS = ("red", "blue", "green")
NEW, OLD = "kws", "grammar"
SHOUTS = ("Bezzerwizzer!", "Bezzerwizzer blue!", "red Bezzerwizzer")
HARD = ("be serious", "best whiskey", "blue team answers Paris", "business", "best wishes")
VOICES = ("flite:slt", "flite:rms", "flite:awb", "flite:kal16", "espeak:en-us")
RATES = (1.0, 1.25)
NOISES: tuple[float | None, ...] = (None, 20.0)  # clean, pink noise at 20 dB SNR


@dataclass(frozen=True)
class Job:
    index: int
    question: str = ""  # read by the quizmaster's voice, or
    pcm: bytes = b""  # a real recording (already a scene), or
    said: tuple[str, str, float, float | None] | None = None  # (text, voice, rate, snr)


@dataclass(frozen=True)
class Alarms:
    system: str
    count: int
    hours: float
    questions: int
    recordings: int
    heard_in: tuple[str, ...]  # what the false shouts were heard in
    candidates: int = 0  # the new system's keyword candidates (Whisper asked about each)

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


def recordings(limit: int, seed: int) -> list[bytes]:
    """Up to ``limit`` recordings of each corpus of ../shared/corpora, each in a scene."""
    rng = np.random.default_rng(seed)
    out = []
    for corpus in ("fsdd", "speech-commands"):
        manifest = CORPORA / corpus / "manifest.csv"
        if not manifest.exists():
            print(f"(no {manifest}: real recordings skipped)")
            continue
        with manifest.open(newline="") as fh:
            rows = list(csv.DictReader(fh))
        for row in random.Random(seed).sample(rows, min(limit, len(rows))):
            out.append(scene(audio.read_wav(CORPORA / corpus / row["path"]), rng))
    return out


def scene(speech: bytes, rng: np.random.Generator, snr: float | None = None) -> bytes:
    """Quiet, ``speech``, a pause; dithered; pink noise at ``snr`` dB under the speech."""
    pcm = audio.dither(audio.pad(speech, LEAD_S, TRAIL_S), rng)
    return pcm if snr is None else audio.add_noise(pcm, snr, rng, "pink")


def _stream(job: Job, seed: int) -> bytes:
    if job.pcm:
        return job.pcm
    rng = np.random.default_rng((seed, job.index))
    if job.said is not None:
        text, voice, rate, snr = job.said
        return scene(render(text, voice, rate), rng, snr)
    return scene(render(job.question, QUIZ_VOICE, QUIZ_RATE), rng)


# ---------------------------------------------------------------------------- the systems


@dataclass(frozen=True)
class Heard:
    """What one system heard in one stream."""

    seconds: float
    shouts: tuple[tuple[float, str | None, str], ...]  # (at s, team, what was heard)
    candidates: int = 0  # the new system's keyword candidates (each one asked Whisper)


class Hearing:
    """One system in a worker process: the shouts it hears in a stream."""

    def __init__(self, name: str, asr: str | None, model: str | None) -> None:
        self.name = name
        if name == NEW:
            from voicemaster.speech.asr.kws import KeywordSpotter
            from voicemaster.speech.asr.whisper_asr import WhisperRecognizer

            self.keywords: Any = KeywordSpotter()
            self.whisper: Any = WhisperRecognizer(model)
        elif name == OLD:
            from voicemaster.speech.asr.recognizers import make_recognizer

            self.recognizer: Any = make_recognizer("pocketsphinx")
        else:  # another system of bench_speech_systems (bench_speech.py asks for them)
            from bench_speech_systems import make_system

            self.system = make_system(name, argparse.Namespace(asr=asr, model=model))

    def hear(self, pcm: bytes) -> Heard:
        if self.name == NEW:
            return self._new(pcm)
        if self.name == OLD:
            return self._old(pcm)
        from bench_speech_systems import spot_stream

        count = spot_stream(self.system, pcm, TEAMS)
        return Heard(audio.duration_s(pcm), ((0.0, None, ""),) * count)

    def _new(self, pcm: bytes) -> Heard:
        from voicemaster.speech.asr.kws import CHUNK_S, ShoutWatch

        watch = ShoutWatch(TEAMS, self.keywords, self.whisper)
        step = 2 * round(CHUNK_S * 16_000)
        heard = [watch.feed(pcm[i : i + step]) for i in range(0, len(pcm), step)]
        shouts = [s for s in [*heard, watch.finish()] if s is not None]
        return Heard(audio.duration_s(pcm), tuple((s.at_s, s.team, s.heard) for s in shouts),
                     len(shouts) + len(watch.rejected))  # fmt: skip

    def _old(self, pcm: bytes) -> Heard:
        from voicemaster.audio_sim.sources import WavSource
        from voicemaster.speech.base import Expectation
        from voicemaster.speech.mic_ears import MicEars

        source = WavSource(pcm)
        ears = MicEars(source, self.recognizer)
        shouts = []
        try:
            while True:
                offset = source.position_s
                got = ears.listen(Expectation(teams=TEAMS), 5.0)
                if got is None:
                    break
                if got.heard.bezzerwizzer:
                    at = offset + got.endpoint.start_s
                    shouts.append((at, got.heard.team, got.heard.text))
        finally:
            ears.close()
        return Heard(audio.duration_s(pcm), tuple(shouts))


Task = tuple[str, str | None, str | None, list[Job], int]


def _work(task: Task) -> list[tuple[int, Heard]]:
    """(In a worker process) one system hears ``jobs``."""
    name, asr, model, jobs, seed = task
    hearing = Hearing(name, asr, model)
    return [(job.index, hearing.hear(_stream(job, seed))) for job in jobs]


def run(name: str, jobs: list[Job], workers: int, asr: str | None, model: str | None,
        seed: int) -> dict[int, Heard]:  # fmt: skip
    """Every job heard by ``name``, spread over ``workers`` processes: job index -> heard."""
    chunks = [jobs[i::workers] for i in range(workers) if jobs[i::workers]]
    tasks = [(name, asr, model, chunk, seed) for chunk in chunks]
    if len(tasks) <= 1:
        results = [_work(task) for task in tasks]
    else:
        with ProcessPoolExecutor(len(tasks)) as pool:
            results = list(pool.map(_work, tasks))
    return dict(pair for part in results for pair in part)


# ---------------------------------------------------------------------------- figures


def measure(name: str, jobs: list[Job], workers: int, asr: str | None, model: str | None,
            seed: int) -> Alarms:  # fmt: skip
    """False shouts of ``name`` on other speech (questions and recordings)."""
    heard = run(name, jobs, workers, asr, model, seed)
    found = [(j, shout) for j in jobs for shout in heard[j.index].shouts]
    questions = sum(1 for j in jobs if j.question)
    candidates = sum(h.candidates for h in heard.values())
    hours = sum(h.seconds for h in heard.values()) / 3600
    what = tuple(f"{j.question or f'recording #{j.index}'} -> {s[2]!r}" for j, s in found)
    return Alarms(name, len(found), hours, questions, len(jobs) - questions, what, candidates)


def report(result: Alarms, wall_s: float) -> None:
    rate = result.candidates / result.hours if result.hours else 0.0
    asked = f", Whisper asked {rate:.0f} times an hour" if result.candidates else ""
    print(f"  {result.system:<18} {result.count} false shouts in {result.hours * 60:.1f} min "
          f"({result.questions} questions, {result.recordings} recordings) = "
          f"{result.per_hour:.1f} per hour{asked}   [{wall_s:.0f} s]", flush=True)  # fmt: skip
    for text in result.heard_in[:10]:
        print(f"      heard in: {text[:150]}")


def said_jobs(texts: tuple[str, ...], voices: tuple[str, ...], first: int) -> list[Job]:
    combos = [(t, v, r, n) for t in texts for v in voices for r in RATES for n in NOISES]
    return [Job(first + i, said=combo) for i, combo in enumerate(combos)]


def described(job: Job) -> str:
    assert job.said is not None
    text, voice, rate, snr = job.said
    return f"{text} ({voice}, x{rate:g}, {'clean' if snr is None else f'{snr:g} dB'})"


def shout_figures(name: str, jobs: list[Job], workers: int, model: str | None, seed: int) -> None:
    """Shouts found (at least one heard in the shout's scene) and with the team named right."""
    heard = run(name, jobs, workers, None, model, seed)
    found, named, by_voice = Counter[str](), Counter[str](), Counter[str]()
    wrong = []
    for job in jobs:
        assert job.said is not None
        voice = job.said[1]
        want = next((t for t in TEAMS if t in job.said[0].lower()), None)
        shouts = heard[job.index].shouts
        by_voice[voice] += 1
        found[voice] += bool(shouts)
        named[voice] += bool(shouts) and shouts[0][1] == want
        if not shouts or shouts[0][1] != want:
            wrong.append(f"{described(job)}: {shouts[0][1:] if shouts else 'not found'}")
    total, hit, right = len(jobs), sum(found.values()), sum(named.values())
    print(f"  {name:<9} found {hit}/{total} ({100 * hit / total:.1f}%), team right {right}/{total}"
          f" ({100 * right / total:.1f}%); by voice (found, team right): "
          + ", ".join(f"{v} {found[v]}/{named[v]} of {n}" for v, n in by_voice.items()),
          flush=True)  # fmt: skip
    for text in wrong:
        print(f"      {text}")


def hard_figures(name: str, jobs: list[Job], workers: int, model: str | None, seed: int) -> None:
    heard = run(name, jobs, workers, None, model, seed)
    wrong = [j for j in jobs if heard[j.index].shouts]
    asked = sum(h.candidates for h in heard.values())
    print(f"  {name:<9} heard as shouts: {len(wrong)} of {len(jobs)}"
          + (f" (Whisper asked about {asked})" if name == NEW else ""), flush=True)  # fmt: skip
    for job in wrong:
        print(f"      {described(job)}: {heard[job.index].shouts[0][2]!r}")


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=(__doc__ or "").split("\n")[0])
    p.add_argument("--questions", type=int, default=None, help="first N deck questions (all)")
    p.add_argument("--recordings", type=int, default=200, help="per corpus")
    p.add_argument("--workers", type=int, default=os.cpu_count() or 1)
    p.add_argument("--systems", default=f"{NEW},{OLD}", help=f"comma-separated: {NEW}, {OLD}")
    p.add_argument("--model", default=None, help="a Whisper model folder (default: tiny.en)")
    p.add_argument("--seed", type=int, default=1)
    args = p.parse_args(argv)
    systems = [s.strip() for s in args.systems.split(",") if s.strip()]
    questions = deck_questions()[: args.questions]
    reals = recordings(args.recordings, args.seed) if args.recordings else []
    asked = [Job(i, question=q) for i, q in enumerate(questions)]
    real = [Job(len(asked) + i, pcm=pcm) for i, pcm in enumerate(reals)]
    shouts = said_jobs(SHOUTS, VOICES, len(asked) + len(real))
    hard = said_jobs(HARD, VOICES, shouts[-1].index + 1)
    print(f"shouts: {len(shouts)} ({len(SHOUTS)} texts x {len(VOICES)} voices x {len(RATES)} "
          f"speeds x clean/pink 20 dB):", flush=True)  # fmt: skip
    for name in systems:
        shout_figures(name, shouts, args.workers, args.model, args.seed)
    print(f"hard negatives: {len(hard)} ({', '.join(HARD)}; the same voices, speeds, noise):")
    for name in systems:
        hard_figures(name, hard, args.workers, args.model, args.seed)
    print(f"false shouts: {len(questions)} deck questions read by {QUIZ_VOICE} at 160 wpm + "
          f"{len(reals)} real recordings, {args.workers} worker processes:")  # fmt: skip
    for name in systems:
        for part, jobs in (("deck", asked), ("recordings", real)):
            began = time.perf_counter()
            result = measure(name, jobs, args.workers, None, args.model, args.seed)
            report(replace(result, system=f"{name} {part}"), time.perf_counter() - began)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

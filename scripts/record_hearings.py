#!/usr/bin/env python3
"""Record what Whisper reports on real and synthetic answers, for the policy's tests.

Each line of the output (JSON Lines) is one utterance heard in one window: what was said, the
window (its answer and competitors: the utterance's own card, or another card whose window
does not hold what was said), the transcript and Whisper's signals with its other transcripts.
``tests/speech/test_policy.py`` checks the policy's decisions on these recorded results, so the
thresholds are tested on real reports without running Whisper.
Run: ``.venv/bin/python scripts/record_hearings.py -o tests/data/hearings.jsonl``.
"""

from __future__ import annotations

import argparse
import csv
import json
import sys
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from voicemaster.audio_sim.synth import render  # noqa: E402
from voicemaster.speech import audio  # noqa: E402
from voicemaster.speech.asr.whisper_asr import WhisperRecognizer  # noqa: E402
from voicemaster.speech.base import Expectation, Heard  # noqa: E402

CORPORA = ROOT.parent / "shared" / "corpora"
WORDS = ("Copper", "Gold", "Napoleon", "The Beatles", "Mount Everest", "Photosynthesis",
         "Paris", "pass", "Bezzerwizzer blue", "nineteen sixty nine")  # fmt: skip
COMMANDS = ("pass", "repeat", "score", "help")


def windows(said: str, pool: list[str]) -> list[tuple[str, Expectation]]:
    """The utterance's own window (``said`` among five others of ``pool``) and another card's
    window that does not hold ``said`` at all (an answer from outside the window)."""
    others = [w for w in pool if w != said]
    own = Expectation(answers=(said,), competitors=tuple(others[:5]), commands=COMMANDS)
    if not said:
        return [("noise", own)]
    other = Expectation(answers=(others[0],), competitors=tuple(others[1:6]), commands=COMMANDS)
    return [("own", own), ("other", other)]


def corpus(name: str, step: int) -> list[tuple[str, bytes]]:
    with (CORPORA / name / "manifest.csv").open(newline="") as fh:
        rows = list(csv.DictReader(fh))[::step]
    return [(r["transcript"], audio.read_wav(CORPORA / name / r["path"])) for r in rows]


def synthetic(rng: np.random.Generator) -> list[tuple[str, str, bytes]]:
    out = []
    for word in WORDS:
        for voice in ("flite:slt", "flite:rms", "espeak:en-us"):
            pcm = audio.dither(render(word, voice), rng)
            out.append((word, f"{voice} clean", pcm))
            out.append((word, f"{voice} room 10", audio.add_noise(pcm, 10, rng, "pink")))
    return out


def noise_only(rng: np.random.Generator) -> list[tuple[str, str, bytes]]:
    quiet = audio.dither(b"\0\0" * 24_000, rng)
    return [("", f"{c} noise", audio.add_noise(quiet, -5.0, rng, c)) for c in ("pink", "brown")]


def pools(items: list[tuple[str, str, bytes]]) -> dict[str, list[str]]:
    """The words of each group, rotated per word so every window differs."""
    found: dict[str, list[str]] = {}
    for said, group, _pcm in items:
        key = group.split()[0] if group in ("fsdd", "speech-commands") else "synthetic"
        found.setdefault(key, [])
        if said and said not in found[key]:
            found[key].append(said)
    return found


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("-o", "--out", required=True)
    p.add_argument("--step", type=int, default=2, help="every n-th corpus recording")
    args = p.parse_args()
    rng = np.random.default_rng(7)
    rec = WhisperRecognizer()
    items = [(w, "fsdd", pcm) for w, pcm in corpus("fsdd", args.step)]
    items += [(w, "speech-commands", pcm) for w, pcm in corpus("speech-commands", args.step)]
    items += synthetic(rng) + noise_only(rng)
    words = pools(items)
    with open(args.out, "w") as out:
        for n, (said, group, pcm) in enumerate(items):
            pool = words.get(group if group in words else "synthetic", list(WORDS))
            pool = pool[n % len(pool) :] + pool[: n % len(pool)]
            for role, exp in windows(said, pool):
                heard = rec.recognize(audio.pad(pcm, 0.2, 0.2), exp)
                out.write(json.dumps(row(said, group, role, exp, heard)) + "\n")
    return 0


def row(said: str, group: str, role: str, exp: Expectation, heard: Heard) -> dict[str, object]:
    s = heard.signals
    assert s is not None
    return {"said": said, "group": group, "window": role, "answer": exp.answers[0],
            "competitors": list(exp.competitors), "text": heard.text,
            "logprob": round(s.logprob, 3), "no_speech": round(s.no_speech, 3),
            "compression": round(s.compression, 3), "repeated": s.repeated,
            "nbest": [list(x) for x in s.nbest],
            "scores": [list(x) for x in s.scores], "own": s.own}  # fmt: skip


if __name__ == "__main__":
    raise SystemExit(main())

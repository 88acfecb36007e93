#!/usr/bin/env python3
"""Kill `voicemaster simulate` with SIGKILL at random moments, resume it, compare results.

Runs the simulation once uninterrupted, then N times: start it, SIGKILL it after a random
delay, resume from its record (again and again until it finishes), and compare the final
JSON line (winner, rounds, questions, positions) with the uninterrupted run's.

    .venv/bin/python scripts/chaos_resume.py [--runs 20] [--seed 7] [--teams 3] [--track 30]
"""

from __future__ import annotations

import argparse
import json
import os
import random
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
COMPARED = ("variant", "winner", "rounds", "questions", "misjudged", "positions")


def command(record: Path, resume: bool, args: argparse.Namespace) -> list[str]:
    base = [sys.executable, "-m", "voicemaster", "simulate"]
    if resume:
        return [*base, "--resume", str(record)]
    return [
        *base,
        "--variant",
        "standard",
        "--teams",
        str(args.teams),
        "--seed",
        str(args.seed),
        "--track",
        str(args.track),
        "--through",
        args.through,
        "--record",
        str(record),
        *(["--deck", args.deck] if args.deck else []),
    ]


def final(out: str) -> dict[str, object]:
    line = out.strip().splitlines()[-1]
    result: dict[str, object] = json.loads(line)
    return {k: result[k] for k in COMPARED}


def run_once(record: Path, args: argparse.Namespace) -> tuple[dict[str, object], float]:
    began = time.perf_counter()
    done = subprocess.run(
        command(record, False, args), capture_output=True, text=True, cwd=ROOT, check=True
    )
    return final(done.stdout), time.perf_counter() - began


def run_with_kills(
    record: Path, args: argparse.Namespace, rng: random.Random, total: int
) -> tuple[dict[str, object], list[int]]:
    """Start; SIGKILL once the record reaches a random length (plus a random few ms, so kills
    also land between lines); resume; repeat up to --max-kills times, then let it finish."""
    kills, cut = 0, []
    while True:
        resume = _has_header(record)
        if not resume:
            record.unlink(missing_ok=True)  # killed before the header was written: start again
        proc = subprocess.Popen(
            command(record, resume, args),
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
            cwd=ROOT,
        )
        low = _lines(record) + 1
        if kills < args.max_kills and low <= total:
            target = rng.randint(low, total)
            if _wait_for(proc, record, target, rng.uniform(0.0, 0.02)):
                os.kill(proc.pid, signal.SIGKILL)
                proc.communicate()
                kills += 1
                cut.append(_lines(record))
                continue
        out, err = proc.communicate()
        if proc.returncode != 0:
            raise RuntimeError(f"exit {proc.returncode}: {err.strip()[-500:]}")
        if not record.exists() or not out.strip():
            raise RuntimeError("no result")
        return final(out), cut


def _wait_for(proc: subprocess.Popen[str], record: Path, lines: int, extra_s: float) -> bool:
    """Wait until the record holds ``lines`` lines (True) or the process ends (False)."""
    while proc.poll() is None:
        if _lines(record) >= lines:
            time.sleep(extra_s)
            return proc.poll() is None
        time.sleep(0.001)
    return False


def _lines(record: Path) -> int:
    try:
        return record.read_bytes().count(b"\n")
    except OSError:
        return 0


def _has_header(record: Path) -> bool:
    try:
        first = record.read_text(encoding="utf-8").split("\n", 1)
    except (OSError, UnicodeDecodeError):
        return False
    return len(first) == 2


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=20)
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--teams", type=int, default=3)
    parser.add_argument("--track", type=int, default=30)
    parser.add_argument("--through", choices=["text", "audio"], default="text")
    parser.add_argument(
        "--deck", default=None, help="default: the bundled deck, else the tests' small deck"
    )
    parser.add_argument("--max-kills", type=int, default=3, help="kills per run at most")
    args = parser.parse_args()
    if args.deck is None and not (ROOT / "decks" / "standard-en.yaml").is_file():
        args.deck = str(ROOT / "tests" / "data" / "host" / "mini-standard.yaml")
    rng = random.Random(args.seed * 1000 + args.runs)
    with tempfile.TemporaryDirectory(prefix="chaos-") as tmp:
        reference, wall = run_once(Path(tmp) / "reference.jsonl", args)
        total = _lines(Path(tmp) / "reference.jsonl")
        print(f"uninterrupted: {json.dumps(reference)} in {wall:.2f} s")
        survived = 0
        for n in range(1, args.runs + 1):
            record = Path(tmp) / f"run-{n}.jsonl"
            try:
                result, cut = run_with_kills(record, args, rng, total)
            except RuntimeError as exc:
                print(f"run {n}: FAILED ({exc})")
                continue
            same_record = record.read_bytes() == (Path(tmp) / "reference.jsonl").read_bytes()
            same = result == reference and same_record
            survived += same
            where = ", ".join(str(c) for c in cut) or "none"
            verdict = (
                "identical (result and record)"
                if same
                else (f"DIFFERENT (record identical: {same_record}): {json.dumps(result)}")
            )
            print(f"run {n}: killed at record lines [{where}], {verdict}")
    print(f"survived {survived}/{args.runs}")
    return 0 if survived == args.runs else 1


if __name__ == "__main__":
    sys.exit(main())

"""Every misjudged first verdict of whole games, classified by where the right words were lost
(``scripts/bench_ceiling.py play`` wrote the games' transcripts and ``heard_N.jsonl``).

A verdict that differs from what the team meant is, by what tiny.en reported on the takes of
that answer (its first hearing and any retake):

- **a**: the words meant were in Whisper's own output on some take (its transcript or another
  of the beam's n-best judge as meant): a policy could have taken them;
- **b**: Whisper never wrote them, but scoring the window's answers as the transcript put the
  meant answer first on some take (only the guess or alignment had it);
- **c**: nowhere in tiny.en's output on any take: only another recognizer can help;
- **d**: the synthesizer did not say what a person would say: ``simulator.spoken`` rewrites
  the words and the synthesizer's phonemes for the two differ (``espeak-ng -x``, ``flite
  -ps``; Piper speaks espeak-ng's en-us phonemes), whatever tiny.en then made of it;
- **e**: a wrong answer heard as nothing or as a pass (in the standard rules a pass and a wrong
  answer move nobody alike, and an attacker's pass costs the penalty a wrong answer does).

With ``--rehear`` files (``bench_ceiling.py rehear``: the same takes heard by one recognizer
alone), each case shows that recognizer's first-take verdict too.

    .venv/bin/python scripts/ceiling_report.py --dir /work/runs/ceil25/main --seeds 1,2,3 \
        --rehear /tmp/base.jsonl
"""

from __future__ import annotations

import argparse
import json
import sys
from collections import Counter
from pathlib import Path
from typing import Any

sys.path.append(str(Path(__file__).resolve().parent))
sys.path.append(str(Path(__file__).resolve().parents[1]))

from bench_game_hearing import _said, key_of  # noqa: E402

from voicemaster.judge import judge  # noqa: E402
from voicemaster.simulator.spoken import spoken  # noqa: E402

ROLE_KINDS = {"defender": ("answer", "defender"), "attacker": ("attacker",)}


def misjudged(transcript: Path) -> list[tuple[str, str, str, str]]:
    """(card, role, verdict, meant) of each misjudged first verdict in a transcript."""
    out, seen = [], set()
    for text in transcript.read_text(encoding="utf-8").splitlines():
        if not text.startswith("=="):
            continue
        card = text.split()[1]
        if card in seen:
            continue  # decided again: corrected, not a first verdict
        seen.add(card)
        for part in text.split(card, 1)[1].strip().split("; "):
            if "MISJUDGED" in part:
                role, verdict = part.split()[:2]
                meant = part.split("(meant ")[1].split(")")[0]
                out.append((card, role, verdict, meant))
    return out


def takes(rows: list[dict[str, Any]], card: str, role: str) -> list[dict[str, Any]]:
    """The hearings of one role's answer to a card: the first take and every retake."""
    kinds = ROLE_KINDS.get(role, (role,))
    mine = [r for r in rows if r["card"] == card and r["kind"] in kinds]
    first = next((r for r in mine if r["meant"][:1] == [role]), None)
    if first is None:
        return []
    return [r for r in mine if r["said"]["text"] == first["said"]["text"]]


def verdict_of(text: str, row: dict[str, Any]) -> str:
    return judge(text, key_of(_said(dict(row["said"])).expectation)).verdict


def classify(case: tuple[str, str, str, str], heard: list[dict[str, Any]]) -> tuple[str, str]:
    """The class and how it was heard (each take's transcript, marks and best-scored answer)."""
    _card, _role, verdict, meant = case
    text = heard[0]["said"]["text"] if heard else ""
    voice = heard[0]["said"]["voice"] if heard else ""
    how = " / ".join(_take(r) for r in heard)
    if meant != "right" and verdict == "pass":
        return "e", how
    if spoken(text) != text and phonemes(text, voice) != phonemes(spoken(text), voice):
        return "d", how
    reports = [r["raw"] for r in heard if r["raw"]]
    written = [(s, lp) for rep in reports for s, lp in (rep["signals"] or {}).get("nbest", [])]
    hits = [(w, lp) for w, lp in written if w and verdict_of(w, heard[0]) == meant]
    if hits:
        return "a", how + f" [n-best {hits[0][0]!r} {hits[0][1]:.2f}]"
    best = [max(sc, key=lambda p: p[1])[0] for rep in reports if (sc := _scores(rep))]
    if any(verdict_of(b, heard[0]) == meant for b in best):
        return "b", how
    return "c", how


def phonemes(text: str, voice: str) -> str:
    """What the synthesizer says for ``text``: flite's phones, or espeak-ng's phonemes (Piper
    speaks espeak-ng's en-us phonemes), without stress marks, pauses and word breaks."""
    import subprocess

    engine, _, name = voice.partition(":")
    if engine == "flite":
        cmd = ["flite", "-t", text, "-ps", "-o", "none"]
    else:
        cmd = ["espeak-ng", "-q", "-x", "-v", name if engine == "espeak" else "en-us", "--", text]
    said = subprocess.run(cmd, capture_output=True, text=True, check=True).stdout
    return "".join(ch for ch in said.replace("pau", "") if ch not in "',_ \n")  # no stress


def _scores(report: dict[str, Any]) -> list[tuple[str, float]]:
    return [tuple(p) for p in (report.get("signals") or {}).get("scores", [])]


def _take(row: dict[str, Any]) -> str:
    heard = row["heard"] or {}
    raw = row["raw"] or {}
    marks = row["kind_heard"]
    sig = raw.get("signals") or {}
    lp = f" {sig.get('logprob', 0.0):.2f}" if sig else ""
    scored = sorted(_scores(raw), key=lambda p: -p[1])
    guess = ""
    if scored:
        nxt = f", next {scored[1][1]:.1f}" if len(scored) > 1 else ""
        own = sig.get("own", 0.0)
        guess = f", best scored {scored[0][0]!r} {scored[0][1]:.1f} (own {own:.1f}{nxt})"
    return f"{raw.get('text', '')!r}{lp} -> {heard.get('text', '')!r} {marks}{guess}"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--dir", type=Path, required=True)
    parser.add_argument("--seeds", default="1,2,3,4,5,6")
    parser.add_argument("--rehear", nargs="*", default=[], help="bench_ceiling rehear files")
    args = parser.parse_args()
    other = _reheard(args.rehear)
    classes: Counter[str] = Counter()
    voices: Counter[tuple[str, str]] = Counter()
    verdicts = 0
    for seed in (int(s) for s in args.seeds.split(",")):
        rows = [json.loads(x) for x in (args.dir / f"heard_{seed}.jsonl").open(encoding="utf-8")]
        transcript = args.dir / f"s{seed}.txt"
        verdicts += _verdicts(transcript)
        for case in misjudged(transcript):
            heard = takes(rows, case[0], case[1])
            cls, how = classify(case, heard)
            voice = heard[0]["said"]["voice"] if heard else "?"
            text = heard[0]["said"]["text"] if heard else "?"
            classes[cls] += 1
            voices[(voice, cls)] += 1
            seen = _other(other, seed, heard)
            print(f"{seed} {case[0]:10} {case[1]:8} {cls} {voice:22} {text!r} meant {case[3]}, "
                  f"judged {case[2]}: {how}{seen}")  # fmt: skip
    total = sum(classes.values())
    print(f"\nmisjudged first verdicts {total} of {verdicts}: " +
          ", ".join(f"{k} {classes[k]}" for k in "abcde"))  # fmt: skip
    for voice in sorted({v for v, _c in voices}):
        print(f"  {voice:24} " + " ".join(f"{k} {voices[(voice, k)]}" for k in "abcde"))
    return 0


def _verdicts(transcript: Path) -> int:
    sys.path.append(str(Path(__file__).resolve().parent))
    from transcript_figures import figures

    return figures(transcript).verdicts


def _reheard(paths: list[str]) -> dict[tuple[int, int], list[dict[str, Any]]]:
    """Each rehear file's hearings by (seed, take)."""
    out: dict[tuple[int, int], list[dict[str, Any]]] = {}
    for path in paths:
        for line in Path(path).read_text(encoding="utf-8").splitlines():
            row = json.loads(line)
            out.setdefault((row["seed"], row["take"]), []).append(row)
    return out


def _other(other: dict[tuple[int, int], list[dict[str, Any]]], seed: int,
           heard: list[dict[str, Any]]) -> str:  # fmt: skip
    """What the rehearing recognizers made of each take of this answer."""
    parts = []
    for row in heard:
        for got in other.get((seed, row["said"]["take"]), []):
            verdict = verdict_of(got["heard"], row)
            parts.append(f"{got['asr']}: {got['heard']!r} {got['kind_heard']} ({verdict})")
    return ("  || " + "; ".join(parts)) if parts else ""


if __name__ == "__main__":
    raise SystemExit(main())

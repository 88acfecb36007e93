"""Where a whole game's misjudged verdicts come from: each answer a game through audio heard,
kept with the very audio's recipe and the recognizer's report, so that every misjudged first
verdict can be classified and heard again by another recognizer.

``play`` runs ``simulate --variant standard --teams 4 --through audio --seed N`` exactly as the
command line does (its transcript and record are the command's own: this only listens) and
writes ``heard_N.jsonl``: one line per utterance the table said, with the card, the cue, what
the team meant, the words, voice, synthesis and noise seed and rate (``AudioTable.take``), the
window (``Expectation``), Whisper's report before the policy (transcript, n-best, the window's
answers scored as the transcript) and the decision the host got.  The game's second opinion is
left out (``default_for`` returns None), so a game plays alike with and without Whisper base
installed.

``rehear`` hears the answers of such files again through the game's path (the room's pink
noise, 0.3 s before the words, ``MicEars`` with the game's endpointer, each utterance decoded
once it has ended) with one recognizer alone (tiny.en, or a Whisper folder such as base) and
writes each decision and its decode time.  ``scripts/ceiling_report.py`` classifies and tabulates.

    .venv/bin/python scripts/bench_ceiling.py play --seed 3 --dir /tmp/ceil
    .venv/bin/python scripts/bench_ceiling.py rehear --dir /tmp/ceil --seeds 1,2 --asr tiny
"""

from __future__ import annotations

import argparse
import json
import resource
import sys
import time
from dataclasses import asdict
from pathlib import Path
from typing import Any

sys.path.append(str(Path(__file__).resolve().parent))
sys.path.append(str(Path(__file__).resolve().parents[1]))

from bench_game_hearing import Said, _said, kind  # noqa: E402

from voicemaster.speech.base import Expectation, Heard  # noqa: E402

ANSWER_KINDS = ("answer", "attacker", "playoff")


def _report(heard: Heard | None) -> dict[str, Any] | None:
    """A recognizer's report or a decision, as JSON (the second opinion left out)."""
    if heard is None:
        return None
    out = asdict(heard)
    out.pop("second", None)
    return out


def kept_reports() -> list[Heard]:
    """Every recognizer report the policy reviews from now on, in order (the policy is wrapped
    so that the reports are kept before it decides)."""
    from voicemaster.speech.asr import policy

    reports: list[Heard] = []
    review = policy.review

    def kept_review(heard: Heard, expectation: Expectation, *args: Any) -> Heard:
        reports.append(heard)
        return review(heard, expectation, *args)

    policy.review = kept_review  # type: ignore[assignment]
    return reports


def play(seed: int, folder: Path, extra: list[str]) -> None:
    """One whole game through audio, every utterance the table said kept in heard_N.jsonl."""
    from voicemaster import cli
    from voicemaster.simulator import audio
    from voicemaster.speech.asr import second_opinion

    second_opinion.default_for = lambda recognizer, models: None
    reports = kept_reports()
    hear = audio.AudioTable.hear
    out = (folder / f"heard_{seed}.jsonl").open("w", encoding="utf-8")

    def kept_hear(self: Any, expectation: Expectation, timeout: float) -> Heard | None:
        reports.clear()
        before = len(self.heard_texts)
        cue, again = self._cue, self.again
        heard = hear(self, expectation, timeout)
        if len(self.heard_texts) == before:
            return heard  # nothing said
        text = self.heard_texts[-1][0]
        self._cue, self.again = cue, again  # the take as hear() drew it
        take, rate = self.take()
        row = {"seed": seed, "card": str(getattr(self.card, "id", "")),
               "kind": str(cue.kind) if cue else "", "retry": str(cue.retry) if cue else "",
               "team": str(cue.team) if cue else "", "meant": list(self.said_meaning or ()),
               "said": asdict(Said(seed, take, rate, self._voice(text), text, expectation)),
               "raw": _report(reports[-1] if reports else None), "heard": _report(heard),
               "kind_heard": kind(heard)}  # fmt: skip
        out.write(json.dumps(row) + "\n")
        out.flush()
        return heard

    audio.AudioTable.hear = kept_hear  # type: ignore[method-assign]
    args = ["simulate", "--variant", "standard", "--teams", "4", "--through", "audio"]
    args += ["--seed", str(seed), "--record", str(folder / f"s{seed}.jsonl")]
    args += ["--transcript", str(folder / f"s{seed}.txt"), *extra]
    try:
        cli.main(args)
    finally:
        out.close()


def chosen(folder: Path, seeds: list[int], which: str) -> list[dict[str, Any]]:
    """The answers to hear again: every take of each misjudged first verdict (``misjudged``),
    or every first take of an answer (``first``), or both."""
    from ceiling_report import misjudged, takes

    out: list[dict[str, Any]] = []
    for seed in seeds:
        rows = [json.loads(line) for line in _lines(folder / f"heard_{seed}.jsonl")]
        if which in ("first", "both"):
            out += [r for r in rows if r["meant"] and r["kind"] in ANSWER_KINDS]
        if which in ("misjudged", "both"):
            for case in misjudged(folder / f"s{seed}.txt"):
                out += [r for r in takes(rows, case[0], case[1]) if r not in out]
    return out


def heard_once(said: Said, rec: Any) -> Heard | None:
    """The game's path (room noise, 0.3 s lead, the game's endpointer) decoding each utterance
    once it has ended: both recognizers are timed on one decode per hearing."""
    from voicemaster.audio_sim.sources import QueueSource
    from voicemaster.audio_sim.synth import synthesize
    from voicemaster.speech.mic_ears import MicEars

    source = QueueSource(seed=said.take, noise_db=-43.0, colour="pink")
    source.push(synthesize(said.text, said.voice, said.rate, said.take), gap_s=0.3)
    source.push_silence(0.8)
    ears = MicEars(source, rec, speculate=False)
    try:
        return ears.hear(said.expectation, 30.0)
    finally:
        ears.close()
        source.close()


def rehear(
    folder: Path, seeds: list[int], asr: str, out: Path, limit: int, which: str, voices: str = ""
) -> None:
    """The answers of heard_N.jsonl heard again by one recognizer alone, through the game's path."""
    from voicemaster.speech.asr.whisper_asr import WhisperRecognizer

    started = time.perf_counter()
    rec = WhisperRecognizer(None if asr == "tiny" else asr)
    load_s = time.perf_counter() - started
    reports = kept_reports()
    rows = [r for r in chosen(folder, seeds, which) if r["said"]["voice"].startswith(voices)]
    rows = rows[:limit] if limit else rows
    with out.open("w", encoding="utf-8") as stream:
        for row in rows:
            reports.clear()
            said = _said(dict(row["said"]))
            began = time.perf_counter()
            heard = heard_once(said, rec)
            took = time.perf_counter() - began
            line = {"seed": row["seed"], "card": row["card"], "text": said.text,
                    "take": said.take, "asr": asr, "kind_heard": kind(heard),
                    "heard": heard.text if heard else "", "hear_s": round(took, 3),
                    "decode_ms": round(reports[-1].decode_ms if reports else 0.0, 1),
                    "raw": _report(reports[-1] if reports else None)}  # fmt: skip
            stream.write(json.dumps(line) + "\n")
            stream.flush()
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    print(json.dumps({"asr": asr, "hearings": len(rows), "load_s": round(load_s, 2),
                      "peak_rss_mb": round(peak)}))  # fmt: skip


def _lines(path: Path) -> list[str]:
    return [line for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    sub = parser.add_subparsers(dest="command", required=True)
    p = sub.add_parser("play", help="a whole game, its answers kept")
    p.add_argument("--seed", type=int, required=True)
    p.add_argument("--dir", type=Path, required=True)
    p.add_argument("extra", nargs="*", help="more simulate options (after --)")
    r = sub.add_parser("rehear", help="the kept answers heard again by one recognizer")
    r.add_argument("--dir", type=Path, required=True)
    r.add_argument("--seeds", default="1,2")
    r.add_argument("--asr", default="tiny", help="tiny, or a Whisper model folder")
    r.add_argument("--out", type=Path, required=True)
    r.add_argument("--limit", type=int, default=0)
    r.add_argument("--which", default="both", choices=("misjudged", "first", "both"))
    r.add_argument("--voices", default="", help="only takes of voices starting so (espeak)")
    args = parser.parse_args()
    if args.command == "play":
        args.dir.mkdir(parents=True, exist_ok=True)
        play(args.seed, args.dir, args.extra)
    else:
        seeds = [int(s) for s in args.seeds.split(",")]
        rehear(args.dir, seeds, args.asr, args.out, args.limit, args.which, args.voices)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

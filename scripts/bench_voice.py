#!/usr/bin/env python3
"""Voice benchmark: the quizmaster's Piper voice beside espeak-ng (the fall-back), in one run.

Each voice reads N deck questions (default 300, ``--quick`` 30) through the game's own speaker
(VoiceSpeaker: sentence by sentence, levelled) into a loudspeaker sink, in a process of its own:
time to first audio (``say`` called -> first audio handed to the loudspeaker), real-time factor
(synthesis time / audio time) and peak RSS.  Then Whisper tiny.en (the game's recognizer,
unprompted) transcribes every reading and the word error rate per voice is reported side by
side.  Also: the kept fixed phrases' time to first audio, and the levels sox measures before
and after levelling.  The Raspberry Pi figures are ESTIMATES: this machine's times stretched
by the factors of scripts/bench_speech_report.py (per core; not measured).

Questions said after a prepare, as the game does it: the turn is announced, the question's card
foreseen and its question prepared (rendered in the background), then the before window (a
Bezzerwizzer may be called) lasts W seconds, then the question is said; W is each of
``--windows`` (0: said at once, while it is being rendered; the game's own window is
Timing.before, when nobody calls).  Each window has a speaker of its own, beside the cold one
(no prepare).  A window is waited out only until the question is rendered: later, it would
play the same kept audio.

Run: ``.venv/bin/python scripts/bench_voice.py [--quick] [--questions N] [--seed N]
[--windows 0,1,5]``.
Never run by the tests.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from bench_alarms import deck_questions  # noqa: E402
from bench_speech_report import PI, quantiles, rss_mb  # noqa: E402

VOICES = {"espeak-ng": "pyttsx3", "piper": "piper"}  # name -> speaker kind (tts.make_speaker)
FIXED = ["Blue: that is right.", "Red: that is not right.", "Time is up."]
ANNOUNCE = "Blue, for three points: Geography."  # said before each prepared question
TARGET_MS = 200.0  # issue 18: the first word of a question within 200 ms


def _speaker(kind: str) -> Any:
    from voicemaster.speech.voice.players import PlayerSink
    from voicemaster.speech.voice.tts import VoiceSpeaker, make_speaker

    speaker = make_speaker(kind)
    if not isinstance(speaker, VoiceSpeaker) or speaker.renderers[0].name not in ("piper", kind):
        raise SystemExit(f"bench_voice: the {kind} voice does not work here")
    speaker.player = PlayerSink()
    return speaker


def worker(kind: str, questions: list[str], out: Path, windows: list[float]) -> None:
    """Read every question with one voice (this process holds only that voice), cold and
    after a prepare in each window; write the 16 kHz audio of the cold readings and the
    figures into ``out``."""
    from voicemaster.speech.audio import resample, to_array, write_wav
    from voicemaster.speech.voice.levels import OUT_RATE

    began = time.perf_counter()
    speaker = _speaker(kind)
    load_s = time.perf_counter() - began
    sink = speaker.player
    first_ms, busy, audio_s = [], 0.0, 0.0
    for i, text in enumerate(questions):
        start = time.perf_counter()
        speaker.say(text)  # the sink takes the audio at once: this is synthesis time
        busy += time.perf_counter() - start
        first_ms.append((sink.started[-1] - start) * 1000)
        pcm, rate = sink.pieces[-1]
        audio_s += len(pcm) / 2 / rate
        write_wav(out / f"{i:04d}.wav", resample(to_array(pcm), OUT_RATE))
    speaker.phrasebook.prepare(FIXED, wait=True)
    kept = []
    for text in FIXED:
        start = time.perf_counter()
        speaker.say(text)
        kept.append((sink.started[-1] - start) * 1000)
    prepared = {str(w): prepared_readings(kind, questions, w) for w in windows}
    figures = {"load_s": load_s, "first_ms": first_ms, "busy_s": busy, "audio_s": audio_s,
               "kept_ms": kept, "prepared": prepared, "rss_mb": rss_mb()}  # fmt: skip
    (out / "figures.json").write_text(json.dumps(figures))


def prepared_readings(kind: str, questions: list[str], window: float) -> dict[str, Any]:
    """Each question said as in the game: announced, prepared, the before window (cut short
    once the question is rendered), said.  Time to first audio; how many were rendered by
    then; how many sentences were rendered when said, and how many were waited for."""
    speaker = _speaker(kind)
    book, sink = speaker.phrasebook, speaker.player
    first_ms, ready, misses = [], 0, 0
    for text in questions:
        speaker.say(ANNOUNCE)
        speaker.prepare(text)
        ready += book.settle(window)
        before, start = book.misses, time.perf_counter()
        speaker.say(text)
        first_ms.append((sink.started[-1] - start) * 1000)
        misses += book.misses - before
    return {"first_ms": first_ms, "ready": ready, "misses": misses, "waits": book.waits}


def wer(reference: list[str], heard: list[str]) -> tuple[int, int]:
    """(word errors, reference words): substitutions, deletions and insertions."""
    from rapidfuzz.distance import Levenshtein

    return Levenshtein.distance(reference, heard), len(reference)


def transcribe(folders: dict[str, Path], questions: list[str]) -> dict[str, tuple[float, list]]:
    """Whisper's reading of every question per voice: (WER, the worst examples)."""
    from voicemaster.speech.asr.whisper_asr import WhisperRecognizer
    from voicemaster.speech.audio import read_wav

    asr = WhisperRecognizer()
    results = {}
    for name, folder in folders.items():
        errors = words = 0
        worst: list[tuple[int, str, str]] = []
        for i, text in enumerate(questions):
            raw, _ = asr.transcribe(read_wav(folder / f"{i:04d}.wav"), "")
            ref, hyp = asr.normalise(text).split(), asr.normalise(raw).split()
            e, n = wer(ref, hyp)
            errors, words = errors + e, words + n
            worst.append((e, text, raw))
        worst.sort(key=lambda w: -w[0])
        results[name] = (errors / max(1, words), worst[:3])
        print(f"  {name}: transcribed {len(questions)} readings", flush=True)
    return results


def sox_levels() -> None:
    """The level (RMS while sounding, sox) of each engine's own output and of the earcons,
    before and after the speaker levels them."""
    from voicemaster.speech.audio import write_wav
    from voicemaster.speech.voice.earcons import EARCON_RATE, earcon
    from voicemaster.speech.voice.levels import OUT_RATE, prepare

    text = "Which planet is the largest in our solar system?"
    pieces = {name: _speaker(kind).renderers[0].render(text) for name, kind in VOICES.items()}
    pieces |= {f"earcon {e}": (earcon(e), EARCON_RATE) for e in ("listening", "right")}
    print("\nlevel while sounding (sox: silences cut, then stats RMS lev dB):")
    with tempfile.TemporaryDirectory() as tmp:
        for name, (pcm, rate) in pieces.items():
            before = _sox(write_wav(Path(tmp) / "a.wav", pcm, rate))
            after = _sox(write_wav(Path(tmp) / "b.wav", prepare(pcm, rate), OUT_RATE))
            print(f"  {name:<18} engine's own {before:6.1f} dB   as played {after:6.1f} dB")


def _sox(path: Path) -> float:
    cut = ["silence", "1", "0.01", "-45d", "-1", "0.02", "-45d"]
    done = subprocess.run(["sox", str(path), "-n", *cut, "stats"], capture_output=True, text=True)
    line = next(s for s in done.stderr.splitlines() if s.startswith("RMS lev dB"))
    return float(line.split()[-1])


def report(figures: dict[str, dict[str, Any]], heard: dict[str, tuple[float, list]]) -> None:
    load = os.getloadavg()[0]
    print(f"\nload average {load:.1f} on {os.cpu_count()} cores (other work slows the times down)")
    print(f"\n{'voice':<10} {'WER':>6} {'first audio p50/p95 ms':>23} {'RTF':>6} "
          f"{'RSS MB':>7} {'load s':>7} {'kept phrase ms':>15}")  # fmt: skip
    for name, f in figures.items():
        p50, p95 = quantiles(f["first_ms"])
        rtf = f["busy_s"] / f["audio_s"]
        print(f"{name:<10} {heard[name][0]:6.1%} {p50:11.0f} / {p95:<9.0f} {rtf:6.3f} "
              f"{f['rss_mb']:7.0f} {f['load_s']:7.2f} {max(f['kept_ms']):15.1f}")  # fmt: skip
        for board, factor in PI.items():
            est = f"p50 {p50 * factor:.0f} / p95 {p95 * factor:.0f} ms, RTF {rtf * factor:.3f}"
            print(f"    ESTIMATE {board} (x{factor:g} per core, not measured): first audio {est}")
    report_prepared(figures)
    for name, (rate, worst) in heard.items():
        print(f"\n{name}: WER {rate:.1%}; the worst readings:")
        for errors, text, raw in worst:
            print(f"  {errors} errors: {text!r}\n            heard {raw!r}")


def report_prepared(figures: dict[str, dict[str, Any]]) -> None:
    """A question's time to first audio, cold (the baseline) beside prepared in each window;
    ``rendered``: ready before the window closed; ``rendered/waited``: sentences rendered
    when said, and found being rendered ahead (waited for, not rendered twice)."""
    print(f"\nquestion's time to first audio: cold (baseline), and prepared at the start of a "
          f"before window of W s\n{'voice':<10} {'reading':<16} {'p50 ms':>8} {'p95 ms':>8} "
          f"{'max ms':>8} {'<=200 ms':>9} {'rendered':>9} {'rendered/waited':>16}")  # fmt: skip
    for name, f in figures.items():
        rows = [("cold", f["first_ms"], None)]
        rows += [(f"prepared, W={w}", p["first_ms"], p) for w, p in f["prepared"].items()]
        for label, first, p in rows:
            p50, p95 = quantiles(first)
            fast = f"{sum(ms <= TARGET_MS for ms in first)}/{len(first)}"
            done = f"{p['ready']}/{len(first)}" if p else "-"
            said = f"{p['misses']}/{p['waits']}" if p else "-"
            print(f"{name:<10} {label:<16} {p50:8.1f} {p95:8.1f} {max(first):8.1f} "
                  f"{fast:>9} {done:>9} {said:>16}")  # fmt: skip


def _windows(text: str | None) -> list[float]:
    """The before windows to measure: ``--windows``, else 0, 1 s and the game's own."""
    if text is None:
        from voicemaster.host.listening import Timing

        return [0.0, 1.0, Timing().before]
    try:
        return [float(w) for w in text.split(",")]
    except ValueError:
        why = f"bench_voice: --windows takes seconds, e.g. 0,1,5; not {text!r}"
        raise SystemExit(why) from None


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--quick", action="store_true", help="30 questions instead of 300")
    p.add_argument("--questions", type=int, default=None, help="how many deck questions")
    p.add_argument("--seed", type=int, default=18)
    p.add_argument("--windows", default=None, help="before windows in seconds, e.g. 0,1,5")
    p.add_argument("--worker", default=None, help=argparse.SUPPRESS)
    p.add_argument("--out", default=None, help=argparse.SUPPRESS)
    args = p.parse_args(argv)
    n = args.questions or (30 if args.quick else 300)
    questions = random.Random(args.seed).sample(deck_questions(), n)
    windows = _windows(args.windows)
    if args.worker:
        worker(args.worker, questions, Path(args.out), windows)
        return 0
    figures, folders = {}, {}
    with tempfile.TemporaryDirectory(prefix="bench-voice-") as tmp:
        for name, kind in VOICES.items():
            folders[name] = Path(tmp) / name
            folders[name].mkdir()
            print(f"{name}: reading {n} deck questions", flush=True)
            cmd = [sys.executable, __file__, "--worker", kind, "--out", str(folders[name]),
                   "--questions", str(n), "--seed", str(args.seed),
                   "--windows", ",".join(map(str, windows))]  # fmt: skip
            subprocess.run(cmd, check=True)
            figures[name] = json.loads((folders[name] / "figures.json").read_text())
        heard = transcribe(folders, questions)
    sox_levels()
    report(figures, heard)
    return 0


if __name__ == "__main__":
    sys.exit(main())

"""The endpointers side by side (``EndpointConfig.detector``): Silero VAD and band energy.

Every utterance sits in a scene (0.6 s lead-in, the utterance, 1.5 s trailing), dithered, then
clean (or with exact digital silence around the voice: a gated microphone, a file) or under
noise over the whole scene: brown (a car) and pink (a room) at 20 and 10 dB
below the utterance's speech level.  The utterances: flite voices saying quiz answers and
commands (``synth.render``), real digits (FSDD, 8 kHz resampled with ``audio.resample``) and
real words (Speech Commands).  Noise-only scenes (3.1 to 4.1 s, the noise at the level it has
under an utterance; and knocks and a chime in a quiet room) count false starts.  Both
endpointers hear the very same scenes, 20 ms at a time, as a listener feeds them; after each
end the scene goes on (``resume``), as a listener does when the recognizer heard nothing.

Per condition and endpointer:

- found: scenes whose first utterance overlapping the true speech span ended by a pause;
- false: noise-only scenes in which speech started at all;
- start, end: |detected - true| start of speech and end of speech, median / p90 (ms);
- delay: end-of-speech (true) to the end decision, median (ms);
  (these three over flite and FSDD: a Speech Commands clip carries its speaker's room, often a
  click or a breath before the word, so its true span is not known well enough);
- cpu: CPU time per second of audio (%).

The true span: the clean utterance's 10 ms frames within 35 dB of its loudest, and for a real
recording (which carries its own room) also at least 10 dB over its quietest tenth.

    .venv/bin/python scripts/bench_endpoint.py [--real 100] [--noise-only 40] [--seed 7] [--verbose]
"""

from __future__ import annotations

import argparse
import csv
import statistics
import sys
import time
import wave
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from voicemaster.audio_sim.synth import render  # noqa: E402
from voicemaster.speech import audio  # noqa: E402
from voicemaster.speech.capture.endpoint_config import EndpointConfig  # noqa: E402
from voicemaster.speech.capture.endpointer import Endpointer, State  # noqa: E402

CORPORA = ROOT.parent / "shared" / "corpora"
RATE = 16_000
LEAD_S, TRAIL_S = 0.6, 1.5
CHUNK = 640  # 20 ms, as the microphone delivers it
PHRASES = (
    "paris", "mount everest", "six", "napoleon bonaparte", "yes", "no", "repeat", "skip",
    "leonardo da vinci", "the french revolution", "nineteen sixty nine", "sahara", "fish",
    "stop", "seventeen", "shakespeare",
)  # fmt: skip
VOICES = ("flite:slt", "flite:rms", "flite:awb")
CONDITIONS: tuple[tuple[str, str | None, float | None], ...] = (
    ("gated", "zeros", None),  # exact digital silence around the voice: a gated mic, a file
    ("clean", None, None),
    ("car 20 dB", "brown", 20.0),
    ("car 10 dB", "brown", 10.0),
    ("room 20 dB", "pink", 20.0),
    ("room 10 dB", "pink", 10.0),
    ("knocks", "knocks", None),  # noise only: knocks and a chime as loud as a voice, in a hush
)
DETECTORS = ("silero", "energy")


@dataclass
class Utterance:
    source: str
    label: str
    pcm: bytes  # 16 kHz, the utterance alone
    start_s: float  # the true speech span within it
    end_s: float
    timed: bool = True  # whether that span is sure enough to measure errors against


@dataclass
class Tally:
    found: int = 0
    scenes: int = 0
    false_starts: int = 0
    noise_scenes: int = 0
    start_ms: list[float] = field(default_factory=list)
    end_ms: list[float] = field(default_factory=list)
    delay_ms: list[float] = field(default_factory=list)
    cpu_s: float = 0.0
    audio_s: float = 0.0


# ---------------------------------------------------------------------------- utterances


def truth(pcm: bytes, real: bool) -> tuple[float, float]:
    arr = audio.to_array(pcm).astype(np.float64)
    n = len(arr) // 160
    energy = np.mean(arr[: n * 160].reshape(n, 160) ** 2, axis=1) + 1e-3
    threshold = energy.max() * 10**-3.5
    if real:
        room = float(np.percentile(energy, 10)) * 10.0
        threshold = max(threshold, min(room, energy.max() / 4))  # (a clip all noise: its peak)
    loud = np.flatnonzero(energy >= threshold)
    return float(loud[0] * 0.01), float((loud[-1] + 1) * 0.01)


def corpus(name: str, count: int, rng: np.random.Generator) -> list[Utterance]:
    manifest = CORPORA / name / "manifest.csv"
    if not manifest.exists():
        print(f"({manifest} is absent: no {name})", file=sys.stderr)
        return []
    with manifest.open(newline="") as fh:
        rows = list(csv.DictReader(fh))
    picked = rng.choice(len(rows), size=min(count, len(rows)), replace=False)
    out = []
    for i in sorted(int(i) for i in picked):
        row = rows[i]
        path = CORPORA / name / row["path"]
        with wave.open(str(path)) as wav:
            rate = wav.getframerate()
        native = audio.to_array(audio.read_wav(path, rate=rate))
        raw = audio.to_bytes(audio.resample(native, rate, RATE))
        # a Speech Commands clip holds its speaker's room, often a click or breath before the
        # word: its span is not sure enough to time against (it counts in "found" only)
        timed = name == "fsdd"
        out.append(Utterance(name, row["transcript"], raw, *truth(raw, real=True), timed=timed))
    return out


def utterances(args: argparse.Namespace, rng: np.random.Generator) -> list[Utterance]:
    said = []
    for i, text in enumerate(PHRASES):
        for j in range(args.voices):
            voice = VOICES[(i + j) % len(VOICES)]
            pcm = render(text, voice)
            said.append(Utterance(voice, text, pcm, *truth(pcm, real=False)))
    return said + corpus("fsdd", args.real, rng) + corpus("speech-commands", args.real, rng)


# ---------------------------------------------------------------------------- scenes


def coloured(n: int, level_db: float, rng: np.random.Generator, colour: str) -> audio.Float:
    """White, pink or brown noise (``audio.noise``)."""
    return audio.noise(n, level_db, rng, colour)


def knocks(n: int, level_db: float, rng: np.random.Generator) -> bytes:
    """A quiet room (-60 dBFS) with two knocks (a 15 ms burst ringing down over 60-150 ms) and
    a chime (two partials, 0.5 s), each at ``level_db``: sounds that are not speech."""
    out = audio.noise(n, -60.0, rng)
    amp = 32768.0 * 10 ** (level_db / 20) * np.sqrt(2)
    for _ in range(2):
        at, ring = int(rng.integers(0, n - 4_000)), rng.uniform(0.06, 0.15)
        t = np.arange(round(ring * RATE)) / RATE
        burst = rng.normal(0.0, 1.0, len(t)) * np.exp(-t / (ring / 5))
        burst = np.convolve(burst, np.ones(4) / 4, mode="same")  # a dull knock, not a hiss
        out[at : at + len(t)] += burst / np.sqrt(np.mean(burst[:240] ** 2)) * amp / np.sqrt(2)
    at, f = int(rng.integers(0, n - 8_000)), rng.uniform(600.0, 1_200.0)
    t = np.arange(8_000) / RATE
    chime = (np.sin(2 * np.pi * f * t) + 0.5 * np.sin(2 * np.pi * 2.76 * f * t)) * np.exp(-t / 0.2)
    out[at : at + len(t)] += chime * amp / 1.2
    return audio.to_bytes(out)


def scene(
    speech: bytes, level_db: float, colour: str | None, snr: float | None, rng: np.random.Generator
) -> bytes:
    """Lead-in, ``speech``, trailing pause; dithered (unless ``colour`` is "zeros"); noise ``snr``
    dB under ``level_db``."""
    if colour == "zeros":
        return audio.pad(speech, LEAD_S, TRAIL_S)
    if colour == "knocks":
        return knocks(len(speech) // 2 + round((LEAD_S + TRAIL_S) * RATE), level_db, rng)
    pcm = audio.dither(audio.pad(speech, LEAD_S, TRAIL_S), rng)
    if colour is None or snr is None:
        return pcm
    noise = coloured(len(pcm) // 2, level_db - snr, rng, colour)
    return audio.to_bytes(audio.to_array(pcm) + noise)


def listen(
    make: Callable[[], Endpointer], pcm: bytes
) -> tuple[list[tuple[float, float, float, str]], float]:
    """Every utterance the endpointer cuts from ``pcm`` as (start, speech end, end, reason),
    and the CPU seconds it took."""
    cpu = time.process_time()
    ep = make()
    got = []
    for i in range(0, len(pcm) + CHUNK, CHUNK):
        chunk = pcm[i : i + CHUNK]
        state = ep.feed(chunk) if chunk else ep.finish()
        if state == State.DONE:
            end = ep.endpoint()
            assert end is not None
            got.append((end.start_s, end.speech_end_s, end.end_s, end.reason))
            ep.resume()
            state = ep.feed(b"")
        if not chunk or state == State.TIMEOUT:
            break
    return got, time.process_time() - cpu


# ---------------------------------------------------------------------------- the run


def p90(values: list[float], width: int) -> str:
    return f"{np.percentile(values, 90):{width}.0f}" if values else f"{'-':>{width}}"


def med(values: list[float], width: int) -> str:
    return f"{statistics.median(values):{width}.0f}" if values else f"{'-':>{width}}"


def bench(args: argparse.Namespace) -> dict[tuple[str, str], Tally]:
    rng = np.random.default_rng(args.seed)
    said = utterances(args, rng)
    levels = [audio.active_level_db(u.pcm) for u in said]
    print(
        f"{len(said)} utterances ({sum(u.source.startswith('flite') for u in said)} flite, "
        f"{sum(u.source == 'fsdd' for u in said)} FSDD, "
        f"{sum(u.source == 'speech-commands' for u in said)} Speech Commands); "
        f"{args.noise_only} noise-only scenes per condition",
        flush=True,
    )
    configs = {
        d: EndpointConfig(
            detector=d, holdoff_s=0.0, speech_on=args.speech_on, speech_off=args.speech_off
        )
        for d in DETECTORS
    }
    makers = {d: (lambda cfg=cfg: Endpointer(cfg)) for d, cfg in configs.items()}
    tallies = {(c, d): Tally() for c, _, _ in CONDITIONS for d in DETECTORS}
    for cond, colour, snr in CONDITIONS:
        for k, utt in enumerate(said if colour != "knocks" else []):
            pcm = scene(utt.pcm, levels[k], colour, snr, np.random.default_rng([args.seed, k]))
            t0, t1 = LEAD_S + utt.start_s, LEAD_S + utt.end_s
            for det, make in makers.items():
                tally = tallies[cond, det]
                cuts, cpu = listen(make, pcm)
                tally.scenes += 1
                tally.cpu_s += cpu
                tally.audio_s += audio.duration_s(pcm)
                hit = next((c for c in cuts if c[0] < t1 and c[1] > t0), None)
                if hit is None or hit[3] != "silence":
                    if args.verbose:
                        print(f"  missed {det} {cond} {utt.source} {utt.label!r}: {cuts}")
                    continue
                tally.found += 1
                if not utt.timed:
                    continue
                tally.start_ms.append(abs(hit[0] - t0) * 1000)
                tally.end_ms.append(abs(hit[1] - t1) * 1000)
                tally.delay_ms.append((hit[2] - t1) * 1000)
        for j in range(args.noise_only):
            level = levels[j % len(levels)]
            duration = 1.0 + (j % 3) * 0.5
            pcm = scene(bytes(2 * round(duration * RATE)), level, colour, snr,
                        np.random.default_rng([args.seed, 10_000 + j]))  # fmt: skip
            for det, make in makers.items():
                tally = tallies[cond, det]
                cuts, cpu = listen(make, pcm)
                tally.noise_scenes += 1
                tally.false_starts += bool(cuts)
                tally.cpu_s += cpu
                tally.audio_s += audio.duration_s(pcm)
                if cuts and args.verbose:
                    print(f"  false start {det} {cond}: {cuts}")
        print(f"  {cond} done", file=sys.stderr, flush=True)
    return tallies


def report(tallies: dict[tuple[str, str], Tally]) -> None:
    head = "found %  false %  start med/p90  end med/p90  delay  cpu %"
    print(f"\n{'':12}" + "".join(f"| {d:<{len(head)}} " for d in DETECTORS))
    print(f"{'condition':12}" + f"| {head} " * len(DETECTORS))
    for cond, _, _ in CONDITIONS:
        cells = []
        for det in DETECTORS:
            t = tallies[cond, det]
            found = f"{100 * t.found / t.scenes:7.1f}" if t.scenes else f"{'-':>7}"
            cells.append(
                f"| {found}"
                f"  {100 * t.false_starts / max(1, t.noise_scenes):7.1f}"
                f"  {med(t.start_ms, 5)} /{p90(t.start_ms, 5)}"
                f"  {med(t.end_ms, 5)} /{p90(t.end_ms, 4)}"
                f"  {med(t.delay_ms, 5)}"
                f"  {100 * t.cpu_s / max(1e-9, t.audio_s):5.2f} "
            )
        print(f"{cond:12}" + "".join(cells))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--real", type=int, default=100, help="clips from each real corpus")
    parser.add_argument("--voices", type=int, default=3, help="flite voices per phrase (1-3)")
    parser.add_argument("--noise-only", type=int, default=40, help="per condition")
    parser.add_argument("--seed", type=int, default=7)
    default = EndpointConfig()
    parser.add_argument("--speech-on", type=float, default=default.speech_on, help="silero")
    parser.add_argument("--speech-off", type=float, default=default.speech_off, help="silero")
    parser.add_argument("--verbose", action="store_true", help="list misses and false starts")
    args = parser.parse_args(argv)
    report(bench(args))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

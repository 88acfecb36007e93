"""The speech benchmark's measures and report (scripts/bench_speech.py).

Latency (last speech sample -> verdict, wall time) on cases streamed in real time; accuracy and
the real-time factor on cases streamed as fast as possible; Bezzerwizzer shouts found; the peak
RSS of a process.  Every figure goes to ``FIG``, and ``summary`` ends the run with a table: every
figure, its target, ours and the baseline's.
"""

from __future__ import annotations

import random
import resource
import statistics
from collections.abc import Callable
from pathlib import Path

from bench_speech_cases import Case, Outcome
from bench_speech_systems import System, run_case

FIG: dict[tuple[str, str], float | None] = {}  # (system, figure) -> value, for the summary


def ratio(hits: int, total: int) -> float | None:
    return hits / total if total else None


def pct(hits: int, total: int) -> str:
    return f"{100 * hits / total:5.1f}% ({hits}/{total})" if total else "    -"


def accuracy_table(cases: list[Case], results: dict[str, list[Outcome]]) -> None:
    names = list(results)
    print(f"\n{'group':<26}" + "".join(f"| {n + ' right-acc':<20}{'wrong-rej':<20}{'unsure':<9}"
                                        for n in names))  # fmt: skip
    groups = sorted({c.group for c in cases})
    for group in groups + ["ALL"]:
        idx = [i for i, c in enumerate(cases) if group in ("ALL", c.group)]
        row = f"{group:<26}"
        for n in names:
            right = [i for i in idx if cases[i].kind == "right"]
            wrong = [i for i in idx if cases[i].kind.startswith("wrong")]
            ra = sum(results[n][i].verdict == "right" for i in right)
            wr = sum(results[n][i].verdict in ("wrong", "pass") for i in wrong)
            un = sum(results[n][i].verdict == "unsure" for i in idx)
            row += f"| {pct(ra, len(right)):<20}{pct(wr, len(wrong)):<20}{pct(un, len(idx)):<9}"
            FIG[n, f"{group} right"] = ratio(ra, len(right))
            FIG[n, f"{group} wrong"] = ratio(wr, len(wrong))
            FIG[n, f"{group} unsure"] = ratio(un, len(idx))
        print(row)
    for n in names:
        for kind in ("wrong_in", "wrong_out"):
            idx = [i for i, c in enumerate(cases) if c.kind == kind]
            wr = sum(results[n][i].verdict in ("wrong", "pass") for i in idx)
            print(f"  {n}: {kind} rejected {pct(wr, len(idx))}")


def quantiles(name: str, values: list[float]) -> str:
    if not values:
        return "-"
    q = statistics.quantiles(values, n=20) if len(values) > 1 else [values[0]] * 19
    FIG[name, "p50"], FIG[name, "p95"] = statistics.median(values), q[18]
    return f"p50 {statistics.median(values):6.0f} ms   p95 {q[18]:6.0f} ms   (n={len(values)})"


def rss_mb() -> float:
    """Peak RSS of this process (VmHWM: unlike ru_maxrss, not inherited across exec)."""
    try:
        for line in Path("/proc/self/status").read_text().splitlines():
            if line.startswith("VmHWM:"):
                return int(line.split()[1]) / 1024
    except OSError:
        pass
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


Check = Callable[[float, float | None], bool]
SUMMARY: list[tuple[str, str, str, str, Check | None]] = [  # label, figure, unit, target, met
    ("flite clean: right accepted", "flite clean right", "%", ">= 97%", lambda o, b: o >= 0.97),
    ("flite clean: wrong rejected", "flite clean wrong", "%", ">= 98%", lambda o, b: o >= 0.98),
    ("flite 20 dB: right accepted", "flite 20 dB right", "%", ">= 90%", lambda o, b: o >= 0.90),
    ("flite 20 dB: wrong rejected", "flite 20 dB wrong", "%", ">= 97%", lambda o, b: o >= 0.97),
    ("fsdd digits: right accepted", "fsdd digits right", "%", ">= 95%", lambda o, b: o >= 0.95),
    ("fsdd digits: wrong rejected", "fsdd digits wrong", "%", ">= 98%", lambda o, b: o >= 0.98),
    ("everything: right accepted", "ALL right", "%", "", None),
    ("everything: wrong rejected", "ALL wrong", "%", "", None),
    ("everything: unsure", "ALL unsure", "%", "", None),
    ("latency p50, speech end -> verdict", "p50", "ms", "<= 400, <= base/2",
     lambda o, b: o <= 400 and b is not None and o <= b / 2),
    ("latency p95", "p95", "ms", "", None),
    ("real-time factor", "rtf", "", "", None),
    ("Bezzerwizzer shouts found (clean)", "shouts", "%", ">= 97%", lambda o, b: o >= 0.97),
    ("... with the right team", "teams", "%", "", None),
    ("false shouts per hour", "alarms", "/h", "<= 1", lambda o, b: o <= 1.0),
    ("peak RSS (a process of its own)", "rss", "MB", "<= 200 MB", lambda o, b: o <= 200),
]  # fmt: skip


def shown(value: float | None, unit: str) -> str:
    if value is None:
        return "-"
    if unit == "%":
        return f"{100 * value:.1f}%"
    if unit == "":
        return f"{value:.3f}"
    return f"{value:.1f} {unit}" if unit == "/h" else f"{value:.0f} {unit}"


def summary() -> None:
    print(f"\n{'SUMMARY':<36}{'target':<20}{'ours':>10}{'baseline':>12}   met")
    for label, key, unit, target, check in SUMMARY:
        ours, base = FIG.get(("ours", key)), FIG.get(("baseline", key))
        met = "" if check is None or ours is None else "yes" if check(ours, base) else "NO"
        print(f"{label:<36}{target:<20}{shown(ours, unit):>10}{shown(base, unit):>12}   {met}")


def latency(pair: tuple[System, System], cases: list[Case], n: int, seed: int) -> None:
    subset = random.Random(seed).sample(cases, min(n, len(cases)))
    print(f"\nend-of-speech -> verdict latency, {len(subset)} utterances streamed in real time "
          "(20 ms chunks), from the wall time the last speech sample arrived:")  # fmt: skip
    for system in pair:
        outs = [run_case(system, c, True) for c in subset]
        lat = [o.latency_ms for o in outs if o.latency_ms is not None]
        print(f"  {system[0]:<9} {quantiles(system[0], lat)}")
        for early, how in ((True, "ended early on a complete phrase"),
                           (False, "waited the full trailing silence")):  # fmt: skip
            part = [o for o in outs if o.early == early and o.latency_ms is not None]
            if part:
                p50 = statistics.median(o.latency_ms or 0.0 for o in part)
                tail = statistics.median(o.endpoint_ms for o in part)
                print(f"    {how}: {len(part)}/{len(outs)}, p50 {p50:.0f} ms (of which the "
                      f"trailing pause: {tail:.0f} ms)")  # fmt: skip
        missing = sum(o.latency_ms is None for o in outs)
        if missing:
            print(f"    no verdict time: {missing} (nothing heard, or the recognizer failed)")


def accuracy(pair: tuple[System, System], cases: list[Case]) -> None:
    """Every case heard by both systems as fast as possible: accuracy and real-time factor."""
    results: dict[str, list[Outcome]] = {}
    speech_s = {"ours": 0.0, "baseline": 0.0}
    decode = {"ours": 0.0, "baseline": 0.0}
    for system in pair:
        results[system[0]] = _run_all(system, cases, speech_s, decode)
    accuracy_table(cases, results)
    print("\nreal-time factor (decoder wall time / length of the utterances decoded; ours "
          "includes decoding while the answer is spoken):")  # fmt: skip
    for name in ("ours", "baseline"):
        FIG[name, "rtf"] = decode[name] / 1000 / max(speech_s[name], 1e-9)
        print(f"  {name:<9} {FIG[name, 'rtf']:.3f}")


def _run_all(system: System, cases: list[Case], speech_s: dict[str, float],
             decode: dict[str, float]) -> list[Outcome]:  # fmt: skip
    out: list[Outcome] = []
    for case in cases:
        o = run_case(system, case, realtime=False)
        out.append(o)
        speech_s[system[0]] += o.audio_s
        decode[system[0]] += o.decode_ms
    return out


def shout_figures(pair: tuple[System, System], shout_cases: list[Case]) -> None:
    print(f"\nBezzerwizzer shouts found ({len(shout_cases)} shouts, in answer windows):")
    named = [c for c in shout_cases if c.spoken != "bezzerwizzer"]
    for system in pair:
        outs = [run_case(system, c, False) for c in shout_cases]
        found = sum(bool(o.heard and o.heard.bezzerwizzer) for o in outs)
        team_ok = sum(bool(o.heard and o.heard.team and o.heard.team in c.spoken)
                      for c, o in zip(shout_cases, outs, strict=True))  # fmt: skip
        FIG[system[0], "shouts"] = ratio(found, len(outs))
        FIG[system[0], "teams"] = ratio(team_ok, len(named))
        print(f"  {system[0]:<9} shout {pct(found, len(outs))}   team {pct(team_ok, len(named))}")

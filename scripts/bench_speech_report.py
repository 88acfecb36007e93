"""The speech benchmark's measures and report (scripts/bench_speech.py).

Accuracy: every utterance heard by every system in its own card's window (right accepted) and
in a competitor card's window (wrong rejected), as fast as the audio can be read (the listener
decides in audio time, so the verdicts are those of a live microphone); how often the policy
marked a hearing unclear or narrow (the quizmaster asks back).  Latency on a subset streamed in
real time, with an estimate for a Raspberry Pi.  Shouts found.  Every figure goes to ``FIG``;
``summary`` ends the run with every figure, its target, and each system's value.
"""

from __future__ import annotations

import json
import os
import random
import resource
import statistics
import time
from collections.abc import Callable
from pathlib import Path

from bench_speech_cases import Case
from bench_speech_systems import Outcome, System, run_case

FIG: dict[tuple[str, str], float | None] = {}  # (system, figure) -> value, for the summary
ROWS = ["real digits", "real words", "flite clean", "espeak-ng clean",
        "car 20 dB", "car 10 dB", "room 20 dB", "room 10 dB"]  # fmt: skip
TARGETS = {  # set -> (right accepted, wrong rejected), the issue's
    "real digits": (0.97, 0.995), "real words": (0.97, 0.995), "flite clean": (0.99, 0.995),
    "espeak-ng clean": (0.99, 0.995), "car 10 dB": (0.95, 0.99), "room 10 dB": (0.85, 0.99),
}  # fmt: skip
PI = {"Raspberry Pi 4": 3.0, "Raspberry Pi 5": 1.5}  # times slower than this machine per core
Pair = tuple[Outcome, Outcome]  # (own window, rival window)
Results = dict[str, list[Pair]]  # system -> one pair per case


def ratio(hits: int, total: int) -> float | None:
    return hits / total if total else None


def pct(hits: int, total: int) -> str:
    return f"{100 * hits / total:.1f}% ({hits}/{total})" if total else "-"


def rss_mb() -> float:
    """Peak RSS of this process (VmHWM: unlike ru_maxrss, not inherited across exec)."""
    try:
        for line in Path("/proc/self/status").read_text().splitlines():
            if line.startswith("VmHWM:"):
                return int(line.split()[1]) / 1024
    except OSError:
        pass
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


# ---------------------------------------------------------------------------- accuracy


def hear_all(systems: list[System], cases: list[Case]) -> Results:
    """Every case in both windows, by every system, as fast as possible."""
    results: Results = {}
    for system in systems:
        began = time.perf_counter()
        pairs: list[Pair] = []
        for i, case in enumerate(cases, 1):
            pairs.append((run_case(system, case, "own"), run_case(system, case, "rival")))
            if i % 100 == 0 or i == len(cases):
                print(f"  {system.name}: {i}/{len(cases)} utterances x 2 windows in "
                      f"{time.perf_counter() - began:.0f} s", flush=True)  # fmt: skip
        results[system.name] = pairs
    return results


def groups_of(cases: list[Case]) -> list[str]:
    present = {c.group for c in cases}
    return [g for g in ROWS if g in present] + sorted(present - set(ROWS))


def counts(pairs: list[Pair]) -> tuple[int, int, int]:
    """(right accepted, wrong rejected, utterances)."""
    right = sum(own.verdict == "right" for own, _ in pairs)
    rejected = sum(rival.verdict in ("wrong", "pass", "unsure", "nothing") for _, rival in pairs)
    return right, rejected, len(pairs)


def _target(group: str) -> str:
    got = TARGETS.get(group)
    return f">={100 * got[0]:g}% / >={100 * got[1]:g}%" if got else ""


def accuracy_table(cases: list[Case], results: Results) -> None:
    names = list(results)
    print(f"\n{'set':<18}" + "".join(f"| {n + ': right accepted':<30}{'wrong rejected':<22}"
                                      for n in names) + "| target")  # fmt: skip
    for group in [*groups_of(cases), "ALL"]:
        idx = [i for i, c in enumerate(cases) if group in ("ALL", c.group)]
        subsets = {"": idx}
        if group.startswith(("car", "room")):  # the noise rows mix real and synthetic speech
            real = [i for i in idx if cases[i].source == "real digits"]
            subsets["  real digits"] = real
            subsets["  synthetic"] = [i for i in idx if i not in set(real)]
        for sub, part in subsets.items():
            row = f"{sub or group:<18}"
            for n in names:
                right, rejected, total = counts([results[n][i] for i in part])
                row += f"| {pct(right, total):<30}{pct(rejected, total):<22}"
                if not sub:
                    FIG[n, f"{group} right"] = ratio(right, total)
                    FIG[n, f"{group} wrong"] = ratio(rejected, total)
            print(row + ("| " + _target(group) if not sub else ""))


def doubts_table(cases: list[Case], results: Results) -> None:
    """How often each system's hearing was unclear or narrow (both windows): each is a
    question the quizmaster asks back; and the judge's own 'unsure'."""
    names = list(results)
    print("\nhearings marked unclear / narrow by the policy, and judged unsure (both windows; "
          "each predicts a question asked back):")  # fmt: skip
    print(f"{'set':<18}" + "".join(f"| {n + ': unclear':<24}{'narrow':<18}{'unsure':<16}"
                                   for n in names))  # fmt: skip
    for group in [*groups_of(cases), "ALL"]:
        idx = [i for i, c in enumerate(cases) if group in ("ALL", c.group)]
        row = f"{group:<18}"
        for n in names:
            outs = [o for i in idx for o in results[n][i]]
            unclear = sum(o.unclear for o in outs)
            narrow = sum(o.narrow for o in outs)
            unsure = sum(o.verdict == "unsure" for o in outs)
            row += f"| {pct(unclear, len(outs)):<24}{pct(narrow, len(outs)):<18}"
            row += f"{pct(unsure, len(outs)):<16}"
            if group == "ALL":
                FIG[n, "unclear"] = ratio(unclear, len(outs))
                FIG[n, "narrow"] = ratio(narrow, len(outs))
        print(row)


def decisions_table(cases: list[Case], results: Results) -> None:
    """What the game does with each hearing (``host.asking.next_step``, a first answer with
    nobody waiting): a right answer taken as right (own window), a wrong one taken as right
    (competitor window), asked back and heard again (both windows), and the ask-backs whose
    words are a right answer, now and under main's rule before issue 25 (a narrow phrase
    asked back as heard), on the same hearings."""
    names = list(results)
    print("\nwhat the game does (own window: right taken; competitor window: wrong taken; "
          "both windows: asked back, heard again; ask-backs saying a right answer, now / "
          "under main's rule):")  # fmt: skip
    print(f"{'set':<18}" + "".join(f"| {n + ': right taken':<26}{'wrong taken':<16}{'asked':<17}"
                                   f"{'again':<17}{'says right':<13}" for n in names))  # fmt: skip
    for group in [*groups_of(cases), "ALL"]:
        idx = [i for i, c in enumerate(cases) if group in ("ALL", c.group)]
        row = f"{group:<18}"
        for n in names:
            pairs = [results[n][i] for i in idx]
            outs = [o for pair in pairs for o in pair]
            right = sum(own.decision == "taken" and own.verdict == "right" for own, _ in pairs)
            wrong = sum(r.decision == "taken" and r.verdict == "right" for _, r in pairs)
            asked = sum(o.decision == "asked" for o in outs)
            again = sum(o.decision == "again" for o in outs)
            says, before = sum(o.ask_right for o in outs), sum(o.said_right_before for o in outs)
            row += f"| {pct(right, len(pairs)):<26}{pct(wrong, len(pairs)):<16}"
            row += f"{pct(asked, len(outs)):<17}{pct(again, len(outs)):<17}"
            row += f"{f'{says} / {before}':<13}"
            if group == "ALL":
                FIG[n, "taken right"] = ratio(right, len(pairs))
                FIG[n, "taken wrong"] = ratio(wrong, len(pairs))
                FIG[n, "asked+again"] = ratio(asked + again, len(outs))
                FIG[n, "says right"], FIG[n, "says right before"] = says, before
        print(row)


def misjudged(cases: list[Case], results: Results, name: str, limit: int) -> None:
    """The utterances ``name`` got wrong: said -> heard (verdict, why)."""
    wrong = [(c, o) for c, (own, rival) in zip(cases, results[name], strict=True)
             for o in (own, rival) if (o.verdict == "right") != (o.window == "own")]  # fmt: skip
    print(f"\n{name}: {len(wrong)} misjudged hearings (first {min(limit, len(wrong))}; all in "
          "the JSON Lines file):")  # fmt: skip
    for case, o in wrong[:limit]:
        answer = case.key.answer if o.window == "own" else case.rival.answer
        heard = o.heard.text if o.heard else ""
        flags = "".join(f" {f}" for f in ("unclear", "narrow") if getattr(o, f))
        print(f"  [{case.group}, {case.voice}] {o.window} card {answer!r}: said {case.said!r} "
              f"-> heard {heard!r}{flags}: {o.verdict} ({o.why})")  # fmt: skip


def write_cases(path: Path, cases: list[Case], results: Results) -> None:
    """One JSON line per hearing, for tuning the policy's thresholds."""
    with path.open("w") as out:
        for name, pairs in results.items():
            for case, pair in zip(cases, pairs, strict=True):
                for o in pair:
                    out.write(json.dumps(_row(name, case, o)) + "\n")
    print(f"\nper-utterance outcomes: {path} ({2 * len(cases) * len(results)} lines)")


def _row(name: str, case: Case, o: Outcome) -> dict[str, object]:
    sig = o.heard.signals if o.heard else None
    key = case.key if o.window == "own" else case.rival
    return {"system": name, "set": case.group, "source": case.source, "voice": case.voice,
            "said": case.said, "window": o.window, "key": key.answer,
            "heard": o.heard.text if o.heard else "", "raw": sig.raw if sig else None,
            "unclear": o.unclear, "narrow": o.narrow, "verdict": o.verdict, "why": o.why,
            "ok": (o.verdict == "right") == (o.window == "own"),
            "logprob": sig.logprob if sig else None, "no_speech": sig.no_speech if sig else None,
            "compression": sig.compression if sig else None, "decision": o.decision,
            "ask": o.ask, "guessed": bool(o.heard and o.heard.guessed),
            "repeated": sig.repeated if sig else None, "early": o.early,
            "decode_ms": round(o.decode_ms, 1),
            "second": o.heard.second.text if o.heard and o.heard.second else None,
            "alone": [o.alone[0], o.alone[1].text if o.alone[1] else ""] if o.alone else None,
            "shout": bool(o.heard and o.heard.bezzerwizzer),
            "team": o.heard.team if o.heard else None, "shouts_scored": bool(sig and sig.shouts),
            }  # fmt: skip


# ---------------------------------------------------------------------------- latency, shouts


def quantiles(values: list[float]) -> tuple[float, float]:
    if len(values) < 2:
        return values[0], values[0]
    return statistics.median(values), statistics.quantiles(values, n=20)[18]


def latency(systems: list[System], cases: list[Case], n: int, seed: int) -> None:
    subset = random.Random(seed).sample(cases, min(n, len(cases)))
    load = os.getloadavg()[0]
    print(f"\nend of speech -> verdict (wall ms), {len(subset)} utterances of every set streamed "
          "in real time (20 ms chunks), each in its own card's window (load average "
          f"{load:.1f} on {os.cpu_count()} cores: other work slows this down):")  # fmt: skip
    for system in systems:
        outs = [run_case(system, c, "own", realtime=True) for c in subset]
        timed = [o for o in outs if o.latency_ms is not None]
        if not timed:
            print(f"  {system.name:<13} no verdict time (nothing heard, or failures)")
            continue
        p50, p95 = quantiles([o.latency_ms or 0.0 for o in timed])
        FIG[system.name, "p50"], FIG[system.name, "p95"] = p50, p95
        early, lost = sum(o.early for o in timed), len(outs) - len(timed)
        print(f"  {system.name:<13} p50 {p50:5.0f}  p95 {p95:5.0f}  (n={len(timed)}; ended "
              f"early on a complete phrase: {early}; no verdict: {lost})")  # fmt: skip
        for board, factor in PI.items():
            est = [(o.latency_ms or 0.0) + (factor - 1) * o.busy_ms for o in timed]
            e50, e95 = quantiles(est)
            FIG[system.name, f"{board} p50"], FIG[system.name, f"{board} p95"] = e50, e95
            print(f"      ESTIMATE {board} (x{factor:g} slower per core, not measured): "
                  f"p50 {e50:5.0f}  p95 {e95:5.0f}")  # fmt: skip
    print(
        "  (the estimate stretches the recognizer's and judge's time after the speech ended "
        "by the factor; the trailing pause is audio time and stays)"
    )


def shout_figures(systems: list[System], shout_cases: list[Case]) -> None:
    print(f"\nBezzerwizzer shouts found ({len(shout_cases)} shouts, in answer windows):")
    named = [c for c in shout_cases if c.said != "bezzerwizzer"]
    for system in systems:
        outs = [run_case(system, c, "own") for c in shout_cases]
        found = sum(bool(o.heard and o.heard.bezzerwizzer) for o in outs)
        team_ok = sum(bool(o.heard and o.heard.team and o.heard.team in c.said)
                      for c, o in zip(shout_cases, outs, strict=True))  # fmt: skip
        FIG[system.name, "shouts"] = ratio(found, len(outs))
        FIG[system.name, "teams"] = ratio(team_ok, len(named))
        decode = statistics.median(o.decode_ms for o in outs) if outs else 0.0
        print(f"  {system.name:<13} shout found {pct(found, len(outs))}   team right "
              f"{pct(team_ok, len(named))}   decode median {decode:.0f} ms")  # fmt: skip
        if any(o.alone for o in outs):  # the first hearing alone, on the same hearings
            heard = [o.alone[1] if o.alone else o.heard for o in outs]
            alone = sum(bool(h and h.bezzerwizzer) for h in heard)
            alone_team = sum(bool(h and h.team and h.team in c.said)
                             for c, h in zip(shout_cases, heard, strict=True))  # fmt: skip
            print(f"  {system.name + ' alone':<13} shout found {pct(alone, len(outs))}   team "
                  f"right {pct(alone_team, len(named))}")  # fmt: skip
        by_engine(shout_cases, outs)
        wrong = [
            (c, o)
            for c, o in zip(shout_cases, outs, strict=True)
            if not (o.heard and o.heard.bezzerwizzer)
            or (c.said != "bezzerwizzer" and not (o.heard.team and o.heard.team in c.said))
        ]
        for case, o in wrong[:12]:
            heard = o.heard.text if o.heard else ""
            team = o.heard.team if o.heard else None
            print(f"      missed: {case.said!r} ({case.voice}) heard as {heard!r}, team {team}")


def by_engine(shout_cases: list[Case], outs: list[Outcome]) -> None:
    """Shouts found and team right for each engine (flite, espeak, piper)."""
    for engine in dict.fromkeys(c.voice.split(":")[0] for c in shout_cases):
        pairs = [(c, o) for c, o in zip(shout_cases, outs, strict=True)
                 if c.voice.startswith(engine + ":")]  # fmt: skip
        found = sum(bool(o.heard and o.heard.bezzerwizzer) for _c, o in pairs)
        named = [(c, o) for c, o in pairs if c.said != "bezzerwizzer"]
        right = sum(bool(o.heard and o.heard.team and o.heard.team in c.said) for c, o in named)
        print(f"      {engine:<8} found {pct(found, len(pairs))}   team right "
              f"{pct(right, len(named))}")  # fmt: skip


# ---------------------------------------------------------------------------- summary

Check = Callable[[float], bool]


def at_least(goal: float) -> Check:
    return lambda value: value >= goal


def summary_rows() -> list[tuple[str, str, str, str, Check | None]]:
    """(label, figure, unit, target, met) for every figure of the summary."""
    rows: list[tuple[str, str, str, str, Check | None]] = []
    for group in ROWS:
        right, wrong = TARGETS.get(group, (None, None))
        for part, goal in (("right", right), ("wrong", wrong)):
            label = f"{group}: {'right accepted' if part == 'right' else 'wrong rejected'}"
            rows.append((label, f"{group} {part}", "%", f">= {100 * goal:g}%" if goal else "",
                         at_least(goal) if goal else None))  # fmt: skip
    rows += [
        ("everything: right accepted", "ALL right", "%", "", None),
        ("everything: wrong rejected", "ALL wrong", "%", "", None),
        ("hearings unclear (asked again)", "unclear", "%", "", None),
        ("hearings narrow (asked back)", "narrow", "%", "", None),
        ("game: right answers taken right", "taken right", "%", ">= 95%", at_least(0.95)),
        ("game: wrong answers taken right", "taken wrong", "%", "<= 0.5%", lambda v: v <= 0.005),
        ("game: asked back + again", "asked+again", "%", "<= 6%", lambda v: v <= 0.06),
        ("ask-backs saying a right answer", "says right", "", "0", lambda v: v == 0),
        ("  ... under main's rule, same hearings", "says right before", "", "", None),
        ("latency p50, speech end -> verdict", "p50", "ms", "<= 500 ms", lambda v: v <= 500),
        ("latency p95", "p95", "ms", "<= 1000 ms", lambda v: v <= 1000),
        *((f"  ESTIMATE {b} {q}", f"{b} {q}", "ms", "", None)
          for b in PI for q in ("p50", "p95")),
        ("Bezzerwizzer shouts found", "shouts", "%", ">= 97%", lambda v: v >= 0.97),
        ("... with the right team", "teams", "%", "", None),
        ("false shouts per hour", "alarms", "/h", "<= 1", lambda v: v <= 1.0),
        ("peak RSS (a process of its own)", "rss", "MB", "<= 400 MB", lambda v: v <= 400),
    ]  # fmt: skip
    return rows


def shown(value: float | None, unit: str) -> str:
    if value is None:
        return "-"
    if unit == "%":
        return f"{100 * value:.1f}%"
    if not unit:
        return f"{value:.0f}"
    return f"{value:.1f} {unit}" if unit == "/h" else f"{value:.0f} {unit}"


def summary(names: list[str]) -> None:
    print(f"\n{'SUMMARY':<38}{'target':<14}" + "".join(f"{n:>18}" for n in names))
    for label, key, unit, target, check in summary_rows():
        cells = ""
        for n in names:
            value = FIG.get((n, key))
            met = "" if check is None or value is None else " ok" if check(value) else " NO"
            cells += f"{shown(value, unit) + met:>18}"
        print(f"{label:<38}{target:<14}{cells}")

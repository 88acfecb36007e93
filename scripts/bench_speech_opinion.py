"""The speech benchmark's second-opinion table (scripts/bench_speech.py).

What the game would take on trust, per set: right answers taken (own window, judged right and
not in doubt), wrong answers taken (competitor window, judged right and not in doubt), and the
hearings in doubt (narrow, guessed or unclear: asked back or asked again).  A system with a
second opinion also shows what its first hearing alone decided on the same hearings (the
``alone`` columns), so the second opinion's effect stands beside its baseline from one run.
"""

from __future__ import annotations

from bench_speech_cases import Case
from bench_speech_systems import Outcome

from voicemaster.speech.asr.policy import in_doubt
from voicemaster.speech.base import Heard

Pair = tuple[Outcome, Outcome]
Results = dict[str, list[Pair]]
OPINION: dict[tuple[str, str, str], float] = {}  # (system, set, figure) -> share


def _doubt(heard: Heard | None) -> bool:
    return heard is not None and in_doubt(heard)


def _taken(verdict: str, heard: Heard | None) -> bool:
    return verdict == "right" and not _doubt(heard)


def _first(o: Outcome) -> tuple[str, Heard | None]:
    return o.alone if o.alone is not None else (o.verdict, o.heard)


def figures(pairs: list[Pair], first: bool) -> tuple[int, int, int, int, int]:
    """(right taken, wrong taken, doubts, hearings, second opinions asked)."""
    right = wrong = doubts = asked = 0
    for own, rival in pairs:
        own_v, own_h = _first(own) if first else (own.verdict, own.heard)
        rival_v, rival_h = _first(rival) if first else (rival.verdict, rival.heard)
        right += _taken(own_v, own_h)
        wrong += _taken(rival_v, rival_h)
        doubts += _doubt(own_h) + _doubt(rival_h)
        asked += sum(o.heard is not None and o.heard.second is not None for o in (own, rival))
    return right, wrong, doubts, 2 * len(pairs), asked


def _pct(hits: int, total: int) -> str:
    return f"{100 * hits / total:5.1f}%" if total else "    -"


def opinion_table(cases: list[Case], results: Results) -> None:
    """Right taken / wrong taken / in doubt per set, each system, and its first hearing alone."""
    columns = [(n, False) for n in results]
    columns += [(n, True) for n in results if any(o.alone for p in results[n] for o in p)]
    print("\nwhat the game takes on trust: right taken (own window) / wrong taken (competitor "
          "window) / hearings in doubt (both windows); 'alone': the same system's first "
          "hearing without its second opinion; 'asked': second opinions asked")  # fmt: skip
    print(f"{'set':<18}" + "".join(f"| {n + (' alone' if a else ''):<34}" for n, a in columns))
    groups = list(dict.fromkeys(c.group for c in cases))
    for group in [*groups, "ALL"]:
        idx = [i for i, c in enumerate(cases) if group in ("ALL", c.group)]
        row = f"{group:<18}"
        for name, first in columns:
            right, wrong, doubts, total, asked = figures([results[name][i] for i in idx], first)
            row += f"| {_pct(right, len(idx))} {_pct(wrong, len(idx))} {_pct(doubts, total)}"
            row += f" {'' if first else f'{asked:>4}':<8}"
            label = f"{name} alone" if first else name
            OPINION[label, group, "right"] = right / max(1, len(idx))
            OPINION[label, group, "wrong"] = wrong / max(1, len(idx))
            OPINION[label, group, "doubt"] = doubts / max(1, total)
        print(row)

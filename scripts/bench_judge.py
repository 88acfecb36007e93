#!/usr/bin/env python3
"""Benchmark the answer judge on the labelled set, side by side with two hobby baselines.

Prints accuracy (agreement on "accepted or not"), wrong-accepted rate, right-rejected rate and
judgements per second for: the judge; Dice coefficient on character bigrams >= 0.60; and
rapidfuzz.fuzz.ratio >= 80 (both against answer + aliases, lower-cased).  Then, when
decks/standard-en.yaml exists, judges every card's `reject` forms (target: none accepted) and
`accept` forms (target: all right) against the card, with the category's other answers as
competitors.

    .venv/bin/python scripts/bench_judge.py [--repeat N]
"""

from __future__ import annotations

import argparse
import sys
import time
from collections import Counter
from collections.abc import Callable
from pathlib import Path
from typing import Any

import yaml
from rapidfuzz import fuzz

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from voicemaster.judge import AnswerKey, judge  # noqa: E402
from voicemaster.judge.cases import Case, read_cases  # noqa: E402
from voicemaster.judge.forms import expand  # noqa: E402

Accepts = Callable[[str, AnswerKey], bool]


def _bigrams(text: str) -> Counter[str]:
    text = "".join(text.lower().split())
    return Counter(text[k : k + 2] for k in range(len(text) - 1))


def dice(a: str, b: str) -> float:
    """Dice coefficient of character bigrams (the string-similarity rule)."""
    x, y = _bigrams(a), _bigrams(b)
    total = sum(x.values()) + sum(y.values())
    if total == 0:
        return 1.0 if a.strip().lower() == b.strip().lower() else 0.0
    return 2 * sum((x & y).values()) / total


def dice_accepts(spoken: str, key: AnswerKey) -> bool:
    return any(dice(spoken, form) >= 0.60 for form in (key.answer, *key.accept))


def ratio_accepts(spoken: str, key: AnswerKey) -> bool:
    low = spoken.lower()
    return any(fuzz.ratio(low, form.lower()) >= 80 for form in (key.answer, *key.accept))


def judge_accepts(spoken: str, key: AnswerKey) -> bool:
    return judge(spoken, key).correct


def load_cases() -> list[Case]:
    lines: list[str] = []
    for path in sorted((ROOT / "tests" / "judge").glob("*.jsonl")):
        lines += path.read_text(encoding="utf-8").splitlines()
    return [c for c in read_cases(lines) if isinstance(c, Case)]


def measure(name: str, accepts: Accepts, cases: list[Case], repeat: int) -> dict[str, Any]:
    expected = [c.extra["expect"] == "right" for c in cases]
    got = [accepts(c.spoken, c.key) for c in cases]
    start = time.perf_counter()
    for _ in range(repeat):
        for case in cases:
            accepts(case.spoken, case.key)
    rate = repeat * len(cases) / (time.perf_counter() - start)
    n_right = sum(expected)
    n_other = len(cases) - n_right
    return {
        "name": name,
        "accuracy": sum(e == g for e, g in zip(expected, got, strict=True)) / len(cases),
        "wrong_accepted": sum(g and not e for e, g in zip(expected, got, strict=True)) / n_other,
        "right_rejected": sum(e and not g for e, g in zip(expected, got, strict=True)) / n_right,
        "per_second": rate,
    }


def cold_rate(cases: list[Case]) -> float:
    """Judgements per second with every key expanded afresh (the per-key caches empty)."""
    expand.cache_clear()
    start = time.perf_counter()
    for case in cases:
        judge(case.spoken, case.key)
    return len(cases) / (time.perf_counter() - start)


def _strings(value: Any) -> tuple[str, ...]:
    if isinstance(value, str):
        return (value,)
    if isinstance(value, list):
        return tuple(str(v) for v in value if isinstance(v, str | int | float))
    return ()


def deck_check(path: Path) -> None:
    """Every `reject` of every card must be judged wrong; every `accept` right."""
    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    questions = data.get("questions", []) if isinstance(data, dict) else []
    cards = [q for q in questions if isinstance(q, dict) and isinstance(q.get("answer"), str)]
    by_category: dict[str, list[str]] = {}
    for card in cards:
        by_category.setdefault(str(card.get("category", "")), []).append(card["answer"])
    rejects = wrongly_accepted = accepts = wrongly_refused = 0
    examples: list[str] = []
    for card in cards:
        accept = _strings(card.get("accept"))
        others = by_category[str(card.get("category", ""))]
        key = AnswerKey(
            answer=card["answer"],
            accept=accept,
            reject=_strings(card.get("reject")),
            options=_strings(card.get("options")),
            competitors=tuple(a for a in others if a != card["answer"] and a not in accept),
        )
        for form in key.reject:
            rejects += 1
            verdict = judge(form, key)
            if verdict.correct:
                wrongly_accepted += 1
                examples.append(f"  reject accepted: {form!r} for {key.answer!r}"
                                f" ({verdict.reason})")
        for form in (key.answer, *accept):
            accepts += 1
            verdict = judge(form, key)
            if not verdict.correct:
                wrongly_refused += 1
                examples.append(f"  accept refused: {form!r} for {key.answer!r} ({verdict.verdict}:"
                                f" {verdict.reason})")
    print(f"\n{path.relative_to(ROOT)}: {len(cards)} cards")
    print(f"  reject forms judged right: {wrongly_accepted} of {rejects} (target 0)")
    print(f"  answer/accept forms not judged right: {wrongly_refused} of {accepts} (target 0)")
    for line in examples[:30]:
        print(line)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--repeat", type=int, default=5, help="timing passes (default 5)")
    args = parser.parse_args()
    cases = load_cases()
    expect = Counter(c.extra["expect"] for c in cases)
    print(f"labelled set: {len(cases)} cases ({dict(expect)}), one core, {args.repeat} passes")
    cold = cold_rate(cases)
    rows = [
        measure("judge", judge_accepts, cases, args.repeat),
        measure("dice bigrams >= 0.60", dice_accepts, cases, args.repeat),
        measure("fuzz.ratio >= 80", ratio_accepts, cases, args.repeat),
    ]
    print(f"{'':22} {'accuracy':>9} {'wrong accepted':>15} {'right rejected':>15} {'judg./s':>9}")
    for row in rows:
        print(f"{row['name']:22} {row['accuracy']:9.1%} {row['wrong_accepted']:15.1%} "
              f"{row['right_rejected']:15.1%} {row['per_second']:9.0f}")
    print(f"judge, every key expanded afresh: {cold:.0f} judgements/s")
    print("targets: accuracy >= 97%, wrong accepted <= 1%, better than both baselines, "
          ">= 5000 judgements/s")
    deck = ROOT / "decks" / "standard-en.yaml"
    if deck.exists():
        deck_check(deck)
    else:
        print(f"\n{deck.relative_to(ROOT)} not found: deck check skipped")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

#!/usr/bin/env python3
"""Benchmark the answer judge on the labelled set, side by side with two hobby baselines.

Prints accuracy (agreement on "accepted or not"), wrong-accepted rate, right-rejected rate and
judgements per second for: the judge; Dice coefficient on character bigrams >= 0.60; and
rapidfuzz.fuzz.ratio >= 80 (both against answer + aliases, lower-cased).  Then, for every
bundled deck with spoken answers (standard, ord, familie), judges every card's `reject` forms
(target: none accepted) and `accept` forms (target: all right) against the card, with the
category's other answers as competitors; on cards with `options` also every wrong option and
every option letter (target: only the answer's letter and text right).

Speeds are judgements per second of this process's CPU time (one core), so that other jobs on
a shared machine do not change the figure.

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
    start = time.process_time()
    for case in cases:  # each case judged ``repeat`` times in a row: its key stays expanded
        for _ in range(repeat):
            accepts(case.spoken, case.key)
    rate = repeat * len(cases) / (time.process_time() - start)
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
    start = time.process_time()
    for case in cases:
        judge(case.spoken, case.key)
    return len(cases) / (time.process_time() - start)


def _strings(value: Any) -> tuple[str, ...]:
    if isinstance(value, str):
        return (value,)
    if isinstance(value, list):
        return tuple(str(v) for v in value if isinstance(v, str | int | float))
    return ()


DECKS = ("standard-en", "ord-en", "familie-en")  # timeline cards are placed, not answered


def _card_key(card: dict[str, Any], others: list[str]) -> AnswerKey:
    accept = _strings(card.get("accept"))
    return AnswerKey(
        answer=card["answer"],
        accept=accept,
        reject=_strings(card.get("reject")),
        options=_strings(card.get("options")),
        competitors=tuple(a for a in others if a != card["answer"] and a not in accept),
        question=str(card.get("question", "")),
    )


def _option_sayings(key: AnswerKey) -> list[tuple[str, bool]]:
    """Each option's letter and each wrong option's text, with whether it is right."""
    out: list[tuple[str, bool]] = []
    for k, option in enumerate(key.options):
        is_answer = option == key.answer
        out.append(("ABCDEF"[k], is_answer))
        if not is_answer:
            out.append((option, False))
    return out


def deck_check(path: Path) -> int:
    """Every `reject` of every card must be judged wrong; every `accept` right; on cards with
    options, only the answer's letter.  Returns the number of errors."""
    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    questions = data.get("questions", []) if isinstance(data, dict) else []
    cards = [q for q in questions if isinstance(q, dict) and isinstance(q.get("answer"), str)]
    by_category: dict[str, list[str]] = {}
    for card in cards:
        by_category.setdefault(str(card.get("category", "")), []).append(card["answer"])
    counts = Counter[str]()
    examples: list[str] = []
    for card in cards:
        key = _card_key(card, by_category[str(card.get("category", ""))])
        sayings = [(form, False, "reject") for form in key.reject]
        sayings += [(form, True, "accept") for form in (key.answer, *key.accept)]
        sayings += [(form, right, "option") for form, right in _option_sayings(key)]
        for form, should, kind in sayings:
            counts[kind] += 1
            verdict = judge(form, key)
            if verdict.correct != should:
                counts[kind + " bad"] += 1
                examples.append(
                    f"  {kind} {'refused' if should else 'accepted'}: {form!r} for"
                    f" {key.answer!r} ({verdict.verdict}: {verdict.reason})"
                )
    print(f"\n{path.relative_to(ROOT)}: {len(cards)} cards")
    print(f"  reject forms judged right: {counts['reject bad']} of {counts['reject']} (target 0)")
    print(
        f"  answer/accept forms not judged right: {counts['accept bad']} of {counts['accept']}"
        " (target 0)"
    )
    if counts["option"]:
        print(
            f"  option letters/texts misjudged: {counts['option bad']} of {counts['option']}"
            " (target 0)"
        )
    for line in examples[:30]:
        print(line)
    return counts["reject bad"] + counts["accept bad"] + counts["option bad"]


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
        print(
            f"{row['name']:22} {row['accuracy']:9.1%} {row['wrong_accepted']:15.1%} "
            f"{row['right_rejected']:15.1%} {row['per_second']:9.0f}"
        )
    wrong = [c for c in cases if c.extra["expect"] == "wrong"]
    unsure = sum(judge(c.spoken, c.key).verdict == "unsure" for c in wrong)
    print(
        f"judge: {unsure} of {len(wrong)} wrong answers judged unsure (asked back in the"
        " team's own words; a 'yes' leaves them wrong)"
    )
    print(f"judge, every key expanded afresh: {cold:.0f} judgements/s")
    print(
        "targets: accuracy >= 97%, wrong accepted <= 1%, better than both baselines, "
        ">= 5000 judgements/s"
    )
    errors = 0
    for name in DECKS:
        deck = ROOT / "decks" / f"{name}.yaml"
        if deck.exists():
            errors += deck_check(deck)
        else:
            print(f"\n{deck.relative_to(ROOT)} not found: deck check skipped")
    print(f"\ndeck check errors: {errors} (target 0)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

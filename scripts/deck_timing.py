"""How long `deck check` takes on hostile and large inputs, next to a plain yaml.safe_load.

Usage: .venv/bin/python scripts/deck_timing.py
The issue asks for every input to be judged "within seconds".  The baseline column is PyYAML's
own safe loader (libyaml if installed) on the same text, which checks nothing and keeps no lines.
"""

from __future__ import annotations

import io
import time
from collections.abc import Callable

import yaml

from voicemaster.decks import MAX_BYTES, DeckError, deck_from_stream

HEAD = "deck: timing\ntitle: timing\nlanguage: en\nvariant: standard\nquestions:\n"
CARD = (
    "  - id: q-{n}\n    category: Geography\n"
    "    question: Which river flows through Vienna, Budapest and Belgrade, case {n}?\n"
    "    answer: Danube\n    accept: [the Danube, Danube River]\n    reject: [Rhine, Vltava]\n"
)


def questions(count: int, card: str = CARD) -> str:
    return HEAD + "".join(card.format(n=n) for n in range(count))


def filled(card: str) -> str:
    """As many cards as fit under the size limit."""
    size = len(card.format(n=99999))
    return questions((MAX_BYTES - len(HEAD)) // size - 1, card)


def bomb() -> str:
    lines = ['a0: &a0 ["lol", "lol", "lol", "lol", "lol", "lol", "lol", "lol", "lol"]']
    lines += [f"a{n}: &a{n} [{', '.join([f'*a{n - 1}'] * 9)}]" for n in range(1, 10)]
    return "\n".join(lines) + "\n"


CASES: list[tuple[str, Callable[[], str]]] = [
    ("1,000 good questions", lambda: questions(1000)),
    ("good questions up to the limit", lambda: filled(CARD)),
    ("broken questions up to the limit", lambda: filled(CARD.replace("Geography", "Geografy"))),
    ("flat list of numbers up to the limit", lambda: HEAD + "  - 1\n" * (MAX_BYTES // 6 - 20)),
    ("billion laughs", bomb),
    ("100,000 nested lists", lambda: "a: " + "[" * 100_000 + "]" * 100_000 + "\n"),
]


def timed(action: Callable[[], object]) -> tuple[float, str]:
    start = time.perf_counter()
    try:
        action()
        outcome = "ok"
    except DeckError as exc:
        outcome = f"{len(exc.problems)} problem(s)"
    except yaml.YAMLError as exc:
        outcome = type(exc).__name__
    return time.perf_counter() - start, outcome


def main() -> None:
    loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
    print(f"size limit {MAX_BYTES} bytes; baseline: yaml.load with {loader.__name__}")
    print(f"{'input':40} {'bytes':>9} {'check s':>8} {'baseline s':>11}  outcome")
    for name, make in CASES:
        text = make()
        check, outcome = timed(lambda t=text: deck_from_stream(io.StringIO(t), "timing.yaml"))
        base, _ = timed(lambda t=text: yaml.load(t, Loader=loader))  # noqa: S506 (safe loader)
        print(f"{name:40} {len(text.encode()):9} {check:8.2f} {base:11.2f}  {outcome}")


if __name__ == "__main__":
    main()

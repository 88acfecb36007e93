#!/usr/bin/env python3
"""How fast `deck check` loads and reviews decks, per 1,000 cards: the bundled decks (the
baseline) beside a synthetic 5,000-card deck made of the standard deck's cards repeated with
new ids (the size issue #20 grows the decks towards), and PyYAML's own safe loader on the same
synthetic text (which checks nothing and keeps no lines).

    .venv/bin/python scripts/bench_decks.py [--cards 5000] [--repeat 3]

"load" is reading, parsing and checking the file (`deck_from_stream`); "review" is what
`deck check` adds for a deck that loads: cards without a difficulty and the spoken-answer
flags (`voicemaster.decks.review`).  Each figure is the best of --repeat runs, in seconds of
wall time, so run it on an idle machine.  The repeated cards share their answers, so the
sound-alike check compares as many distinct answers as the standard deck has.
"""

from __future__ import annotations

import argparse
import copy
import io
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import yaml

from voicemaster.decks import Deck, deck_from_stream
from voicemaster.decks.review import per_thousand, review
from voicemaster.decks.spoken import spoken_flags

DECKS = Path(__file__).resolve().parents[1] / "decks"
SOURCE = DECKS / "standard-en.yaml"


def best(action: Callable[[], object], repeat: int) -> tuple[float, Any]:
    """The shortest of ``repeat`` runs, and the last result."""
    times, result = [], None
    for _ in range(repeat):
        start = time.perf_counter()
        result = action()
        times.append(time.perf_counter() - start)
    return min(times), result


def synthetic(cards: int) -> str:
    """A standard deck of ``cards`` questions: the standard deck's, repeated with new ids."""
    data = yaml.safe_load(SOURCE.read_text(encoding="utf-8"))
    originals = data["questions"]
    data["deck"], data["questions"] = "synthetic", []
    for n in range(cards):
        card = copy.deepcopy(originals[n % len(originals)])  # shared lists would be aliases
        card["id"] = f"{card['id']}-r{n // len(originals)}"
        data["questions"].append(card)
    return yaml.safe_dump(data, sort_keys=False, allow_unicode=True, width=100)


def measure(name: str, text: str, repeat: int) -> tuple[str, int, float, float]:
    load, deck = best(lambda: deck_from_stream(io.StringIO(text), name), repeat)
    assert isinstance(deck, Deck)
    check, _ = best(lambda: review([deck]), repeat)
    return name, len(deck.questions), load, check


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--cards", type=int, default=5000, help="synthetic deck size")
    parser.add_argument("--repeat", type=int, default=3, help="runs per figure (the best)")
    args = parser.parse_args()
    spoken_flags(deck_from_stream(io.StringIO(SOURCE.read_text()), "warm-up"))  # imports
    rows = [measure(str(p.relative_to(DECKS.parent)), p.read_text(), args.repeat)
            for p in sorted(DECKS.glob("*.yaml"))]  # fmt: skip
    text = synthetic(args.cards)
    rows.append(measure(f"synthetic {args.cards} (standard-en repeated)", text, args.repeat))
    print(f"{'deck':44} {'cards':>6} {'load s':>7} {'review s':>8}  "
          f"{'load/1000':>9} {'review/1000':>11} {'total/1000':>10}")  # fmt: skip
    for name, cards, load, check in rows:
        each = [per_thousand(t, cards) for t in (load, check, load + check)]
        print(f"{name:44} {cards:6} {load:7.3f} {check:8.3f}  "
              f"{each[0]:9.3f} {each[1]:11.3f} {each[2]:10.3f}")  # fmt: skip
    loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
    plain, _ = best(lambda: yaml.load(text, Loader=loader), args.repeat)  # noqa: S506 (safe)
    share, size = per_thousand(plain, args.cards), len(text.encode())
    print(
        f"baseline: yaml.load with {loader.__name__} of the synthetic text ({size} bytes): "
        f"{plain:.3f} s, {share:.3f} s per 1,000 cards"
    )


if __name__ == "__main__":
    main()

#!/usr/bin/env python3
"""Figures of simulated games from their transcripts (``simulate --through audio --transcript``):
per transcript and in total, the questions, the verdicts and how many of them differ from what
the team meant (first verdicts, before the table corrected them), the ask-backs ("Did you say
...?"), those that said a right answer, and the answers heard again.

Run: ``.venv/bin/python scripts/transcript_figures.py [--by-voice] FILE...``; with
``--by-voice``, the first verdicts and the misjudged ones per voice of the answering team.
Never run by the tests.
"""

from __future__ import annotations

import re
import sys
from collections import Counter
from dataclasses import dataclass, fields
from pathlib import Path


@dataclass
class Figures:
    questions: int = 0
    verdicts: int = 0
    misjudged: int = 0
    asked: int = 0
    reveals: int = 0
    again: int = 0

    def add(self, other: Figures) -> None:
        for f in fields(self):
            setattr(self, f.name, getattr(self, f.name) + getattr(other, f.name))

    def line(self, name: str) -> str:
        q, share = self.questions or 1, 100 * self.misjudged / (self.verdicts or 1)
        return (
            f"{name:<28} questions {self.questions:>4}  misjudged first verdicts "
            f"{self.misjudged:>3}/{self.verdicts:<4} ({share:4.1f}%)  "
            f"asked back {self.asked:>3} ({self.asked / q:.2f}/question, saying a right answer "
            f"{self.reveals})  heard again {self.again:>3} ({self.again / q:.2f}/question)"
        )


def figures(path: Path) -> Figures:
    out, cards = Figures(), set()
    for text in path.read_text(encoding="utf-8").splitlines():
        if text.startswith("QM"):
            mark = text.split()[1] if len(text.split()) > 1 else ""
            out.asked += mark == "asked"
            out.reveals += "REVEALS" in text.split("Did you say")[0]
            out.again += mark == "again"
        elif (roles := first_verdicts(text, cards)) is not None:
            out.questions += 1
            out.verdicts += len(roles)
            out.misjudged += sum("MISJUDGED" in r for r in roles)
    return out


def first_verdicts(text: str, cards: set[str]) -> list[str] | None:
    """The roles' verdicts of a card's first verdict line ("defender wrong (meant right)
    MISJUDGED", ...), the card then added to ``cards``; None for any other line, and for a
    card decided again (corrected or taken back: not a first verdict)."""
    if not text.startswith("==") or text.split()[1] in cards:
        return None
    cards.add(text.split()[1])
    return text.split(None, 2)[2].split("; ")


ROLE_LINE = re.compile(r"^\S+\s+(answer|attacker)\S*\s.*\(([^()]*)\)\s+heard")


def by_voice(path: Path, verdicts: Counter[str], misjudged: Counter[str]) -> None:
    """Adds each first verdict of ``path`` to its answering voice, and the misjudged ones."""
    voice: dict[str, str] = {}  # role -> the voice of its last answer
    cards: set[str] = set()
    for text in path.read_text(encoding="utf-8").splitlines():
        found = ROLE_LINE.match(text)
        if found:
            role = "attacker" if found[1] == "attacker" else "defender"
            voice[role] = found[2].split("; ")[-1]
        elif (roles := first_verdicts(text, cards)) is not None:
            for said in roles:
                who = voice.get(said.split()[0], "?")
                verdicts[who] += 1
                misjudged[who] += "MISJUDGED" in said


def voices(paths: list[Path]) -> None:
    verdicts: Counter[str] = Counter()
    misjudged: Counter[str] = Counter()
    for path in paths:
        by_voice(path, verdicts, misjudged)
    for who, n in verdicts.most_common():
        share = 100 * misjudged[who] / n
        print(f"  {who:<24} misjudged {misjudged[who]:>3}/{n:<4} ({share:4.1f}%)")


def main(argv: list[str]) -> int:
    if "--by-voice" in argv:
        argv = [a for a in argv if a != "--by-voice"]
        voices([Path(a) for a in argv])
    total = Figures()
    for name in argv:
        got = figures(Path(name))
        total.add(got)
        print(got.line(Path(name).name))
    print(total.line("total"))
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))

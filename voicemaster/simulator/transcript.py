"""The transcript of a simulated game through audio (``simulate --transcript FILE``): line by
line what the quizmaster said (as its loudspeaker received it), what each team meant and said
(as its microphone source played it) and what the ears reported, with the recognizer's doubts,
and the verdicts each record line keeps beside what the teams meant.  It is assembled by the
simulator only; the quizmaster learns nothing of it.

    QM            Red, for Geography: which river flows through Vienna?
    red  said     "Volga" (meant wrong; flite:slt)  heard "Danube" [narrow guessed]
    QM    again   Sorry, I did not hear that clearly. Please say your answer again.
    red  said     "Volga" (meant wrong; flite:slt)  heard "Volga"
    ==    geo-17  defender wrong (meant wrong)

A quizmaster line that settles a doubt is marked: ``asked`` ("Did you say ...?") and
``again`` (the answer heard again); an ask-back whose words would be judged right is marked
``REVEALS`` (the rule of docs/hearing.md is that there are none).  A verdict that differs from
what the team meant is marked ``MISJUDGED``; a card decided again (the table corrected the
verdict, or took it back and answered anew) is marked ``(corrected)``.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any, TextIO

from voicemaster.host.asking import SAY_AGAIN, THEN_AGAIN
from voicemaster.simulator.knowledge import recorded_verdicts
from voicemaster.speech.base import Heard

ASKED = "Did you say "
FLAGS = ("unclear", "narrow", "guessed")


def flags(heard: Heard) -> str:
    """The recognizer's doubts about a hearing, as ``[narrow guessed]`` (empty: clear)."""
    on = [name for name in FLAGS if getattr(heard, name)]
    return f" [{' '.join(on)}]" if on else ""


def doubt_kind(said: str) -> str:
    """How a line of the quizmaster settles a doubt: asked, again, or "" (neither)."""
    if said.startswith(ASKED):
        return "asked"
    return "again" if said in (SAY_AGAIN, THEN_AGAIN) else ""


class Transcript:
    """Writes the transcript as the game goes (flushed line by line, so a game stopped half
    way still leaves its transcript); ``is_right``: whether words would be judged right for
    the card being answered (the simulator's own knowledge of the deck)."""

    def __init__(self, path: Path, is_right: Callable[[str], bool]) -> None:
        self.out: TextIO = path.open("w", encoding="utf-8")
        self.is_right = is_right
        self.asks = self.agains = self.reveals = 0
        self.cards: set[str] = set()  # cards decided: a card decided again was corrected

    def quizmaster(self, said: str) -> None:
        kind = doubt_kind(said)
        mark = kind
        if kind == "asked":
            self.asks += 1
            if self.is_right(said.removeprefix(ASKED).split("?")[0]):
                self.reveals += 1
                mark = "asked REVEALS"
        elif kind == "again":
            self.agains += 1
        self._write(f"QM    {mark:<7} {said}")

    def team(
        self, who: str, point: str, said: str, meant: str, voice: str, heard: Heard | None
    ) -> None:
        """One utterance a team said at a listening point, and what the ears reported."""
        why = f"meant {meant}; {voice}" if meant else voice
        got = f'heard "{heard.text}"{flags(heard)}' if heard is not None else "heard nothing"
        self._write(f'{who:<5} {point:<8} "{said}" ({why})  {got}')

    def decided(self, line: Mapping[str, Any], notes: Mapping[str, Any], card: str) -> None:
        """A record line as it is kept: its verdicts beside what the teams meant (``card``:
        the card the teams answered)."""
        meant: Mapping[str, str] = notes.get("meant", {})
        verdicts = recorded_verdicts(line)
        if not verdicts:
            return
        parts = []
        for role, verdict in verdicts.items():
            wanted = meant.get(role)
            mark = "  MISJUDGED" if wanted is not None and wanted != verdict else ""
            parts.append(f"{role} {verdict}" + (f" (meant {wanted}){mark}" if wanted else ""))
        edits = " (corrected)" if card in self.cards else ""
        self.cards.add(card)
        self._write(f"==    {card}{edits}  " + "; ".join(parts))

    def summary(self) -> str:
        asks, reveals, agains = self.asks, self.reveals, self.agains
        return f"asked back {asks} (saying a right answer: {reveals}), heard again {agains}"

    def close(self) -> None:
        if not self.out.closed:
            self._write(f"--    {self.summary()}")
            self.out.close()

    def _write(self, text: str) -> None:
        self.out.write(text + "\n")
        self.out.flush()

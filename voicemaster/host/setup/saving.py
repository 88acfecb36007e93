"""When a game cannot be saved: a full or read-only disk told once, by voice and on screen,
with the table choosing to play on from memory (nothing more is written) or to stop (the
record keeps every complete line)."""

from __future__ import annotations

import sys
from collections.abc import Callable

from voicemaster import lexicon
from voicemaster.host import intents
from voicemaster.host.phrases import said
from voicemaster.records import SaveError
from voicemaster.speech.base import Ears, Expectation, Speaker


def ask_yes(speaker: Speaker, ears: Ears, question: str) -> bool:
    speaker.say(question)
    heard = ears.hear(Expectation(commands=lexicon.YES_NO), 20.0)
    return bool(heard is not None and intents.yes_no(heard.text))


def play_on_unsaved(speaker: Speaker, ears: Ears) -> Callable[[SaveError], bool]:
    """What a game log asks when it cannot save: said once, on screen and by voice; True when
    the table wants to keep playing from memory."""

    def ask(error: SaveError) -> bool:
        print(f"voicemaster: cannot save the game in {error.path}: {error.reason}", file=sys.stderr)
        return ask_yes(
            speaker,
            ears,
            said("unsaved.ask", why=error.reason),
        )

    return ask


def unsaved_message(error: SaveError) -> str:
    """The one line printed when the table chose to stop a game that cannot be saved."""
    return (
        f"the game stopped: it cannot be saved in {error.path} ({error.reason}); "
        "every result until then is in the record"
    )

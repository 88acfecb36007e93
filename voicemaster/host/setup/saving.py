"""When a game cannot be saved: a record path checked before the game starts, and a full or
read-only disk told once, by voice and on screen, with the table choosing to play on from
memory (nothing more is written) or to stop (the record keeps every complete line)."""

from __future__ import annotations

import os
import sys
from collections.abc import Callable
from pathlib import Path

from voicemaster import lexicon
from voicemaster.host import intents
from voicemaster.host.phrases import said
from voicemaster.host.setup.session import SetupError
from voicemaster.records import SaveError
from voicemaster.speech.base import Ears, Expectation, Speaker


def ask_yes(speaker: Speaker, ears: Ears, question: str) -> bool:
    speaker.say(question)
    heard = ears.hear(Expectation(commands=lexicon.YES_NO), 20.0)
    return bool(heard is not None and intents.yes_no(heard.text))


def check_record_path(path: Path) -> None:
    """SetupError (one line) unless a new record can be written at ``path``: it must not hold a
    game already, and its folder must exist and take a file."""
    if path.is_dir():
        raise SetupError(f"cannot write the record {path}: it is a folder")
    if path.exists() and path.stat().st_size:
        raise SetupError(f"{path} exists; use --resume {path} to go on with it")
    if not path.parent.exists() and not path.parent.parent.exists():
        # one new folder at most (games/ beside an existing one): a mistyped path is an error
        raise SetupError(f"cannot write the record {path}: no folder {path.parent.parent}")
    existed = path.exists()
    try:
        path.parent.mkdir(exist_ok=True)
        os.close(os.open(path, os.O_WRONLY | os.O_CREAT | os.O_APPEND, 0o644))
    except OSError as exc:
        raise SetupError(f"cannot write the record {path}: {SaveError(path, exc).reason}") from None
    if not existed:
        path.unlink(missing_ok=True)


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

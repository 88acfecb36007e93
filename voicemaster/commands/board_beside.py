"""The live board beside a game (``--board``), for `play` and `simulate` alike: served before
the record opens (it watches the record's lines as a log observer), and hearing the table
through its ears once they are made."""

from __future__ import annotations

import sys
from typing import TYPE_CHECKING, Any

from voicemaster.board.settings import BoardError, BoardSettings
from voicemaster.host.ports import Typing
from voicemaster.host.privacy import Privacy
from voicemaster.speech.base import Ears, Speaker

if TYPE_CHECKING:
    from voicemaster.board.session import BoardSession


def board_beside(
    settings: BoardSettings | None, lines: list[dict[str, Any]], speaker: Speaker | None = None
) -> BoardSession | None:
    """The board of the game whose record holds ``lines`` so far, its address said once when
    the settings ask for it; None without ``--board``, or when it cannot be served and is
    not required (said on screen).  BoardError when a required board cannot be served."""
    if settings is None:
        return None
    from voicemaster.board.session import open_board

    try:
        board = open_board(settings, lines)
    except BoardError as exc:
        if settings.required:
            raise
        print(f"voicemaster: {exc}; playing without the board", file=sys.stderr, flush=True)
        return None
    if settings.speak and speaker is not None:
        speaker.say(board.spoken())
    return board


def ears_beside(board: BoardSession | None, ears: Ears) -> Ears:
    """``ears``, and the teams' phones on the board when there is one (a simulated set-up
    first waits for the phones to join, as ``--board-setup`` asks)."""
    if board is None:
        return ears
    board.wait_at_setup()
    return board.ears_around(ears)


def privacy_beside(board: BoardSession | None, typing: Typing | None = None) -> Privacy:
    """How a team keeps a secret: its phone on the board when there is one, else ``typing``
    (the keyboard's answers typed unseen), else aloud."""
    return Privacy(board.board if board is not None else None, typing)

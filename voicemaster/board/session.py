"""A board beside one game, from the host's side: started before the quizmaster, fed by the
record's lines, closed when the game ends (the codes expire with it)."""

from __future__ import annotations

import sys
import time
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from voicemaster.board.ears import BoardEars
from voicemaster.board.live import LiveBoard
from voicemaster.board.runner import BoardServer
from voicemaster.board.settings import BoardSettings

if TYPE_CHECKING:
    from voicemaster.speech.base import Ears


@dataclass
class BoardSession:
    board: LiveBoard
    server: BoardServer
    settings: BoardSettings

    def ears_around(self, ears: Ears) -> BoardEars:
        """Ears that hear the table through ``ears`` and the teams' phones on the board."""
        return BoardEars(ears, self.board, self.settings.pace)

    @property
    def url(self) -> str:
        return self.server.url

    def notice(self) -> str:
        """For the quizmaster's screen: the address (the codes are on the board at set-up,
        and the quizmaster tells a team its code when it asks)."""
        return f"the board is at {self.url}"

    def spoken(self) -> str:
        """The address as said once at the start."""
        host, port = self.server.addresses[0], self.server.port
        return (
            f"The board is on your local network at {host}, port {port}. Until the first "
            "question it shows each team's code for its phone; later, ask me for your code."
        )

    def wait_at_setup(self) -> None:
        """A simulated set-up: the codes stay on the board until every team has joined on a
        phone, or ``settings.setup`` seconds have passed."""
        if self.settings.setup > 0:
            self.board.wait_for_views(self.settings.setup)

    def close(self) -> None:
        self.board.finish()
        if self.settings.linger > 0:
            time.sleep(self.settings.linger)
        self.server.stop()


def open_board(settings: BoardSettings, lines: list[dict[str, Any]]) -> BoardSession:
    """Serve the board of the game whose record holds ``lines`` so far; it follows the game
    through ``board.on_line`` (a record observer) and hears through ``ears_around``.
    BoardError when it cannot be served (the message says why)."""
    board = LiveBoard(lines)
    server = BoardServer(board, settings.port, settings.address)
    server.start()
    session = BoardSession(board, server, settings)
    print(f"voicemaster: {session.notice()}", file=sys.stderr, flush=True)
    return session

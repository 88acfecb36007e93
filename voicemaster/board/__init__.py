"""The live board: a read-only page of the game on the local network, and private team views.

``open_board`` starts it beside a game; the host only calls outward: it hands the board the
record's lines (``GameLog.on_line``) and hears through ``BoardEars``, which wrap its ears.
aiohttp is imported only when a board is opened.
"""

from voicemaster.board.settings import BoardError, BoardSettings

__all__ = ["BoardError", "BoardSettings"]

"""A Bezzerwizzer team waiting on the question is on the board while the defender answers
(the banner shows it beside the answering team), and gone once the question's line is
recorded."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from tests.board.test_board_codes import playing
from tests.helpers.host import Seen, Table, right, shout, wrong
from voicemaster.board.live import LiveBoard


def test_the_board_shows_the_attacker_while_the_defender_answers(tmp_path: Path) -> None:
    boards: list[LiveBoard] = []
    shown: list[tuple[str | None, Any]] = []

    def answer(cue: Seen) -> str:
        state = boards[0].hub.latest("public") or {}
        shown.append((cue.attacker, state.get("attacker")))
        return wrong(cue)

    table = Table().at("before", shout, None, "quit").at("answer", answer).at("attacker", right)
    qm, _speaker, board = playing(tmp_path / "g.jsonl", table)
    boards.append(board)
    table.watch(qm)
    qm.run()
    attacker, on_board = shown[0]
    assert attacker is not None and on_board == attacker
    assert (board.hub.latest("public") or {}).get("attacker") is None  # recorded: cleared


def test_no_attacker_is_shown_without_a_bezzerwizzer(tmp_path: Path) -> None:
    boards: list[LiveBoard] = []
    shown: list[Any] = []

    def answer(cue: Seen) -> str:
        shown.append((boards[0].hub.latest("public") or {}).get("attacker"))
        return right(cue)

    table = Table().at("before", None, "quit").at("answer", answer)
    qm, _speaker, board = playing(tmp_path / "g.jsonl", table)
    boards.append(board)
    table.watch(qm)
    qm.run()
    assert shown == [None]

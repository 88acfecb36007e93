"""A team's secret through the table's ``Privacy``, handed to the quizmaster: a team with a
phone view answers there only (the board holds its window private), a team without one
types unseen on the keyboard, or answers aloud."""

from __future__ import annotations

import io

from tests.helpers.board import kompakt_lines
from voicemaster.board.live import LiveBoard
from voicemaster.host.privacy import Privacy, Secretly
from voicemaster.host.text_io import KeyboardEars


def test_a_team_with_a_phone_view_answers_there_and_the_others_do_not() -> None:
    lines, _ = kompakt_lines()
    board = LiveBoard(lines)
    assert board.authorize("red", board.codes.codes["red"], "10.0.0.2") is None  # red joins
    keyboard = KeyboardEars(io.StringIO(), io.StringIO())
    privacy = Privacy(board, keyboard)
    assert privacy.has_view("red") and not privacy.has_view("blue")
    with privacy.answering("red") as secretly:
        assert secretly is Secretly.PHONE and board.private_team == "red"
    assert board.private_team is None
    with privacy.answering("blue") as secretly:
        assert secretly is Secretly.TYPED and board.private_team is None
    with Privacy(board).answering("blue") as secretly:
        assert secretly is Secretly.ALOUD
    assert not Privacy().has_view("red")

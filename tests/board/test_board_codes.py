"""How a team learns its code at a voice-only table: the board shows every code at set-up
(until every team has its view or the first question is read, whichever comes first) and
while the game is paused, and a team may ask the quizmaster ("what is red's code").  Codes
are never shown during play or after the game."""

from __future__ import annotations

from pathlib import Path

from tests.helpers.board import get, kompakt_lines, serving, view
from tests.helpers.host import DECK, Table, header, questions, right
from voicemaster.board.ears import BoardEars
from voicemaster.board.live import LiveBoard
from voicemaster.decks import load_deck
from voicemaster.host.dialogue import Quizmaster
from voicemaster.host.listening import Timing, code_reply
from voicemaster.host.log import GameLog, LogObservers
from voicemaster.host.privacy import Privacy
from voicemaster.host.quiz import Quiz
from voicemaster.host.text_io import TranscriptSpeaker


def test_the_board_shows_the_codes_at_setup_and_while_paused_only() -> None:
    lines, _ = kompakt_lines()
    with serving(lines) as (board, url):
        codes = board.codes.codes
        status, state = get(f"{url}state")
        assert status == 200 and state["codes"] == codes  # set-up
        assert view(url, "red", codes["red"])[1]["board"]["codes"] == codes
        board.listen("arrange", "red", 20.0)
        assert get(f"{url}state")[1]["codes"] == codes  # still setting up
        board.listen("before", "red", 5.0)  # the first question is coming, not yet read
        assert get(f"{url}state")[1]["codes"] == codes
        board.listen("answer", "red", 30.0)  # the first question has been read
        assert "codes" not in get(f"{url}state")[1]
        assert "codes" not in view(url, "blue", codes["blue"])[1]["board"]
        board.listen("paused", None, 600.0)
        assert get(f"{url}state")[1]["codes"] == codes  # a late team may join now
        board.listen("answer", "red", 30.0)
        assert "codes" not in get(f"{url}state")[1]
        board.listen("paused", None, 600.0)
        board.finish()
        assert "codes" not in get(f"{url}state")[1]  # expired: never shown again
        assert board.code_of("red") is None


def test_the_codes_leave_the_board_once_every_team_has_its_view() -> None:
    lines, _ = kompakt_lines()
    with serving(lines) as (board, url):
        codes = board.codes.codes
        for team in ("red", "blue"):
            assert view(url, team, codes[team])[0] == 200
            assert get(f"{url}state")[1]["codes"] == codes  # green has no view yet
        assert view(url, "green", codes["green"])[0] == 200
        assert "codes" not in get(f"{url}state")[1]
        board.listen("before", "red", 5.0)
        assert "codes" not in get(f"{url}state")[1]
        board.listen("paused", None, 600.0)
        assert get(f"{url}state")[1]["codes"] == codes  # paused: shown again
        board.listen("before", "red", 5.0)
        assert "codes" not in get(f"{url}state")[1]


def test_a_timeline_board_hides_the_codes_at_the_first_turn() -> None:
    lines = [{"variant": "timeline", "teams": ["red", "blue"], "seed": 1}]
    board = LiveBoard(lines)
    assert board.hub.latest("public") is not None
    assert board.showing_codes
    board.listen("place", "red", 30.0)
    assert not board.showing_codes and "codes" not in (board.hub.latest("public") or {})


def playing(path: Path, table: Table) -> tuple[Quizmaster, TranscriptSpeaker, LiveBoard]:
    """A quizmaster with a board beside it (no server: the board's ears and record only)."""
    board = LiveBoard([header()])
    log = GameLog(path, header(), observers=LogObservers(on_line=board.on_line))
    speaker = TranscriptSpeaker()
    quiz = Quiz(load_deck(DECK), log.used_cards())
    ears = BoardEars(table, board)
    qm = Quizmaster(log, quiz, speaker, ears, Timing(mic_retry=0.0), privacy=Privacy(board))
    return qm, speaker, board


def test_a_team_asks_the_quizmaster_for_its_code(tmp_path: Path) -> None:
    table = (
        Table()
        .at("before", "What is Blue's code?", None, "quit")
        .at("answer", "what's our code", right)
    )
    qm, speaker, board = playing(tmp_path / "g.jsonl", table)
    qm.run()
    codes = board.codes.codes
    answering = next(c.team for c in table.cues if c.kind == "answer")
    assert answering is not None
    said = speaker.said
    assert f"Blue, your code for the board is {', '.join(codes['blue'])}." in said
    us = f"{answering.capitalize()}, your code for the board is {', '.join(codes[answering])}."
    assert us in said  # "our": the team whose answer is asked
    assert questions(qm)[0]["question"]["answer"] == "right"  # then its answer counts


def test_without_a_board_or_a_team_the_quizmaster_says_why(tmp_path: Path) -> None:
    qm, speaker, board = playing(tmp_path / "g.jsonl", Table())
    assert code_reply(Privacy(), "red").startswith("There is no live board in this game")
    assert code_reply(qm.privacy, None).startswith("Which team? Ask with your team's name")
    assert code_reply(qm.privacy, "red").endswith(f"is {', '.join(board.codes.codes['red'])}.")
    board.finish()
    assert code_reply(qm.privacy, "red") == "The game is over, so the codes have expired."

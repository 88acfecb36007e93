"""Who may do what on a real board server on localhost: the board is read-only, a team's view
sees only its own secrets and answers only for itself, only while its answer is asked, and only
while the game goes on.  Every refusal has a clear status and leaves nothing to be recorded."""

from __future__ import annotations

import pytest

from tests.helpers.board import Listener, answer, get, kompakt_lines, post, serving, view
from voicemaster.board.codes import MAX_MISSES
from voicemaster.board.net import bind_addresses, is_local
from voicemaster.board.runner import BoardServer
from voicemaster.board.settings import BoardError
from voicemaster.cli import main


def test_the_board_shows_no_hidden_token_and_a_view_only_its_own() -> None:
    lines, hands = kompakt_lines()
    with serving(lines) as (board, url):
        listener = Listener(url)
        listener.start()
        status, state = get(f"{url}state")
        assert status == 200 and state["variant"] == "kompakt"
        assert [t["token"]["state"] for t in state["teams"]] == ["hidden"] * 3
        public = str(state)
        assert not [c for c in hands.values() if c in public]
        status, mine = view(url, "red", board.codes.codes["red"])
        assert status == 200 and mine["me"]["category"] == hands["red"]
        others = [hands["blue"], hands["green"]]
        assert not [c for c in others if c in str(mine)]
        listener.connected.wait(5)
        board.publish()
        board.finish()
    listener.join(10)
    assert listener.messages and not [
        c for m in listener.messages for c in hands.values() if c in str(m)
    ]


def test_wrong_and_foreign_codes_are_refused_and_nothing_reaches_the_inbox() -> None:
    lines, _ = kompakt_lines()
    with serving(lines) as (board, url):
        codes = board.codes.codes
        board.cue("answer", "red", None)  # red's answer is asked
        wrong = next(c for c in (f"{n:04d}" for n in range(10_000)) if c not in codes.values())
        assert view(url, "red", wrong)[0] == 403
        status, body = answer(url, "red", codes["blue"], "Paris")  # blue's code for red
        assert status == 403 and body["error"] == "that is not red's code"
        assert answer(url, "purple", codes["red"], "Paris")[0] == 404
        assert board.inbox.take(0.0) is None
        assert not board.has_view("red")


def test_answers_are_taken_only_in_the_teams_own_window() -> None:
    lines, _ = kompakt_lines()
    with serving(lines) as (board, url):
        red, blue = board.codes.codes["red"], board.codes.codes["blue"]
        status, body = answer(url, "red", red, "Paris")
        assert status == 409 and body["error"] == "no answer is asked of red now"
        board.cue("answer", "blue", None)
        assert answer(url, "red", red, "Paris")[0] == 409  # blue's window, not red's
        assert board.inbox.take(0.0) is None
        assert answer(url, "blue", blue, "quit")[0] == 422  # commands are said aloud
        assert answer(url, "blue", blue, "")[0] == 422
        assert answer(url, "blue", blue, "Paris")[0] == 202
        status, body = answer(url, "blue", blue, "Lyon")
        assert status == 409 and body["error"] == "blue has already answered"
        assert board.inbox.take(0.0) == "Paris"
        board.cue("before", "green", None)  # the window closed
        assert answer(url, "blue", blue, "Lyon")[0] == 409
        assert board.inbox.take(0.0) is None


def test_codes_expire_with_the_game() -> None:
    lines, _ = kompakt_lines()
    with serving(lines) as (board, url):
        red = board.codes.codes["red"]
        assert view(url, "red", red)[0] == 200
        board.cue("answer", "red", None)
        board.finish()
        status, body = view(url, "red", red)
        assert status == 410 and body["error"] == "the game is over: its codes have expired"
        assert answer(url, "red", red, "Paris")[0] == 410
        assert board.inbox.take(0.0) is None


def test_guessing_codes_locks_the_address_out() -> None:
    lines, _ = kompakt_lines()
    with serving(lines) as (board, url):
        red = board.codes.codes["red"]
        wrongs = [
            c for c in (f"{n:04d}" for n in range(100)) if c not in board.codes.codes.values()
        ]
        for code in wrongs[:MAX_MISSES]:
            assert view(url, "red", code)[0] == 403
        assert view(url, "red", red)[0] == 429  # even the right code, for a while


def test_the_board_is_read_only() -> None:
    lines, _ = kompakt_lines()
    with serving(lines) as (_board, url):
        assert post(f"{url}state", {"positions": {"red": 20}})[0] == 405
        assert post(url, {}, method="PUT")[0] == 405
        assert post(f"{url}events", {})[0] == 405
        assert get(f"{url}team/state")[0] == 404  # no team named
        assert post(f"{url}team/answer", ["not", "an", "object"])[0] == 400


def test_only_local_network_addresses_are_served() -> None:
    assert is_local("127.0.0.1") and is_local("192.168.1.20") and is_local("10.0.0.7")
    assert not is_local("8.8.8.8") and not is_local("0.0.0.0") and not is_local("example.org")
    with pytest.raises(BoardError, match="only the local network"):
        bind_addresses("8.8.8.8")
    assert all(is_local(a) for a in bind_addresses(None))


def test_a_public_address_or_a_taken_port_is_a_one_line_error(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["simulate", "--board", "0", "--board-address", "8.8.8.8"]) == 2
    err = capsys.readouterr().err
    assert "only the local network" in err and "Traceback" not in err
    assert main(["simulate", "--pace", "1"]) == 2
    assert "are for --board" in capsys.readouterr().err
    assert main(["simulate", "--board-setup", "5"]) == 2
    assert "--board-setup" in capsys.readouterr().err
    lines, _ = kompakt_lines()
    with serving(lines) as (board, url):
        port = int(url.rstrip("/").rsplit(":", 1)[1])
        with pytest.raises(BoardError, match=f"cannot serve the board on port {port}"):
            BoardServer(board, port, "127.0.0.1").start()

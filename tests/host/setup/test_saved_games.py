"""Saved games: every unfinished game is offered (newest first, three by voice) and one is
picked by number or name; `voicemaster games` lists, deletes and renames them; a torn last line
and a broken record are named; simulate refuses to overwrite a record."""

from __future__ import annotations

import json
import os
import time
from pathlib import Path

import pytest

from tests.helpers.cli import KEYBOARD, last_json, play
from tests.helpers.host import DECK
from voicemaster.cli import main

DAY = 24 * 3600


def saved_game(
    monkeypatch: pytest.MonkeyPatch, record: Path, *args: str, age_days: float = 0
) -> Path:
    """A game quit at its first question, last played ``age_days`` ago."""
    typed = "keep\n" * 4 + "quit\n"
    assert play(monkeypatch, typed, "--deck", str(DECK), "--record", str(record), *args) == 0
    stamp = time.time() - age_days * DAY
    os.utime(record, (stamp, stamp))
    return record


def test_every_unfinished_game_is_offered_and_one_is_picked_by_a_team_name(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    from voicemaster.host.setup.resume import when_played

    games = tmp_path / "games"
    real = saved_game(monkeypatch, games / "real.jsonl", "--names", "tigers,owls", age_days=3)
    saved_game(monkeypatch, games / "abandoned.jsonl", "--teams", "2", age_days=0)
    capsys.readouterr()
    assert play(monkeypatch, "owls\nquit\n") == 0
    out = capsys.readouterr().out
    assert "There are 2 unfinished games. Game one: abandoned: the standard game from today" in out
    when = when_played(time.time() - 3 * DAY, time.time())
    assert f"Game two: real: the standard game from {when}, Tigers 0, Owls 0." in out
    welcome = "Welcome back to your game of standard Bezzerwizzer. Standings: Tigers 0 and Owls 0."
    assert welcome in out
    assert Path(str(last_json(out)["record"])) == real.resolve()
    assert play(monkeypatch, "two\nquit\n") == 0  # by number
    assert Path(str(last_json(capsys.readouterr().out)["record"])) == real.resolve()
    assert (
        play(monkeypatch, "new game\nkeep\nkeep\nquit\n", "--teams", "2", "--deck", str(DECK)) == 0
    )
    assert "A new game of standard" in capsys.readouterr().out
    assert len(list(games.glob("*.jsonl"))) == 3


def test_at_most_three_games_are_told_by_voice(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    for n in range(4):
        saved_game(monkeypatch, tmp_path / "games" / f"g{n}.jsonl", "--teams", "2", age_days=n)
    capsys.readouterr()
    assert play(monkeypatch, "red\nthree\nquit\n") == 0
    out = capsys.readouterr().out
    assert "There are 4 unfinished games." in out and "Game three:" in out
    assert "Game four" not in out and "There is one more: voicemaster games lists all." in out
    assert "More than one of these games has Red. Say the game's number." in out
    assert Path(str(last_json(out)["record"])).name == "g2.jsonl"


def test_choosing_by_voice() -> None:
    from voicemaster.host.setup.offer import choose
    from voicemaster.host.setup.resume import when_played
    from voicemaster.host.setup.saved import scan

    found = scan(Path(__file__).resolve().parents[2] / "golden" / "standard")
    games = found.games[:2]
    assert choose("the second one", games) is games[1]
    assert choose("no", games) is None and choose("a new game please", games) is None
    assert isinstance(choose("hmm", games), str)
    assert when_played(time.time(), time.time()) == "today"
    assert when_played(time.time() - 400 * DAY, time.time()).count(" ") == 2  # "3 March 2025"


def test_games_lists_deletes_and_renames(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    games = tmp_path / "games"
    saved_game(monkeypatch, games / "old.jsonl", "--names", "tigers,owls", age_days=2)
    saved_game(monkeypatch, games / "new.jsonl", "--teams", "3", age_days=0)
    capsys.readouterr()
    assert main(["games", "--json"]) == 0
    listed = json.loads(capsys.readouterr().out)
    assert [g["name"] for g in listed["games"]] == ["new", "old"]
    assert listed["games"][1]["teams"] == ["tigers", "owls"] and listed["games"][1]["number"] == 2
    assert main(["games", "rename", "2", "Sunday tigers"]) == 0
    assert (games / "Sunday tigers.jsonl").exists() and not (games / "old.jsonl").exists()
    assert main(["games", "rename", "new", "a/b"]) == 2
    assert main(["games", "delete", "new", "--yes"]) == 0
    assert not (games / "new.jsonl").exists()
    capsys.readouterr()
    assert main(["games"]) == 0
    out = capsys.readouterr().out
    assert "1 unfinished game in" in out and "Sunday tigers" in out and "Tigers 0, Owls 0" in out
    assert main(["games", "delete", "nothing"]) == 2
    assert "no saved game 'nothing'" in capsys.readouterr().err
    assert play(monkeypatch, "yes\nquit\n") == 0  # a game the players named: told by its name
    assert "Sunday tigers: the standard game from" in capsys.readouterr().out


def test_a_torn_last_line_is_said_when_the_game_resumes(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    record = saved_game(monkeypatch, tmp_path / "torn.jsonl", "--teams", "2")
    with record.open("a") as f:
        f.write('{"question": {"team": "red", "answer": "ri')
    capsys.readouterr()
    assert play(monkeypatch, "quit\n", "--resume", str(record)) == 0
    out, err = capsys.readouterr()
    assert (
        "The game stopped while its last step was being saved, so that step is dropped: "
        "the result of Red's question. We go on from just before it."
    ) in out
    assert f"{record}: dropped a half-written last line" in err and '"ri' in err
    assert record.read_text().endswith("}\n")


def test_a_broken_newest_record_is_named(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    games = tmp_path / "games"
    good = saved_game(monkeypatch, games / "good.jsonl", "--teams", "2", age_days=1)
    bad = games / "bad.jsonl"
    bad.write_text(good.read_text().replace('"round"', '"rond"'))
    capsys.readouterr()
    assert play(monkeypatch, "yes\nquit\n") == 0
    out, err = capsys.readouterr()
    assert f"voicemaster: skipped: {bad} cannot be resumed (line 2: malformed action:" in err
    assert "There is an unfinished game:" in out  # the good one is still offered
    assert main([*KEYBOARD, "--resume"]) == 0
    assert f"skipped: {bad} cannot be resumed" in capsys.readouterr().err


def test_simulate_refuses_to_overwrite_a_record(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    record = saved_game(monkeypatch, tmp_path / "real.jsonl", "--teams", "2")
    before = record.read_bytes()
    capsys.readouterr()
    assert main(["simulate", "--deck", str(DECK), "--record", str(record)]) == 2
    assert f"{record} exists; use --resume {record} to go on with it" in capsys.readouterr().err
    assert record.read_bytes() == before

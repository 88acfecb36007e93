"""No repeats across games: `play` draws the cards no earlier game asked, then the least
recently asked; `simulate` keeps its seed's draws; `deck stats` shows what is still fresh."""

from __future__ import annotations

import io
import json
import random
from pathlib import Path

import pytest

from tests.helpers.cli import KEYBOARD
from tests.helpers.host import DECK
from voicemaster.cli import main
from voicemaster.decks import load_deck
from voicemaster.host.quiz import Quiz

FOUR_QUESTIONS = "keep\nkeep\n" + "\nwrong\n" * 4 + "quit\n"


def asked_in(monkeypatch: pytest.MonkeyPatch, record: Path, *args: str) -> list[str]:
    """The cards of a game with the same seed and teams every time, quit after four questions."""
    monkeypatch.setattr("sys.stdin", io.StringIO(FOUR_QUESTIONS))
    options = ["--teams", "2", "--seed", "5", "--window", "1", "--deck", str(DECK)]
    assert main([*KEYBOARD, *options, "--record", str(record), *args]) == 0
    lines = [json.loads(line) for line in record.read_text().splitlines()]
    return [line["card"] for line in lines if "card" in line]


def test_the_next_game_asks_other_questions(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    first = asked_in(monkeypatch, tmp_path / "1.jsonl")
    second = asked_in(monkeypatch, tmp_path / "2.jsonl")
    assert len(first) == len(second) == 4
    assert not set(first) & set(second)  # the same seed, yet no question heard again
    alone = asked_in(monkeypatch, tmp_path / "3.jsonl", "--no-history")
    assert alone == first  # without the history the seed alone decides
    capsys.readouterr()
    assert main(["deck", "stats", str(DECK)]) == 0
    out = capsys.readouterr().out
    total = next(line for line in out.splitlines() if line.strip().startswith("total"))
    assert total.split()[1:] == ["60", "52", "fresh", "(86%)"]
    history = json.loads((tmp_path / "history.json").read_text())
    assert history["games"] == 2 and set(history["decks"]["host-mini"]) == {*first, *second}


def test_once_every_card_was_asked_the_least_recently_asked_comes_first(tmp_path: Path) -> None:
    from voicemaster.decks.history import History

    deck = load_deck(DECK)
    history = History(tmp_path / "history.json")
    for game, card in enumerate(("geo-2", "geo-3", "geo-1"), 1):  # asked in games 1, 2, 3
        history.mark(deck.deck, card, game)
    asked = history.view([deck], history.begin_game())
    quiz = Quiz(deck, asked=asked)
    drawn = [quiz.draw("Geography", random.Random(n)).id for n in range(4)]
    assert drawn[:3] == ["geo-2", "geo-3", "geo-1"]  # oldest first, whatever the random draw
    asked.mark(drawn[:1])
    reloaded = History.load(tmp_path / "history.json")
    assert reloaded.games == 4 and reloaded.stamp(deck.deck, "geo-2") == 4
    assert reloaded.stamp(deck.deck, "geo-3") == 2


def test_a_simulation_neither_uses_nor_changes_the_history(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    asked_in(monkeypatch, tmp_path / "played.jsonl")
    kept = (tmp_path / "history.json").read_text()
    args = ["simulate", "--teams", "2", "--seed", "5", "--track", "8", "--deck", str(DECK)]
    assert main([*args, "--record", str(tmp_path / "a.jsonl")]) == 0
    assert main([*args, "--record", str(tmp_path / "b.jsonl")]) == 0
    assert (tmp_path / "a.jsonl").read_text() == (tmp_path / "b.jsonl").read_text()
    assert (tmp_path / "history.json").read_text() == kept
    assert "history" not in json.loads((tmp_path / "a.jsonl").read_text().splitlines()[0])


def test_an_unreadable_history_starts_afresh(tmp_path: Path) -> None:
    from voicemaster.decks.history import History

    path = tmp_path / "history.json"
    path.write_text("{not json")
    history = History.load(path)
    assert history.games == 0 and history.begin_game() == 1
    assert json.loads(path.read_text())["games"] == 1


def test_a_timeline_game_deals_cards_no_earlier_game_dealt(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    deck = Path(__file__).resolve().parents[2] / "decks" / "timeline-en.yaml"
    dealt = []
    for n in range(2):
        record = tmp_path / f"t{n}.jsonl"
        monkeypatch.setattr("sys.stdin", io.StringIO("quit\n"))
        options = ["--variant", "timeline", "--teams", "2", "--seed", "5", "--deck", str(deck)]
        assert main([*KEYBOARD, *options, "--record", str(record)]) == 0
        deal = json.loads(record.read_text().splitlines()[1])["deal"]
        cards = [*deal["line"], *(c for hand in deal["hands"].values() for c in hand)]
        dealt.append({c["id"] for c in cards})
    assert len(dealt[0]) == len(dealt[1]) == 12 and not dealt[0] & dealt[1]

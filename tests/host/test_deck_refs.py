"""A record names its deck by the deck folder's name for it and keeps a hash of every card it
asked: a moved or upgraded checkout resumes, a changed card is reported."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from tests.helpers.cli import play
from tests.helpers.host import DECK
from voicemaster.decks import load_deck


def checkout(monkeypatch: pytest.MonkeyPatch, folder: Path) -> Path:
    """A checkout at ``folder`` whose bundled standard deck is the tests' small deck."""
    (folder / "decks").mkdir(parents=True, exist_ok=True)
    if not (folder / "decks" / "standard-en.yaml").exists():
        shutil.copy(DECK, folder / "decks" / "standard-en.yaml")
    monkeypatch.setattr("voicemaster.places.PROJECT", folder)
    return folder / "decks" / "standard-en.yaml"


def lines(record: Path) -> list[dict[str, object]]:
    return [json.loads(line) for line in record.read_text().splitlines()]


def test_a_moved_checkout_resumes_its_games(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.chdir(tmp_path)
    checkout(monkeypatch, tmp_path / "old-place")
    record = tmp_path / "g.jsonl"
    assert play(monkeypatch, "keep\nkeep\nquit\n", "--teams", "2", "--record", str(record)) == 0
    assert lines(record)[0]["deck"] == ["standard-en.yaml"]
    (tmp_path / "old-place").rename(tmp_path / "new-place")
    checkout(monkeypatch, tmp_path / "new-place")
    capsys.readouterr()
    assert play(monkeypatch, "quit\n", "--resume", str(record)) == 0
    assert "Welcome back" in capsys.readouterr().out
    header = {**lines(record)[0], "deck": [str(tmp_path / "gone" / "decks" / "standard-en.yaml")]}
    older = tmp_path / "older.jsonl"  # a record from before: the absolute path of a moved deck
    older.write_text("".join(json.dumps(o) + "\n" for o in [header, *lines(record)[1:]]))
    assert play(monkeypatch, "quit\n", "--resume", str(older)) == 0
    assert "Welcome back" in capsys.readouterr().out


def test_a_card_changed_since_it_was_asked_is_reported(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    from voicemaster.decks.refs import card_digest

    monkeypatch.chdir(tmp_path)
    deck = checkout(monkeypatch, tmp_path / "checkout")
    record = tmp_path / "g.jsonl"
    typed = "keep\nkeep\n\nParis\nquit\n"
    args = ["--teams", "2", "--seed", "3", "--window", "1", "--record", str(record)]
    assert play(monkeypatch, typed, *args) == 0
    asked = next(line for line in lines(record) if "question" in line)
    card = str(asked["card"])
    assert asked["hash"] == card_digest(next(c for c in load_deck(deck).questions if c.id == card))
    capsys.readouterr()
    assert play(monkeypatch, "quit\n", "--resume", str(record)) == 0
    assert "changed in the deck" not in capsys.readouterr().err  # unchanged: nothing to say
    text = deck.read_text().splitlines()
    at = next(n for n, line in enumerate(text) if f"id: {card}," in line)
    text[at] = text[at].replace("question: ", "question: Now tell me ")
    text.append("  - {id: zzz-1, category: Music, question: A new card?, answer: Yes}")
    deck.write_text("\n".join(text) + "\n")  # the deck upgraded: one card changed, one added
    assert play(monkeypatch, "quit\n", "--resume", str(record)) == 0
    err = capsys.readouterr().err
    assert f"{record}: 1 card this game asked changed in the deck since: {card}" in err
    assert "the results stand" in err


def test_deck_names() -> None:
    from voicemaster.decks.refs import deck_key, deck_ref, find_deck

    folders = [DECK.parent]
    assert deck_ref(DECK, folders) == DECK.name
    assert deck_ref(DECK, [Path("/elsewhere")]) == str(DECK)
    assert find_deck(DECK.name, folders) == DECK
    assert find_deck("/gone/decks/" + DECK.name, folders) == DECK
    assert find_deck("/gone/" + DECK.name, folders) is None
    assert deck_key("/old/checkout/decks/more/x.yaml") == "more/x.yaml"

"""A saved game whose deck file moved resumes with ``--deck NEW`` when NEW holds every card
the game asked, unchanged (by the record's card hashes); the error says when it does not."""

from __future__ import annotations

import io
import json
import shutil
from pathlib import Path

import pytest

from tests.helpers.cli import KEYBOARD
from tests.helpers.host import DECK
from voicemaster.cli import main
from voicemaster.records import read_record


def moved_game(tmp_path: Path) -> tuple[Path, Path, dict[str, str]]:
    """A game half played with a deck that then moved: the record, the deck's new place and
    the cards it asked (id: hash)."""
    old = tmp_path / "old" / "mini.yaml"
    old.parent.mkdir()
    shutil.copy(DECK, old)
    record = tmp_path / "g.jsonl"
    args = ["simulate", "--teams", "2", "--track", "8", "--seed", "5", "--deck", str(old)]
    assert main([*args, "--record", str(record)]) == 0
    lines = record.read_text().splitlines(keepends=True)[:5]
    record.write_text("".join(lines))
    asked = {o["card"]: o["hash"] for o in map(json.loads, lines) if "card" in o}
    assert asked and not read_record(record).game.finished
    new = tmp_path / "new" / "mini.yaml"
    new.parent.mkdir()
    old.rename(new)
    old.parent.rmdir()
    return record, new, asked


def resume(monkeypatch: pytest.MonkeyPatch, record: Path, *args: str) -> int:
    monkeypatch.setattr("sys.stdin", io.StringIO("quit\n"))
    return main([*KEYBOARD, "--resume", str(record), *args])


def test_a_moved_deck_with_the_same_cards_resumes_the_game(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    record, new, _ = moved_game(tmp_path)
    capsys.readouterr()
    assert resume(monkeypatch, record) == 2
    assert capsys.readouterr().err == (
        f"voicemaster: the game's deck {tmp_path / 'old' / 'mini.yaml'} is gone; give its "
        "new place with --deck FILE\n"
    )
    assert resume(monkeypatch, record, "--deck", str(new)) == 0
    assert "Welcome back" in capsys.readouterr().out
    assert json.loads(record.read_text().splitlines()[0])["deck"] == [str(new)]
    assert resume(monkeypatch, record) == 0  # the header names the new place now
    assert "Welcome back" in capsys.readouterr().out


def test_a_deck_whose_asked_cards_changed_is_refused_and_named(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    record, new, asked = moved_game(tmp_path)
    first = next(iter(asked))
    text = new.read_text()
    changed = tmp_path / "changed.yaml"
    changed.write_text(text.replace(f"{{id: {first},", f"{{id: {first}-renamed,", 1))
    assert f"id: {first}-renamed," in changed.read_text()
    before = record.read_bytes()
    capsys.readouterr()
    assert resume(monkeypatch, record, "--deck", str(changed)) == 2
    err = capsys.readouterr().err
    assert err.startswith(f"voicemaster: {record} does not fit the options given: ")
    assert (
        f"it uses other decks: --deck lacks or has changed 1 of the cards it asked ({first} (gone))"
        in err
    )
    assert record.read_bytes() == before


def test_a_resumed_simulation_takes_its_moved_deck_too(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    record, new, _ = moved_game(tmp_path)
    capsys.readouterr()
    assert main(["simulate", "--resume", str(record)]) == 2
    assert "--deck FILE" in capsys.readouterr().err
    assert main(["simulate", "--resume", str(record), "--deck", str(new)]) == 0
    assert read_record(record).game.finished

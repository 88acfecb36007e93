"""Every deck shipped in the repository's decks/ folder passes ``deck check``."""

from __future__ import annotations

from pathlib import Path

import pytest

from voicemaster.cli import main
from voicemaster.decks import deck_files, load_deck

DECKS = Path(__file__).resolve().parents[2] / "decks"
STANDARD_EN = DECKS / "standard-en.yaml"


def bundled() -> list[str]:
    return deck_files([DECKS])[0] if DECKS.is_dir() else []


def test_every_bundled_deck_passes_check(capsys: pytest.CaptureFixture[str]) -> None:
    """Strictly: every bundled card has a difficulty."""
    files = bundled()
    assert files, f"no deck files in {DECKS}"
    code = main(["deck", "check", "--strict", *files])
    out, err = capsys.readouterr()
    assert code == 0, err
    assert out.count(": ok: deck ") == len(files)


def test_the_standard_deck_is_big_enough() -> None:
    """The issue's bar: at least 1,000 questions, at least 50 in each of the 20 categories."""
    deck = load_deck(STANDARD_EN)
    assert deck.variant == "standard"
    assert len(deck.questions) >= 1000
    thin = {name: len(cards) for name, cards in deck.categories().items() if len(cards) < 50}
    assert not thin, f"categories with fewer than 50 questions: {thin}"

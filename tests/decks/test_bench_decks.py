"""scripts/bench_decks.py builds a synthetic deck that `deck check` accepts, and prints its
figures beside the bundled decks'."""

from __future__ import annotations

import io
import runpy
import sys
from pathlib import Path

import pytest

from voicemaster.decks import deck_from_stream, load_deck

SCRIPT = Path(__file__).resolve().parents[2] / "scripts" / "bench_decks.py"


@pytest.mark.slow
def test_the_synthetic_deck_repeats_the_standard_cards_with_new_ids() -> None:
    bench = runpy.run_path(str(SCRIPT), run_name="bench_decks")
    deck = deck_from_stream(io.StringIO(bench["synthetic"](2500)), "synthetic.yaml")
    standard = load_deck(bench["SOURCE"]).questions
    assert len(deck.questions) == 2500 and len({c.id for c in deck.questions}) == 2500
    assert [c.answer for c in deck.questions[: len(standard)]] == [c.answer for c in standard]
    assert deck.questions[len(standard)].id == f"{standard[0].id}-r1"


@pytest.mark.slow
def test_the_benchmark_prints_every_deck_and_the_baseline(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(sys, "argv", ["bench_decks.py", "--cards", "1200", "--repeat", "1"])
    runpy.run_path(str(SCRIPT), run_name="__main__")
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].split()[:4] == ["deck", "cards", "load", "s"]
    names = [line.split()[0] for line in lines[1:-1]]
    assert names == [*sorted(f"decks/{p.name}" for p in SCRIPT.parents[1].glob("decks/*.yaml")),
                     "synthetic"]  # fmt: skip
    assert lines[-2].split()[1:3] == ["1200", "(standard-en"]
    assert lines[-1].startswith("baseline: yaml.load with ")

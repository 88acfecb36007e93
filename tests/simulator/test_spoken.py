"""The words a simulated team says for a written answer: what a person says aloud."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from voicemaster.simulator.spoken import spoken, year_words


@pytest.mark.parametrize(
    ("written", "said"),
    [
        ("NYC", "N Y C"),
        ("QI", "Q I"),
        ("WB Yeats", "W B Yeats"),
        ("MI5", "M I 5"),
        ("CO2", "C O 2"),
        ("2CV", "2 C V"),
        ("US Open", "U S Open"),
        ("Henry VIII", "Henry the Eighth"),
        ("Philip II of Spain", "Philip the Second of Spain"),
        ("Tom & Jerry", "Tom and Jerry"),
        ("AC/DC", "A C D C"),
        ("St. Moritz", "Saint Moritz"),
        ("Symphony No. 9", "Symphony Number 9"),
        ("1789", "seventeen eighty-nine"),
        ("1905 revolution", "nineteen oh five revolution"),
        ("INXS", "in excess"),
    ],
)
def test_written_forms_are_said_as_a_person_says_them(written: str, said: str) -> None:
    assert spoken(written) == said


@pytest.mark.parametrize(
    "written",
    ["NATO", "UNESCO", "IKEA", "Generation X", "The King and I", "Would I Lie to You",
     "Paris", "3.14", "1000", "2001", "HAL 9000", "Pokemon GO", "Q I"],
)  # fmt: skip
def test_words_said_as_written_stay(written: str) -> None:
    assert spoken(written) == written


def test_years_in_pairs() -> None:
    assert [year_words(y) for y in (1066, 1900, 2048)] == [
        "ten sixty-six", "nineteen hundred", "twenty forty-eight"
    ]  # fmt: skip


def test_the_table_synthesizes_the_spoken_words_and_keeps_what_it_said(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    pytest.importorskip("pocketsphinx", reason="the audio table builds the real recognizer")
    from tests.helpers.host import header
    from voicemaster.audio_sim import synth
    from voicemaster.host.cues import Cue, Point
    from voicemaster.host.log import GameLog
    from voicemaster.simulator.audio import AudioTable
    from voicemaster.speech.base import Expectation

    log = GameLog(tmp_path / "g.jsonl", {**header(teams=2, track=6, seed=4), "simulate": {}})
    table = AudioTable(log, 4, 0.9)
    rendered: list[str] = []

    def fake(text: str, *args: Any, **kwargs: Any) -> bytes:
        rendered.append(text)
        return b"\0\0" * 1600

    monkeypatch.setattr(synth, "synthesize", fake)
    monkeypatch.setattr(table, "say_next", lambda expectation: "NYC")
    table.cue(Cue(Point.ARRANGE, "red", lines=3, options=("NYC", "Music")))
    table.hear(Expectation(options=("nyc", "music")), 2.0)
    assert rendered == ["N Y C"]
    assert table.heard_texts[-1][0] == "NYC"  # what the team said and meant stays the deck's

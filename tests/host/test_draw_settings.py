"""Games draw what the table asked for (--difficulty, --no-region), record it in the header and
keep it when resumed.  The bundled decks are copied and tagged with `deck tag` for the test."""

from __future__ import annotations

import io
import json
import shutil
from pathlib import Path
from typing import Any

import pytest

from tests.helpers.host import simulate
from voicemaster.cli import build_parser, main
from voicemaster.commands.arguments import DIFFICULTY_CHOICES
from voicemaster.decks import Card, load_deck
from voicemaster.decks.drawing import DIFFICULTY_CHOICES as DRAWING_CHOICES

DECKS = Path(__file__).resolve().parents[2] / "decks"
LEVELS = ("easy", "medium", "hard")


def tagged(tmp_path: Path, name: str) -> dict[str, Card]:
    """A copy of a bundled deck, tagged in turn easy, medium, hard, every fifth card "us"; its
    cards by id."""
    deck = tmp_path / name
    shutil.copy(DECKS / name, deck)
    cards = load_deck(deck).questions
    rows = [f"{c.id}\t{LEVELS[n % 3]}\t{'us' if n % 5 == 0 else ''}" for n, c in enumerate(cards)]
    tags = tmp_path / f"{name}.tsv"
    tags.write_text("\n".join(rows) + "\n")
    assert main(["deck", "tag", str(tags), str(deck)]) == 0
    return {card.id: card for card in load_deck(deck).questions}


def asked(record: Path) -> tuple[dict[str, Any], list[str]]:
    """A record's header and every card id its lines name (asked, taken back, played off or
    dealt), in the order they were drawn."""
    lines = [json.loads(line) for line in record.read_text().splitlines()]
    found: list[str] = []

    def walk(value: Any, key: str = "") -> None:
        if isinstance(value, dict):
            for k, v in value.items():
                walk(v, k)
        elif isinstance(value, list):
            for v in value:
                walk(v, key)
        elif isinstance(value, str) and key in ("card", "cards", "id"):
            found.append(value)

    for line in lines[1:]:
        found += line.get("undone", [])  # asked before the card that replaced them
        walk(line)
    return lines[0], found


def run(capsys: pytest.CaptureFixture[str], tmp_path: Path, variant: str, *extra: str) -> Path:
    record = tmp_path / f"{variant}-{'-'.join(extra) or 'mixed'}.jsonl"
    deck = tmp_path / ("standard-en.yaml" if variant == "standard" else f"{variant}-en.yaml")
    simulate(capsys, "--variant", variant, "--teams", "3", "--seed", "3", "--track", "12",
             "--deck", str(deck), "--record", str(record), *extra)  # fmt: skip
    return record


@pytest.mark.parametrize("variant", ["standard", "familie", "timeline"])
def test_a_game_draws_the_difficulty_and_regions_asked_for(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, variant: str
) -> None:
    cards = tagged(tmp_path, f"{variant}-en.yaml")
    mixed = run(capsys, tmp_path, variant)
    header, ids = asked(mixed)
    assert header["difficulty"] == "mixed" and "no_region" not in header
    assert {cards[i].difficulty for i in ids} == set(LEVELS)  # the test can fail
    assert any(cards[i].region for i in ids)
    easy = run(capsys, tmp_path, variant, "--difficulty", "easy", "--no-region", "us")
    header, ids = asked(easy)
    assert (header["difficulty"], header["no_region"]) == ("easy", ["us"])
    assert len(ids) >= 12
    assert {cards[i].difficulty for i in ids} == {"easy"}
    assert not any(cards[i].region for i in ids)


def test_an_easy_game_falls_back_to_medium_when_a_category_runs_out(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    deck = tmp_path / "standard-en.yaml"
    shutil.copy(DECKS / "standard-en.yaml", deck)
    cards = load_deck(deck).questions
    first = {c.category: c.id for c in reversed(cards)}  # one easy card per category
    rows = [f"{c.id}\t{'easy' if first[c.category] == c.id else 'medium'}" for c in cards]
    (tmp_path / "tags.tsv").write_text("\n".join(rows) + "\n")
    assert main(["deck", "tag", str(tmp_path / "tags.tsv"), str(deck)]) == 0
    _, ids = asked(run(capsys, tmp_path, "standard", "--difficulty", "easy"))
    levels = {c.id: c.difficulty for c in load_deck(deck).questions}
    assert "medium" in {levels[i] for i in ids}  # a game, not a crash
    for category, easy in first.items():
        asked_here = [i for i in ids if i.split("-")[0] == easy.split("-")[0]]
        if asked_here:
            assert asked_here[0] == easy, category  # its easy card came first


def test_a_resumed_game_keeps_its_settings_and_refuses_other_ones(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    cards = tagged(tmp_path, "standard-en.yaml")
    record = tmp_path / "game.jsonl"
    keyboard = ["play", "--input", "keyboard", "--output", "text", "--window", "1"]
    options = ["--teams", "2", "--seed", "5", "--deck", str(tmp_path / "standard-en.yaml")]
    monkeypatch.setattr("sys.stdin", io.StringIO("keep\nkeep\n" + "\nwrong\n" * 2 + "quit\n"))
    assert main([*keyboard, *options, "--difficulty", "hard", "--record", str(record)]) == 0
    header, first = asked(record)
    assert header["difficulty"] == "hard" and len(first) == 2
    assert "The finish is at 30. Hard questions first.\n" in capsys.readouterr().out
    assert main([*keyboard, "--resume", str(record), "--difficulty", "easy"]) == 2
    assert "does not fit the options given: its difficulty is hard" in capsys.readouterr().err
    monkeypatch.setattr("sys.stdin", io.StringIO("\nwrong\n" * 2 + "quit\n"))
    assert main([*keyboard, "--resume", str(record)]) == 0
    _, ids = asked(record)
    assert len(ids) == 4 and {cards[i].difficulty for i in ids} == {"hard"}


def test_a_broken_setting_in_a_record_is_one_clear_line(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    record = tmp_path / "bad.jsonl"
    header = {"variant": "standard", "teams": ["red", "blue"], "track": 8, "home_stretch": 2,
              "seed": 1, "difficulty": "tricky"}  # fmt: skip
    record.write_text(json.dumps(header) + "\n")
    assert main(["simulate", "--resume", str(record)]) == 2
    err = capsys.readouterr().err
    assert err == f"voicemaster: {record}: bad header: unknown difficulty 'tricky' " + (
        "(known: mixed, easy, medium, hard)\n"
    )


def test_the_command_line_builds_the_settings(capsys: pytest.CaptureFixture[str]) -> None:
    assert DIFFICULTY_CHOICES == DRAWING_CHOICES
    args = build_parser().parse_args(["play", "--difficulty", "easy", "--no-region", "UK,us"])
    assert (args.difficulty, args.no_region) == ("easy", {"uk", "us"})
    for bad, message in (
        (["--difficulty", "eazy"], "invalid choice: 'eazy'"),
        (["--no-region", "fr"], "unknown region 'fr' (known: uk, us)"),
    ):
        with pytest.raises(SystemExit) as stopped:
            build_parser().parse_args(["play", *bad])
        assert stopped.value.code == 2 and message in capsys.readouterr().err

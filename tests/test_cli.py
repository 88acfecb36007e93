"""The command line is the only reader of argv: every command gets frozen settings, and no
layer below the commands imports argparse or the commands."""

from __future__ import annotations

import ast
import dataclasses
from pathlib import Path

import pytest

from voicemaster.cli import COMMANDS, settings_for

PACKAGE = Path(__file__).resolve().parents[1] / "voicemaster"
ARGV = {
    "play": ["play", "--teams", "2", "--deck", "d.yaml", "--difficulty", "easy"],
    "simulate": ["simulate", "--board", "0", "--pace", "1"],
    "games": ["games", "rename", "1", "friday"],
    "replay": ["replay", "r.jsonl"],
    "deck check": ["deck", "check", "a.yaml", "b.yaml", "--strict"],
    "deck import": ["deck", "import", "--from", "csv", "q.csv", "-o", "d.yaml"],
    "deck stats": ["deck", "stats", "d.yaml"],
    "deck tag": ["deck", "tag", "t.tsv", "d.yaml", "--dry-run"],
    "judge": ["judge", "--jsonl", "-"],
    "say": ["say", "good", "evening", "--car"],
    "hear": ["hear", "--jsonl", "h.jsonl", "--asr", "vosk"],
    "spot": ["spot", "--jsonl", "s.jsonl"],
    "model download": ["model", "download", "small.en", "--dir", "m"],
    "model list": ["model", "list"],
}


def test_every_command_is_declared_and_dispatched() -> None:
    assert set(COMMANDS) == {*ARGV, "devices"}
    assert settings_for(["devices"]) is None


@pytest.mark.parametrize("command", sorted(ARGV))
def test_a_command_gets_frozen_settings(command: str) -> None:
    settings = settings_for(ARGV[command])
    assert dataclasses.is_dataclass(settings)
    field = dataclasses.fields(settings)[0].name
    with pytest.raises(dataclasses.FrozenInstanceError):
        setattr(settings, field, None)


def test_the_settings_hold_what_was_given(tmp_path: Path) -> None:
    play = settings_for(ARGV["play"])
    assert (play.game.teams, play.game.deck, play.game.draw.difficulty) == (2, ["d.yaml"], "easy")
    assert play.places.data == tmp_path  # $VOICEMASTER_DATA, set for every test
    simulate = settings_for(ARGV["simulate"])
    assert simulate.board.port == 0 and simulate.board.pace == 1.0 and not simulate.board.speak
    assert settings_for(ARGV["say"]).text == "good evening"
    assert settings_for(ARGV["model download"]).folder == Path("m")


def _imports(path: Path) -> set[str]:
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module:
            found.add(node.module)
    return found


def test_no_layer_below_the_commands_reads_the_command_line() -> None:
    below = [
        path
        for path in PACKAGE.rglob("*.py")
        if path.name != "cli.py" and "commands" not in path.relative_to(PACKAGE).parts
    ]
    assert len(below) > 50
    for path in below:
        imported = _imports(path)
        assert "argparse" not in imported, path
        assert not any(name.startswith("voicemaster.commands") for name in imported), path

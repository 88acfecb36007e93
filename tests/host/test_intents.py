"""Utterances to intents, on their own."""

from __future__ import annotations

import pytest

from voicemaster.host import intents
from voicemaster.host.intents import AskCode, Command, Override, Shout, Speech, ZwapTiles
from voicemaster.rules.standard.categories import STANDARD

TEAMS = ("red", "blue", "green")


def parse(text: str) -> intents.Intent:
    return intents.parse(text, teams=TEAMS, categories=STANDARD)


@pytest.mark.parametrize(
    ("text", "name"),
    [
        ("repeat", "repeat"),
        ("Say that again please", "repeat"),
        ("pass", "pass"),
        ("We pass.", "pass"),
        ("pause", "pause"),
        ("resume", "resume"),
        ("what's the score", "score"),
        ("help", "help"),
        ("undo", "undo"),
        ("quit", "quit"),
    ],
)
def test_commands(text: str, name: str) -> None:
    assert parse(text) == Command(name)


def test_a_command_word_inside_an_answer_is_an_answer() -> None:
    assert parse("the pass of thermopylae") == Speech("the pass of thermopylae")


@pytest.mark.parametrize(
    ("text", "team"),
    [
        ("What is our code?", None),
        ("what's our team code please", None),
        ("tell us our code", None),
        ("What is Red's code?", "red"),
        ("blues board code", "blue"),
        ("green code", "green"),
    ],
)
def test_a_team_asks_for_its_board_code(text: str, team: str | None) -> None:
    assert parse(text) == AskCode(team)


@pytest.mark.parametrize(
    "text", ["the da vinci code", "morse code", "code", "what is the code", "purple's code"]
)
def test_an_answer_holding_the_word_code_is_an_answer(text: str) -> None:
    assert isinstance(parse(text), Speech)


def test_overrides() -> None:
    assert parse("No, that was right!") == Override(True)
    assert parse("that was wrong") == Override(False)


@pytest.mark.parametrize(
    "text", ["Bezzerwizzer blue", "better wizard blue", "bezzer wizzer, Blue!"]
)
def test_shouts_name_the_team(text: str) -> None:
    assert parse(text) == Shout("blue")


def test_a_shout_without_a_team_and_the_spotters_flag() -> None:
    assert parse("bezzerwizzer") == Shout(None)
    assert intents.parse("blue", teams=TEAMS, shout_flag=True, shout_team="blue") == Shout("blue")


def test_zwap_names_two_tiles_and_their_owners() -> None:
    got = parse("Zwap my Music with Blue's Film")
    assert got == ZwapTiles(("Music", "Film"), ("my", "blue"))
    assert parse("swap food and drink and tv and radio") == ZwapTiles(
        ("Food & Drink", "TV & Radio"), (None, None)
    )
    assert parse("zwap sports with history").categories == ("Sport", "History")  # type: ignore[union-attr]


def test_choice_keep_yes_no_numbers() -> None:
    tiles = ("Music", "Sport", "Film", "History")
    assert intents.choice("music please", tiles) == intents.Choice("Music")
    assert intents.choice("keep", tiles) == intents.Keep()
    assert intents.choice("science", tiles) is None
    assert intents.yes_no("yes") is True and intents.yes_no("nope") is False
    assert intents.yes_no("maybe") is None
    assert intents.number("three teams") == 3 and intents.number("lots") is None
    assert intents.knock_back("send them back") is True and intents.knock_back("forward") is False
    assert intents.take_back("take it back") is True and intents.take_back("keep it") is False

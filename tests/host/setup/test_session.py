"""A new game's header from typed options: the rule set's defaults, kompakt's target and mode,
and options that cannot make a game refused with a clear message."""

from __future__ import annotations

import pytest

from voicemaster.decks.drawing import DrawSettings
from voicemaster.host.setup.errors import SetupError
from voicemaster.host.setup.headers import HeaderOptions, new_header
from voicemaster.records import game_from_header
from voicemaster.rules.kompakt import TARGET

TEAMS = ["red", "blue"]


def test_a_standard_header_takes_the_defaults_and_the_draw() -> None:
    draw = DrawSettings(difficulty="easy")
    header = new_header(HeaderOptions("standard", seed=7, draw=draw), TEAMS, {"deck": ["d"]}).fields
    assert header["variant"] == "standard" and header["seed"] == 7 and header["deck"] == ["d"]
    assert {k: header[k] for k in draw.header()} == draw.header()
    game = game_from_header(dict(header))
    assert game.settings.track == header["track"] and game.teams == tuple(TEAMS)


def test_a_short_track_keeps_its_home_stretch_inside() -> None:
    header = new_header(HeaderOptions("standard", track=4, seed=1), TEAMS, {}).fields
    assert header["track"] == 4 and header["home_stretch"] == 3


def test_kompakt_gets_a_target_and_a_mode_instead_of_a_track() -> None:
    header = new_header(HeaderOptions("kompakt", seed=1), TEAMS, {}).fields
    assert "track" not in header and header["target"] == TARGET and header["mode"] == "race"
    header = new_header(HeaderOptions("kompakt", track=9, mode="empty-bag"), TEAMS, {}).fields
    assert header["target"] == 9 and header["mode"] == "empty-bag"
    assert isinstance(header["seed"], int)


def test_options_that_cannot_make_a_game_are_refused() -> None:
    with pytest.raises(SetupError, match="--mode empty-bag is for kompakt"):
        new_header(HeaderOptions("standard", mode="empty-bag"), TEAMS, {})
    with pytest.raises(SetupError):
        new_header(HeaderOptions("standard", track=1), TEAMS, {})

"""Tiles named in a zwap: found only where the named team holds them, and a clear reason when
they are not (familie: a category may lie twice)."""

from __future__ import annotations

from voicemaster.host.tiles import holders, locate, not_held

SLOTS = {"red": ["Music", "Film"], "blue": ["Sport", "Music"]}


def test_a_tile_is_found_only_with_the_team_named() -> None:
    assert holders(SLOTS, "Music") == [("red", 1), ("blue", 2)]
    assert locate(SLOTS, "red", "Music", "my") == ("red", 1)
    assert locate(SLOTS, "red", "Music", "blue") == ("blue", 2)
    assert locate(SLOTS, "red", "Music", None) == ("red", 1)
    assert locate(SLOTS, "red", "Sport", "my") is None
    assert locate(SLOTS, "red", "Art", None) is None


def test_why_a_tile_was_not_found() -> None:
    assert not_held(SLOTS, "red", "Sport", "my") == (
        "Sorry Red, Sport is not your tile: it belongs to Blue."
    )
    assert not_held(SLOTS, "blue", "Sport", "red") == (
        "Sorry, Sport is not Red's tile: it belongs to Blue."
    )
    assert not_held(SLOTS, "red", "Art", "blue") == "Sorry, nobody holds Art this round."

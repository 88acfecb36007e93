"""The one error of setting a game up: options, decks or records that cannot make a game."""

from __future__ import annotations


class SetupError(Exception):
    """Options that cannot make a game (the message says why)."""

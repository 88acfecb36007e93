"""Bezzerwizzer Familie's rules."""

from voicemaster.rules.familie.game import (
    FamilieGame,
    FamilieSettings,
    Options,
    option_order,
    options_for,
    recorded_order,
)

__all__ = [
    "FamilieGame",
    "FamilieSettings",
    "Options",
    "option_order",
    "options_for",
    "recorded_order",
]

"""Bezzerwizzer Kompakt's rules."""

from voicemaster.rules.kompakt.game import (
    AFTER_STAKE,
    BEFORE_STAKE,
    TARGET,
    KompaktGame,
    KompaktSettings,
)

__all__ = ["AFTER_STAKE", "BEFORE_STAKE", "TARGET", "KompaktGame", "KompaktSettings"]

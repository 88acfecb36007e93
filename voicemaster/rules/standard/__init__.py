"""The standard board's rules: standard Bezzerwizzer and the word edition (ord)."""

from voicemaster.rules.standard.game import OrdGame, StandardGame

__all__ = ["OrdGame", "StandardGame"]

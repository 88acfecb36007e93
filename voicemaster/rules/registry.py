"""One registry of rule sets: ``find_variant(name)`` (like python-chess's variants)."""

from __future__ import annotations

from voicemaster.rules.base import Game
from voicemaster.rules.familie import FamilieGame
from voicemaster.rules.kompakt import KompaktGame
from voicemaster.rules.standard import OrdGame, StandardGame
from voicemaster.rules.timeline import TimelineGame

VARIANTS: tuple[type[Game], ...] = (StandardGame, OrdGame, FamilieGame, KompaktGame, TimelineGame)


def variant_names() -> list[str]:
    return [v.name for v in VARIANTS]


def find_variant(name: str) -> type[Game]:
    """The game class of a rule set, by name (case-insensitive).  ValueError if unknown."""
    for variant in VARIANTS:
        if variant.name == name.lower():
            return variant
    raise ValueError(f"unknown rule set {name!r}; known: {', '.join(variant_names())}")

"""The one registry of rule sets: ``find_rules(name)`` (like python-chess's
``find_variant``).  A new rule set is its package under ``rules/`` and one line here
(docs/architecture.md, "Adding a rule set")."""

from __future__ import annotations

import random
from typing import Any

from voicemaster.rules.actions import Action
from voicemaster.rules.base import Game
from voicemaster.rules.familie.variant import FAMILIE
from voicemaster.rules.kompakt.variant import KOMPAKT
from voicemaster.rules.standard.variant import ORD, STANDARD
from voicemaster.rules.timeline.variant import TIMELINE
from voicemaster.rules.variant import RuleSet

RULE_SETS: tuple[RuleSet[Any], ...] = (STANDARD, ORD, FAMILIE, KOMPAKT, TIMELINE)
DEFAULT = STANDARD.name  # the rule set of a game that names none
VARIANTS: tuple[type[Game], ...] = tuple(rules.game for rules in RULE_SETS)  # the game classes


def rule_sets() -> tuple[RuleSet[Any], ...]:
    """Every rule set, in the order they are offered (read at each call, not copied)."""
    return RULE_SETS


def variant_names() -> list[str]:
    return [rules.name for rules in rule_sets()]


def find_rules(name: str) -> RuleSet[Any]:
    """A rule set by name (case-insensitive).  ValueError if unknown."""
    for rules in rule_sets():
        if rules.name == name.lower():
            return rules
    raise ValueError(f"unknown rule set {name!r}; known: {', '.join(variant_names())}")


def find_variant(name: str) -> type[Game]:
    """The game class of a rule set, by name (case-insensitive).  ValueError if unknown."""
    return find_rules(name).game


def sample_action(game: Game, rng: random.Random, skill: float = 0.5) -> Action:
    """A random legal action in ``game`` (simulations and property tests)."""
    return find_rules(game.name).sample_action(game, rng, skill)

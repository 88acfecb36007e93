"""Random legal play shared by the rule sets (each rule set's own sampler is in its package,
named by its ``RuleSet.sample``).

Every draw from ``rng`` happens in a fixed order, so a seed replays the same game.
"""

from __future__ import annotations

import random

from voicemaster.rules.actions import Answer, Playoff
from voicemaster.rules.board import RoundGame


def answer(rng: random.Random, skill: float) -> Answer:
    """Right with probability ``skill``; otherwise mostly wrong, sometimes a pass."""
    roll = rng.random()
    if roll < skill:
        return "right"
    return "pass" if roll > 0.95 else "wrong"


def playoff(game: RoundGame, rng: random.Random, skill: float) -> Playoff:
    return Playoff({t: answer(rng, skill) for t in game.playoff_teams})

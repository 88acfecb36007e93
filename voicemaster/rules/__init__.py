"""Pure game rules: actions in, events out.  No I/O, no clock, no global random."""

from voicemaster.rules.actions import Attack, Playoff, Question, StartRound, Zwap
from voicemaster.rules.base import Game, Settings
from voicemaster.rules.errors import IllegalAction
from voicemaster.rules.registry import (
    DEFAULT,
    RULE_SETS,
    VARIANTS,
    find_rules,
    find_variant,
    rule_sets,
    sample_action,
    variant_names,
)
from voicemaster.rules.variant import CardRules, Goal, RuleSet

__all__ = [
    "DEFAULT",
    "RULE_SETS",
    "VARIANTS",
    "Attack",
    "CardRules",
    "Game",
    "Goal",
    "IllegalAction",
    "Playoff",
    "Question",
    "RuleSet",
    "Settings",
    "StartRound",
    "Zwap",
    "find_rules",
    "find_variant",
    "rule_sets",
    "sample_action",
    "variant_names",
]

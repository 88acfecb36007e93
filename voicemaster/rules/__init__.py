"""Pure game rules: actions in, events out.  No I/O, no clock, no global random."""

from voicemaster.rules.actions import Attack, Playoff, Question, StartRound, Zwap
from voicemaster.rules.base import Game, Settings
from voicemaster.rules.errors import IllegalAction
from voicemaster.rules.registry import VARIANTS, find_variant, variant_names

__all__ = [
    "VARIANTS",
    "Attack",
    "Game",
    "IllegalAction",
    "Playoff",
    "Question",
    "Settings",
    "StartRound",
    "Zwap",
    "find_variant",
    "variant_names",
]

"""The standard board's two rule sets: standard Bezzerwizzer and the word edition (ord)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from voicemaster.rules.standard.game import OrdGame, StandardGame
from voicemaster.rules.standard.sampling import standard_action
from voicemaster.rules.standard.view import tiles
from voicemaster.rules.variant import RuleSet


def finish(header: Mapping[str, Any]) -> str:
    return f"The finish is at {header.get('track')}."


STANDARD = RuleSet(
    game=StandardGame,
    sample=standard_action,
    team_view=tiles,
    title="standard Bezzerwizzer",
    said=("standard",),
    goal_sentence=finish,
    deck="standard",
)

ORD = RuleSet(
    game=OrdGame,
    sample=standard_action,
    team_view=tiles,
    title="Bezzerwizzer Ord, the word edition",
    said=("word edition", "ord"),
    goal_sentence=finish,
    deck="ord",
)

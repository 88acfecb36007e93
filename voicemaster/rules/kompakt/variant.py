"""Kompakt: one token a round, the points to win instead of a track."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from voicemaster.rules.kompakt.game import MODES, KompaktGame
from voicemaster.rules.kompakt.sampling import kompakt_action
from voicemaster.rules.kompakt.view import table, token
from voicemaster.rules.variant import Goal, RuleSet


def points(header: Mapping[str, Any]) -> str:
    if header.get("mode") == "empty-bag":
        return "We play until the bag is empty."
    return f"First to {header.get('target')} points wins."


KOMPAKT = RuleSet(
    game=KompaktGame,
    sample=kompakt_action,
    team_view=token,
    table_view=table,
    title="Bezzerwizzer Kompakt",
    said=("kompakt", "compact"),
    goal_sentence=points,
    deck="standard",  # the standard categories: the standard deck serves
    goal=Goal.POINTS,
    modes=MODES,
)

"""Timeline: dated cards placed on a line, a lap of points."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from voicemaster.rules.timeline.game import TimelineGame
from voicemaster.rules.timeline.sampling import timeline_action
from voicemaster.rules.timeline.view import hand, table
from voicemaster.rules.variant import CardRules, Goal, RuleSet


def lap(header: Mapping[str, Any]) -> str:
    return (
        f"A lap of {header.get('track')} points wins at once; "
        "otherwise the most points after round two."
    )


TIMELINE = RuleSet(
    game=TimelineGame,
    sample=timeline_action,
    team_view=hand,
    table_view=table,
    title="Bezzerwizzer Timeline",
    said=("timeline",),
    goal_sentence=lap,
    deck="timeline",
    goal=Goal.LAP,
    cards=CardRules(
        required=("id", "question", "year"),
        default_category="Timeline",
        categories=("Timeline",),
        answer_from_year=True,
    ),
    dated=True,
)

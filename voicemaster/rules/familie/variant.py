"""The family edition: the standard board, children's and adults' teams."""

from __future__ import annotations

from voicemaster.rules.familie.game import FamilieGame
from voicemaster.rules.standard.sampling import standard_action
from voicemaster.rules.standard.variant import finish
from voicemaster.rules.standard.view import tiles
from voicemaster.rules.variant import CardRules, RuleSet

FAMILIE = RuleSet(
    game=FamilieGame,
    sample=standard_action,
    team_view=tiles,
    title="Bezzerwizzer Familie, the family edition",
    said=("family", "familie"),
    goal_sentence=finish,
    deck="familie",
    cards=CardRules(child_options=True),
    kinds=True,
)

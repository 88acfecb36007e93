"""Random legal play in kompakt: simulation and property tests.  Every draw from ``rng``
happens in a fixed order, so a seed replays the same game."""

from __future__ import annotations

import random

from voicemaster.rules.actions import WHENS, Action, Attack, Question, Zwap
from voicemaster.rules.kompakt.game import KompaktGame
from voicemaster.rules.sampling import answer, playoff


def kompakt_action(game: KompaktGame, rng: random.Random, skill: float) -> Action:
    if game.phase == "round-start":
        return game.draw_round(rng)
    if game.phase == "playoff":
        return playoff(game, rng, skill)
    team, _ = game.current()
    later = game.still_to_play()[1:]
    if later and not game.zwapped and rng.random() < 0.15:
        return Zwap(team, (team, 1), (rng.choice(later), 1))
    defended = answer(rng, skill)
    attackers = [t for t in game.teams if t != team and game.bezzerwizzers[t] > 0]
    attack = None
    if attackers and rng.random() < 0.3:
        when = rng.choice(WHENS)
        attack = Attack(rng.choice(attackers), when, answer(rng, skill))
    return Question(team, defended, attack)

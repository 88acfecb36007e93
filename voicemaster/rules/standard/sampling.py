"""Random legal play on the standard board (standard, ord, familie): simulation and property
tests.  Every draw from ``rng`` happens in a fixed order, so a seed replays the same game."""

from __future__ import annotations

import random

from voicemaster.rules.actions import WHENS, Action, Answer, Attack, Question, StartRound, Zwap
from voicemaster.rules.sampling import answer, playoff
from voicemaster.rules.standard.game import StandardGame


def standard_action(game: StandardGame, rng: random.Random, skill: float) -> Action:
    if game.phase == "round-start":
        start = game.draw_round(rng)
        slots = {t: tuple(rng.sample(tiles, len(tiles))) for t, tiles in start.slots.items()}
        return StartRound(start.starter, slots)
    if game.phase == "playoff":
        return playoff(game, rng, skill)
    team, _ = game.current()
    if game.zwaps[team] and rng.random() < 0.1:
        open_tiles = [(t, s) for t in game.teams for s in range(1, 5) if game.is_open(t, s)]
        if len(open_tiles) >= 2:
            first, second = rng.sample(open_tiles, 2)
            return Zwap(team, first, second)
    defended = answer(rng, skill)
    return Question(team, defended, _standard_attack(game, team, defended, rng, skill))


def _standard_attack(
    game: StandardGame, defender: str, defended: Answer, rng: random.Random, skill: float
) -> Attack | None:
    attackers = [t for t in game.teams if t != defender and game.bezzerwizzers[t] > 0]
    if not attackers or rng.random() > 0.25:
        return None
    attacker = rng.choice(attackers)
    attacked = answer(rng, skill)
    when = rng.choice(WHENS)
    scores = attacked == "right" and defended != "right"
    knock = scores and game.in_home_stretch(defender) and rng.random() < 0.5
    return Attack(attacker, when, attacked, knock)

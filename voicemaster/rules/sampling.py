"""Random legal play for the question games (simulation and property tests).

Every draw from ``rng`` happens in a fixed order, so a seed replays the same game.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any

from voicemaster.rules.actions import WHENS, Action, Attack, Playoff, Question, StartRound, Zwap

if TYPE_CHECKING:
    from voicemaster.rules.board import RoundGame
    from voicemaster.rules.kompakt import KompaktGame
    from voicemaster.rules.standard import StandardGame


def answer(rng: random.Random, skill: float) -> Any:
    """Right with probability ``skill``; otherwise mostly wrong, sometimes a pass."""
    roll = rng.random()
    if roll < skill:
        return "right"
    return "pass" if roll > 0.95 else "wrong"


def playoff(game: RoundGame, rng: random.Random, skill: float) -> Playoff:
    return Playoff({t: answer(rng, skill) for t in game.playoff_teams})


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
    game: StandardGame, defender: str, defended: str, rng: random.Random, skill: float
) -> Attack | None:
    attackers = [t for t in game.teams if t != defender and game.bezzerwizzers[t] > 0]
    if not attackers or rng.random() > 0.25:
        return None
    attacker = rng.choice(attackers)
    attacked = answer(rng, skill)
    when = rng.choice(WHENS)
    scores = attacked == "right" and defended != "right"
    knock = scores and game.in_home_stretch(defender) and rng.random() < 0.5
    return Attack(attacker, when, attacked, knock)  # type: ignore[arg-type]


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
        attack = Attack(rng.choice(attackers), when, answer(rng, skill))  # type: ignore[arg-type]
    return Question(team, defended, attack)

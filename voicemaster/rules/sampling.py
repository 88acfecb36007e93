"""Random legal play for every variant (simulation and property tests).

Every draw from ``rng`` happens in a fixed order, so a seed replays the same game.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from voicemaster.rules.actions import (
    WHENS,
    Action,
    Answer,
    Attack,
    Playoff,
    Question,
    StartRound,
    Zwap,
)
from voicemaster.rules.timeline_line import choose_gap, fits
from voicemaster.rules.timeline_types import Pawn, Place, Tiebreak, TimelineCard, ZwapCards

if TYPE_CHECKING:
    from voicemaster.rules.board import RoundGame
    from voicemaster.rules.kompakt import KompaktGame
    from voicemaster.rules.standard import StandardGame
    from voicemaster.rules.timeline import TimelineGame


def answer(rng: random.Random, skill: float) -> Answer:
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


def timeline_action(game: TimelineGame, rng: random.Random, skill: float) -> Action:
    if game.phase == "deal":
        return game.draw_deal(rng, _synthetic(game, rng))
    if game.phase == "tiebreak":
        return _tiebreak(game, rng, skill)
    team, _ = game.current()
    if game.zwaps[team] and rng.random() < 0.1:
        zwap = _card_zwap(game, team, rng)
        if zwap is not None:
            return zwap
    card = rng.choice(game.hands[team])
    gap = choose_gap(game.line, card, rng, skill)
    return Place(team, card.id, gap, _pawns(game, team, card, gap, rng, skill))


def _synthetic(game: TimelineGame, rng: random.Random) -> list[TimelineCard]:
    """Invented cards for simulation without a deck (ids never dealt before)."""
    start = len(game.dealt)
    return [TimelineCard(f"s{start + i}", rng.randint(-3000, 2024) or 1) for i in range(24)]


def _tiebreak(game: TimelineGame, rng: random.Random, skill: float) -> Tiebreak:
    cards = game.draw_tiebreak_cards(rng, _synthetic(game, rng))
    line, placements = list(game.line), {}
    for team in game.tiebreak_teams:
        gap = choose_gap(line, cards[team], rng, skill)
        placements[team] = (cards[team], gap)
        if fits(line, cards[team], gap):
            line.insert(gap - 1, cards[team])
    return Tiebreak(placements)


def _card_zwap(game: TimelineGame, team: str, rng: random.Random) -> ZwapCards | None:
    cards = [(t, c.id) for t, hand in game.hands.items() for c in hand]
    pairs = [(a, b) for a in cards for b in cards if a[0] != b[0] and a < b]
    if not pairs:
        return None
    (_, first), (_, second) = rng.choice(pairs)
    return ZwapCards(team, first, second)


def _pawns(
    game: TimelineGame, team: str, card: TimelineCard, gap: int, rng: random.Random, skill: float
) -> tuple[Pawn, ...]:
    pawns: list[Pawn] = []
    taken = {gap}
    for other in game.teams:
        if other == team or game.pawns[other] <= 0 or rng.random() > 0.2:
            continue
        free = [g for g in range(1, len(game.line) + 2) if g not in taken]
        good = [g for g in free if fits(game.line, card, g)]
        pick = rng.choice(good if good and rng.random() < skill else free)
        pawns.append(Pawn(other, pick))
        taken.add(pick)
    return tuple(pawns)

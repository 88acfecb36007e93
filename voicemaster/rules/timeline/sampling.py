"""Random legal play in timeline: simulation and property tests.  Every draw from ``rng``
happens in a fixed order, so a seed replays the same game."""

from __future__ import annotations

import random

from voicemaster.rules.actions import Action
from voicemaster.rules.timeline.game import TimelineGame
from voicemaster.rules.timeline.line import choose_gap, fits
from voicemaster.rules.timeline.types import Pawn, Place, Tiebreak, TimelineCard, ZwapCards


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

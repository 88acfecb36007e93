"""The contract every rule set keeps, run against every variant in the registry."""

from __future__ import annotations

import random

import pytest

from voicemaster.rules import VARIANTS, Game, IllegalAction, Settings
from voicemaster.rules.actions import Question
from voicemaster.rules.events import Moved
from voicemaster.rules.registry import sample_action
from voicemaster.rules.standard import StandardGame
from voicemaster.rules.timeline.types import Place

VARIANT_IDS = [v.name for v in VARIANTS]


def play(variant: type[Game], seed: int, teams: int = 3, track: int = 12) -> Game:
    """Play one random legal game, checking the invariants after every action."""
    names = ["red", "blue", "green", "yellow"][:teams]
    game = variant(names, Settings(track=track, home_stretch=3))
    rng = random.Random(seed)
    reached: set[str] = set()  # who got to the finish, seen from the events
    for _ in range(2000):
        if game.finished:
            break
        action = sample_action(game, rng, skill=0.6)
        events = game.apply(action)
        reached |= {e.team for e in events if isinstance(e, Moved) and e.after >= track}
        check_invariants(game)
    assert game.finished, "a random game must end"
    if isinstance(game, StandardGame):
        assert game.reached == reached
    return game


def check_invariants(game: Game) -> None:
    track = game.settings.track
    assert all(pos >= 0 for pos in game.positions.values()), "no position below the start"
    if game.stops_at_finish:
        assert all(pos <= track for pos in game.positions.values()), "none past the finish"
    in_play = game.tiles_in_play()
    assert not in_play - game.tokens(), "tiles are conserved: none invented"
    for tokens in ("bezzerwizzers", "zwaps", "pawns"):  # what a team may still play
        left = getattr(game, tokens, {})
        assert set(left) <= set(game.teams) and all(n >= 0 for n in left.values()), tokens


def check_winner(game: Game) -> None:
    """The winner reached the finish (the board games: it may stand behind it again after a
    missed attack); elsewhere it has the most points (kompakt: the target score or more)."""
    assert game.winner in game.teams
    if isinstance(game, StandardGame):
        at_finish = {t for t, pos in game.positions.items() if pos >= game.settings.track}
        assert at_finish <= game.reached, "a team on the finish has reached it"
        assert game.winner in game.reached
        return
    assert game.positions[game.winner] == max(game.positions.values())
    if not getattr(game, "wins_on_points", False):  # timeline: most points after round two
        assert game.positions[game.winner] >= game.settings.track


@pytest.mark.parametrize("variant", VARIANTS, ids=VARIANT_IDS)
@pytest.mark.parametrize("teams", [2, 3, 4])
def test_random_games_keep_every_invariant_and_end(variant: type[Game], teams: int) -> None:
    for seed in range(15):
        game = play(variant, seed, teams)
        check_winner(game)


@pytest.mark.parametrize("variant", VARIANTS, ids=VARIANT_IDS)
def test_team_count_limits(variant: type[Game]) -> None:
    """Kompakt, with no board, takes 2 to 6 teams; the board games (and timeline's track)
    have one pawn of each of four colours: 2 to 4."""
    names = ["red", "blue", "green", "yellow", "purple", "orange", "black"]
    most = 6 if variant.name == "kompakt" else 4
    assert (variant.min_teams, variant.max_teams) == (2, most)
    assert variant(names[:most]).teams == tuple(names[:most])
    for count in (1, most + 1):
        with pytest.raises(IllegalAction) as err:
            variant(names[:count])
        assert err.value.rule == "team-count"


@pytest.mark.parametrize("variant", VARIANTS, ids=VARIANT_IDS)
def test_a_finished_game_rejects_every_action(variant: type[Game]) -> None:
    game = play(variant, seed=3)
    before = game.snapshot()
    probe = variant(list(game.teams), game.settings)
    rng = random.Random(0)
    for _ in range(20):
        action = sample_action(probe, rng)
        with pytest.raises(IllegalAction) as err:
            game.apply(action)
        assert err.value.rule == "game-over"
        probe.apply(action)
    assert game.snapshot() == before


def out_of_turn(action: Question | Place, other: str) -> Question | Place:
    """The same move made by another team."""
    if isinstance(action, Place):  # timeline: a card placed out of turn
        return Place(other, action.card, action.gap)
    return Question(other, action.answer)


@pytest.mark.parametrize("variant", VARIANTS, ids=VARIANT_IDS)
def test_turn_order_only_the_current_team_answers(variant: type[Game]) -> None:
    game = variant(["red", "blue", "green"])
    rng = random.Random(5)
    checked = 0
    while not game.finished and checked < 60:
        action = sample_action(game, rng)
        if isinstance(action, Question | Place):
            for other in game.teams:
                if other != action.team:
                    before = game.snapshot()
                    with pytest.raises(IllegalAction):
                        game.apply(out_of_turn(action, other))
                    assert game.snapshot() == before
            checked += 1
        game.apply(action)
    assert checked > 0


@pytest.mark.parametrize("variant", VARIANTS, ids=VARIANT_IDS)
def test_the_same_seed_plays_the_same_game(variant: type[Game]) -> None:
    a = play(variant, seed=11)
    b = play(variant, seed=11)
    assert a.summary() == b.summary()
    assert a.questions_played == b.questions_played


@pytest.mark.parametrize("variant", VARIANTS, ids=VARIANT_IDS)
def test_every_action_survives_its_record_line(variant: type[Game]) -> None:
    game = variant(["red", "blue"], Settings(track=10, home_stretch=3))
    rng = random.Random(2)
    while not game.finished:
        action = sample_action(game, rng)
        assert variant.decode_action(variant.encode_action(action)) == action
        game.apply(action)

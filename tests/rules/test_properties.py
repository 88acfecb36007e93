"""Hypothesis: random legal games, and random illegal actions that must change nothing."""

from __future__ import annotations

import random
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from tests.rules.test_contract import check_invariants, check_winner
from voicemaster.rules import VARIANTS, Attack, Game, IllegalAction, Question, Settings, Zwap
from voicemaster.rules.actions import ANSWERS, WHENS, Playoff, StartRound

ALL_CATEGORIES = sorted({c for v in VARIANTS for c in v.categories})

TEAMS = ["red", "blue", "green", "yellow"]


def game_after(variant: type[Game], teams: int, track: int, seed: int, steps: int) -> Game:
    game = variant(TEAMS[:teams], Settings(track=track, home_stretch=min(5, track - 1)))
    rng = random.Random(seed)
    for _ in range(steps):
        if game.finished:
            break
        game.apply(game.sample_action(rng))
    return game


@settings(max_examples=40, deadline=None)
@given(
    st.sampled_from(VARIANTS),
    st.integers(2, 4),
    st.integers(6, 40),
    st.integers(0, 10**6),
    st.floats(0.3, 0.95),  # near 0 or 1 a game may rightly never end (ties, penalties)
)
def test_random_legal_games_end_with_one_winner_at_the_finish(
    variant: type[Game], teams: int, track: int, seed: int, skill: float
) -> None:
    game = variant(TEAMS[:teams], Settings(track=track, home_stretch=min(5, track - 1)))
    rng = random.Random(seed)
    for _ in range(5000):
        if game.finished:
            break
        game.apply(game.sample_action(rng, skill=skill))
        check_invariants(game)
    assert game.finished
    check_winner(game)


def any_action(draw: Any, teams: list[str]) -> Any:
    team = st.sampled_from([*teams, "purple"])
    answer = st.sampled_from([*ANSWERS, "maybe"])
    slot = st.integers(0, 5)
    attack = st.builds(
        Attack, team, st.sampled_from([*WHENS, "during"]), st.none() | answer, st.booleans()
    )
    tiles = st.lists(st.sampled_from(ALL_CATEGORIES), min_size=1, max_size=5)
    return draw(
        st.one_of(
            st.builds(Question, team, answer, st.none() | attack),
            st.builds(Zwap, team, st.tuples(team, slot), st.tuples(team, slot)),
            st.builds(Playoff, st.dictionaries(team, answer, max_size=4)),
            st.builds(
                StartRound,
                team,
                st.dictionaries(team, tiles.map(tuple), min_size=len(teams), max_size=5),
            ),
        )
    )


@settings(max_examples=200, deadline=None)
@given(
    st.data(),
    st.sampled_from(VARIANTS),
    st.integers(2, 4),
    st.integers(0, 10**6),
    st.integers(0, 60),
)
def test_an_illegal_action_leaves_the_state_unchanged(
    data: Any, variant: type[Game], teams: int, seed: int, steps: int
) -> None:
    game = game_after(variant, teams, 12, seed, steps)
    action = any_action(data.draw, TEAMS[:teams])
    before = game.snapshot()
    try:
        game.apply(action)
    except IllegalAction as err:
        assert err.rule
        assert game.snapshot() == before

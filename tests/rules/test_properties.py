"""Hypothesis: random legal games; random actions, which change nothing when illegal and play
on correctly when legal."""

from __future__ import annotations

import copy
import random
from dataclasses import replace
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from tests.rules.test_contract import check_invariants, check_winner
from voicemaster.rules import VARIANTS, Attack, Game, IllegalAction, Question, Settings, Zwap
from voicemaster.rules.actions import ANSWERS, WHENS, Action, Playoff, StartRound
from voicemaster.rules.registry import sample_action
from voicemaster.rules.timeline.types import Pawn, Place

ALL_CATEGORIES = sorted({c for v in VARIANTS for c in v.categories})

TEAMS = ["red", "blue", "green", "yellow", "purple", "orange"]


def game_after(
    variant: type[Game], teams: int, track: int, seed: int, steps: int, to_the_end: bool = False
) -> tuple[Game, list[Action]]:
    """A random legal game after ``steps`` actions, and those actions.  It stops short of the
    action that would end it, unless ``to_the_end``."""
    game = variant(TEAMS[:teams], Settings(track=track, home_stretch=min(5, track - 1)))
    rng = random.Random(seed)
    played: list[Action] = []
    for _ in range(steps):
        action = sample_action(game, rng)
        after = copy.deepcopy(game)
        after.apply(action)
        if after.finished and not to_the_end:
            break
        game = after
        played.append(action)
        if game.finished:
            break
    return game, played


def team_count(variant: type[Game]) -> st.SearchStrategy[int]:
    return st.integers(variant.min_teams, variant.max_teams)


@settings(max_examples=40, deadline=None)
@given(
    st.data(),
    st.sampled_from(VARIANTS),
    st.integers(6, 40),
    st.integers(0, 10**6),
    st.floats(0.3, 0.95),  # near 0 or 1 a game may rightly never end (ties, penalties)
)
def test_random_legal_games_end_with_one_winner_at_the_finish(
    data: Any, variant: type[Game], track: int, seed: int, skill: float
) -> None:
    teams = data.draw(team_count(variant), label="teams")
    game = variant(TEAMS[:teams], Settings(track=track, home_stretch=min(5, track - 1)))
    rng = random.Random(seed)
    for _ in range(5000):
        if game.finished:
            break
        game.apply(sample_action(game, rng, skill=skill))
        check_invariants(game)
    assert game.finished
    check_winner(game)


def parts(teams: list[str]) -> dict[str, Any]:
    """Strategies for the parts of an action, right and wrong ones mixed."""
    team = st.sampled_from([*teams, "nobody"])
    answer = st.sampled_from([*ANSWERS, "maybe"])
    attack = st.builds(
        Attack, team, st.sampled_from([*WHENS, "during"]), st.none() | answer, st.booleans()
    )
    return {"team": team, "answer": answer, "attack": attack, "slot": st.integers(0, 5)}


def any_action(draw: Any, teams: list[str]) -> Any:
    team, answer, attack, slot = parts(teams).values()
    tiles = st.lists(st.sampled_from(ALL_CATEGORIES), min_size=1, max_size=5)
    return draw(
        st.one_of(
            st.builds(Question, team, answer, st.none() | attack),
            st.builds(Zwap, team, st.tuples(team, slot), st.tuples(team, slot)),
            st.builds(Playoff, st.dictionaries(team, answer, max_size=len(teams) + 1)),
            st.builds(
                StartRound,
                team,
                st.dictionaries(
                    team, tiles.map(tuple), min_size=len(teams), max_size=len(teams) + 1
                ),
            ),
        )
    )


def near_miss(draw: Any, legal: Action, game: Game) -> Action:
    """A legal action with one part drawn afresh: the attacker (any team, or one without a
    BEZZERWIZZER left), the defender's answer, knock-back, a zwap's tiles, the gap of a
    placement or a pawn by any player on any gap."""
    teams = list(game.teams)
    team, answer, _, slot = parts(teams).values()
    if isinstance(legal, Question):
        missed = legal.answer != "right"
        attack = legal.attack or Attack("", "before", "right" if missed else None)
        part = draw(st.sampled_from(["attacker", "spent", "spent", "answer", "knockback"]))
        if part == "answer":
            return replace(legal, answer=draw(answer))
        if part == "knockback":
            return replace(legal, attack=replace(attack, knockback=not attack.knockback))
        spent = [t for t, n in getattr(game, "bezzerwizzers", {}).items() if n <= 0]
        attacker = team if part == "attacker" or not spent else st.sampled_from(spent)
        return replace(legal, attack=replace(attack, team=draw(attacker)))
    if isinstance(legal, Zwap):
        return Zwap(legal.team, draw(st.tuples(team, slot)), draw(st.tuples(team, slot)))
    if isinstance(legal, Place):
        gap = st.integers(0, 12)
        if draw(st.booleans()):
            return replace(legal, gap=draw(gap))
        pawn = Pawn(draw(team), draw(gap))
        return replace(legal, bezzerwizzers=(*legal.bezzerwizzers, pawn))
    return legal


@settings(max_examples=200, deadline=None)
@given(
    st.data(),
    st.sampled_from(VARIANTS),
    st.integers(0, 10**6),
    st.integers(0, 60),
    st.sampled_from(["made-up", "near-miss", "near-miss", "sampled"]),
    st.integers(0, 9).map(lambda n: n == 0),  # now and then a finished game
)
def test_an_illegal_action_changes_nothing_and_a_legal_one_plays(
    data: Any, variant: type[Game], seed: int, steps: int, kind: str, to_the_end: bool
) -> None:
    """Any action -- made up, a legal one with a part drawn afresh, or one the rules' own
    random play chose (``sampled``): illegal, it names its rule and leaves the state as it
    was; legal, it moves the game on, keeps every invariant and plays the same on a twin game
    that replays the record lines."""
    teams = data.draw(team_count(variant), label="teams")
    game, history = game_after(variant, teams, 12, seed, steps, to_the_end)
    sampled = kind == "sampled" and not game.finished
    if game.finished or kind == "made-up":
        action = any_action(data.draw, TEAMS[:teams])
    else:
        legal = sample_action(game, random.Random(seed + 1))
        action = legal if sampled else near_miss(data.draw, legal, game)
    before = game.snapshot()
    try:
        game.apply(action)
    except IllegalAction as err:
        assert err.rule
        assert game.snapshot() == before
        assert not sampled, f"the rules refused their own random move: {err}"
    else:
        if not isinstance(action, Playoff):  # all right or all wrong: the same teams play on
            assert game.snapshot() != before, "a legal action changes the game"
        check_invariants(game)
        if game.finished:
            check_winner(game)
        twin = variant(list(game.teams), game.settings)
        for earlier in [*history, action]:
            twin.apply(variant.decode_action(variant.encode_action(earlier)))
        assert twin.snapshot() == game.snapshot()

"""One test per rule of Bezzerwizzer Kompakt (rulebook kompakt.txt and the decisions README)."""

from __future__ import annotations

import random
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from voicemaster.records import game_from_header
from voicemaster.rules import Attack, IllegalAction, Playoff, Question, Settings, StartRound, Zwap
from voicemaster.rules.actions import Action
from voicemaster.rules.events import BagRefilled, GameWon, Moved, PlayoffStarted, RoundEnded
from voicemaster.rules.kompakt import KompaktGame, KompaktSettings
from voicemaster.rules.registry import sample_action
from voicemaster.rules.standard.categories import STANDARD

TOKENS = {
    "red": "Music",
    "blue": "Sport",
    "green": "Film",
    "yellow": "History",
    "purple": "Design",
    "orange": "Politics",
}
NAMES = tuple(TOKENS)


def game(teams: int = 3, target: int = 20, mode: str = "race") -> KompaktGame:
    names = NAMES[:teams]
    return KompaktGame(names, KompaktSettings(track=target, mode=mode))


def deal(g: KompaktGame, starter: str, tokens: dict[str, str] | None = None) -> StartRound:
    tokens = tokens or {t: TOKENS[t] for t in g.teams}
    return StartRound(starter, {t: (tokens[t],) for t in g.teams})


def started(teams: int = 3, starter: str = "red", **kw: object) -> KompaktGame:
    g = game(teams, **kw)  # type: ignore[arg-type]
    g.apply(deal(g, starter))
    return g


def q(team: str, answer: str = "right", attack: Attack | None = None) -> Question:
    return Question(team, answer, attack)  # type: ignore[arg-type]


def rejects(g: KompaktGame, action: Action, rule: str) -> None:
    before = g.snapshot()
    with pytest.raises(IllegalAction) as err:
        g.apply(action)
    assert err.value.rule == rule
    assert g.snapshot() == before


def finish_round(g: KompaktGame, answer: str = "wrong") -> list[object]:
    events: list[object] = []
    while g.expected() == "question":
        events += g.apply(q(g.current()[0], answer))
    return events


def finish_round_with(g: KompaktGame, answers: dict[str, str]) -> list[object]:
    events: list[object] = []
    while g.expected() == "question":
        team = g.current()[0]
        events += g.apply(q(team, answers.get(team, "wrong")))
    return events


def test_the_standard_twenty_categories_one_token_each() -> None:
    assert KompaktGame.categories == STANDARD
    assert KompaktGame.tokens() == Counter(STANDARD) and sum(KompaktGame.tokens().values()) == 20


def test_two_to_six_teams_the_rulebook_sets_no_limit() -> None:
    for n in (2, 5, 6):
        g = game(n)
        assert g.teams == NAMES[:n]
        header = game_from_header({"variant": "kompakt", "teams": list(NAMES[:n])})
        assert header.teams == NAMES[:n]
    for names in (["red"], [*NAMES, "black"]):
        with pytest.raises(IllegalAction) as err:
            KompaktGame(names)
        assert err.value.rule == "team-count"


@pytest.mark.parametrize("mode", ["race", "empty-bag"])
def test_six_teams_play_whole_games(mode: str) -> None:
    for seed in range(10):
        g = game(6, mode=mode)
        rng = random.Random(seed)
        rounds_seen = 0
        while not g.finished:
            action = sample_action(g, rng, skill=0.6)
            g.apply(action)
            assert g.bag() + g.tiles_in_play() == KompaktGame.tokens()
            if isinstance(action, StartRound):
                rounds_seen += 1
                assert len(set(g.hand.values())) == 6  # six tokens, none twice
        assert g.winner in g.teams and rounds_seen == g.round
        assert g.positions[g.winner] == max(g.positions.values())
        if mode == "empty-bag":  # 20 tokens serve three rounds of six
            assert g.round == 3 and sum(g.bag().values()) == 2
        else:
            assert g.positions[g.winner] >= 20


def test_each_team_draws_one_hidden_token_a_round() -> None:
    g = game(4)
    start = g.draw_round(random.Random(3))
    assert all(len(tiles) == 1 for tiles in start.slots.values())
    rejects(g, StartRound("red", {t: ("Music", "Film") for t in g.teams}), "one-token")
    g.apply(start)
    assert g.hand == {t: tiles[0] for t, tiles in start.slots.items()}
    assert g.category_at("blue") == start.slots["blue"][0]


def test_two_teams_cannot_hold_the_same_token() -> None:
    g = game(2)
    rejects(g, StartRound("red", {"red": ("Music",), "blue": ("Music",)}), "duplicate-tile")


def test_turns_go_clockwise_from_the_starter_and_the_starter_moves_on() -> None:
    g = started(3, starter="blue")
    seen = []
    while g.expected() == "question":
        seen.append(g.current()[0])
        g.apply(q(seen[-1], "wrong"))
    assert seen == ["blue", "green", "red"]
    rejects(
        g,
        deal(g, "blue", {"red": "Nature", "blue": "Design", "green": "Politics"}),
        "starting-team",
    )
    g.apply(deal(g, "green", {"red": "Nature", "blue": "Design", "green": "Politics"}))
    assert g.current() == ("green", 1) and g.round == 2


def test_a_right_answer_scores_three_a_wrong_one_nothing() -> None:
    g = started(3)
    g.apply(q("red", "right"))
    g.apply(q("blue", "wrong"))
    g.apply(q("green", "pass"))
    assert g.positions == {"red": 3, "blue": 0, "green": 0}


def test_blind_zwap_swaps_tokens_with_a_team_still_to_play() -> None:
    g = started(3)
    events = g.apply(Zwap("red", ("red", 1), ("green", 1)))
    assert g.hand == {"red": "Film", "blue": "Sport", "green": "Music"}
    assert events and g.current() == ("red", 1)
    g.apply(q("red", "right"))
    assert g.positions["red"] == 3


def test_zwap_only_once_in_the_teams_own_turn() -> None:
    g = started(3)
    rejects(g, Zwap("blue", ("blue", 1), ("green", 1)), "zwap-own-turn")
    g.apply(Zwap("red", ("red", 1), ("blue", 1)))
    rejects(g, Zwap("red", ("red", 1), ("green", 1)), "zwap-once-per-turn")
    g.apply(q("red", "wrong"))
    g.apply(Zwap("blue", ("blue", 1), ("green", 1)))  # the zwapped team may zwap in its turn
    assert g.hand["blue"] == "Film" and g.hand["green"] == "Music"


def test_zwap_gives_away_the_teams_own_token_for_an_opponents() -> None:
    g = started(3)
    rejects(g, Zwap("red", ("blue", 1), ("green", 1)), "zwap-own-token")
    rejects(g, Zwap("red", ("red", 1), ("red", 1)), "zwap-opponent")
    rejects(g, Zwap("red", ("red", 1), ("blue", 2)), "slot-number")


def test_zwap_never_with_a_played_token() -> None:
    g = started(3)
    g.apply(q("red", "wrong"))
    rejects(g, Zwap("blue", ("blue", 1), ("red", 1)), "zwap-played-token")


def test_the_last_team_of_the_round_cannot_zwap() -> None:
    g = started(3)
    g.apply(q("red", "wrong"))
    g.apply(q("blue", "wrong"))
    rejects(g, Zwap("green", ("green", 1), ("red", 1)), "zwap-last-team")


def test_bezzerwizzer_before_the_reading_stakes_two_for_the_attacker() -> None:
    g = started(3)
    events = g.apply(q("red", "wrong", Attack("blue", "before", "right")))
    assert g.positions == {"red": 0, "blue": 2, "green": 0}
    assert Moved("blue", 0, 2, "bezzerwizzer") in events


def test_bezzerwizzer_after_the_reading_stakes_one() -> None:
    g = started(3)
    g.apply(q("red", "pass", Attack("green", "after", "right")))
    assert g.positions == {"red": 0, "blue": 0, "green": 1}


@pytest.mark.parametrize("answer", ["wrong", "pass"])
def test_an_attacker_who_misses_gives_the_stake_to_the_defender(answer: str) -> None:
    g = started(3)
    events = g.apply(q("red", "wrong", Attack("blue", "before", answer)))
    assert g.positions == {"red": 2, "blue": 0, "green": 0}
    assert Moved("red", 0, 2, "stake") in events
    g.apply(q("blue", "wrong", Attack("green", "after", answer)))
    assert g.positions["blue"] == 1 and g.positions["green"] == 0


def test_defender_right_scores_three_and_the_attacker_gets_nothing() -> None:
    g = started(3)
    g.apply(q("red", "right", Attack("blue", "before", "right")))
    assert g.positions == {"red": 3, "blue": 0, "green": 0}
    rejects(g, q("blue", "wrong", Attack("blue", "before", "right")), "attack-own-question")
    rejects(g, q("green", "wrong"), "question-out-of-turn")
    g.apply(q("blue", "wrong"))
    rejects(g, q("green", "wrong", Attack("blue", "after", "right")), "bezzerwizzer-tile")


def test_one_bezzerwizzer_per_team_usable_once_a_round() -> None:
    g = started(3)
    g.apply(q("red", "wrong", Attack("green", "after", "wrong")))
    assert g.bezzerwizzers == {"red": 1, "blue": 1, "green": 0}
    rejects(g, q("blue", "wrong", Attack("green", "before", "right")), "bezzerwizzer-tile")
    g.apply(q("blue", "wrong", Attack("red", "before", "wrong")))
    g.apply(q("green", "wrong"))
    g.apply(deal(g, "blue", {"red": "Nature", "blue": "Design", "green": "Politics"}))
    assert g.bezzerwizzers == {"red": 1, "blue": 1, "green": 1}


def test_no_knockback_and_no_penalty_in_kompakt() -> None:
    g = started(2, target=20)
    g.positions["red"] = 18
    rejects(g, q("red", "wrong", Attack("blue", "before", "right", knockback=True)), "knockback")
    g.apply(q("red", "wrong"))
    g.apply(q("blue", "wrong", Attack("red", "before", "wrong")))
    assert g.positions == {"red": 18, "blue": 2}


def test_an_attack_on_a_missed_question_needs_the_attackers_answer() -> None:
    g = started(2)
    rejects(g, q("red", "wrong", Attack("blue", "before")), "attack-answer")


def test_played_tokens_are_set_aside_and_the_bag_refilled_when_short() -> None:
    g = game(3)
    rng = random.Random(7)
    first = g.draw_round(rng)
    g.apply(first)
    finish_round(g)
    used = first.slots["red"][0]
    fresh = sorted(g.bag().elements())
    assert used not in fresh and len(fresh) == 17
    starter = g.next_starter() or ""
    again = {"red": used, "blue": fresh[0], "green": fresh[1]}
    rejects(g, deal(g, starter, again), "token-not-in-bag")
    seen = Counter(tiles[0] for tiles in first.slots.values())
    for rnd in range(2, 7):  # six rounds of three tokens: 18 of 20 drawn, none twice
        start = g.draw_round(rng)
        seen.update(tiles[0] for tiles in start.slots.values())
        g.apply(start)
        assert g.bag() + g.tiles_in_play() == KompaktGame.tokens()
        assert sum(g.bag().values()) == 20 - 3 * rnd
        finish_round(g)
    assert max(seen.values()) == 1 and sum(g.bag().values()) == 2
    # two tokens left for three teams: every token goes back before round seven's draw
    events = g.apply(deal(g, g.next_starter() or "", again))
    assert BagRefilled(7) in events and sum(g.bag().values()) == 17
    assert g.tiles_in_play() == Counter(again.values())


def test_first_to_twenty_wins_when_nobody_else_can_reach_it() -> None:
    g = started(3)
    g.positions.update(red=18, blue=10, green=12)
    events = g.apply(q("red", "right"))
    assert g.finished and g.winner == "red" and GameWon("red") in events
    assert g.positions["red"] == 21


def test_the_round_is_played_out_while_another_team_can_still_reach_twenty() -> None:
    g = started(3)
    g.positions.update(red=18, blue=17, green=17)
    g.apply(q("red", "right"))  # red 21; blue could still make 17 + 3 + 2
    assert not g.finished and g.current() == ("blue", 1)
    g.apply(q("blue", "wrong"))  # blue can make 19 at most now, green still 20
    assert not g.finished
    events = g.apply(q("green", "wrong"))
    assert g.finished and g.winner == "red" and GameWon("red") in events


def test_the_round_stops_once_nobody_else_can_reach_twenty() -> None:
    g = started(3)
    g.positions.update(red=18, blue=17, green=15)
    g.apply(q("red", "right"))
    assert not g.finished  # green could make 15 + 3 + 2 by bezzerwizzing blue
    g.apply(q("blue", "wrong"))  # now green can make 18, blue 19: the game is decided
    assert g.finished and g.winner == "red" and g.questions_played == 2


def test_the_most_points_win_when_the_round_is_played_out() -> None:
    g = started(3)
    g.positions.update(red=18, blue=19, green=0)
    g.apply(q("red", "right"))  # red 21 first, but blue can still reach
    g.apply(q("blue", "right"))  # blue 22
    assert not g.finished, "red could still bezzerwizz green for two: 23"
    g.apply(q("green", "wrong", Attack("red", "after", "wrong")))  # the stake goes to green
    assert g.finished and g.winner == "blue"
    assert g.positions == {"red": 21, "blue": 22, "green": 1}


def test_a_tie_at_the_top_is_played_off() -> None:
    g = started(2)
    g.positions.update(red=17, blue=17)
    g.apply(q("red", "right"))
    events = g.apply(q("blue", "right"))
    assert PlayoffStarted(("red", "blue")) in events and g.expected() == "playoff"
    rejects(g, q("red", "right"), "question-out-of-turn")
    g.apply(Playoff({"red": "wrong", "blue": "wrong"}))
    g.apply(Playoff({"red": "wrong", "blue": "right"}))
    assert g.finished and g.winner == "blue"


def test_the_target_is_a_setting_with_default_twenty() -> None:
    assert KompaktSettings().track == 20 and KompaktGame(["a", "b"]).target == 20
    g = started(2, target=6)
    g.positions["red"] = 3
    g.apply(q("red", "right"))
    assert g.finished and g.winner == "red"
    assert KompaktGame(["a", "b"], Settings(track=12, home_stretch=3)).target == 12


def test_empty_the_bag_plays_until_the_bag_cannot_serve_a_round() -> None:
    g = game(3, mode="empty-bag", target=6)
    rng = random.Random(2)
    answers = {"red": "right", "blue": "right", "green": "wrong"}
    for rnd in range(1, 7):
        assert g.expected() == "round"
        g.apply(g.draw_round(rng))
        events = finish_round_with(g, answers)
        assert (RoundEnded(rnd) in events) == (rnd < 6)
    assert sum(g.bag().values()) == 2, "no refill"
    assert g.positions == {"red": 18, "blue": 18, "green": 0}, "the target does not end it"
    assert g.expected() == "playoff" and g.playoff_teams == ("red", "blue")
    g.apply(Playoff({"red": "right", "blue": "wrong"}))
    assert g.winner == "red"


def test_empty_the_bag_most_points_win() -> None:
    g = game(4, mode="empty-bag")
    rng = random.Random(1)
    for _ in range(5):  # four tokens a round: the bag is empty after five rounds
        g.apply(g.draw_round(rng))
        finish_round_with(g, {"yellow": "right"})
    assert g.finished and g.round == 5 and g.winner == "yellow"
    assert g.positions == {"red": 0, "blue": 0, "green": 0, "yellow": 15}


def test_the_header_holds_target_and_mode() -> None:
    g = game(2, target=15, mode="empty-bag")
    header = g.header()
    assert header == {
        "variant": "kompakt",
        "teams": ["red", "blue"],
        "target": 15,
        "mode": "empty-bag",
    }
    again = game_from_header(header)
    assert isinstance(again, KompaktGame) and again.target == 15 and again.mode == "empty-bag"
    assert KompaktGame.settings_from_header({"teams": ["a", "b"]}) == KompaktSettings()
    for bad in ({"mode": "sprint"}, {"target": "twenty"}):
        with pytest.raises(ValueError):
            KompaktGame.settings_from_header(bad)
    with pytest.raises(IllegalAction):
        KompaktGame(["a", "b"], KompaktSettings(mode="sprint"))


def test_kompakt_notation_round_and_blind_zwap() -> None:
    line = {"round": {"starter": "red", "tokens": {"red": "Music", "blue": "Film"}}}
    action = KompaktGame.decode_action(line)
    assert action == StartRound("red", {"red": ("Music",), "blue": ("Film",)})
    assert KompaktGame.encode_action(action) == line
    zwap = {"zwap": {"team": "red", "with": "blue"}}
    assert KompaktGame.decode_action(zwap) == Zwap("red", ("red", 1), ("blue", 1))
    assert KompaktGame.encode_action(Zwap("red", ("red", 1), ("blue", 1))) == zwap
    for bad in (
        {"round": {"starter": "red", "tokens": {"red": ["Music"]}}},
        {"zwap": {"team": "red"}},
        {"round": {}, "zwap": {}},
    ):
        with pytest.raises(ValueError):
            KompaktGame.decode_action(bad)


@settings(max_examples=60, deadline=None)
@given(
    st.integers(2, 4),
    st.sampled_from(["race", "empty-bag"]),
    st.integers(0, 10**6),
    st.floats(0.2, 0.9),
)
def test_random_kompakt_games_keep_the_bag_and_never_take_points(
    teams: int, mode: str, seed: int, skill: float
) -> None:
    g = game(teams, target=20, mode=mode)
    rng = random.Random(seed)
    answered: Counter[str] = Counter()
    while not g.finished:
        before = dict(g.positions)
        action = sample_action(g, rng, skill)
        if isinstance(action, StartRound):
            answered.clear()
        if isinstance(action, Question):
            answered[action.team] += 1
        g.apply(action)
        assert g.bag() + g.tiles_in_play() == KompaktGame.tokens(), "tokens are conserved"
        assert all(g.positions[t] >= before[t] for t in g.teams), "nobody loses points"
        assert max(answered.values(), default=0) <= 1, "one question per team per round"
    assert g.winner is not None
    assert g.positions[g.winner] == max(g.positions.values())
    if mode == "empty-bag":
        assert g.round == 20 // teams
    else:
        assert g.positions[g.winner] >= 20

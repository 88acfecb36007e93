"""One test per rule of the standard game (rulebook standard.txt and the decisions README)."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from tests.helpers.rules import BLUE, RED, game, play_through, q, round_action, started
from voicemaster.rules import Attack, IllegalAction, Playoff, Settings, StartRound, Zwap
from voicemaster.rules.events import GameWon, Moved, PlayoffStarted, RoundEnded
from voicemaster.rules.standard import StandardGame


def test_two_to_four_teams() -> None:
    for n in (2, 3, 4):
        assert len(game(n).teams) == n
    for names in (["red"], ["a", "b", "c", "d", "e"]):
        with pytest.raises(IllegalAction) as err:
            StandardGame(names)
        assert err.value.rule == "team-count"


def test_each_team_draws_four_tiles_from_the_bag_of_twenty() -> None:
    g = game(4)
    start = g.draw_round(random.Random(1))
    drawn = [c for tiles in start.slots.values() for c in tiles]
    assert all(len(tiles) == 4 for tiles in start.slots.values())
    assert len(drawn) == len(set(drawn)) == 16
    assert set(drawn) <= set(StandardGame.categories)
    assert len(StandardGame.categories) == 20


def test_a_duplicate_tile_in_a_round_is_illegal() -> None:
    g = game(2)
    with pytest.raises(IllegalAction) as err:
        g.apply(StartRound("red", {"red": RED, "blue": ("Music", "Design", "Nature", "Politics")}))
    assert err.value.rule == "duplicate-tile"


def test_questions_go_slot_by_slot_from_the_starting_team_clockwise() -> None:
    g = started(3, starter="blue")
    seen = []
    while g.expected() == "question":
        seen.append(g.current())
        g.apply(q(g.current()[0], "wrong"))
    order = ["blue", "green", "red"]
    assert seen == [(team, slot) for slot in range(1, 5) for team in order]


def test_the_starting_team_moves_one_seat_clockwise_each_round() -> None:
    g = started(3, starter="green")
    play_through(g)
    assert g.next_starter() == "red"
    with pytest.raises(IllegalAction) as err:
        g.apply(round_action(g, "blue"))
    assert err.value.rule == "starting-team"
    g.apply(round_action(g, "red"))
    assert g.round == 2 and g.order[0] == "red"


def test_tiles_return_to_the_bag_after_every_round() -> None:
    g = started(3)
    assert sum(g.bag().values()) == 20 - 12
    events = []
    while g.expected() == "question":
        events += g.apply(q(g.current()[0], "wrong"))
    assert isinstance(events[-1], RoundEnded)
    assert g.bag() == Counter(StandardGame.categories)
    g.apply(round_action(g, "blue"))  # the same tiles may be drawn again


def test_a_right_answer_moves_the_team_by_the_slot_points() -> None:
    g = started(2)
    for slot in range(1, 5):
        for team in ("red", "blue"):
            before = g.positions[team]
            g.apply(q(team, "right" if team == "red" else "wrong"))
            assert g.positions[team] == before + (slot if team == "red" else 0)
    assert g.positions == {"red": 10, "blue": 0}


@pytest.mark.parametrize("answer", ["wrong", "pass"])
def test_a_wrong_answer_or_a_pass_does_not_move(answer: str) -> None:
    g = started(2)
    g.apply(q("red", answer))
    assert g.positions["red"] == 0


def test_the_tile_closes_whether_the_answer_was_right_or_wrong() -> None:
    g = started(2)
    g.apply(q("red", "right"))
    g.apply(q("blue", "wrong"))
    assert not g.is_open("red", 1) and not g.is_open("blue", 1)
    assert g.is_open("red", 2) and g.is_open("blue", 4)


def test_two_bezzerwizzers_per_team_per_round() -> None:
    g = started(3)
    g.apply(q("red", "right", Attack("green", "before")))
    g.apply(q("blue", "right", Attack("green", "after")))
    assert g.bezzerwizzers["green"] == 0
    g.apply(q("green", "right"))
    with pytest.raises(IllegalAction) as err:
        g.apply(q("red", "wrong", Attack("green", "before", "right")))
    assert err.value.rule == "bezzerwizzer-tile"
    assert g.current() == ("red", 2)


def test_a_team_never_attacks_its_own_question() -> None:
    g = started(2)
    with pytest.raises(IllegalAction) as err:
        g.apply(q("red", "wrong", Attack("red", "before", "right")))
    assert err.value.rule == "attack-own-question"


def test_attack_before_the_reading_scores_three() -> None:
    g = started(2)
    g.apply(q("red", "wrong", Attack("blue", "before", "right")))
    assert g.positions == {"red": 0, "blue": 3}


def test_attack_after_the_reading_scores_one() -> None:
    g = started(2)
    g.apply(q("red", "pass", Attack("blue", "after", "right")))
    assert g.positions == {"red": 0, "blue": 1}


def test_defender_right_attacker_gains_nothing_and_its_tile_is_spent() -> None:
    g = started(2)
    g.apply(q("red", "right", Attack("blue", "before", "right")))
    assert g.positions == {"red": 1, "blue": 0}
    assert g.bezzerwizzers["blue"] == 1


@pytest.mark.parametrize("answer", ["wrong", "pass"])
def test_attacker_wrong_loses_one_but_never_below_the_start(answer: str) -> None:
    g = started(2)
    g.positions["blue"] = 2
    g.apply(q("red", "wrong", Attack("blue", "before", answer)))
    assert g.positions["blue"] == 1
    g.apply(q("blue", "wrong"))
    g.apply(q("red", "wrong", Attack("blue", "after", answer)))
    assert g.positions["blue"] == 0
    g.apply(q("blue", "wrong"))
    g.bezzerwizzers["blue"] = 1
    g.apply(q("red", "wrong", Attack("blue", "after", answer)))
    assert g.positions["blue"] == 0


def test_knockback_moves_the_defender_in_the_home_stretch_back() -> None:
    g = started(2, track=30, home=5)
    g.positions["red"] = 26  # home stretch: 25..29
    events = g.apply(q("red", "wrong", Attack("blue", "before", "right", knockback=True)))
    assert g.positions == {"red": 23, "blue": 0}
    assert Moved("red", 26, 23, "knockback") in events
    g.positions["blue"] = 29
    g.apply(q("blue", "wrong", Attack("red", "after", "right", knockback=True)))
    assert g.positions["blue"] == 28


def test_knockback_outside_the_home_stretch_is_illegal() -> None:
    g = started(2, track=30, home=5)
    g.positions["red"] = 24
    with pytest.raises(IllegalAction) as err:
        g.apply(q("red", "wrong", Attack("blue", "before", "right", knockback=True)))
    assert err.value.rule == "knockback-home-stretch"


def test_knockback_needs_an_attacker_who_scores() -> None:
    g = started(2)
    g.positions["red"] = 27
    with pytest.raises(IllegalAction) as err:
        g.apply(q("red", "wrong", Attack("blue", "before", "wrong", knockback=True)))
    assert err.value.rule == "knockback"


def test_zwap_only_in_the_teams_own_turn_before_its_question() -> None:
    g = started(3)
    with pytest.raises(IllegalAction) as err:
        g.apply(Zwap("blue", ("blue", 2), ("red", 3)))
    assert err.value.rule == "zwap-own-turn"
    g.apply(Zwap("red", ("red", 1), ("blue", 3)))
    assert g.slots["red"][0] == "Nature" and g.slots["blue"][2] == "Music"


@pytest.mark.parametrize(
    ("first", "second"),
    [(("red", 1), ("blue", 2)), (("blue", 2), ("green", 4)), (("red", 1), ("red", 4))],
    ids=["own-with-opponent", "two-opponents", "reorder-own"],
)
def test_zwap_swaps_any_two_open_tiles(first: tuple[str, int], second: tuple[str, int]) -> None:
    g = started(3)
    a, b = g.category_at(*first), g.category_at(*second)
    g.apply(Zwap("red", first, second))
    assert (g.category_at(*first), g.category_at(*second)) == (b, a)


def test_zwap_cannot_swap_a_closed_tile() -> None:
    g = started(2)
    g.apply(q("red", "wrong"))
    g.apply(q("blue", "wrong"))
    with pytest.raises(IllegalAction) as err:
        g.apply(Zwap("red", ("red", 1), ("blue", 3)))
    assert err.value.rule == "zwap-closed-tile"
    g.apply(q("red", "wrong"))
    with pytest.raises(IllegalAction) as err:
        g.apply(Zwap("blue", ("red", 2), ("blue", 3)))
    assert err.value.rule == "zwap-closed-tile"


def test_one_zwap_per_team_per_round() -> None:
    g = started(2)
    g.apply(Zwap("red", ("red", 1), ("red", 2)))
    with pytest.raises(IllegalAction) as err:
        g.apply(Zwap("red", ("red", 1), ("red", 2)))
    assert err.value.rule == "zwap-tile"


def test_tactical_tiles_come_back_at_the_start_of_every_round() -> None:
    g = started(2)
    g.apply(Zwap("red", ("red", 1), ("blue", 4)))
    g.apply(q("red", "right", Attack("blue", "before")))
    g.apply(q("blue", "right", Attack("red", "after")))
    play_through(g)
    g.apply(round_action(g, "blue"))
    assert g.zwaps == {"red": 1, "blue": 1}
    assert g.bezzerwizzers == {"red": 2, "blue": 2}


def test_positions_never_pass_the_finish() -> None:
    g = started(2, track=10, home=3)
    g.positions["red"] = 9
    g.apply(q("red", "right"))  # slot 1
    assert g.positions["red"] == 10


def test_reaching_the_finish_ends_the_game_after_the_current_slot() -> None:
    g = started(3, track=10, home=3)
    g.positions["blue"] = 9
    g.apply(q("red", "wrong"))
    g.apply(q("blue", "right"))
    assert not g.finished and g.current() == ("green", 1)
    events = g.apply(q("green", "wrong"))
    assert g.finished and g.winner == "blue"
    assert GameWon("blue") in events
    with pytest.raises(IllegalAction) as err:
        g.apply(q("red", "right"))
    assert err.value.rule == "game-over"


def test_a_team_that_reached_the_finish_and_lost_a_point_has_still_reached_it() -> None:
    g = started(3, track=10, home=3)
    g.positions["red"] = 9
    g.apply(q("red", "right"))  # slot 1: red reaches the finish ...
    assert g.positions["red"] == 10 and not g.finished
    g.apply(q("blue", "wrong", Attack("red", "before", "wrong")))  # ... and misses an attack
    assert g.positions["red"] == 9
    events = g.apply(q("green", "wrong"))
    assert g.finished and g.winner == "red" and GameWon("red") in events
    assert g.positions == {"red": 9, "blue": 0, "green": 0}


def test_a_team_that_left_the_finish_plays_off_with_one_standing_on_it() -> None:
    g = started(3, track=10, home=3)
    g.positions.update(red=9, green=9)
    g.apply(q("red", "right"))
    g.apply(q("blue", "wrong", Attack("red", "after", "pass")))
    events = g.apply(q("green", "right"))
    assert g.positions == {"red": 9, "blue": 0, "green": 10}
    assert PlayoffStarted(("red", "green")) in events and g.playoff_teams == ("red", "green")


def test_the_finish_is_safe_from_knockback() -> None:
    g = started(3, track=10, home=3)  # home stretch: 7..9
    g.positions["green"] = 9
    g.apply(q("red", "wrong", Attack("green", "after", "right")))  # green reaches 10
    g.apply(q("blue", "wrong"))
    before = g.snapshot()
    with pytest.raises(IllegalAction) as err:  # green's own question, green on the finish
        g.apply(q("green", "wrong", Attack("red", "before", "right", knockback=True)))
    assert err.value.rule == "knockback-home-stretch"
    assert g.snapshot() == before and g.positions["green"] == 10


def test_a_team_knocked_back_after_leaving_the_finish_has_still_reached_it() -> None:
    g = started(3, track=10, home=3)  # home stretch: 7..9
    g.positions.update(red=9, green=7)
    g.apply(q("red", "wrong", Attack("green", "before", "right")))  # green reaches 10
    g.apply(q("blue", "wrong", Attack("green", "after", "wrong")))  # and falls back to 9
    assert g.positions["green"] == 9 and g.in_home_stretch("green") and not g.finished
    g.apply(q("green", "wrong", Attack("red", "before", "right", knockback=True)))
    assert g.positions == {"red": 9, "blue": 0, "green": 6}
    assert g.finished and g.winner == "green"


def test_several_teams_at_the_finish_play_off() -> None:
    g = started(3, track=10, home=3)
    g.positions.update(red=9, green=8)
    g.apply(q("red", "right"))
    g.apply(q("blue", "wrong", Attack("green", "before", "right")))
    events = g.apply(q("green", "wrong"))
    assert PlayoffStarted(("red", "green")) in events
    assert g.expected() == "playoff" and not g.finished
    with pytest.raises(IllegalAction) as err:
        g.apply(Playoff({"red": "right", "blue": "wrong"}))
    assert err.value.rule == "playoff-teams"


def test_playoff_all_right_or_all_wrong_plays_again_then_last_right_team_wins() -> None:
    g = started(3, track=10, home=3)
    g.positions.update(red=9, blue=9, green=9)
    for team in ("red", "blue", "green"):
        g.apply(q(team, "right"))
    assert g.playoff_teams == ("red", "blue", "green")
    g.apply(Playoff({"red": "right", "blue": "right", "green": "right"}))
    g.apply(Playoff({"red": "wrong", "blue": "pass", "green": "wrong"}))
    assert g.playoff_teams == ("red", "blue", "green")
    g.apply(Playoff({"red": "right", "blue": "right", "green": "wrong"}))
    assert g.playoff_teams == ("red", "blue") and not g.finished
    g.apply(Playoff({"red": "wrong", "blue": "right"}))
    assert g.finished and g.winner == "blue"


def test_track_and_home_stretch_are_settings_with_defaults() -> None:
    assert Settings() == Settings(track=30, home_stretch=5)
    g = game(2, track=20, home=4)
    g.apply(round_action(g, "red"))
    g.positions["red"] = 16
    assert g.in_home_stretch("red")
    g.positions["red"] = 15
    assert not g.in_home_stretch("red")
    with pytest.raises(IllegalAction):
        StandardGame(["a", "b"], Settings(track=5, home_stretch=5))


def test_a_question_out_of_turn_is_illegal() -> None:
    g = started(3)
    with pytest.raises(IllegalAction) as err:
        g.apply(q("blue", "right"))
    assert err.value.rule == "question-out-of-turn"
    g2 = game(2)
    with pytest.raises(IllegalAction) as err:
        g2.apply(q("red", "right"))
    assert err.value.rule == "question-out-of-turn"


def test_an_attack_on_a_wrong_answer_needs_the_attackers_answer() -> None:
    g = started(2)
    with pytest.raises(IllegalAction) as err:
        g.apply(q("red", "wrong", Attack("blue", "before")))
    assert err.value.rule == "attack-answer"


def test_one_attack_per_question_is_all_a_question_can_hold() -> None:
    # The first caller attacks; the record has room for exactly one attacker per question.
    g = started(3)
    g.apply(q("red", "wrong", Attack("blue", "before", "right")))
    assert g.positions["blue"] == 3 and g.bezzerwizzers["green"] == 2


def test_round_start_while_a_round_runs_is_illegal() -> None:
    g = started(2)
    with pytest.raises(IllegalAction) as err:
        g.apply(round_action(g, "red"))
    assert err.value.rule == "round-in-progress"


def test_every_team_must_draw_exactly_four_known_tiles() -> None:
    g = game(2)
    bad = [
        StartRound("red", {"red": RED}),
        StartRound("red", {"red": RED, "blue": BLUE[:3]}),
        StartRound("red", {"red": RED, "blue": ("Science", "Design", "Nature", "Cooking")}),
        StartRound("purple", {"red": RED, "blue": BLUE}),
    ]
    rules = []
    for action in bad:
        with pytest.raises(IllegalAction) as err:
            g.apply(action)
        rules.append(err.value.rule)
    assert rules == ["round-teams", "four-tiles", "unknown-category", "unknown-team"]

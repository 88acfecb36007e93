"""One test per rule of Bezzerwizzer Familie (rulebook familie.txt and the decisions README)."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from voicemaster.records import game_from_header
from voicemaster.rules import Attack, IllegalAction, Playoff, Question, StartRound, Zwap
from voicemaster.rules.actions import Action
from voicemaster.rules.events import GameWon, Moved, PlayoffStarted
from voicemaster.rules.familie import FamilieGame, FamilieSettings, Options, options_for
from voicemaster.rules.familie.categories import FAMILIE

RED = ("Music", "Music", "Sport", "History")  # the same category twice: legal in familie
BLUE = ("Geography", "Language", "Society", "Leisure")
GREEN = ("Film & TV", "Nature & Science", "Literature & Art", "Sport")


def game(teams: int = 3, track: int = 30, home: int = 5, **kinds: str) -> FamilieGame:
    names = ("red", "blue", "green", "yellow")[:teams]
    return FamilieGame(names, FamilieSettings(track, home, kinds))


def started(teams: int = 3, starter: str = "red", **kw: int) -> FamilieGame:
    g = game(teams, **kw)  # type: ignore[arg-type]
    g.apply(StartRound(starter, dict(zip(g.teams, (RED, BLUE, GREEN), strict=False))))
    return g


def q(team: str, answer: str = "right", attack: Attack | None = None) -> Question:
    return Question(team, answer, attack)  # type: ignore[arg-type]


def rejects(g: FamilieGame, action: Action, rule: str) -> None:
    before = g.snapshot()
    with pytest.raises(IllegalAction) as err:
        g.apply(action)
    assert err.value.rule == rule
    assert g.snapshot() == before


def play_slot(g: FamilieGame, answers: dict[str, str]) -> list[object]:
    events: list[object] = []
    for _ in g.teams:
        team, _slot = g.current()
        events += g.apply(q(team, answers.get(team, "wrong")))
    return events


def test_ten_categories_with_two_tokens_each_in_the_bag() -> None:
    assert FamilieGame.categories == FAMILIE and len(FAMILIE) == 10
    assert FamilieGame.tokens() == Counter({c: 2 for c in FAMILIE})
    assert sum(FamilieGame.tokens().values()) == 20


def test_a_team_may_draw_the_same_category_twice() -> None:
    g = started(2)
    assert g.slots["red"][:2] == ["Music", "Music"]
    doubles = 0
    for seed in range(40):
        start = game(4).draw_round(random.Random(seed))
        drawn = Counter(c for tiles in start.slots.values() for c in tiles)
        assert max(drawn.values()) <= 2 and sum(drawn.values()) == 16
        doubles += any(len(set(tiles)) < 4 for tiles in start.slots.values())
    assert doubles > 0, "some team should hold a category twice in 40 draws"


def test_no_category_more_than_twice_in_a_round() -> None:
    g = game(2)
    third = StartRound("red", {"red": RED, "blue": ("Music", "Language", "Society", "Leisure")})
    rejects(g, third, "duplicate-tile")


def test_standard_categories_are_not_familie_tokens() -> None:
    g = game(2)
    rules = StartRound("red", {"red": RED, "blue": ("Design", "Language", "Society", "Leisure")})
    rejects(g, rules, "unknown-category")


def test_houses_of_four_slots_worth_one_to_four() -> None:
    g = started(2)
    for slot in range(1, 5):
        assert g.current() == ("red", slot)
        g.apply(q("red", "right"))
        g.apply(q("blue", "wrong"))
    assert g.positions == {"red": 10, "blue": 0}


def test_the_starting_team_is_drawn_by_lot_then_moves_clockwise() -> None:
    starters = {game(3).draw_round(random.Random(seed)).starter for seed in range(30)}
    assert starters == {"red", "blue", "green"}
    g = started(3, starter="green")
    while g.expected() == "question":
        g.apply(q(g.current()[0], "wrong"))
    assert g.next_starter() == "red"
    rejects(
        g, StartRound("blue", dict(zip(g.teams, (RED, BLUE, GREEN), strict=True))), "starting-team"
    )


def test_every_team_is_a_childrens_or_an_adults_team() -> None:
    g = game(3, red="child", blue="adult")
    assert g.kinds == {"red": "child", "blue": "adult", "green": "adult"}
    for kinds in ({"red": "teen"}, {"purple": "child"}):
        with pytest.raises(IllegalAction) as err:
            FamilieGame(["red", "blue"], FamilieSettings(kinds=kinds))
        assert err.value.rule == "kinds"


def test_the_header_declares_the_kinds_and_replays_them() -> None:
    g = game(2, red="child", blue="adult")
    header = g.header()
    assert header["kinds"] == {"red": "child", "blue": "adult"}
    again = game_from_header(header)
    assert isinstance(again, FamilieGame) and again.kinds == g.kinds
    for bad in ({"red": 1}, ["red"]):
        with pytest.raises(ValueError):
            FamilieGame.settings_from_header({**header, "kinds": bad})


@pytest.mark.parametrize(
    ("defender", "attacker", "expected"),
    [
        ("child", "child", Options(defender=True, attacker=True)),
        ("child", "adult", Options(defender=True, attacker=False, answers_first="attacker")),
        ("adult", "child", Options(defender=False, attacker=True, answers_first="defender")),
        ("adult", "adult", Options(defender=False, attacker=False)),
        ("child", None, Options(defender=True, attacker=False)),
        ("adult", None, Options(defender=False, attacker=False)),
    ],
    ids=["child-child", "child-adult", "adult-child", "adult-adult", "child-alone", "adult-alone"],
)
def test_who_hears_the_answer_options_follows_the_table(
    defender: str, attacker: str | None, expected: Options
) -> None:
    assert options_for(defender, attacker) == expected
    assert expected.read == (expected.defender or expected.attacker)


def test_adults_attacking_children_commit_their_answer_before_the_options() -> None:
    plan = options_for("child", "adult")
    assert plan.answers_first == "attacker" and not plan.attacker and plan.defender
    g = game(2, red="child", blue="adult")
    assert g.options("red", "blue") == plan
    assert g.options("blue", "red").answers_first == "defender"
    with pytest.raises(ValueError):
        options_for("child", "grown-up")
    with pytest.raises(IllegalAction):
        g.options("purple")


def test_bezzerwizzer_before_scores_three_after_one_a_miss_costs_one() -> None:
    g = started(3)
    g.apply(q("red", "wrong", Attack("blue", "before", "right")))
    g.apply(q("blue", "pass", Attack("green", "after", "right")))
    g.apply(q("green", "wrong", Attack("blue", "after", "wrong")))
    assert g.positions == {"red": 0, "blue": 2, "green": 1}


def test_a_team_on_the_start_field_cannot_lose_points() -> None:
    g = started(2)
    g.apply(q("red", "wrong", Attack("blue", "before", "pass")))
    assert g.positions["blue"] == 0


def test_defender_right_the_attacker_gets_nothing_and_loses_its_bezzerwizzer() -> None:
    g = started(2)
    g.apply(q("red", "right", Attack("blue", "before")))
    assert g.positions == {"red": 1, "blue": 0} and g.bezzerwizzers["blue"] == 1


def test_two_bezzerwizzers_and_one_zwap_per_team_back_each_round() -> None:
    g = started(2)
    g.apply(Zwap("red", ("red", 1), ("blue", 1)))
    rejects(g, Zwap("red", ("red", 2), ("blue", 2)), "zwap-tile")
    g.apply(q("red", "right", Attack("blue", "before")))
    g.apply(q("blue", "right"))
    g.apply(q("red", "right", Attack("blue", "after")))
    g.apply(q("blue", "wrong"))
    assert g.bezzerwizzers == {"red": 2, "blue": 0}
    rejects(g, q("red", "wrong", Attack("blue", "before", "right")), "bezzerwizzer-tile")
    while g.expected() == "question":
        g.apply(q(g.current()[0], "wrong"))
    g.apply(StartRound("blue", {"red": BLUE, "blue": RED}))
    assert g.bezzerwizzers == {"red": 2, "blue": 2} and g.zwaps == {"red": 1, "blue": 1}


def test_zwap_only_in_the_teams_own_turn_before_its_question() -> None:
    g = started(3)
    rejects(g, Zwap("blue", ("blue", 2), ("red", 3)), "zwap-own-turn")
    g.apply(q("red", "wrong"))
    rejects(g, Zwap("red", ("red", 2), ("blue", 3)), "zwap-own-turn")


def test_zwap_swaps_two_open_tokens_anywhere_even_the_same_category() -> None:
    g = started(3)
    g.apply(Zwap("red", ("red", 3), ("green", 2)))
    assert g.category_at("red", 3) == "Nature & Science" and g.category_at("green", 2) == "Sport"
    g2 = started(2)
    g2.apply(Zwap("red", ("red", 1), ("red", 2)))  # two Music tokens: allowed, changes nothing
    assert g2.slots["red"] == list(RED) and g2.zwaps["red"] == 0


def test_a_closed_token_cannot_be_zwapped() -> None:
    g = started(2)
    g.apply(q("red", "wrong"))
    g.apply(q("blue", "wrong"))
    rejects(g, Zwap("red", ("red", 2), ("blue", 1)), "zwap-closed-tile")


def test_knockback_in_the_finish_area_moves_the_defender_back() -> None:
    g = started(2, track=20, home=4)  # finish area: 16..19
    g.positions["red"] = 17
    events = g.apply(q("red", "wrong", Attack("blue", "before", "right", knockback=True)))
    assert g.positions == {"red": 14, "blue": 0}
    assert Moved("red", 17, 14, "knockback") in events
    g.positions["blue"] = 15
    rejects(
        g,
        q("blue", "wrong", Attack("red", "before", "right", knockback=True)),
        "knockback-home-stretch",
    )


def test_the_game_is_decided_when_every_team_has_had_the_same_number_of_questions() -> None:
    g = started(3, track=10, home=3)
    g.positions["red"] = 9
    g.apply(q("red", "right"))
    assert not g.finished
    g.apply(q("blue", "right"))
    events = g.apply(q("green", "right"))
    assert g.finished and g.winner == "red" and GameWon("red") in events
    assert g.positions == {"red": 10, "blue": 1, "green": 1}


def test_several_at_the_finish_play_off_from_a_full_bag() -> None:
    g = started(3, track=10, home=3)
    g.positions.update(red=9, blue=9, green=9)
    events = play_slot(g, {"red": "right", "blue": "right", "green": "right"})
    assert PlayoffStarted(("red", "blue", "green")) in events and g.slots["red"][0] == "Music"
    picks = [g.draw_playoff(random.Random(s)) for s in range(50)]
    assert all(set(p) == {"red", "blue", "green"} for p in picks)
    assert all(set(p.values()) <= set(FAMILIE) for p in picks)
    assert any(len(set(p.values())) < 3 for p in picks), "two tokens a category: repeats happen"
    g.apply(Playoff({"red": "right", "blue": "right", "green": "right"}))
    g.apply(Playoff({"red": "wrong", "blue": "wrong", "green": "pass"}))
    assert g.playoff_teams == ("red", "blue", "green")
    g.apply(Playoff({"red": "wrong", "blue": "right", "green": "right"}))
    assert g.playoff_teams == ("blue", "green") and not g.finished
    g.apply(Playoff({"blue": "right", "green": "wrong"}))
    assert g.finished and g.winner == "blue"


def test_familie_is_found_in_the_registry() -> None:
    from voicemaster.rules import find_variant

    assert find_variant("Familie") is FamilieGame

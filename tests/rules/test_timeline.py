"""Bezzerwizzer Timeline: one test per rule, golden records, illegal records.

Golden expectations were computed by hand from the rules (tests/golden/timeline/):
- two-rounds: red 1 (rome, turn 1) +3 (pawn on columbus) +2 (magna carta) +4 (titanic) = 10;
  blue -1 at 0 stays 0, +2 (waterloo) +3 (pawn on the euro) +3 (ww1) +4 (berlin wall) = 12.
  The 9-card line thins to pyramid, bastille, titanic, moon.  Round two: red +1 +3 +2 -1 +3
  = 18 (sputnik wrong); blue +2 +3 (lindbergh) +3 (pawn on sputnik) +4 (iphone) = 24: blue wins.
- lap-win (track 5): red 1 + 3 + 2 = 6, stops at 5 and wins at once in turn two.
- lap-tie (track 3): a 1900 card placed before 1890 is wrong; pawns on the gaps either side of
  the first 1900 are both right (+3 each): blue and green lap together.  The first tie-break
  both miss (both stay), in the second blue is right and green wrong: blue wins.
"""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from voicemaster.cli import main
from voicemaster.records import parse_lines
from voicemaster.rules import IllegalAction, Settings, find_variant
from voicemaster.rules.events import GameWon, Moved, RoundEnded
from voicemaster.rules.timeline.game import TimelineGame
from voicemaster.rules.timeline.line import fits, right_gaps, thin
from voicemaster.rules.timeline.state import LAP, PAWNS, TimelineSettings
from voicemaster.rules.timeline.types import (
    CardPlaced,
    Deal,
    LineThinned,
    Pawn,
    PawnResolved,
    Place,
    Tiebreak,
    TiebreakPlayed,
    TiebreakStarted,
    TimelineCard,
    ZwapCards,
)

GOLDEN = Path(__file__).resolve().parents[1] / "golden" / "timeline"
RECORDS = sorted(GOLDEN.glob("*.jsonl"))
ILLEGAL = GOLDEN / "illegal"
ILLEGAL_EXPECTED: dict[str, list[object]] = json.loads((ILLEGAL / "expected.json").read_text())

C = TimelineCard
LINE = (C("pyramid", -2560), C("hastings", 1066), C("bastille", 1789), C("moon", 1969))
RED = (C("rome", -753), C("magna", 1215), C("titanic", 1912), C("wall", 1989))
BLUE = (C("columbus", 1492), C("waterloo", 1815), C("ww1", 1914), C("euro", 2002))
GREEN = (C("caesar", -44), C("plague", 1347), C("lindbergh", 1927), C("iphone", 2007))


def started(teams: int = 2, **settings: int) -> TimelineGame:
    names = ("red", "blue", "green")[:teams]
    game = TimelineGame(names, TimelineSettings(**settings))
    game.apply(Deal(LINE, dict(zip(names, (RED, BLUE, GREEN), strict=False))))
    return game


def fresh_hands(game: TimelineGame, tag: str) -> dict[str, tuple[TimelineCard, ...]]:
    return {t: tuple(C(f"{tag}-{t}-{i}", 1500 + i) for i in range(4)) for t in game.teams}


def place_wrong_until(game: TimelineGame, phase: str) -> None:
    """Every player puts its first card in a wrong gap (or any gap) until ``phase``."""
    while game.phase == "place":
        team, _ = game.current()
        card = game.hands[team][0]
        wrong = [g for g in range(1, len(game.line) + 2) if not fits(game.line, card, g)]
        game.apply(Place(team, card.id, (wrong or [1])[0]))
        if game.phase == phase:
            return


# --- golden records -------------------------------------------------------------------------
@pytest.mark.parametrize("path", RECORDS, ids=lambda p: p.stem)
def test_golden_records_replay_to_their_hand_computed_state(
    path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["replay", str(path)]) == 0
    last = capsys.readouterr().out.strip().splitlines()[-1]
    assert json.loads(last) == json.loads(path.with_suffix(".expected.json").read_text())


@pytest.mark.parametrize("path", RECORDS, ids=lambda p: p.stem)
def test_every_truncation_of_a_golden_record_replays(path: Path) -> None:
    lines = path.read_text().splitlines(keepends=True)
    for n in range(1, len(lines) + 1):
        assert len(parse_lines(lines[:n]).actions) == n - 1


@pytest.mark.parametrize("name", sorted(ILLEGAL_EXPECTED), ids=str)
def test_illegal_records_exit_2_naming_file_line_and_rule(
    name: str, capsys: pytest.CaptureFixture[str]
) -> None:
    line, reason = ILLEGAL_EXPECTED[name]
    path = ILLEGAL / name
    assert main(["replay", str(path)]) == 2
    err = capsys.readouterr().err.strip()
    assert err.startswith(f"{path}:{line}: "), err
    assert str(reason) in err and "Traceback" not in err


# --- set-up and settings --------------------------------------------------------------------
def test_settings_defaults_a_lap_of_30_and_two_pawns() -> None:
    game = TimelineGame(["red", "blue"])
    assert (game.settings.track, game.pawn_count) == (LAP, PAWNS) == (30, 2)
    header = game.header()
    assert header == {"variant": "timeline", "teams": ["red", "blue"], "track": 30, "pawns": 2}
    again = TimelineGame.settings_from_header({"track": 12, "pawns": 1})
    assert isinstance(again, TimelineSettings) and (again.track, again.pawns) == (12, 1)
    with pytest.raises(ValueError):
        TimelineGame.settings_from_header({"pawns": "two"})
    assert find_variant("Timeline") is TimelineGame


def test_players_are_two_to_four_teams() -> None:
    for names in (["red"], ["a", "b", "c", "d", "e"], ["red", "red"]):
        with pytest.raises(IllegalAction):
            TimelineGame(names)


def test_deal_lays_four_cards_in_order_and_four_per_player() -> None:
    game = started()
    assert game.line == list(LINE) and game.hands["red"] == list(RED)
    assert game.current() == ("red", 1)
    other = TimelineGame(["red", "blue"])
    for line, hands, rule in (
        (LINE[:3], {"red": RED, "blue": BLUE}, "line-four-cards"),
        (LINE[::-1], {"red": RED, "blue": BLUE}, "line-order"),
        (LINE, {"red": RED, "blue": BLUE[:3]}, "four-cards"),
        (LINE, {"red": RED}, "deal-teams"),
        (LINE, {"red": RED, "blue": RED}, "card-dealt-twice"),
    ):
        with pytest.raises(IllegalAction) as err:
            other.apply(Deal(line, hands))
        assert err.value.rule == rule


def test_draw_deal_takes_cards_from_the_pool_by_the_injected_rng() -> None:
    pool = [C(f"c{i}", 1000 + i) for i in range(40)]
    game = TimelineGame(["red", "blue"])
    deal = game.draw_deal(random.Random(3), pool)
    assert deal == TimelineGame(["red", "blue"]).draw_deal(random.Random(3), pool)
    assert [c.year for c in deal.line] == sorted(c.year for c in deal.line)
    game.apply(deal)
    place_wrong_until(game, "deal")
    second = game.draw_deal(random.Random(4), pool)
    assert second.line == () and not {c.id for h in second.hands.values() for c in h} & game.dealt
    with pytest.raises(IllegalAction) as err:
        game.draw_deal(random.Random(4), pool[:10])
    assert err.value.rule == "deck-empty"


# --- placing --------------------------------------------------------------------------------
def test_gaps_are_numbered_from_before_the_first_card() -> None:
    assert right_gaps(LINE, C("rome", -753)) == [2]
    assert right_gaps(LINE, C("old", -3000)) == [1]
    assert right_gaps(LINE, C("new", 2020)) == [5]
    game = started()
    with pytest.raises(IllegalAction) as err:
        game.apply(Place("red", "rome", 6))
    assert err.value.rule == "gap-number"


def test_right_placement_keeps_the_card_and_scores_the_wheel() -> None:
    game = started()
    events = game.apply(Place("red", "rome", 2))
    assert CardPlaced("red", C("rome", -753), 2, True, 1) in events
    assert game.line[1].id == "rome" and game.positions["red"] == 1
    assert [c.id for c in game.hands["red"]] == ["magna", "titanic", "wall"]


def test_wrong_placement_removes_the_card_from_the_game() -> None:
    game = started()
    events = game.apply(Place("red", "rome", 4))
    assert not any(isinstance(e, Moved) for e in events)
    assert game.line == list(LINE) and game.positions["red"] == 0
    assert all(c.id != "rome" for hand in game.hands.values() for c in hand)


def test_equal_years_fit_on_either_side() -> None:
    line = (C("a", 1890), C("b", 1900), C("c", 1910))
    assert right_gaps(line, C("d", 1900)) == [2, 3]


def test_the_wheel_makes_the_four_turns_worth_one_two_three_four() -> None:
    game = started()
    worth = []
    while game.phase == "place":
        team, points = game.current()
        worth.append(points)
        card = game.hands[team][0]
        game.apply(Place(team, card.id, right_gaps(game.line, card)[0]))
    assert worth == [1, 1, 2, 2, 3, 3, 4, 4]
    assert game.positions == {"red": 10, "blue": 10}


def test_every_player_places_once_per_turn_in_seat_order() -> None:
    game = started(3)
    seen = []
    for _ in range(6):
        team, _ = game.current()
        seen.append(team)
        with pytest.raises(IllegalAction) as err:
            game.apply(Place("green" if team != "green" else "red", "x", 1))
        assert err.value.rule == "place-out-of-turn"
        card = game.hands[team][0]
        game.apply(Place(team, card.id, 1))
    assert seen == ["red", "blue", "green"] * 2


def test_two_rounds_of_four_turns() -> None:
    game = started()
    place_wrong_until(game, "deal")
    assert game.round == 1 and game.questions_played == 8
    game.apply(Deal((), fresh_hands(game, "r2")))
    assert game.current() == ("red", 1)
    place_wrong_until(game, "none")
    assert game.questions_played == 16 and game.phase == "tiebreak"  # 0 : 0


def test_a_player_places_only_its_own_cards() -> None:
    game = started()
    with pytest.raises(IllegalAction) as err:
        game.apply(Place("red", "columbus", 3))
    assert err.value.rule == "card-not-in-hand"


# --- BEZZERWIZZER ---------------------------------------------------------------------------
def test_bezzerwizzer_on_the_right_gap_scores_three() -> None:
    game = started()
    events = game.apply(Place("red", "rome", 3, (Pawn("blue", 2),)))
    assert PawnResolved("blue", 2, "right") in events
    assert game.positions == {"red": 0, "blue": 3} and game.pawns["blue"] == 1


def test_bezzerwizzer_on_a_wrong_gap_costs_one_never_below_the_start() -> None:
    game = started()
    game.apply(Place("red", "rome", 2, (Pawn("blue", 3),)))
    assert game.positions == {"red": 1, "blue": 0} and game.pawns["blue"] == 1
    game.apply(Place("blue", "columbus", 4, (Pawn("red", 1),)))  # blue right: red's pawn wrong
    assert game.positions == {"red": 0, "blue": 1} and game.pawns["red"] == 1


def test_same_year_bezzerwizzer_scores_nothing_and_the_pawn_comes_back() -> None:
    line = (C("a", 1890), C("b", 1900), C("c", 1910), C("d", 1920))
    game = TimelineGame(["red", "blue"])
    game.apply(Deal(line, {"red": (C("e", 1900), *RED[1:]), "blue": BLUE}))
    events = game.apply(Place("red", "e", 3, (Pawn("blue", 2),)))
    assert PawnResolved("blue", 2, "returned") in events
    assert game.positions == {"red": 1, "blue": 0} and game.pawns["blue"] == 2


def test_several_bezzerwizzers_each_on_a_different_gap() -> None:
    game = started(3)
    events = game.apply(Place("red", "rome", 1, (Pawn("blue", 2), Pawn("green", 3))))
    outcomes = [e.outcome for e in events if isinstance(e, PawnResolved)]
    assert outcomes == ["right", "wrong"] and game.positions["blue"] == 3
    for pawns, rule in (
        ((Pawn("red", 2), Pawn("green", 2)), "bezzerwizzer-different-gap"),
        ((Pawn("green", 1),), "bezzerwizzer-different-gap"),  # blue places on gap 1
        ((Pawn("green", 2), Pawn("green", 3)), "bezzerwizzer-one-pawn"),
        ((Pawn("blue", 2),), "bezzerwizzer-own-card"),
        ((Pawn("purple", 2),), "unknown-team"),
    ):
        before = game.snapshot()
        with pytest.raises(IllegalAction) as err:
            game.apply(Place("blue", "columbus", 1, pawns))
        assert err.value.rule == rule and game.snapshot() == before


def test_pawns_per_player_is_a_setting() -> None:
    game = started(pawns=1)
    game.apply(Place("red", "rome", 1, (Pawn("blue", 2),)))
    game.apply(Place("blue", "columbus", 1))
    with pytest.raises(IllegalAction) as err:
        game.apply(Place("red", "magna", 1, (Pawn("blue", 2),)))
    assert err.value.rule == "bezzerwizzer-pawn"


# --- ZWAP -----------------------------------------------------------------------------------
def test_zwap_one_of_yours_with_an_opponents_card() -> None:
    game = started()
    game.apply(ZwapCards("red", "rome", "euro"))
    assert game.holder("euro") == "red" and game.holder("rome") == "blue"
    assert game.hands["red"][0].id == "euro"  # the swapped card takes the other's place
    assert game.current() == ("red", 1)  # then red still places


def test_zwap_two_opponents_cards() -> None:
    game = started(3)
    game.apply(ZwapCards("red", "columbus", "caesar"))
    assert game.holder("columbus") == "green" and game.holder("caesar") == "blue"


def test_zwap_only_in_your_own_turn_before_placing_and_once_a_round() -> None:
    game = started()
    for action, rule in (
        (ZwapCards("blue", "rome", "euro"), "zwap-own-turn"),
        (ZwapCards("red", "rome", "wall"), "zwap-different-hands"),
        (ZwapCards("red", "rome", "pyramid"), "zwap-unplayed-card"),
    ):
        with pytest.raises(IllegalAction) as err:
            game.apply(action)
        assert err.value.rule == rule
    game.apply(ZwapCards("red", "rome", "euro"))
    with pytest.raises(IllegalAction) as err:
        game.apply(ZwapCards("red", "magna", "ww1"))
    assert err.value.rule == "zwap-token"


def test_tokens_come_back_at_the_start_of_round_two() -> None:
    game = started()
    game.apply(ZwapCards("red", "rome", "euro"))
    game.apply(Place("red", "euro", 1, (Pawn("blue", 5),)))
    game.apply(Place("blue", "rome", 1, (Pawn("red", 2),)))
    assert (game.zwaps["red"], game.pawns["red"], game.pawns["blue"]) == (0, 1, 1)
    place_wrong_until(game, "deal")
    game.apply(Deal((), fresh_hands(game, "r2")))
    assert game.zwaps == {"red": 1, "blue": 1} and game.pawns == {"red": 2, "blue": 2}


# --- between the rounds ---------------------------------------------------------------------
@pytest.mark.parametrize(
    ("size", "kept"),
    [
        (4, [1, 2, 3, 4]),
        (5, [1, 3, 4, 5]),
        (6, [1, 3, 5, 6]),
        (8, [1, 3, 5, 7]),
        (9, [1, 5, 7, 9]),  # 2,4,6,8 go, then the 2nd of 1,3,5,7,9
        (12, [1, 5, 9, 11]),  # 2,4,...,12 go; then 3 and 7
    ],
)
def test_thinning_discards_every_second_card_from_the_left_until_four_remain(
    size: int, kept: list[int]
) -> None:
    line = [C(str(n), n) for n in range(1, size + 1)]
    now, gone = thin(line)
    assert [c.year for c in now] == kept
    assert sorted(c.year for c in now + gone) == list(range(1, size + 1))


def test_the_line_is_thinned_when_round_one_ends() -> None:
    game = started()
    while game.phase == "place":
        team, _ = game.current()
        card = game.hands[team][0]
        events = game.apply(Place(team, card.id, right_gaps(game.line, card)[0]))
    assert isinstance(events[-2], RoundEnded) and isinstance(events[-1], LineThinned)
    assert len(game.line) == 4 and len(events[-1].discarded) == 8
    assert [c.year for c in game.line] == sorted(c.year for c in game.line)
    with pytest.raises(IllegalAction) as err:
        game.apply(Deal(LINE, fresh_hands(game, "r2")))
    assert err.value.rule == "line-dealt-once"


# --- the end --------------------------------------------------------------------------------
def test_a_lap_of_the_track_wins_at_once() -> None:
    game = started(track=4)
    game.apply(Place("red", "rome", 1, (Pawn("blue", 2),)))  # blue +3
    events = game.apply(Place("blue", "columbus", 3))  # blue +1 = 4: a lap
    assert GameWon("blue") in events and game.finished and game.round == 1
    assert game.positions["blue"] == 4
    with pytest.raises(IllegalAction) as err:
        game.apply(Place("red", "magna", 4))
    assert err.value.rule == "game-over"


def test_most_points_after_round_two_win() -> None:
    game = started()
    game.apply(Place("red", "rome", 2))  # red 1, the rest wrong
    place_wrong_until(game, "deal")
    game.apply(Deal((), fresh_hands(game, "r2")))
    place_wrong_until(game, "none")
    assert game.finished and game.winner == "red" and game.positions == {"red": 1, "blue": 0}


def test_a_tie_is_broken_by_one_more_placement_each_repeated_while_tied() -> None:
    game = started(3)
    place_wrong_until(game, "deal")
    game.apply(Deal((), fresh_hands(game, "r2")))
    events: list[object] = []
    while game.phase == "place":
        events = list(game.apply(Place(*_first_wrong(game))))
    assert TiebreakStarted(("red", "blue", "green")) in events
    line = list(game.line)
    old, new = C("tb-old", -5000), C("tb-new", 3000)
    all_wrong = Tiebreak({"red": (old, 5), "blue": (new, 1), "green": (C("tb-x", 3001), 1)})
    assert game.apply(all_wrong) == [
        TiebreakPlayed({"red": False, "blue": False, "green": False}, ("red", "blue", "green"))
    ]
    assert game.line == line
    two_right = Tiebreak(
        {"red": (C("tb-a", -5001), 1), "blue": (C("tb-b", 3002), 6), "green": (C("tb-c", 1), 1)}
    )
    game.apply(two_right)  # red puts a card first: blue's gap 6 is then after the last card
    assert game.tiebreak_teams == ("red", "blue") and not game.finished
    with pytest.raises(IllegalAction) as err:
        game.apply(Tiebreak({"red": (C("tb-a", 1), 1), "blue": (C("tb-d", 1), 1)}))
    assert err.value.rule == "card-dealt-twice"
    end = game.apply(Tiebreak({"red": (C("tb-e", 5000), 1), "blue": (C("tb-f", 5000), 7)}))
    assert GameWon("blue") in end and game.winner == "blue"
    assert game.positions == {"red": 0, "blue": 0, "green": 0}  # tie-breaks score nothing


def _first_wrong(game: TimelineGame) -> tuple[str, str, int]:
    team, _ = game.current()
    card = game.hands[team][0]
    wrong = [g for g in range(1, len(game.line) + 2) if not fits(game.line, card, g)]
    return team, card.id, wrong[0]


# --- records --------------------------------------------------------------------------------
def test_the_record_holds_the_dealt_cards_so_replay_needs_no_deck() -> None:
    game = started()
    deal = Deal(LINE, {"red": RED, "blue": BLUE})
    line = TimelineGame.encode_action(deal)
    assert line["deal"]["line"][0] == {"id": "pyramid", "year": -2560}
    assert TimelineGame.decode_action(json.loads(json.dumps(line))) == deal
    place = Place("red", "rome", 2, (Pawn("blue", 3),))
    assert TimelineGame.encode_action(place) == {
        "place": {
            "team": "red",
            "card": "rome",
            "gap": 2,
            "bezzerwizzer": [{"team": "blue", "gap": 3}],
        }
    }
    assert game.summary()["line"] == [c.id for c in LINE]
    for bad in (
        {"place": {"team": "red", "card": "rome", "gap": "two"}},
        {"deal": {"hands": []}},
        {"question": {"team": "red", "answer": "right"}},
    ):
        with pytest.raises(ValueError):
            TimelineGame.decode_action(bad)


def test_an_illegal_action_leaves_the_state_unchanged() -> None:
    game = started()
    game.apply(Place("red", "rome", 2, (Pawn("blue", 3),)))
    before = game.snapshot()
    for action in (
        Place("blue", "columbus", 9),
        Place("blue", "columbus", 2, (Pawn("red", 2),)),
        ZwapCards("blue", "ww1", "ww1"),
        Tiebreak({}),
        Deal(LINE, {"red": RED, "blue": BLUE}),
    ):
        with pytest.raises(IllegalAction):
            game.apply(action)
        assert game.snapshot() == before


def test_a_plain_settings_object_is_accepted_with_default_pawns() -> None:
    game = TimelineGame(["red", "blue"], Settings(track=12, home_stretch=3))
    assert game.settings.track == 12 and game.pawn_count == PAWNS

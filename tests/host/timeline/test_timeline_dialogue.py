"""The timeline quizmaster by voice: placing by gap number and by naming neighbours,
Bezzerwizzer pawns, zwap, repeat the line, undo, whole games that replay."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tests.helpers.host import Table, watch
from voicemaster.decks import load_deck
from voicemaster.host.cues import Cue
from voicemaster.host.listening import Correction, Timing
from voicemaster.host.log import GameLog
from voicemaster.host.quiz import Quiz
from voicemaster.host.text_io import TranscriptSpeaker
from voicemaster.host.timeline.dialogue import TimelineQuizmaster
from voicemaster.host.timeline.phrases import word
from voicemaster.records import read_record
from voicemaster.rules.timeline.line import fits, right_gaps

DECK_PATH = Path(__file__).resolve().parents[2] / "data" / "timeline" / "events.yaml"
DECK = load_deck(DECK_PATH)
TITLE = {card.id: card.question for card in DECK.questions}


def title(card: Any) -> str:
    return TITLE[card.id]


def right_by_number(cue: Cue, card: int = 0) -> str:
    hand = cue.game.hands[cue.team]
    return f"card {word(card + 1)}, gap {word(right_gaps(cue.game.line, hand[card])[0])}"


def wrong_gap(cue: Cue, card: int = 0) -> int:
    hand = cue.game.hands[cue.team]
    good = right_gaps(cue.game.line, hand[card])
    return next(g for g in range(1, len(cue.game.line) + 2) if g not in good)


class TimelineTable(Table):
    @staticmethod
    def default(cue: Cue) -> str | None:
        if cue.kind in ("place", "which-gap"):
            return right_by_number(cue)
        if cue.kind == "tiebreak":
            return "gap one"
        return {"paused": "resume", "sure": "yes"}.get(cue.kind)


def quizmaster(
    path: Path, table: Table, teams: int = 2, seed: int = 1
) -> tuple[TimelineQuizmaster, TranscriptSpeaker]:
    header = {
        "variant": "timeline",
        "teams": ["red", "blue", "green"][:teams],
        "track": 30,
        "pawns": 2,
        "seed": seed,
        "deck": [str(DECK_PATH)],
    }
    log = GameLog(path, header) if not path.exists() else GameLog(path)
    speaker = TranscriptSpeaker()
    qm = TimelineQuizmaster(log, Quiz(DECK), speaker, table, Timing(mic_retry=0.0))
    watch(table, qm)
    return qm, speaker


def places(qm: TimelineQuizmaster) -> list[dict[str, Any]]:
    return [line["place"] for line in qm.log.lines if "place" in line]


def first_turn(tmp_path: Path, *lines: Any, kind: str = "place") -> tuple[Any, ...]:
    """Play until red's first placement is recorded; the dealt hand and line as they were."""
    table = TimelineTable(limit=60).at(kind, *lines)
    qm, speaker = quizmaster(tmp_path / "g.jsonl", table)
    seen: dict[str, Any] = {}

    def watch(cue: Cue) -> None:
        if "hand" not in seen and cue.kind == "place":
            seen["hand"], seen["line"] = list(qm.game.hands["red"]), list(qm.game.line)
        Table.cue(table, cue)

    table.cue = watch  # type: ignore[method-assign]
    qm.deal()
    from voicemaster.host.timeline.turn import TimelineTurn

    TimelineTurn(qm).play()
    return qm, speaker, table, seen["hand"], seen["line"]


def test_placing_by_gap_number(tmp_path: Path) -> None:
    qm, speaker, _t, hand, line = first_turn(tmp_path, lambda c: right_by_number(c, 1))
    gap = right_gaps(line, hand[1])[0]
    assert places(qm) == [{"team": "red", "card": hand[1].id, "gap": gap}]
    said = " ".join(speaker.said)
    assert f"Red puts {title(hand[1])} in gap {word(gap)}" in said
    assert f"{title(hand[1])}: {hand[1].year}. Right!" in said and "Red now has 1 point." in said


def test_placing_by_naming_the_card_and_its_left_neighbour(tmp_path: Path) -> None:
    def after(cue: Cue) -> str:
        card, line = cue.game.hands["red"][2], cue.game.line
        gap = right_gaps(line, card)[0]
        if gap == 1:
            return f"{title(card)} goes before {title(line[0])}"
        return f"the {title(card)} goes after {title(line[gap - 2])}"

    qm, _s, _t, hand, line = first_turn(tmp_path, after)
    assert places(qm) == [{"team": "red", "card": hand[2].id, "gap": right_gaps(line, hand[2])[0]}]
    assert qm.game.positions["red"] == 1


def test_placing_between_two_named_cards(tmp_path: Path) -> None:
    def between(cue: Cue) -> str:
        line = cue.game.line
        return f"card four between {title(line[1])} and {title(line[2])}"

    qm, speaker, _t, hand, line = first_turn(tmp_path, between)
    assert places(qm) == [{"team": "red", "card": hand[3].id, "gap": 3}]
    right = fits(line, hand[3], 3)
    assert ("Right!" if right else "Not right: the card leaves the game.") in " ".join(speaker.said)
    assert qm.game.positions["red"] == int(right)


def test_a_wrong_placement_reveals_the_year_and_the_card_leaves(tmp_path: Path) -> None:
    qm, speaker, _t, hand, line = first_turn(
        tmp_path, lambda c: f"card one, gap {word(wrong_gap(c))}"
    )
    assert f"{title(hand[0])}: {hand[0].year}. Not right" in " ".join(speaker.said)
    assert qm.game.line == line and qm.game.positions["red"] == 0
    assert all(c.id != hand[0].id for h in qm.game.hands.values() for c in h)


def test_the_line_is_read_with_numbered_gaps_and_repeat_the_line_reads_it_again(
    tmp_path: Path,
) -> None:
    qm, speaker, _t, _hand, line = first_turn(tmp_path, "repeat the line", right_by_number)
    first, second = title(line[0]), title(line[1])
    reading = f"Gap one: before {first}, {line[0].year}. Gap two: between {first} and {second}"
    readings = [s for s in speaker.said if reading in s]
    assert len(readings) == 2  # the turn's prompt, then the repeat
    assert f"Gap five: after {title(line[3])}." in readings[1]
    assert places(qm)  # and the turn went on


def test_a_card_named_without_a_gap_is_asked_for_its_gap(tmp_path: Path) -> None:
    def name_only(cue: Cue) -> str:
        return f"the {title(cue.game.hands['red'][1])}"

    def gap_only(cue: Cue) -> str:
        return f"gap {word(right_gaps(cue.game.line, cue.game.hands['red'][1])[0])}"

    table = TimelineTable(limit=60).at("place", name_only).at("which-gap", gap_only)
    qm, speaker = quizmaster(tmp_path / "g.jsonl", table)
    qm.deal()
    hand = list(qm.game.hands["red"])
    qm._step()
    assert any(s.endswith("which gap?") for s in speaker.said)
    assert [k for k, _t, _x in table.heard][:2] == ["place", "which-gap"]
    assert places(qm)[0]["card"] == hand[1].id and qm.game.positions["red"] == 1


def test_an_unclear_answer_gets_an_example(tmp_path: Path) -> None:
    _qm, speaker, *_ = first_turn(tmp_path, "bananas are yellow", right_by_number)
    assert any(s.startswith("Sorry, I did not understand. Say for example") for s in speaker.said)


def test_bezzerwizzer_by_voice_scores_three_for_the_right_gap(tmp_path: Path) -> None:
    chosen: dict[str, int] = {}

    def wrong(cue: Cue) -> str:
        chosen["gap"] = wrong_gap(cue)
        return f"card one, gap {word(chosen['gap'])}"

    def shout(cue: Cue) -> str:
        good = right_gaps(cue.game.line, cue.card)[0]
        return f"Bezzerwizzer blue, gap {word(good)}"

    table = TimelineTable(limit=60).at("place", wrong).at("bezzerwizzer", shout, None)
    qm, speaker = quizmaster(tmp_path / "g.jsonl", table)
    qm.deal()
    from voicemaster.host.timeline.turn import TimelineTurn

    TimelineTurn(qm).play()
    pawns = places(qm)[0]["bezzerwizzer"]
    assert len(pawns) == 1 and pawns[0]["team"] == "blue"
    said = " ".join(speaker.said)
    assert f"Blue's pawn goes on gap {word(pawns[0]['gap'])}." in said
    assert "is right: plus three. Blue now has 3 points." in said
    assert qm.game.positions == {"red": 0, "blue": 3} and qm.game.pawns["blue"] == 1


def test_bezzerwizzer_on_the_placed_gap_or_by_the_active_player_is_refused(
    tmp_path: Path,
) -> None:
    def same(cue: Cue) -> str:
        return f"Bezzerwizzer blue gap {word(cue.gap or 0)}"

    table = TimelineTable(limit=60).at("bezzerwizzer", same, "Bezzerwizzer red gap one", None)
    qm, speaker = quizmaster(tmp_path / "g.jsonl", table)
    qm.deal()
    from voicemaster.host.timeline.turn import TimelineTurn

    TimelineTurn(qm).play()
    said = " ".join(speaker.said)
    assert "Sorry Blue, that gap is taken: every pawn needs its own gap." in said
    assert "Red, you cannot bezzerwizz your own card." in said
    assert "bezzerwizzer" not in places(qm)[0]


def test_zwap_by_voice_swaps_cards_before_placing(tmp_path: Path) -> None:
    qm, speaker, _t, hand, _line = first_turn(
        tmp_path, "zwap my card one with blue's card two", right_by_number
    )
    zwaps = [line["zwap"] for line in qm.log.lines if "zwap" in line]
    assert zwaps and zwaps[0]["team"] == "red" and zwaps[0]["swap"][0] == hand[0].id
    assert qm.game.holder(hand[0].id) == "blue" and qm.game.zwaps["red"] == 0
    assert any(s.startswith(f"Zwap: {title(hand[0])} and ") for s in speaker.said)


def test_undo_takes_the_last_placement_back_and_the_player_places_again(tmp_path: Path) -> None:
    table = TimelineTable(limit=80).at("place", right_by_number, "undo")
    qm, speaker = quizmaster(tmp_path / "g.jsonl", table)
    qm.deal()
    qm._step()  # red places
    with pytest.raises(Correction) as taken:  # it travels up to run(), which handles it
        qm._step()  # blue says undo
    assert taken.value.right is None  # an undo, not "that was right" or "that was wrong"
    qm._take_back(taken.value.right)
    assert places(qm) == [] and qm.game.current() == ("red", 1)
    assert "The last placement is taken back." in speaker.said
    assert len(read_record(qm.log.path).actions) == 1  # only the deal is left on disk


def test_undo_while_bezzerwizzers_are_called_takes_back_only_the_pending_placement(
    tmp_path: Path,
) -> None:
    table = TimelineTable(limit=80).at("place", right_by_number)
    table.at("bezzerwizzer", None)  # red's placement is scored
    table.at("place", lambda c: right_by_number(c, 0), lambda c: right_by_number(c, 1))
    table.at("bezzerwizzer", "Bezzerwizzer red, gap one", "that was right", "undo", None)
    qm, speaker = quizmaster(tmp_path / "g.jsonl", table)
    qm.deal()
    qm._step()  # red places and scores
    blue_hand = list(qm.game.hands["blue"])
    qm._step()  # blue places card one, red calls a pawn, someone says undo: blue places again
    red, blue = places(qm)
    assert red["team"] == "red" and blue["team"] == "blue"
    assert blue["card"] == blue_hand[1].id and "bezzerwizzer" not in blue  # again, no pawn
    assert qm.game.positions["red"] == 1  # red's scored turn stands
    assert f"Taken back: {title(blue_hand[0])} is not placed" in " ".join(speaker.said)
    assert "Red's pawn goes on gap one." in speaker.said  # it stood before the undo
    assert any("the years decide" in s for s in speaker.said)
    assert len(read_record(qm.log.path).actions) == 3  # the deal and two placements


def test_that_was_right_is_answered_the_years_decide(tmp_path: Path) -> None:
    qm, speaker = quizmaster(tmp_path / "g.jsonl", TimelineTable())
    qm._take_back(True)
    assert "the years decide" in speaker.said[-1]


def test_a_whole_game_by_voice_ends_with_a_winner_and_replays(tmp_path: Path) -> None:
    table = TimelineTable(limit=400).at("place", "score", "help")
    qm, speaker = quizmaster(tmp_path / "g.jsonl", table, teams=3)
    assert qm.run() == "finished"
    record = read_record(tmp_path / "g.jsonl")
    assert record.game.finished and record.game.winner == qm.game.winner
    assert record.game.positions == qm.game.positions
    assert any(s.startswith("Points: Red") for s in speaker.said)  # "score"
    assert any("Say for example" in s or "Bezzerwizzer" in s for s in speaker.said)
    # everyone placed right by number: 1+2+3+4 points a round for everyone -> a tie-break
    assert qm.game.positions == {"red": 20, "blue": 20, "green": 20}
    assert any("are level: one more card each decides." in s for s in speaker.said)


def test_quit_saves_and_the_game_resumes_where_it_stopped(tmp_path: Path) -> None:
    path = tmp_path / "g.jsonl"
    qm, speaker = quizmaster(path, TimelineTable().at("place", right_by_number, "quit"))
    assert qm.run() == "quit" and "The game is saved" in speaker.said[-1]
    qm.log.close()  # as `voicemaster play` does: the record's lock goes with it
    again, _ = quizmaster(path, TimelineTable(limit=400))
    assert again.game.current() == ("blue", 1)
    assert again.run() == "finished"


def test_the_game_ends_with_any_corrections_and_a_tiebreak_pass_is_understood(
    tmp_path: Path,
) -> None:
    from voicemaster.host.phrases import said

    table = TimelineTable(limit=400).at("tiebreak", "pass")
    qm, speaker = quizmaster(tmp_path / "g.jsonl", table, teams=3)
    assert qm.run() == "finished"
    assert said("timeline.tiebreak.no_pass") in speaker.said  # then the player says a gap
    assert speaker.said[-1].startswith("Any corrections?")
    assert speaker.said[-2].startswith("The game is over.")
    assert [c.kind for c in table.cues][-1] == "final"

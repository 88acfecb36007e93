"""What the quizmaster says: help at each point, play-off results, moves, early answers, tiles."""

from __future__ import annotations

import re
from pathlib import Path

from tests.helpers.host import Table, questions, quizmaster, right, shout, wrong
from voicemaster.host.cues import Cue
from voicemaster.host.phrases import moved, playoff_result
from voicemaster.host.point_words import help_text
from voicemaster.rules.events import Moved


def test_help_lists_every_command_available_at_that_point(tmp_path: Path) -> None:
    table = Table().at("before", "help", None, "quit").at("answer", "help", right)
    table.at("arrange", "help", "keep")
    qm, speaker = quizmaster(tmp_path / "g.jsonl", table)
    qm.run()
    helps = [line for line in speaker.said if "You can also say" in line]
    assert len(helps) == 3
    arrange, before, answer = helps
    for words in (before, answer):
        for command in ("pass", "repeat", "score", "help", "pause", "undo", "quit"):
            assert re.search(rf"\b{command}\b", words.split("You can also say")[1]), command
        assert "that was right" in words and "that was wrong" in words
    assert "keep" in arrange and " pass," not in arrange  # no pass while arranging tiles
    assert "Bezzerwizzer" in before and "zwap" in before
    assert help_text("confirm").startswith("Say yes or no.")


def test_play_off_results_name_each_team_once(tmp_path: Path) -> None:
    qm, speaker = quizmaster(tmp_path / "g.jsonl", Table(), track=2, stretch=1)
    assert qm.run() == "finished"
    results = [s for s in speaker.said if "the answer was" in s]
    assert results and all(s.count(":") == 1 for s in results)
    expected = "Red: the answer was Pangaea; that is right."
    assert playoff_result("red", "right", "Pangaea") == expected


def test_a_team_sent_back_to_zero_goes_back_to_the_start(tmp_path: Path) -> None:
    assert moved(Moved("red", 2, 0, "knockback"), 10) == "Red is sent back to the start."
    assert moved(Moved("red", 1, 0, "penalty"), 10).endswith("drops back to the start.")
    assert moved(Moved("red", 2, 3, "right"), 10) == "Red moves to space 3."
    table = Table().at("before", None, None, shout, None, "quit")
    table.at("answer", right, right, wrong).at("attacker", right).at("knockback", "send them back")
    qm, speaker = quizmaster(tmp_path / "g.jsonl", table, track=4, stretch=3)
    qm.run()
    text = " ".join(speaker.said)
    assert "is sent back to the start." in text and "space 0" not in text


def test_an_answer_typed_before_the_question_is_told_to_wait(tmp_path: Path) -> None:
    table = Table().at("before", "van gogh", None, "quit").at("answer", wrong)
    table.typed = True
    qm, speaker = quizmaster(tmp_path / "g.jsonl", table)
    qm.run()
    assert "Wait for the question, please: answers come after it is read." in speaker.said
    assert len(questions(qm)) == 1  # the question was still read and answered


def name_first(cue: Cue) -> str:
    return cue.options[0]


def test_unrecognised_tiles_are_asked_about_once_more_before_keep(tmp_path: Path) -> None:
    table = Table().at("arrange", "banana", "banana", "banana", name_first, "keep")
    table.at("before", "quit")
    qm, speaker = quizmaster(tmp_path / "g.jsonl", table)
    assert qm.run() == "quit"
    drawn = next(c.options for c in table.cues if c.kind == "arrange")
    team = next(c.team for c in table.cues if c.kind == "arrange")
    assert qm.log.lines[1]["round"]["slots"][team][3] == drawn[0]  # the fourth reply counted
    assert sum("Shall I keep the order as read?" in s for s in speaker.said) == 1


def test_after_four_unrecognised_tiles_the_order_is_kept(tmp_path: Path) -> None:
    table = Table().at("arrange", *["banana"] * 4).at("before", "quit")
    qm, speaker = quizmaster(tmp_path / "g.jsonl", table)
    assert qm.run() == "quit"
    drawn = next(c.options for c in table.cues if c.kind == "arrange")
    team = next(c.team for c in table.cues if c.kind == "arrange")
    slots = tuple(qm.log.lines[1]["round"]["slots"][team])
    assert slots == drawn[::-1]  # as read: the first tile for four points, the last for one
    assert "I keep the order as read." in speaker.said


def test_team_names_ending_in_s_take_plural_possessives_and_verbs() -> None:
    from voicemaster.host.kompakt.dialogue import event_lines
    from voicemaster.host.phrases import possessive, verb
    from voicemaster.host.timeline.phrases import pawn
    from voicemaster.rules.kompakt import KompaktGame
    from voicemaster.rules.timeline.types import PawnResolved

    assert possessive("tigers") == "Tigers'" and possessive("red") == "Red's"
    assert verb("tigers", "starts") == "Tigers start"
    assert verb("red", "starts") == "Red starts"
    said = moved(Moved("tigers", 3, 7, "bezzerwizzer"), 30)
    assert said == "Tigers' Bezzerwizzer pays off: Tigers move to space 7."
    assert moved(Moved("red", 3, 7, "right"), 30) == "Red moves to space 7."  # unchanged
    assert moved(Moved("lions", 7, 5, "penalty"), 30).endswith("Lions drop back to space 5.")
    game = KompaktGame(["tigers", "red"])
    lines = event_lines([Moved("tigers", 0, 2, "bezzerwizzer"), Moved("red", 0, 1, "right")], game)
    assert lines == ["Tigers' Bezzerwizzer pays off: 2 points for Tigers.", "Red scores one point."]
    assert pawn(PawnResolved("tigers", 2, "right")).startswith("Tigers' Bezzerwizzer on gap two")

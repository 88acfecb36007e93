"""Lines a good host says (issue #16): a refused Bezzerwizzer in plain words, nothing to take
back without starting the round again, quit while setting up, no point lost below the start,
no command line read aloud, the rule set's name, and no raw log line on screen."""

from __future__ import annotations

import io
import subprocess
import sys
from pathlib import Path

import pytest

from tests.helpers.cli import KEYBOARD
from tests.helpers.host import ScriptedEars, Table, questions, quizmaster, shout
from tests.host.timeline.test_timeline_dialogue import TimelineTable
from tests.host.timeline.test_timeline_dialogue import quizmaster as timeline_quizmaster
from voicemaster.cli import main
from voicemaster.host.cues import Cue
from voicemaster.host.familie.dialogue import ask_kinds
from voicemaster.host.phrases import said
from voicemaster.host.setup.voice import STOPPED, SetupQuit, ask_setup
from voicemaster.host.text_io import TranscriptSpeaker
from voicemaster.host.timeline.phrases import word
from voicemaster.rules.timeline.line import right_gaps


def test_a_bezzerwizzer_without_tokens_is_refused_in_plain_words(tmp_path: Path) -> None:
    def spent_shout(cue: Cue) -> str:
        cue.game.bezzerwizzers = dict.fromkeys(cue.game.teams, 0)  # both spent already
        return shout(cue)

    table = Table().at("before", spent_shout, None, "quit")
    qm, speaker = quizmaster(tmp_path / "g.jsonl", table)
    assert qm.run() == "quit"
    attacker = next(t for t in qm.game.teams if t != questions(qm)[0]["question"]["team"])
    assert f"Sorry {attacker.capitalize()}, you have no Bezzerwizzer left." in speaker.said
    assert not any("BEZZERWIZZER" in line or f" {attacker} " in line for line in speaker.said)


def test_undo_with_nothing_to_take_back_leaves_the_set_up_where_it_is(tmp_path: Path) -> None:
    table = Table().at("arrange", "undo", "that was right", "keep").at("before", "quit")
    qm, speaker = quizmaster(tmp_path / "g.jsonl", table)
    assert qm.run() == "quit"
    nothing = "No question has been answered yet: there is nothing to take back."
    assert speaker.said.count(nothing) == 2
    assert sum("drawn by lot" in line for line in speaker.said) == 1
    sure = [c.command for c in table.cues if c.kind == "sure"]
    assert sure == ["quit"]  # nothing to take back: not asked back either
    arranged = [c.team for c in table.cues if c.kind == "arrange" and c.attempt == 0]
    assert len(arranged) == len(set(arranged)) == 2  # each team arranged once


def test_undo_after_a_new_round_says_the_verdict_stands(tmp_path: Path) -> None:
    table = Table(limit=200).at("before", *[None] * 8, "undo", None, "quit")
    qm, speaker = quizmaster(tmp_path / "g.jsonl", table, track=40)
    assert qm.run() == "quit"
    assert "The last verdict stands: a new round has begun since." in speaker.said
    assert sum(line.startswith("Round 2.") for line in speaker.said) == 1
    later = speaker.said[[s.startswith("Round 2.") for s in speaker.said].index(True) :]
    announced = [s for s in later if ", for one point: " in s]
    assert len(announced) == len(set(announced)) == 2  # no turn announced again
    assert len(questions(qm)) == 9 and "edits" not in questions(qm)[-2]


def test_timeline_undo_with_nothing_placed_reads_the_turn_once(tmp_path: Path) -> None:
    table = TimelineTable(limit=60).at("place", "undo", "that was wrong")
    qm, speaker = timeline_quizmaster(tmp_path / "g.jsonl", table)
    qm.deal()
    from voicemaster.host.timeline.turn import TimelineTurn

    turn = TimelineTurn(qm)
    turn.play()
    assert "There is nothing to undo now." in speaker.said
    assert "In a timeline game the years decide: there is no verdict to change." in speaker.said
    assert sum(line.startswith("Red, turn one") for line in speaker.said) == 1


def test_a_wrong_pawn_at_the_start_costs_nothing_and_says_so(tmp_path: Path) -> None:
    def wrong_pawn(cue: Cue) -> str:
        good = right_gaps(cue.game.line, cue.card)
        gaps = range(1, len(cue.game.line) + 2)
        gap = next(g for g in gaps if g not in good and g != cue.gap)
        return f"Bezzerwizzer blue, gap {word(gap)}"

    table = TimelineTable(limit=60).at("bezzerwizzer", wrong_pawn, None)
    qm, speaker = timeline_quizmaster(tmp_path / "g.jsonl", table)
    qm.deal()
    from voicemaster.host.timeline.turn import TimelineTurn

    TimelineTurn(qm).play()
    said = " ".join(speaker.said)
    assert qm.game.positions["blue"] == 0 and qm.game.pawns["blue"] == 1
    assert "is wrong: Blue has no point to lose." in said and "minus one" not in said


def test_quit_while_setting_up_stops_without_a_game() -> None:
    speaker = TranscriptSpeaker()
    with pytest.raises(SetupQuit):
        ask_setup(speaker, ScriptedEars.of(["standard", "quit"]))
    assert speaker.said[-1] == said(STOPPED) and not any("understand" in s for s in speaker.said)
    for replies in (["stop the game"], ["two", "tigers", "exit"]):
        with pytest.raises(SetupQuit):
            ask_setup(TranscriptSpeaker(), ScriptedEars.of(replies), "standard")
    with pytest.raises(SetupQuit):
        ask_kinds(TranscriptSpeaker(), ScriptedEars.of(["quit"]), ["red", "blue"])


def test_quit_typed_during_the_set_up_ends_play_cleanly(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr("sys.stdin", io.StringIO("standard\nquit\n"))
    assert main(KEYBOARD) == 2
    captured = capsys.readouterr()
    assert (
        f"QUIZMASTER: {said(STOPPED)}" in captured.out and "did not understand" not in captured.out
    )
    assert captured.err == "voicemaster: the set-up was stopped: no game was started\n"
    assert not list(tmp_path.glob("games/*.jsonl"))


def test_no_command_line_is_read_aloud_and_the_rule_set_is_named(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr("sys.stdin", io.StringIO("keep\nkeep\nquit\n"))
    assert main([*KEYBOARD, "--teams", "2", "--variant", "ord", "--seed", "1"]) == 0
    said = [line for line in capsys.readouterr().out.splitlines() if "QUIZMASTER" in line]
    assert said[0].startswith(
        "QUIZMASTER: A new game of Bezzerwizzer Ord, the word edition, for 2 teams: Red and Blue."
    )
    assert said[-1].startswith("> QUIZMASTER: The game is saved.")
    assert not any("--" in line or "voicemaster play" in line for line in said)
    assert not any("Red team" in line or "Blue team" in line for line in said)


NOISY_SPEECH = """
import logging
from voicemaster.speech.voice import tts
from voicemaster.speech.base import SpeechUnavailable


class Noisy:  # a renderer whose library logs through the root logger, as pyttsx3 does
    name = "noisy"

    def render(self, text):
        logging.debug("setting the voice")
        return b"\\0\\0", 16000


class NoSound:
    def play(self, pcm, rate):
        raise SpeechUnavailable("no sound card found")

    def stream(self, chunks, rate):
        raise SpeechUnavailable("no sound card found")


tts.VoiceSpeaker([Noisy()], NoSound()).say("hello")
"""


def test_a_speech_fallback_is_one_plain_line_on_screen() -> None:
    done = subprocess.run(
        [sys.executable, "-c", NOISY_SPEECH], capture_output=True, text=True, check=True
    )
    assert done.stdout == "QUIZMASTER: hello\n"
    notice = "voicemaster: no sound card found -- the quizmaster will print what it says instead"
    assert done.stderr.splitlines() == [notice]

"""Setting up a new game by voice or typing: rule set, team count, names, track; re-prompts,
defaults on silence and after three replies not understood; flags skip the questions."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest

from tests.helpers.cli import KEYBOARD
from tests.helpers.host import DECK, ScriptedEars
from voicemaster.cli import main
from voicemaster.host.setup import naming as naming
from voicemaster.host.setup.voice import (
    NAME_GRAMMAR,
    Setup,
    ask,
    ask_names,
    ask_setup,
    variant_question,
)
from voicemaster.host.text_io import TranscriptSpeaker
from voicemaster.records import read_record
from voicemaster.speech.base import Expectation, Heard


class GrammarEars(ScriptedEars):
    """Scripted replies; keeps the commands each listening window expected."""

    grammars: list[tuple[str, ...]]

    def hear(self, expectation: Expectation, timeout: float) -> Heard | None:
        self.grammars = [*getattr(self, "grammars", []), expectation.commands]
        return super().hear(expectation, timeout)


def setup(
    *replies: str | None, variant: str | None = None, track: int | None = None
) -> tuple[Setup, list[str]]:
    speaker = TranscriptSpeaker()
    ears = ScriptedEars.of(replies)
    chosen = ask_setup(speaker, ears, variant, track)
    assert not ears.script, f"replies left over: {ears.script}"
    return chosen, speaker.said


def test_every_question_is_asked_and_confirmed() -> None:
    chosen, said = setup("let's play family", "three", "colours", "forty")
    assert chosen.variant == "familie"
    assert chosen.teams == ("red", "blue", "green")
    assert chosen.track == 40
    assert "We play Bezzerwizzer Familie, the family edition." in said
    assert "Three teams." in said and "The teams are Red, Blue and Green." in said
    assert "The finish is at 40." in said


def test_each_question_hears_only_its_answers_repeat_and_help() -> None:
    ears = GrammarEars(["word edition"])
    assert ask(TranscriptSpeaker(), ears, variant_question()) == "ord"
    assert set(ears.grammars[0]) == {
        "standard", "word edition", "ord", "family", "familie", "kompakt", "compact",
        "timeline", "repeat", "help", "quit", "stop the game", "save and quit", "exit",
        "end the game",
    }  # fmt: skip


def test_unknown_replies_are_reprompted_then_the_default_is_said() -> None:
    chosen, said = setup(
        "banana", "help", "repeat", "compact", "eight", "nine", "ten", "colours", None
    )
    assert chosen.variant == "kompakt" and chosen.teams == ("red", "blue")
    assert (
        "I did not understand banana. Say standard, word edition, family, kompakt or timeline."
        in said
    )
    assert (
        said.count(
            "Which rules shall we play? Standard, word edition, family, kompakt or timeline?"
        )
        == 2
    )
    assert "I did not understand nine. Say two, three, four, five or six." in said
    assert "Let's take the usual: Two teams." in said
    assert chosen.track == 20
    assert said[-1] == "I heard nothing; we take the usual. The first team to 20 points wins."


def test_silence_takes_every_default_and_says_it() -> None:
    chosen, said = setup(None, None, None, None)
    assert chosen.variant == "standard" and chosen.teams == ("red", "blue")
    assert chosen.track == 30
    assert "I heard nothing; we take the usual. We play standard Bezzerwizzer." in said
    assert "I heard nothing; we take colours. The teams are Red and Blue." in said


def test_timeline_has_no_track_question_and_flags_are_not_asked() -> None:
    chosen, said = setup("timeline", "two", "colours")
    assert chosen.track is None and not any("track" in s for s in said)
    chosen, said = setup("four", "colors", variant="ord", track=12)
    assert chosen.variant == "ord" and chosen.track == 12
    assert chosen.teams == ("red", "blue", "green", "yellow")
    assert not any("rules" in s or "track" in s for s in said)


def test_names_are_checked_confirmed_and_fall_back_to_colours() -> None:
    speaker = TranscriptSpeaker()
    replies = ["the Tigers", "yes",  # team one
               "Quiet Ones", "Lions", "no", "Sharks", "yes",  # team two: refused twice
               "tiger", "undo", "Bears", "nope"]  # fmt: skip
    teams = ask_names(speaker, ScriptedEars.of(replies), 3)
    said = speaker.said
    assert teams == ["tigers", "sharks", "green"]
    assert "Team one is the Tigers. Right?" in said
    assert (
        "Not that name: quit is a word I listen for during the game. Please choose another." in said
    )
    assert "Team two is the Lions. Right?" in said and "Team two is the Sharks. Right?" in said
    assert "Not that name: it sounds too much like tigers. Please choose another." in said
    assert (
        "Not that name: undo is a word I listen for during the game. Please choose another." in said
    )
    assert "Let's take a colour: team three is Green." in said
    assert said[-1] == "The teams are Tigers, Sharks and Green."


def test_typed_names_may_come_in_one_line_and_silence_twice_confirms() -> None:
    speaker = TranscriptSpeaker()
    script = ["Mighty Ducks, Blue", None, None, "yes", "colour"]
    teams = ask_names(speaker, ScriptedEars.of(script), 3)
    assert teams == ["mighty ducks", "blue", "green"]
    assert "Team one is the Mighty ducks. Right? Say yes or no." in speaker.said  # asked again
    assert "Team three is Green." in speaker.said


def test_a_colour_fallback_avoids_names_taken() -> None:
    speaker = TranscriptSpeaker()
    teams = ask_names(speaker, ScriptedEars.of(["Red Dragons", "yes", None]), 2)
    assert teams == ["red dragons", "blue"]  # team two's colour anyway
    assert naming.fallback_colour(0, ["red dragons"]) == "blue"


@pytest.mark.parametrize(
    ("name", "others", "why"),
    [
        ("Tigers", [], None),
        ("The Mighty Ducks", ["tigers"], None),
        ("Quiet Ones", [], "quit is a word I listen for"),
        ("Music Lovers", [], "music is a word I listen for"),
        ("Bears", ["pears"], "sounds too much like pears"),
        ("Red Dragons", ["red"], "sounds too much like red"),
        ("Zoë", [], "cannot pronounce every letter"),
        ("xq7", [], "cannot say xq7"),
        ("Ωmega", [], "could not make out a name"),
        ("one two three four", [], "at most three"),
        ("stop the game", [], "stop the game is something I listen for"),
    ],
)
def test_a_name_must_be_sayable_hearable_and_distinct(
    name: str, others: list[str], why: str | None
) -> None:
    found = naming.problem(name, others)
    if why is None:
        assert found is None
    else:
        assert found is not None and why in found


def test_play_sets_up_by_typing_and_writes_the_choices_to_the_record(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.chdir(tmp_path)
    typed = "kompakt\n3\nTigers, Lions, Bears\nyes\nyes\nyes\n15\nquit\n"
    monkeypatch.setattr("sys.stdin", io.StringIO(typed))
    assert main([*KEYBOARD, "--deck", str(DECK), "--record", "g.jsonl", "--seed", "4"]) == 0
    out = capsys.readouterr().out
    header = read_record(tmp_path / "g.jsonl", tolerate_torn_tail=True).header.fields
    assert header["variant"] == "kompakt" and header["target"] == 15
    assert header["teams"] == ["tigers", "lions", "bears"]
    assert "A new game of Bezzerwizzer Kompakt for 3 teams: Tigers, Lions and Bears." in out
    assert "start, drawn by lot." in out  # Tigers, Lions, Bears: plural
    assert json.loads(out.strip().splitlines()[-1])["outcome"] == "quit"


def test_play_with_teams_given_asks_nothing_and_never_a_traceback(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr("sys.stdin", io.StringIO("quit\n"))
    assert main([*KEYBOARD, "--teams", "2", "--deck", str(DECK), "--record", "a.jsonl"]) == 0
    out = capsys.readouterr().out
    assert "Which rules" not in out and "team names" not in out and "How long" not in out
    monkeypatch.setattr("sys.stdin", io.StringIO("familie\n"))  # the typing ends mid set-up
    assert main([*KEYBOARD, "--deck", str(DECK), "--record", "b.jsonl"]) == 2
    captured = capsys.readouterr()
    assert "the keyboard input ended" in captured.err and "Traceback" not in captured.err


def test_the_suggested_names_are_good_names_and_none_sounds_like_another() -> None:
    assert len(naming.SUGGESTED) >= 20
    for index, name in enumerate(naming.SUGGESTED):
        assert naming.problem(name, naming.SUGGESTED[:index]) is None, name
    grammar = NAME_GRAMMAR.phrases()
    assert set(naming.SUGGESTED) <= set(grammar) and "colours" in grammar


def test_kompakt_takes_up_to_six_teams_by_voice_and_the_board_games_four() -> None:
    chosen, said = setup("kompakt", "six", "colours", None)
    assert chosen.teams == ("red", "blue", "green", "yellow", "purple", "orange")
    assert "How many teams are playing? Two, three, four, five or six?" in said
    chosen, said = setup("standard", "five", "four", "colours", None)
    assert len(chosen.teams) == 4
    assert "I did not understand five. Say two, three or four." in said

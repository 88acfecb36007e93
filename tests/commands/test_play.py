"""`voicemaster play` set-up: the resume offer, welcome back, finished games, the keyboard
fallback, timings and option checks (typed answers come from a replaced stdin)."""

from __future__ import annotations

import io
import json
import subprocess
import sys
from pathlib import Path

import pytest

from tests.helpers.cli import KEYBOARD, play
from tests.helpers.host import DECK, ScriptedEars
from voicemaster.cli import build_parser, main, settings_for
from voicemaster.commands.play import ScreenNotices, make_speaker, timing
from voicemaster.host.text_io import KeyboardEars
from voicemaster.records import read_record
from voicemaster.speech.base import SpeechUnavailable
from voicemaster.speech.voice.tts import VoiceNotice
from voicemaster.speech.voice.voice_choice import VoiceChoice

TIMELINE_DECK = Path(__file__).resolve().parents[1] / "data" / "timeline" / "events.yaml"


def saved_game(monkeypatch: pytest.MonkeyPatch, name: str, *args: str, deck: Path = DECK) -> Path:
    """A game quit after its first round's set-up, in games/ (the offer looks there)."""
    record = Path("games") / name
    typed = "keep\n" * 8 + "quit\n"
    assert play(monkeypatch, typed, "--deck", str(deck), "--record", str(record), *args) == 0
    return record


def test_the_offer_describes_the_game_and_welcomes_back(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.chdir(tmp_path)
    saved = saved_game(monkeypatch, "std.jsonl", "--teams", "3", "--seed", "2")
    capsys.readouterr()
    assert play(monkeypatch, "yes\nquit\n") == 0
    out = capsys.readouterr().out
    offer = next(line for line in out.splitlines() if "unfinished game" in line)
    assert "the standard game from today, Red 0, Blue 0, Green 0" in offer
    assert "Welcome back to your game of standard Bezzerwizzer. Standings:" in out
    assert Path(json.loads(out.strip().splitlines()[-1])["record"]) == saved.resolve()


def test_a_game_of_another_variant_is_not_offered(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.chdir(tmp_path)
    saved_game(monkeypatch, "std.jsonl", "--teams", "2", "--seed", "2")
    capsys.readouterr()
    args = ["--variant", "timeline", "--teams", "2", "--deck", str(TIMELINE_DECK)]
    assert play(monkeypatch, "quit\n", *args, "--record", "games/tl.jsonl") == 0
    out = capsys.readouterr().out
    assert "unfinished game" not in out and "A new game of Bezzerwizzer Timeline" in out
    assert main(["play", "--resume", "games/std.jsonl", "--variant", "kompakt"]) == 2
    err = capsys.readouterr().err
    assert "does not fit the options given: it is a standard game, not kompakt" in err
    assert main([*KEYBOARD, "--resume", "--variant", "kompakt"]) == 2
    assert "no unfinished game that fits the options given" in capsys.readouterr().err


def test_resuming_a_finished_game_says_it_is_finished(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.chdir(tmp_path)
    assert main(["simulate", "--teams", "2", "--track", "6", "--seed", "1", "--deck", str(DECK),
                 "--record", "done.jsonl"]) == 0  # fmt: skip
    assert read_record(tmp_path / "done.jsonl").game.finished
    capsys.readouterr()
    assert play(monkeypatch, "", "--resume", "done.jsonl") == 0
    out = capsys.readouterr().out
    assert "That game of standard Bezzerwizzer is already finished." in out and " won." in out
    assert "Start voicemaster again for a new game." in out and "voicemaster play" not in out
    assert json.loads(out.strip().splitlines()[-1])["outcome"] == "finished"


def test_file_errors_name_no_line_zero(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.chdir(tmp_path)
    (tmp_path / "empty.jsonl").write_text("")
    for path in ("empty.jsonl", "missing.jsonl"):
        assert play(monkeypatch, "", "--resume", path) == 2
        assert main(["simulate", "--resume", path]) == 2
        err = capsys.readouterr().err
        assert f"{path}:" in err and ":0:" not in err


def test_teams_out_of_range_is_a_clear_error(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.chdir(tmp_path)
    assert main(["simulate", "--teams", "5"]) == 2
    assert "--teams 5: a game is for 2 to 4 teams" in capsys.readouterr().err
    assert play(monkeypatch, "", "--teams", "1", "--record", "x.jsonl") == 2
    assert "--teams 1: a game is for 2 to 4 teams" in capsys.readouterr().err


def test_kompakt_takes_up_to_six_teams_in_colours(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.chdir(tmp_path)
    six = ["red", "blue", "green", "yellow", "purple", "orange"]
    args = ["--variant", "kompakt", "--teams", "6", "--seed", "3", "--track", "9"]
    assert main(["simulate", *args, "--record", "sim.jsonl"]) == 0
    record = read_record(tmp_path / "sim.jsonl")
    assert record.header.fields["teams"] == six and record.game.finished
    assert json.loads(capsys.readouterr().out.strip().splitlines()[-1])["winner"] in six
    assert play(monkeypatch, "quit\n", *args, "--record", "games/k.jsonl") == 0
    assert "for 6 teams: Red, Blue, Green, Yellow, Purple and Orange" in capsys.readouterr().out
    assert main(["simulate", "--variant", "kompakt", "--teams", "7"]) == 2
    assert "--teams 7: a game is for 2 to 6 teams" in capsys.readouterr().err
    assert play(monkeypatch, "", "--variant", "timeline", "--teams", "5") == 2
    assert "--teams 5: a game is for 2 to 4 teams" in capsys.readouterr().err


def unplugged(monkeypatch: pytest.MonkeyPatch) -> list[object]:
    """No microphone, whatever this machine has: opening one fails as with none plugged in.
    Returns the devices asked for."""
    from voicemaster.speech.capture import microphone

    asked: list[object] = []

    def open_nothing(mic: microphone.Microphone) -> microphone.Microphone:
        asked.append(mic.spec)
        raise SpeechUnavailable("No microphone found")

    monkeypatch.setattr(microphone.Microphone, "open", open_nothing)
    return asked


def test_without_a_microphone_the_keyboard_is_offered_once(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.chdir(tmp_path)
    asked = unplugged(monkeypatch)
    monkeypatch.setattr("sys.stdin", io.StringIO("no\n"))
    assert main(["play", "--output", "text", "--teams", "2", "--deck", str(DECK)]) == 2
    captured = capsys.readouterr()
    assert captured.out.count("Shall we play with the keyboard instead?") == 1
    assert "start with --input keyboard" in captured.err and not list(Path("games").glob("*.jsonl"))
    monkeypatch.setattr("sys.stdin", io.StringIO("yes\nkeep\nkeep\nquit\n"))
    assert main(["play", "--output", "text", "--teams", "2", "--deck", str(DECK)]) == 0
    out = capsys.readouterr().out
    assert out.count("Shall we play with the keyboard instead?") == 1
    assert "Which one for four points?" in out and "The game is saved" in out
    assert asked == [None, None]  # the default microphone, looked for once a game


@pytest.mark.slow
def test_collecting_these_tests_opens_no_microphone(tmp_path: Path) -> None:
    """A microphone opened while collecting would be taken from whoever uses it, and decide
    what is tested: the test that needs none is run with one unplugged instead."""
    code = (
        "import sys, pytest\n"
        "from voicemaster.speech.capture import microphone\n"
        "def opened(mic):\n"
        "    raise SystemExit('a microphone was opened while collecting')\n"
        "microphone.Microphone.open = opened\n"
        "sys.exit(pytest.main(['--collect-only', '-p', 'no:cacheprovider', sys.argv[1]]))\n"
    )
    run = subprocess.run(
        [sys.executable, "-c", code, __file__],
        capture_output=True,
        text=True,
        check=False,
        cwd=Path(__file__).resolve().parents[2],
    )
    assert run.returncode == 0, run.stdout[-2000:] + run.stderr[-2000:]
    assert "test_without_a_microphone_the_keyboard_is_offered_once" in run.stdout


def test_window_and_thinking_times() -> None:
    parse = settings_for
    keyboard = KeyboardEars(io.StringIO(""), io.StringIO())
    spoken = ScriptedEars([])
    assert timing(parse(["play"]), spoken).before == 5.0
    assert timing(parse(["play"]), keyboard).before == 12.0  # typing takes longer
    chosen = timing(parse(["play", "--window", "8", "--thinking", "45"]), keyboard)
    assert (chosen.before, chosen.thinking) == (8.0, 45.0)
    assert timing(parse(["play"]), spoken).thinking == 30.0


@pytest.mark.parametrize(
    "args",
    [
        ["play", "--window", "0"],
        ["play", "--thinking", "5"],
        ["play", "--thinking", "soon"],
        ["simulate", "--skill", "1.5"],
        ["simulate", "--skill", "-0.1"],
        ["say", "hello", "--rate", "50"],
        ["say", "hello", "--rate", "500"],
    ],
)
def test_out_of_range_options_are_usage_errors(
    args: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as stop:
        build_parser().parse_args(args)
    assert stop.value.code == 2
    assert "error: argument" in capsys.readouterr().err


def test_say_takes_several_words_and_every_option_has_help() -> None:
    parser = build_parser()
    said = settings_for(["say", "hello", "there", "--rate", "200"])
    assert said.text == "hello there" and said.voice.settings.rate == 200
    for action in _all_actions(parser):
        assert action.help, f"{action.option_strings or action.dest} has no help text"


def _all_actions(parser: object) -> list[object]:
    import argparse

    found = []
    assert isinstance(parser, argparse.ArgumentParser)
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            for sub in action.choices.values():
                found += _all_actions(sub)
        else:
            found.append(action)
    return found


def test_each_kind_of_voice_notice_is_said_on_screen_once(
    capsys: pytest.CaptureFixture[str],
) -> None:
    screen = ScreenNotices()
    screen(VoiceNotice("text", "text", "cannot play sound (no sound card found)"))
    screen(VoiceNotice("text", "text", "no speech engine works"))
    screen(VoiceNotice("voice", "espeak-ng", "the Piper voice cannot be used (gone)"))
    lines = capsys.readouterr().err.splitlines()
    assert lines == [
        "voicemaster: cannot play sound (no sound card found) -- the quizmaster will print "
        "what it says instead",
        "voicemaster: the Piper voice cannot be used (gone): the quizmaster speaks with espeak-ng",
    ]


def test_no_speech_engine_is_said_on_screen_and_the_quizmaster_prints(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv("PATH", "")  # no espeak-ng to be found
    speaker = make_speaker("speech", VoiceChoice("espeak"))
    speaker.say("Welcome.")
    captured = capsys.readouterr()
    assert captured.out == "QUIZMASTER: Welcome.\n"
    lines = [line for line in captured.err.splitlines() if "voicemaster:" in line]
    assert lines == [
        "voicemaster: no speech engine works -- the quizmaster will print what it says instead"
    ]

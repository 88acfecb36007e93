"""A table that says yes to everything (``simulate --yes-sayer``), and the transcript of a
simulated game (``simulate --transcript``), without audio."""

from __future__ import annotations

from pathlib import Path

from tests.helpers.host import DECK, header
from voicemaster.cli import main
from voicemaster.decks import load_deck
from voicemaster.host.asking import SAY_AGAIN
from voicemaster.host.cues import Cue
from voicemaster.host.log import GameLog
from voicemaster.host.quiz import Quiz
from voicemaster.simulator.table import SimTable
from voicemaster.simulator.transcript import Transcript
from voicemaster.speech.base import Expectation, Heard


def confirm(table: SimTable, words: str) -> str | None:
    table.cue(Cue("confirm", "red", 5, asked=words))
    heard = table.hear(Expectation(), 5.0)
    return heard.text if heard else None


def test_a_yes_sayer_says_yes_to_any_did_you_say(tmp_path: Path) -> None:
    quiz = Quiz(load_deck(DECK))
    for yes_sayer, expected in ((False, "no"), (True, "yes")):
        options = {"yes_sayer": True} if yes_sayer else {}
        log = GameLog(tmp_path / f"{yes_sayer}.jsonl", {**header(teams=2), "simulate": options})
        table = SimTable(log, 4, 1.0, quiz.deck)
        assert table.yes_sayer is yes_sayer
        assert confirm(table, "something nobody said") == expected


def test_yes_sayer_and_transcript_are_for_games_through_audio(tmp_path: Path) -> None:
    base = ["simulate", "--teams", "2", "--deck", str(DECK), "--data", str(tmp_path)]
    assert main([*base, "--yes-sayer"]) == 2
    assert main([*base, "--transcript", str(tmp_path / "t.txt")]) == 2
    assert not (tmp_path / "t.txt").exists()


def test_the_transcript_shows_who_said_what_was_heard_and_why_it_was_misjudged(
    tmp_path: Path,
) -> None:
    path = tmp_path / "t.txt"
    right = {"Danube", "the Danube"}
    transcript = Transcript(path, lambda words: words in right)
    transcript.quizmaster("Which river flows through Vienna?")
    guess = Heard("Danube", ("Danube", "the volga"), narrow=True, guessed=True)
    transcript.team("red", "answer", "the Volga", "wrong", "flite:slt", guess)
    transcript.quizmaster(SAY_AGAIN)
    transcript.team("red", "answer/again", "the Volga", "", "flite:slt", Heard("the Volga"))
    transcript.quizmaster("Did you say the Volga?")
    transcript.quizmaster("Did you say Danube?")  # what the rule forbids: marked
    line = {"question": {"team": "red", "answer": "right"}}
    transcript.decided(line, {"meant": {"defender": "wrong"}}, "geo-17")
    transcript.close()
    lines = path.read_text().splitlines()
    assert 'heard "Danube" [narrow guessed]' in lines[1] and "meant wrong" in lines[1]
    assert lines[2].split()[1] == "again" and lines[3].endswith('heard "the Volga"')
    assert lines[4].split()[1:3] == ["asked", "Did"]
    assert "REVEALS" in lines[5]
    assert lines[6] == "==    geo-17  defender right (meant wrong)  MISJUDGED"
    assert lines[7] == "--    asked back 2 (saying a right answer: 1), heard again 1"

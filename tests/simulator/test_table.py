"""`voicemaster simulate` end to end, and resuming it from a cut record."""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path

import pytest

from tests.helpers.host import DECK, header, simulate
from voicemaster.cli import main
from voicemaster.decks import Card, load_deck
from voicemaster.host.cues import Cue, Retry, Sure
from voicemaster.host.dialogue import Quizmaster
from voicemaster.host.listening import Timing
from voicemaster.host.log import GameLog
from voicemaster.host.quiz import Quiz
from voicemaster.host.text_io import TranscriptSpeaker
from voicemaster.records import read_record
from voicemaster.simulator.table import SimTable
from voicemaster.speech.base import Expectation, Heard


def options(record: Path, seed: int = 7) -> list[str]:
    return [
        "--teams",
        "3",
        "--seed",
        str(seed),
        "--track",
        "12",
        "--deck",
        str(DECK),
        "--record",
        str(record),
    ]


def test_simulate_plays_a_whole_game(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    result = simulate(capsys, *options(tmp_path / "a.jsonl"))
    assert set(result) == {
        "variant",
        "winner",
        "rounds",
        "questions",
        "misjudged",
        "positions",
        "record",
    }
    record = read_record(tmp_path / "a.jsonl")
    assert record.game.finished and record.game.winner == result["winner"]
    assert result["positions"] == record.game.positions
    assert result["questions"] >= 12  # type: ignore[operator]
    again = simulate(capsys, *options(tmp_path / "b.jsonl"))
    assert {**again, "record": ""} == {**result, "record": ""}  # the seed decides everything
    other = simulate(capsys, *options(tmp_path / "c.jsonl", seed=8))
    assert (tmp_path / "a.jsonl").read_text() != (tmp_path / "c.jsonl").read_text()
    assert other["record"] == str(tmp_path / "c.jsonl")


def test_resume_of_a_broken_record_is_a_clear_error(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    bad = tmp_path / "bad.jsonl"
    bad.write_text('{"variant": "standard", "teams": ["red"]}\n')
    assert main(["simulate", "--resume", str(bad)]) == 2
    err = capsys.readouterr().err
    assert f"{bad}:1:" in err and "Traceback" not in err


class FailingSimTable(SimTable):
    """Simulated teams whose recognizer fails throughout the first defender's answer window."""

    def __init__(self, log: GameLog, seed: int, skill: float, deck: object) -> None:
        super().__init__(log, seed, skill, deck)
        self.failing_at: int | None = None
        self._cue_kind, self.lines_now = "", 0

    def hear(self, expectation: Expectation, timeout: float) -> Heard | None:
        heard = super().hear(expectation, timeout)  # the team speaks (and means something)
        kind = self._cue_kind
        if kind == "answer" and self.failing_at in (None, self.lines_now):
            self.failing_at = self.lines_now
            raise KeyError("seg")
        return heard

    def cue(self, cue: Cue) -> None:
        super().cue(cue)
        self._cue_kind, self.lines_now = cue.kind, cue.lines


def test_an_answer_lost_to_recognizer_errors_counts_as_misjudged(tmp_path: Path) -> None:
    log = GameLog(tmp_path / "g.jsonl", {**header(teams=2, track=6, seed=4), "simulate": {}})
    quiz = Quiz(load_deck(DECK))
    table = FailingSimTable(log, 4, 0.9, quiz.deck)
    master = Quizmaster(log, quiz, TranscriptSpeaker(), table, Timing())
    assert master.run() == "finished"
    lost = next(line for line in log.lines if "question" in line)
    assert lost["meant"]["defender"] == "right"  # the seed makes the team mean it
    assert lost["misjudged"] == 1  # recorded as a pass: the error cost a right answer
    # the team said "that was right" at the next question: corrected, still counted
    assert lost["edits"] == 1 and lost["question"]["answer"] == "right"


def test_a_play_off_that_cannot_end_is_stopped_with_a_clear_outcome(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    args = ["--teams", "2", "--seed", "3", "--deck", str(DECK), "--record", str(tmp_path / "a")]
    assert main(["simulate", "--skill", "1.0", *args]) == 0
    captured = capsys.readouterr()
    result = json.loads(captured.out.strip().splitlines()[-1])
    assert result["winner"] is None and len(set(result["positions"].values())) == 1
    assert "the play-off was stopped after 25 rounds without a winner" in captured.err
    lines = [json.loads(line) for line in (tmp_path / "a").read_text().splitlines()]
    assert sum("playoff" in line for line in lines) == 25


def window(card: Card) -> Expectation:
    """The answer window a microphone gets for ``card`` (what the table knows it by)."""
    return Expectation(answers=(card.answer, *card.accept), rejects=tuple(card.reject))


def test_simulated_teams_answer_did_you_say_for_their_own_words_and_repeat_a_shout(
    tmp_path: Path,
) -> None:
    log = GameLog(tmp_path / "g.jsonl", {**header(teams=2, track=6, seed=4), "simulate": {}})
    quiz = Quiz(load_deck(DECK))
    table = SimTable(log, 4, 1.0, quiz.deck)  # skill 1: the teams answer right
    Quizmaster(log, quiz, TranscriptSpeaker(), table, Timing())
    card = next(c for c in quiz.deck.questions if c.accept)
    table.cue(Cue("answer", "red", 5, card=card, retry=Retry.AGAIN))
    said = table.hear(window(card), 5.0)
    assert said is not None and said.text in (card.answer, *card.accept)

    def confirm(team: str, words: str) -> str | None:
        table.cue(Cue("confirm", team, 5, asked=words))
        heard = table.hear(Expectation(), 5.0)
        return heard.text if heard else None

    assert confirm("red", said.text.upper()) == "yes"
    other_form = next(f for f in (card.answer, *card.accept) if f != said.text)
    assert confirm("red", other_form) == "yes"  # another form of the same right answer
    assert confirm("red", "something else") == "no"
    assert confirm("blue", said.text) == "no"  # blue said nothing
    table._next_said = "Bezzerwizzer blue"  # said at the point before
    table.cue(Cue("answer", "red", 5, attempt=1, card=card, retry=Retry.SHOUT))
    again = table.hear(window(card), 5.0)
    assert again is not None and again.text == "Bezzerwizzer blue"
    # asked "Was that a Bezzerwizzer?" when nobody shouted (an answer was heard so): nobody says it
    table._next_said = card.answer
    table.cue(Cue("answer", "red", 5, attempt=2, card=card, retry=Retry.SHOUT))
    assert table.hear(window(card), 5.0) is None


def test_asked_again_a_team_repeats_its_own_answer_to_this_question_only(tmp_path: Path) -> None:
    """Not another team's words, nor its answer to an earlier question (after a command such
    as "score" heard unclearly, it answers); a resumed game forgets nothing it would use."""
    log = GameLog(tmp_path / "g.jsonl", {**header(teams=2, track=6, seed=4), "simulate": {}})
    quiz = Quiz(load_deck(DECK))
    table = SimTable(log, 4, 0.0, quiz.deck)  # skill 0: wrong answers or passes
    Quizmaster(log, quiz, TranscriptSpeaker(), table, Timing())
    first, second = quiz.deck.questions[:2]

    def hear(team: str, card: Card, retry: Retry | None = None) -> str | None:
        table.cue(Cue("answer", team, 5, card=card, retry=retry))
        heard = table.hear(window(card), 5.0)
        return heard.text if heard else None

    said = hear("red", first)
    assert said is not None and hear("red", first, Retry.AGAIN) == said
    table.annotate({})  # the question is recorded
    again = hear("red", second, Retry.AGAIN)  # decided anew: what it means is noted
    assert again is not None and table.meant.get("defender") in ("wrong", "pass")
    assert again in {*second.reject, *quiz.deck.competitors(second), "pass"}


def test_simulated_teams_confirm_only_the_command_they_said(tmp_path: Path) -> None:
    log = GameLog(tmp_path / "g.jsonl", {**header(teams=2, track=6, seed=4), "simulate": {}})
    quiz = Quiz(load_deck(DECK))
    table = SimTable(log, 4, 1.0, quiz.deck)
    Quizmaster(log, quiz, TranscriptSpeaker(), table, Timing())

    def sure(command: str, attempt: int = 0) -> str | None:
        table.cue(Cue("sure", None, 5, attempt=attempt, command=Sure(command)))
        heard = table.hear(Expectation(), 5.0)
        return heard.text if heard else None

    table._next_said = "scratch that"  # said at the point before: an undo
    assert sure("undo") == "yes" and sure("undo", attempt=1) == "yes"
    assert sure("that was right") == "no" and sure("quit") == "no"
    table._next_said = "Toucan"  # an answer heard as a command: not confirmed
    assert sure("undo") == "no"


def test_a_window_narrowed_by_a_denied_phrase_is_still_the_card_asked(tmp_path: Path) -> None:
    """ "Did you say <a reject>?" "No": the retake's window leaves the reject out, and the table
    still knows the card (it answers it right, and its words are judged for that card)."""
    log = GameLog(tmp_path / "g.jsonl", {**header(teams=2, track=6, seed=4), "simulate": {}})
    quiz = Quiz(load_deck(DECK))
    table = SimTable(log, 4, 1.0, quiz.deck)  # skill 1: the teams answer right
    Quizmaster(log, quiz, TranscriptSpeaker(), table, Timing())
    card = next(c for c in quiz.deck.questions if c.reject)
    narrowed = replace(window(card), rejects=tuple(card.reject[1:]))
    table.cue(Cue("answer", "red", 5, card=card, retry=Retry.AGAIN))
    said = table.hear(narrowed, 5.0)
    assert table.card is card
    assert said is not None and said.text in (card.answer, *card.accept)

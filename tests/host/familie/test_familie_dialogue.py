"""The familie quizmaster with scripted players: who hears the options, and when."""

from __future__ import annotations

import io
import os
import pty
import termios
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from tests.helpers.host import ScriptedEars, Table, Until, questions, right, watch, wrong
from voicemaster.decks import load_deck
from voicemaster.host import phrases
from voicemaster.host.cues import Cue
from voicemaster.host.familie.dialogue import (
    FamilieQuizmaster,
    alternating_kinds,
    ask_kinds,
    kind_of,
    parse_kinds,
)
from voicemaster.host.listening import Timing
from voicemaster.host.log import GameLog
from voicemaster.host.privacy import Privacy, Secretly
from voicemaster.host.quiz import Quiz
from voicemaster.host.text_io import KeyboardEars, TranscriptSpeaker
from voicemaster.records import read_record
from voicemaster.speech.base import Expectation, Heard

DECK = Path(__file__).resolve().parents[2] / "data" / "host" / "mini-familie.yaml"


def master(
    path: Path,
    table: Any,
    kinds: dict[str, str],
    seed: int = 1,
    track: int = 10,
    privacy: Privacy | None = None,
) -> tuple[FamilieQuizmaster, TranscriptSpeaker]:
    header = {
        "variant": "familie",
        "teams": list(kinds),
        "track": track,
        "home_stretch": 3,
        "seed": seed,
        "deck": [str(DECK)],
        "kinds": kinds,
    }
    log = GameLog(path, header)
    speaker = TranscriptSpeaker()
    quiz = Quiz(load_deck(DECK), log.used_cards())
    qm = FamilieQuizmaster(log, quiz, speaker, table, Timing(mic_retry=0.0), privacy=privacy)
    watch(table, qm)
    return qm, speaker


class Once:
    """A line said once, at the first cue that matches; afterwards ``then``."""

    def __init__(self, when: Callable[[Cue], bool], line: str, then: str | None = None) -> None:
        self.when, self.line, self.then, self.done = when, line, then, False

    def __call__(self, cue: Cue) -> str | None:
        if not self.done and self.when(cue):
            self.done = True
            return self.line
        return None


def said(speaker: TranscriptSpeaker) -> list[str]:
    return list(speaker.said)


def index_of(lines: list[str], text: str) -> int:
    return next(i for i, line in enumerate(lines) if text in line)


def test_children_hear_the_options_with_the_question(tmp_path: Path) -> None:
    table = Until(1)
    qm, speaker = master(tmp_path / "g.jsonl", table, {"red": "child", "blue": "child"})
    assert qm.run() == "quit"
    (line,) = questions(qm)
    card = qm.quiz.card(line["card"])
    assert card is not None and card.audience == "child"  # a children's question
    lines = said(speaker)
    asked = lines.index(card.question)
    read = line["options"]  # the order read, shuffled per game (the record holds it)
    assert sorted(read) == sorted(card.options)
    assert lines[asked + 1].endswith(f"Is it A, {read[0]}; B, {read[1]}; or C, {read[2]}?")
    assert not any(c.kind == "options" for c in table.cues)  # no adults: no window for them


def test_adults_hear_no_options(tmp_path: Path) -> None:
    table = Until(1)
    qm, speaker = master(tmp_path / "g.jsonl", table, {"red": "adult", "blue": "adult"})
    qm.run()
    card = qm.quiz.card(questions(qm)[0]["card"])
    assert card is not None and card.audience == "adult"
    assert not any("Is it A" in s for s in said(speaker))


def red_wrong(cue: Cue) -> str:
    return wrong(cue) if cue.team == "red" else right(cue)


def _first_child_turn(kinds: dict[str, str]) -> Callable[[Cue], bool]:
    return lambda cue: kinds.get(str(cue.team)) == "child"


def test_adults_attacking_children_answer_first_with_covered_ears(tmp_path: Path) -> None:
    kinds = {"red": "child", "blue": "adult"}
    shout = Once(_first_child_turn(kinds), "Bezzerwizzer blue")
    table = Until(4).at("before", *([shout] * 4)).at("answer", red_wrong).at("attacker", right)
    qm, speaker = master(tmp_path / "g.jsonl", table, kinds)
    assert qm.run() == "quit"
    attacked = next(q for q in questions(qm) if "bezzerwizzer" in q["question"])
    assert attacked["question"]["team"] == "red"
    assert attacked["question"]["bezzerwizzer"] == {
        "team": "blue",
        "when": "before",
        "answer": "right",
    }
    lines = said(speaker)
    covered = index_of(lines, "Red, please cover your ears. Blue, your answer?")
    options = index_of(lines, "Red, here are the options.")
    assert covered < index_of(lines, "you can listen again") < options
    kinds_heard = [k for k, team, _ in table.heard if team is not None]
    assert kinds_heard.index("attacker") < kinds_heard.index(
        "answer", kinds_heard.index("attacker")
    )
    assert "answered before the options" in "\n".join(lines)


def test_children_attacking_adults_hear_the_options_after_the_adults_answered(
    tmp_path: Path,
) -> None:
    kinds = {"red": "child", "blue": "adult"}
    shout = Once(lambda cue: cue.team == "blue", "Bezzerwizzer red")
    table = Until(4).at("before", *([shout] * 6)).at("answer", wrong, wrong, wrong)

    def option_letter(cue: Cue) -> str:
        card = cue.card
        return f"option {'ABC'[list(card.options).index(card.answer)]}"

    table.at("attacker", option_letter)
    qm, speaker = master(tmp_path / "g.jsonl", table, kinds)
    assert qm.run() == "quit"
    attacked = next(q for q in questions(qm) if "bezzerwizzer" in q["question"])
    assert attacked["question"]["team"] == "blue"
    assert attacked["question"]["bezzerwizzer"]["answer"] == "right"  # "option B" judged right
    card = qm.quiz.card(attacked["card"])
    assert card is not None
    lines = said(speaker)
    asked = lines.index(card.question)
    prompt = next(s for s in lines[asked:] if "Red, your answer?" in s)
    assert "Is it A," in prompt
    assert not any("Is it A" in s for s in lines[asked : lines.index(prompt)])


def test_adults_cannot_attack_children_once_the_options_are_read(tmp_path: Path) -> None:
    kinds = {"red": "child", "blue": "adult"}
    late = Once(lambda cue: cue.team == "red", "Bezzerwizzer blue")
    table = Until(2).at("options", None, None, None).at("answer", late, late, late)
    qm, speaker = master(tmp_path / "g.jsonl", table, kinds)
    qm.run()
    red = next(q for q in questions(qm) if q["question"]["team"] == "red")
    assert "bezzerwizzer" not in red["question"]
    assert any("Too late for Blue" in s for s in said(speaker))


def test_an_attack_in_the_window_before_the_options_is_worth_one(tmp_path: Path) -> None:
    kinds = {"red": "child", "blue": "adult"}
    table = Until(2).at("options", "Bezzerwizzer blue").at("answer", wrong).at("attacker", right)
    qm, speaker = master(tmp_path / "g.jsonl", table, kinds)
    qm.run()
    red = next(q for q in questions(qm) if q["question"]["team"] == "red")
    assert red["question"]["bezzerwizzer"]["when"] == "after"
    assert any("Any Bezzerwizzer before I read the options?" in s for s in said(speaker))
    assert any("please cover your ears" in s for s in said(speaker))


class TypingTable(KeyboardEars):
    """A keyboard at the table (so the quizmaster offers private typing), scripted by a Table."""

    def __init__(self, table: Table) -> None:
        super().__init__(io.StringIO(), io.StringIO())
        self.table = table

    def cue(self, cue: Cue) -> None:
        self.table.cue(cue)

    def hear(self, expectation: Expectation, timeout: float) -> Heard | None:
        return self.table.hear(expectation, timeout)


def test_on_a_keyboard_the_adults_type_their_answer_privately(tmp_path: Path) -> None:
    kinds = {"red": "child", "blue": "adult"}
    shout = Once(_first_child_turn(kinds), "Bezzerwizzer blue")
    table = Until(4).at("before", *([shout] * 4)).at("answer", red_wrong).at("attacker", right)
    typing = TypingTable(table)
    qm, speaker = master(tmp_path / "g.jsonl", typing, kinds, privacy=Privacy(typing=typing))
    assert qm.run() == "quit"
    assert any("Blue, type your answer privately" in s for s in said(speaker))
    assert not any("cover your ears" in s for s in said(speaker))


def test_private_typing_turns_the_terminal_echo_off_and_back_on() -> None:
    leader, follower = pty.openpty()
    try:
        with os.fdopen(follower, "r", closefd=False) as stream:
            ears = KeyboardEars(stream, io.StringIO())
            assert termios.tcgetattr(follower)[3] & termios.ECHO
            with Privacy(typing=ears).answering("blue") as secretly:
                assert secretly is Secretly.TYPED
                assert not termios.tcgetattr(follower)[3] & termios.ECHO
            assert termios.tcgetattr(follower)[3] & termios.ECHO
            with Privacy().answering("blue") as secretly:  # no keyboard: said aloud
                assert secretly is Secretly.ALOUD
    finally:
        os.close(leader)
        os.close(follower)


def test_cards_suit_the_answering_teams_audience(tmp_path: Path) -> None:
    kinds = {"red": "child", "blue": "adult", "green": "child"}
    qm, _ = master(tmp_path / "g.jsonl", Until(12), kinds, track=40)
    assert qm.run() == "quit"
    first_round = questions(qm)[:12]
    assert len(first_round) == 12
    for line in first_round:
        card = qm.quiz.card(line["card"])
        assert card is not None and card.audience == kinds[line["question"]["team"]]


def test_a_whole_family_game_reaches_a_winner_and_replays(tmp_path: Path) -> None:
    kinds = {"red": "child", "blue": "adult"}
    qm, speaker = master(tmp_path / "g.jsonl", Table(), kinds, track=12)
    assert qm.run() == "finished"
    record = read_record(tmp_path / "g.jsonl")
    assert record.game.winner == qm.game.winner is not None
    assert record.header.fields["kinds"] == kinds
    assert any("wins the game" in s for s in said(speaker))


def test_kinds_by_voice_and_by_flag() -> None:
    ears = ScriptedEars.of(["we are the kids", "hmm", "grown ups"])
    speaker = TranscriptSpeaker()
    assert ask_kinds(speaker, ears, ["red", "blue"]) == {"red": "child", "blue": "adult"}
    assert "Red is a children's team." in speaker.said
    assert speaker.said.count("Blue: are you children or adults?") == 2
    assert parse_kinds("red=child, blue=adults", ["red", "blue"]) == {
        "red": "child",
        "blue": "adult",
    }
    with pytest.raises(ValueError, match="not a team"):
        parse_kinds("pink=child", ["red", "blue"])
    with pytest.raises(ValueError, match="red=child or red=adult"):
        parse_kinds("red=teen", ["red", "blue"])
    assert kind_of("children and adults") is None
    mixed = alternating_kinds(["red", "blue", "green"], 5)
    assert set(mixed.values()) == {"child", "adult"}


def test_a_half_heard_shout_before_the_options_is_asked_again(tmp_path: Path) -> None:
    def half_heard(cue: Cue) -> Heard:
        return Heard("the sherwood", ("bezzerwizzer blue", "the sherwood"), unclear=True)

    kinds = {"red": "child", "blue": "adult"}
    table = Until(4).at("options", half_heard, half_heard).at("answer", red_wrong)
    table.at("attacker", right)
    qm, speaker = master(tmp_path / "g.jsonl", table, kinds)
    assert qm.run() == "quit"
    attacked = next(q for q in questions(qm) if q["question"].get("bezzerwizzer"))
    assert attacked["question"]["bezzerwizzer"]["team"] == "blue"
    assert speaker.said.count(phrases.said("shout.again")) == 1
    assert [c.retry for c in table.cues if c.kind == "options"][:2] == [None, "shout"]

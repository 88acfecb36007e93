"""The quizmaster's dialogue with scripted players: every command and tactical move."""

from __future__ import annotations

import logging
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

import pytest

from tests.helpers.host import DECK, Table, other, questions, quizmaster, right, shout, wrong
from voicemaster.decks import load_deck
from voicemaster.host import phrases
from voicemaster.host.asking import SAY_AGAIN
from voicemaster.host.cues import Cue
from voicemaster.host.point_words import NOT_DONE, SURE
from voicemaster.records import read_record
from voicemaster.speech.base import Expectation, Heard, SpeechUnavailable


def said(speaker: object) -> str:
    return "\n".join(speaker.said)


def test_a_whole_game_reaches_a_winner_and_replays(tmp_path: Path) -> None:
    qm, speaker = quizmaster(tmp_path / "g.jsonl", Table(), track=12)
    assert qm.run() == "finished"
    text = said(speaker)
    assert "drawn by lot" in text and "wins the game" in text and "Standings:" in text
    record = read_record(tmp_path / "g.jsonl")
    assert record.game.summary() == qm.game.summary() and qm.game.winner is not None
    cards = [line["card"] for line in questions(qm)]
    assert len(cards) == len(set(cards))  # no question twice


def test_tiles_are_arranged_by_voice(tmp_path: Path) -> None:
    def name_first_tile(cue: Cue) -> str:
        return cue.options[0]

    table = Table().at("arrange", name_first_tile, name_first_tile, "keep")
    table.at("before", "quit")
    qm, speaker = quizmaster(tmp_path / "g.jsonl", table)
    assert qm.run() == "quit"
    first_team = next(c.team for c in table.cues if c.kind == "arrange")
    drawn = next(c.options for c in table.cues if c.kind == "arrange")
    slots = qm.log.lines[1]["round"]["slots"][first_team]
    assert slots[3] == drawn[0] and slots[2] == drawn[1]  # four points, then three
    assert slots[:2] == [d for d in drawn if d not in slots[2:]][::-1]  # kept as read
    assert "Which one for four points?" in said(speaker)


def test_bezzerwizzer_before_the_question_scores_three(tmp_path: Path) -> None:
    table = Table().at("before", shout, None, "quit").at("answer", wrong).at("attacker", right)
    qm, speaker = quizmaster(tmp_path / "g.jsonl", table)
    assert qm.run() == "quit"
    (line,) = questions(qm)
    attack = line["question"]["bezzerwizzer"]
    assert attack["when"] == "before" and attack["answer"] == "right"
    assert qm.game.positions[attack["team"]] == 3
    assert qm.game.bezzerwizzers[attack["team"]] == 1
    assert "worth 3" in said(speaker)


def test_bezzerwizzer_after_the_reading_scores_one(tmp_path: Path) -> None:
    table = Table().at("before", None, "quit").at("answer", shout, wrong).at("attacker", right)
    qm, _ = quizmaster(tmp_path / "g.jsonl", table)
    qm.run()
    attack = questions(qm)[0]["question"]["bezzerwizzer"]
    assert attack["when"] == "after" and qm.game.positions[attack["team"]] == 1


def test_defender_right_spends_the_attack(tmp_path: Path) -> None:
    table = Table().at("before", shout, None, "quit")
    qm, _ = quizmaster(tmp_path / "g.jsonl", table)
    qm.run()
    line = questions(qm)[0]["question"]
    attacker = line["bezzerwizzer"]["team"]
    assert line["answer"] == "right" and "answer" not in line["bezzerwizzer"]
    assert qm.game.positions[attacker] == 0 and qm.game.bezzerwizzers[attacker] == 1


def test_a_missed_attack_costs_one(tmp_path: Path) -> None:
    table = Table().at("before", shout, None, None, shout, None, "quit")
    table.at("answer", wrong, right, wrong).at("attacker", right, wrong)
    qm, _ = quizmaster(tmp_path / "g.jsonl", table)
    qm.run()
    lines = questions(qm)
    attacker = lines[0]["question"]["bezzerwizzer"]["team"]
    assert qm.game.positions[attacker] == 3 + 1 - 1
    assert qm.game.bezzerwizzers[attacker] == 0


def zwap_current_with_opponent(cue: Cue) -> str:
    game, team = cue.game, cue.team
    return f"zwap my {game.slots[team][0]} with {other(cue)}'s {game.slots[other(cue)][3]}"


def test_zwap_moves_an_attacked_tile_and_the_attacker_takes_it_back(tmp_path: Path) -> None:
    table = Table().at("before", shout, zwap_current_with_opponent, None, "quit")
    table.at("takeback", "take it back")
    qm, speaker = quizmaster(tmp_path / "g.jsonl", table)
    qm.run()
    zwap = next(line["zwap"] for line in qm.log.lines if "zwap" in line)
    team = zwap["team"]
    assert zwap["swap"][0] == [team, 1]
    assert zwap["swap"][1][1] == 4 and zwap["swap"][1][0] != team
    (line,) = questions(qm)
    assert "bezzerwizzer" not in line["question"]
    assert qm.game.zwaps[team] == 0
    assert all(n == 2 for t, n in qm.game.bezzerwizzers.items() if t != team)
    assert "takes its Bezzerwizzer back" in said(speaker)


def test_zwap_keeps_the_attack_when_the_attacker_says_keep(tmp_path: Path) -> None:
    table = Table().at("before", shout, zwap_current_with_opponent, None, "quit")
    table.at("takeback", "keep").at("answer", wrong).at("attacker", right)
    qm, _ = quizmaster(tmp_path / "g.jsonl", table)
    qm.run()
    assert questions(qm)[0]["question"]["bezzerwizzer"]["answer"] == "right"
    card = load_deck(DECK)
    asked = {c.id: c for c in card.questions}[questions(qm)[0]["card"]]
    zwap = next(line["zwap"] for line in qm.log.lines if "zwap" in line)
    team = zwap["team"]
    assert asked.category == qm.game.slots[team][0]  # the question came from the new tile


def test_knock_back_in_the_home_stretch(tmp_path: Path) -> None:
    table = Table().at("before", None, None, shout, None, "quit")
    table.at("answer", right, right, wrong).at("attacker", right).at("knockback", "send them back")
    qm, speaker = quizmaster(tmp_path / "g.jsonl", table, track=4, stretch=3)
    qm.run()
    line = questions(qm)[2]["question"]
    assert line["bezzerwizzer"]["knockback"] is True
    assert qm.game.positions[line["team"]] == 0
    assert qm.game.positions[line["bezzerwizzer"]["team"]] == 1
    assert "home stretch" in said(speaker)


def test_undo_takes_back_the_last_verdict_and_asks_a_new_card(tmp_path: Path) -> None:
    """The answer was read out: the same question again would be a gift, so undo asks a new
    card of the same category, and the card taken back is recorded as ``undone``."""
    table = Table().at("before", None, "undo", "quit").at("answer", right, wrong)
    qm, speaker = quizmaster(tmp_path / "g.jsonl", table)
    qm.run()
    (line,) = questions(qm)
    assert line["question"]["answer"] == "wrong" and line["edits"] == 1
    assert qm.game.positions[line["question"]["team"]] == 0
    first, second = (c.card for c in table.cues if c.kind == "answer")
    assert first.id != second.id and first.category == second.category
    assert line["card"] == second.id and line["undone"] == [first.id]
    team = str(line["question"]["team"]).capitalize()
    assert f"Taking that back. {team}, a new question in {first.category}." in speaker.said
    assert speaker.said.count(first.question) == 1
    assert read_record(tmp_path / "g.jsonl").game.summary() == qm.game.summary()


def test_a_card_taken_back_scores_only_by_its_new_question_and_never_returns(
    tmp_path: Path,
) -> None:
    table = Table().at("before", None, "undo", "undo").at("answer", wrong, right, right)
    qm, speaker = quizmaster(tmp_path / "g.jsonl", table, track=12)
    assert qm.run() == "finished"
    line = questions(qm)[0]
    assert line["edits"] == 2 and line["question"]["answer"] == "right"
    assert qm.log.lines[2] is line and len(line["undone"]) == 2  # two cards taken back
    cards = [c["card"] for c in questions(qm)]
    assert len(set(cards)) == len(cards) and not set(line["undone"]) & set(cards)
    asked = [c.card.id for c in table.cues if c.kind == "answer" and c.attempt == 0]
    assert asked[:3] == [*line["undone"], line["card"]]


def test_undo_keeps_a_bezzerwizzer_called_before_the_question(tmp_path: Path) -> None:
    table = Table().at("before", shout, None, "undo", "quit")
    table.at("answer", wrong, wrong).at("attacker", right, wrong)
    qm, speaker = quizmaster(tmp_path / "g.jsonl", table)
    assert qm.run() == "quit"
    (line,) = questions(qm)
    attack = line["question"]["bezzerwizzer"]
    assert attack["when"] == "before" and attack["answer"] == "wrong" and line["edits"] == 1
    assert qm.game.bezzerwizzers[attack["team"]] == 1  # spent once, not twice
    assert f"{attack['team'].capitalize()}'s Bezzerwizzer still lies on it." in said(speaker)


def test_undo_hands_back_a_bezzerwizzer_called_after_the_old_question(tmp_path: Path) -> None:
    table = Table().at("before", None, "undo", "quit")
    table.at("answer", shout, wrong, right).at("attacker", right)
    qm, speaker = quizmaster(tmp_path / "g.jsonl", table)
    assert qm.run() == "quit"
    (line,) = questions(qm)
    assert "bezzerwizzer" not in line["question"] and line["question"]["answer"] == "right"
    assert all(n == 2 for n in qm.game.bezzerwizzers.values())
    assert "your Bezzerwizzer comes back: call it again if you like." in said(speaker)


def test_override_that_was_right(tmp_path: Path) -> None:
    table = Table().at("before", None, "that was right", "quit").at("answer", wrong)
    qm, speaker = quizmaster(tmp_path / "g.jsonl", table)
    qm.run()
    (line,) = questions(qm)
    assert line["question"]["answer"] == "right" and line["edits"] == 1
    assert qm.game.positions[line["question"]["team"]] == 1
    assert "Corrected." in said(speaker)


def test_commands_that_change_or_end_the_game_are_asked_back_when_spoken(tmp_path: Path) -> None:
    """A "no" (an answer heard as "undo" or "that was right") changes nothing; a yes acts."""
    table = Table().at("before", None, "undo", "that was right", "quit", "quit")
    table.at("answer", wrong).at("sure", "no", "no", "no", "yes")
    qm, speaker = quizmaster(tmp_path / "g.jsonl", table)
    assert qm.run() == "quit"
    (line,) = questions(qm)
    assert line["question"]["answer"] == "wrong" and "edits" not in line
    asked = [line for line in speaker.said if line in {phrases.said(k) for k in SURE.values()}]
    expected = [SURE["undo"], SURE["that was right"], SURE["quit"], SURE["quit"]]
    assert asked == [phrases.said(key) for key in expected]
    assert speaker.said.count(phrases.said(NOT_DONE)) == 3
    sure = [c for c in table.cues if c.kind == "sure"]
    assert [c.command for c in sure] == ["undo", "that was right", "quit", "quit"]
    # a command denied is no longer expected at that listening point
    pairs = zip(table.cues, table.expectations, strict=True)
    heard = [e.commands for c, e in pairs if c.kind == "before"]
    assert "undo" in heard[1] and "undo" not in heard[2] and "that was right" in heard[2]
    assert "that was right" not in heard[3] and "quit" in heard[3] and "quit" not in heard[4]


def test_typed_commands_are_not_asked_back(tmp_path: Path) -> None:
    table = Table().at("before", None, "that was right", "quit").at("answer", wrong)
    table.typed = True
    qm, speaker = quizmaster(tmp_path / "g.jsonl", table)
    assert qm.run() == "quit"
    (line,) = questions(qm)
    assert line["question"]["answer"] == "right" and line["edits"] == 1
    assert not any(c.kind == "sure" for c in table.cues)


def test_override_an_attackers_verdict(tmp_path: Path) -> None:
    table = Table().at("before", shout, None, "that was right", "quit")
    table.at("answer", wrong).at("attacker", wrong)
    qm, _ = quizmaster(tmp_path / "g.jsonl", table)
    qm.run()
    attack = questions(qm)[0]["question"]["bezzerwizzer"]
    assert attack["answer"] == "right" and qm.game.positions[attack["team"]] == 3


def test_override_that_was_wrong_asks_the_attacker(tmp_path: Path) -> None:
    table = Table().at("before", shout, None, "that was wrong", "quit").at("attacker", right)
    qm, _ = quizmaster(tmp_path / "g.jsonl", table)
    qm.run()
    line = questions(qm)[0]["question"]
    assert line["answer"] == "wrong" and line["bezzerwizzer"]["answer"] == "right"
    assert qm.game.positions[line["bezzerwizzer"]["team"]] == 3


def test_silence_is_a_pass_after_a_warning(tmp_path: Path) -> None:
    table = Table().at("before", None, "quit").at("answer", None, None)
    qm, speaker = quizmaster(tmp_path / "g.jsonl", table)
    qm.run()
    assert questions(qm)[0]["question"]["answer"] == "pass"
    text = said(speaker)
    assert text.index("Ten seconds.") < text.index("Time is up.")
    assert any(c.kind == "answer" and c.retry == "late" for c in table.cues)


def test_commands_at_a_listening_point(tmp_path: Path) -> None:
    table = (
        Table()
        .at("before", None, "quit")
        .at("answer", "repeat", "score", "help", "pause", right)
        .at("paused", None, "resume")
    )
    qm, speaker = quizmaster(tmp_path / "g.jsonl", table)
    qm.run()
    question = next(c.card.question for c in table.cues if c.kind == "answer")
    assert speaker.said.count(question) == 2
    text = said(speaker)
    assert "Standings: " in text and "Say your answer, or pass." in text
    assert "Paused." in text and "Let's go on." in text
    assert questions(qm)[0]["question"]["answer"] == "right"


def test_pass_command(tmp_path: Path) -> None:
    table = Table().at("before", None, "quit").at("answer", "we pass")
    qm, _ = quizmaster(tmp_path / "g.jsonl", table)
    qm.run()
    assert questions(qm)[0]["question"]["answer"] == "pass"


def test_unsure_is_asked_back_with_the_words_heard_never_the_answer(tmp_path: Path) -> None:
    table = Table().at("confirm", "yes", "no").at("answer", "michelangelo")
    qm, speaker = quizmaster(tmp_path / "g.jsonl", table)
    card = qm.quiz.card("art-3")
    assert card is not None and qm.quiz.judge("mikel angel", card).answer == "unsure"
    # "yes": the words heard stand; they are not clearly the answer, so not right
    assert qm.judge_answer("mikel angel", card, "red", "defender") == "wrong"
    assert speaker.said == ["Did you say mikel angel?"]
    # "no": the team says it again, and that is judged
    assert qm.judge_answer("mikel angel", card, "red", "defender") == "right"
    assert speaker.said[1:] == ["Did you say mikel angel?", "Then please say your answer again."]
    assert not any("Michelangelo" in line for line in speaker.said)


def test_unsure_asked_back_twice_then_not_right(tmp_path: Path) -> None:
    table = Table().at("confirm", "no", "no").at("answer", "mike angel", "micky angel")
    qm, speaker = quizmaster(tmp_path / "g.jsonl", table)
    card = qm.quiz.card("art-3")
    assert card is not None and qm.quiz.judge("mike angel", card).answer == "unsure"
    assert qm.judge_answer("mikel angel", card, "red", "defender") == "wrong"
    assert speaker.said.count("Then please say your answer again.") == 2
    assert "Did you say mike angel?" in speaker.said and len(table.heard) == 4
    table.at("confirm", "no").at("answer", None)
    assert qm.judge_answer("mikel angel", card, "red", "defender") == "pass"  # silent again


def test_an_answer_not_made_out_is_asked_for_again_without_a_hint(tmp_path: Path) -> None:
    table = Table().at("answer", "michelangelo")
    qm, speaker = quizmaster(tmp_path / "g.jsonl", table)
    card = qm.quiz.card("art-3")
    assert card is not None
    # the recognizer rejected its grammar's phrase (right) and reported what free decoding heard
    heard = Heard("my hell", ("michelangelo", "my hell"), confidence=0.3, unclear=True)
    assert qm.judge_answer("my hell", card, "red", "defender", heard) == "right"
    assert speaker.said == [SAY_AGAIN]
    assert not any("Michelangelo" in line for line in speaker.said)
    table.at("answer", None)  # asked again, silence: a pass
    assert qm.judge_answer("my hell", card, "red", "defender", heard) == "pass"


def test_clear_wrong_answers_are_not_asked_again(tmp_path: Path) -> None:
    qm, speaker = quizmaster(tmp_path / "g.jsonl", Table())
    card = qm.quiz.card("art-3")
    assert card is not None
    far_off = Heard("my hell", ("michelangelo", "my hell"), confidence=0.01)
    confident = Heard("donatello", ("donatello",), confidence=0.9)
    for heard in (far_off, confident):
        assert qm.judge_answer(heard.text, card, "red", "defender", heard) == "wrong"
    assert speaker.said == []


def test_unclear_words_are_asked_for_again_once_whatever_they_would_be(tmp_path: Path) -> None:
    """The recognizer is not sure (a wrong phrase rejected narrowly, or no path through the
    grammar): the team says it again, without a hint; unclear again, it is judged as heard."""
    wrong_phrase = Heard("my hell", ("donatello", "my hell"), confidence=0.3, unclear=True)
    lost = Heard("she amp", ("she amp",), confidence=0.1, unclear=True)
    table = Table().at("answer", "michelangelo", lost)
    qm, speaker = quizmaster(tmp_path / "g.jsonl", table)
    card = qm.quiz.card("art-3")
    assert card is not None
    assert qm.judge_answer(lost.text, card, "red", "defender", lost) == "right"
    assert qm.judge_answer("my hell", card, "red", "defender", wrong_phrase) == "wrong"
    assert speaker.said == [SAY_AGAIN, SAY_AGAIN] and len(table.heard) == 2


def test_typed_unsure_answers_are_not_asked_back(tmp_path: Path) -> None:
    table = Table()
    table.typed = True
    qm, speaker = quizmaster(tmp_path / "g.jsonl", table)
    card = qm.quiz.card("art-3")
    assert card is not None
    assert qm.judge_answer("mikel angel", card, "red", "defender") == "wrong"
    assert speaker.said == [] and table.heard == []


def test_a_yes_to_did_you_say_does_not_score_a_wrong_answer(tmp_path: Path) -> None:
    """A whole question: the defender's unclear answer confirmed with yes is not right."""
    table = Table().at("before", None, "quit").at("answer", "mikel angel").at("confirm", "yes")
    qm, speaker = quizmaster(tmp_path / "g.jsonl", table)
    michelangelo = qm.quiz.card("art-3")
    qm.quiz.draw = lambda category, rng: michelangelo  # type: ignore[method-assign,return-value]
    qm.run()
    assert questions(qm)[0]["question"]["answer"] == "wrong"
    asked = said(speaker)
    assert asked.index("Did you say mikel angel?") < asked.index("The answer is Michelangelo")


def test_playoff_by_voice(tmp_path: Path) -> None:
    qm, speaker = quizmaster(tmp_path / "g.jsonl", Table(), track=2, stretch=1)
    assert qm.run() == "finished"
    playoff = next(line for line in qm.log.lines if "playoff" in line)
    assert len(playoff["cards"]) == 2 and qm.game.winner == qm.game.playoff_teams[0]
    assert "play-off" in said(speaker)


def test_lost_microphone_and_recognizer_errors_do_not_end_the_game(tmp_path: Path) -> None:
    table = Table().at("before", None, "quit")
    table.faults = [SpeechUnavailable("the USB microphone is unplugged"), RuntimeError("decoder")]
    qm, speaker = quizmaster(tmp_path / "g.jsonl", table)
    assert qm.run() == "quit"
    text = said(speaker)
    assert "I lost the microphone" in text and "Sorry, I didn't catch that" in text


class FlakyTable(Table):
    """A recognizer that fails (as pocketsphinx did: KeyError after a None segment) whenever
    ``failing`` says so; ``reset`` counts the quizmaster's requests to start afresh."""

    def __init__(self, failing: Callable[[Cue], bool]) -> None:
        super().__init__()
        self.failing = failing
        self.resets = 0
        self.errors = 0

    def reset(self) -> None:
        self.resets += 1

    def hear(self, expectation: Expectation, timeout: float) -> Heard | None:
        if self.failing(self.cues[-1]):
            self.errors += 1
            raise KeyError("seg")
        return super().hear(expectation, timeout)


def test_a_recognizer_error_costs_one_answer_not_the_game(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    first: list[int] = []

    def first_answer_fails(cue: Cue) -> bool:
        first.extend([cue.lines] if not first and cue.kind == "answer" else [])
        return cue.kind == "answer" and cue.lines == first[0]

    table = FlakyTable(first_answer_fails)
    qm, speaker = quizmaster(tmp_path / "g.jsonl", table, track=12)
    with caplog.at_level(logging.WARNING):
        assert qm.run() == "finished"
    lines = questions(qm)
    assert lines[0]["question"]["answer"] == "pass"
    assert all(line["question"]["answer"] == "right" for line in lines[1:])
    assert table.errors == 3 and table.resets == 3
    text = said(speaker)
    assert text.count("Sorry, I didn't catch that. Please say it again.") == 2
    assert text.count("I could not hear that: it counts as a pass.") == 1
    tracebacks = [r for r in caplog.records if r.exc_info]
    assert len(tracebacks) == 1 and "KeyError" in tracebacks[0].getMessage()


def test_a_recognizer_that_keeps_failing_stops_the_game_saved(tmp_path: Path) -> None:
    table = FlakyTable(lambda cue: cue.kind not in ("arrange", "confirm"))
    qm, speaker = quizmaster(tmp_path / "g.jsonl", table)
    assert qm.run() == "quit"
    assert "My speech recognition keeps failing" in said(speaker)
    assert table.errors == 15 and read_record(tmp_path / "g.jsonl").game.round == 1


def test_a_recognizer_failing_while_a_command_is_confirmed_changes_nothing(
    tmp_path: Path,
) -> None:
    table = FlakyTable(lambda cue: cue.kind == "sure" and cue.command == "undo")
    table.at("before", None, "undo", "quit").at("answer", wrong)
    qm, speaker = quizmaster(tmp_path / "g.jsonl", table)
    assert qm.run() == "quit"  # the game goes on after the failed confirmation
    (line,) = questions(qm)
    assert line["question"]["answer"] == "wrong" and "edits" not in line
    assert table.errors == 3 and phrases.said(NOT_DONE) in speaker.said


def test_quit_saves_and_a_new_quizmaster_resumes(tmp_path: Path) -> None:
    path = tmp_path / "g.jsonl"
    first, _ = quizmaster(path, Table().at("before", None, None, None, "quit"), track=12)
    assert first.run() == "quit"
    first.log.close()
    asked = {line["card"] for line in questions(first)}
    assert len(asked) == 3
    second, speaker = quizmaster(path, Table())
    assert second.game.questions_played == 3
    assert second.run() == "finished"
    later = [line["card"] for line in questions(second)][3:]
    assert not asked & set(later)


def test_override_that_was_wrong_says_the_move_it_takes_back(tmp_path: Path) -> None:
    table = Table().at("before", None, "that was wrong", "quit").at("answer", right)
    qm, speaker = quizmaster(tmp_path / "g.jsonl", table)
    qm.run()
    (line,) = questions(qm)
    team = line["question"]["team"]
    assert line["question"]["answer"] == "wrong" and qm.game.positions[team] == 0
    assert f"Corrected. {team.capitalize()} goes back to the start." in said(speaker)


class NotingTable(Table):
    """A table whose ears note something on each answer line, under a key only it knows."""

    def __init__(self) -> None:
        super().__init__()
        self.noted = 0

    def annotate(self, line: Mapping[str, Any]) -> dict[str, Any]:
        self.noted += 1
        return {"table-notes": {"take": self.noted}}


def test_an_override_keeps_the_notes_the_ears_wrote_without_knowing_their_keys(
    tmp_path: Path,
) -> None:
    table = NotingTable()
    table.at("before", None, "that was right", "quit").at("answer", wrong)
    qm, _ = quizmaster(tmp_path / "g.jsonl", table)
    qm.run()
    (line,) = questions(qm)
    assert line["question"]["answer"] == "right" and line["edits"] == 1
    assert line["table-notes"] == {"take": 1}  # the corrected line's, not the new take's
    assert table.noted == 2 and "card" in line

"""Doubts are asked back, never guessed: narrowly accepted and narrowly rejected phrases."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path
from typing import Any

from tests.helpers.host import Table, other, questions, quizmaster, right, shout, wrong
from voicemaster.decks import Card
from voicemaster.host import phrases
from voicemaster.host.asking import SAY_AGAIN, THEN_AGAIN, phrase_key, without
from voicemaster.host.cues import Cue
from voicemaster.host.dialogue import Quizmaster
from voicemaster.host.text_io import TranscriptSpeaker
from voicemaster.speech.base import Expectation, Heard, Signals

CARD = "art-3"  # Michelangelo (Donatello: a wrong answer)


def narrow(text: str) -> Heard:
    return Heard(text, (text,), confidence=0.6, narrow=True)


def unclear(text: str, phrase: str) -> Heard:
    return Heard(text, (phrase, text), confidence=0.3, unclear=True)


def on_card(tmp_path: Path, table: Table) -> tuple[Quizmaster, TranscriptSpeaker, Card]:
    """A quizmaster hearing ``table``, and the card its teams answer."""
    qm, speaker = quizmaster(tmp_path / "g.jsonl", table)
    card = qm.quiz.card(CARD)
    assert card is not None
    return qm, speaker, card


def test_a_narrowly_heard_wrong_phrase_is_asked_back_and_no_hears_the_answer_again(
    tmp_path: Path,
) -> None:
    table = Table().at("confirm", "no").at("answer", "michelangelo")
    qm, speaker, card = on_card(tmp_path, table)
    heard = narrow("donatello")
    assert qm.judge_answer(heard.text, card, "red", "defender", heard) == "right"
    assert speaker.said == ["Did you say donatello?", THEN_AGAIN]


def test_yes_lets_a_narrowly_heard_wrong_phrase_stand(tmp_path: Path) -> None:
    table = Table().at("confirm", "yes", "yes")
    qm, speaker, card = on_card(tmp_path, table)
    heard = narrow("donatello")
    assert qm.judge_answer(heard.text, card, "red", "defender", heard) == "wrong"
    assert speaker.said == ["Did you say donatello?"]


def test_a_narrowly_heard_right_phrase_is_heard_again_not_said(tmp_path: Path) -> None:
    """Asking "Did you say michelangelo?" would tell the table the answer, and a "yes" would
    make it right: the answer is heard again instead, and the retake must be clear."""
    table = Table().at("answer", "michelangelo", narrow("michelangelo"))
    qm, speaker, card = on_card(tmp_path, table)
    heard = narrow("michelangelo")
    assert qm.judge_answer(heard.text, card, "red", "defender", heard) == "right"
    assert speaker.said == [SAY_AGAIN]
    assert qm.judge_answer(heard.text, card, "red", "defender", heard) == "wrong"
    assert speaker.said[1:] == [SAY_AGAIN]
    assert not any("michelangelo" in line.lower() for line in speaker.said)


def test_with_an_attacker_waiting_every_doubt_is_heard_again(tmp_path: Path) -> None:
    """Guarded, even a wrong phrase is not asked back: "Did you say" only for wrong phrases
    would tell the waiting team which doubts were right."""
    table = Table().at("answer", "michelangelo", "donatello")
    qm, speaker, card = on_card(tmp_path, table)
    right = narrow("michelangelo")
    assert qm.judge_answer(right.text, card, "red", "defender", right, guarded=True) == "right"
    wrong = narrow("donatello")
    assert qm.judge_answer(wrong.text, card, "red", "defender", wrong, guarded=True) == "wrong"
    assert speaker.said == [SAY_AGAIN, SAY_AGAIN]


def test_a_right_phrase_unclear_twice_is_not_right_and_never_said(tmp_path: Path) -> None:
    table = Table().at("answer", unclear("my hell", "michelangelo"), narrow("michelangelo"))
    qm, speaker, card = on_card(tmp_path, table)
    for _ in range(2):
        first = unclear("me kill", "michelangelo")
        assert qm.judge_answer(first.text, card, "red", "defender", first) == "wrong"
    assert speaker.said == [SAY_AGAIN, SAY_AGAIN]
    assert table.queue["confirm"] == [] and not any(c.kind == "confirm" for c in table.cues)


def test_words_heard_unclearly_are_asked_again_even_when_they_would_be_right(
    tmp_path: Path,
) -> None:
    table = Table().at("answer", "donatello")
    qm, speaker, card = on_card(tmp_path, table)
    doubtful = Heard("michelangelo", ("michelangelo",), confidence=0.2, unclear=True)
    assert qm.judge_answer(doubtful.text, card, "red", "defender", doubtful) == "wrong"
    assert speaker.said == [SAY_AGAIN]


def test_a_clearly_heard_phrase_and_typed_answers_are_not_asked_back(tmp_path: Path) -> None:
    table = Table()
    qm, speaker, card = on_card(tmp_path, table)
    sure = Heard("donatello", ("donatello",), confidence=0.9)
    assert qm.judge_answer(sure.text, card, "red", "defender", sure) == "wrong"
    table.typed = True
    heard = narrow("donatello")
    assert qm.judge_answer(heard.text, card, "red", "defender", heard) == "wrong"
    assert speaker.said == [] and table.heard == []


def unclear_shout(cue: Cue) -> Heard:
    """A shout the recognizer rejected narrowly, free decoding heard as other words."""
    return unclear("the sherwood serve food", f"bezzerwizzer {other(cue)}")


def one_question(path: Path, table: Table) -> tuple[dict[str, Any], list[str]]:
    """Play one question with the table's lines (the attacker answers right); its record
    line and what the quizmaster said."""
    qm, speaker = quizmaster(path, table.at("attacker", right))
    qm.run()
    (line,) = questions(qm)
    return line, speaker.said


def test_an_unclear_shout_is_asked_again_not_taken_as_the_answer(tmp_path: Path) -> None:
    table = Table().at("before", None, "quit").at("answer", unclear_shout, shout, wrong)
    line, said = one_question(tmp_path / "g.jsonl", table)
    assert line["question"]["answer"] == "wrong"  # the defender's own answer, not the shout
    assert line["question"]["bezzerwizzer"]["when"] == "after"
    assert phrases.said("shout.again") in said
    answers = [c for c in table.cues if c.kind == "answer"]
    assert [c.retry for c in answers] == [None, "shout", None]


def test_an_unclear_shout_before_the_question_is_asked_again(tmp_path: Path) -> None:
    table = Table().at("before", unclear_shout, shout, None, "quit").at("answer", wrong)
    line, said = one_question(tmp_path / "g.jsonl", table)
    assert line["question"]["bezzerwizzer"]["when"] == "before"
    assert said.count(phrases.said("shout.again")) == 1


def test_a_narrowly_rejected_pass_is_a_pass(tmp_path: Path) -> None:
    qm, speaker, card = on_card(tmp_path, Table())
    heard = unclear("nerves", "pass")
    assert qm.judge_answer(heard.text, card, "red", "defender", heard) == "pass"
    assert speaker.said == []


def test_neither_yes_nor_no_is_asked_once_more(tmp_path: Path) -> None:
    table = Table().at("confirm", unclear("us", "yes"), "yes", None, None)
    table.at("answer", "michelangelo")
    qm, speaker, card = on_card(tmp_path, table)
    heard = narrow("donatello")
    assert qm.judge_answer(heard.text, card, "red", "defender", heard) == "wrong"
    again = "Did you say donatello? Please say yes or no."
    assert speaker.said == ["Did you say donatello?", again]
    # silence twice: not confirmed, so the answer is heard again (clearly right)
    assert qm.judge_answer(heard.text, card, "red", "defender", heard) == "right"
    assert speaker.said[2:] == ["Did you say donatello?", again, THEN_AGAIN]


def test_a_phrase_the_team_denied_is_not_offered_again(tmp_path: Path) -> None:
    table = Table().at("confirm", "no").at("answer", "michelangelo")
    qm, _, card = on_card(tmp_path, table)
    heard = narrow("raphael")  # the card's near miss, heard narrowly: denied
    assert qm.judge_answer(heard.text, card, "red", "defender", heard) == "right"
    windows = [c for c in table.cues if c.kind == "answer"]
    assert len(windows) == 1 and windows[0].retry == "again"
    offered = table.expectations[-1]
    assert "Raphael" not in offered.phrases() and "Michelangelo" in offered.phrases()
    assert without(offered, {phrase_key("Eight")}) == offered  # nothing else removed
    numbers = Expectation(answers=("8",), competitors=("Nine",))
    assert without(numbers, {phrase_key("eight")}).phrases() == ("Nine",)


def test_a_narrowly_rejected_yes_counts_only_when_asked_a_second_time(tmp_path: Path) -> None:
    table = Table().at("confirm", unclear("us", "yes"), unclear("u s", "yes"))
    qm, speaker, card = on_card(tmp_path, table)
    heard = narrow("raphael")
    assert qm.judge_answer(heard.text, card, "red", "defender", heard) == "wrong"
    assert len(speaker.said) == 2 and speaker.said[1].endswith("Please say yes or no.")
    # a narrowly rejected "no" is a no: the answer is heard again
    table.at("confirm", unclear("us", "yes"), unclear("now", "no")).at("answer", "michelangelo")
    assert qm.judge_answer(heard.text, card, "red", "defender", heard) == "right"
    assert speaker.said[-1] == THEN_AGAIN


def test_a_no_heard_narrowly_is_asked_once_more(tmp_path: Path) -> None:
    """A no takes the phrase out of the window: heard only narrowly, it is asked again."""
    table = Table().at("confirm", narrow("nope"), "yes")
    qm, speaker, card = on_card(tmp_path, table)
    heard = narrow("raphael")
    assert qm.judge_answer(heard.text, card, "red", "defender", heard) == "wrong"
    assert speaker.said[1] == "Did you say raphael? Please say yes or no."
    # narrowly again the second time: not confirmed, but the phrase stays in the window; a
    # clear no counts at once and takes it out
    table.at("confirm", narrow("no"), narrow("no"), "no").at("answer", "donatello", "titian")
    offered = []
    for _ in range(2):
        assert qm.judge_answer(heard.text, card, "red", "defender", heard) == "wrong"
        offered.append(table.expectations[-1].phrases())
    assert "Raphael" in offered[0] and "Raphael" not in offered[1]
    assert speaker.said[2:] == [
        "Did you say raphael?",
        "Did you say raphael? Please say yes or no.",
        THEN_AGAIN,
        "Did you say raphael?",
        THEN_AGAIN,
    ]


def test_a_shout_heard_narrowly_twice_stands(tmp_path: Path) -> None:
    table = Table().at("before", None, "quit").at("answer", unclear_shout, unclear_shout, wrong)
    line, said = one_question(tmp_path / "g.jsonl", table)
    assert line["question"]["bezzerwizzer"]["when"] == "after"
    assert line["question"]["bezzerwizzer"]["answer"] == "right"
    assert said.count(phrases.said("shout.again")) == 1


def test_a_pass_half_heard_when_asked_again_is_a_pass(tmp_path: Path) -> None:
    table = Table().at("answer", unclear("nurse", "pass"))
    qm, speaker, card = on_card(tmp_path, table)
    first = unclear("me kill", "michelangelo")
    assert qm.judge_answer(first.text, card, "red", "defender", first) == "pass"
    assert speaker.said == [SAY_AGAIN]


def test_the_answer_heard_again_after_a_no_is_settled_like_the_first(tmp_path: Path) -> None:
    """After "no", an unclear right phrase is not right (it was not heard clearly on its own,
    and is never asked back) and a half-heard pass is a pass."""
    table = Table().at("confirm", "no").at("answer", unclear("as usual", "michelangelo"))
    qm, speaker, card = on_card(tmp_path, table)
    heard = narrow("donatello")
    assert qm.judge_answer(heard.text, card, "red", "defender", heard) == "wrong"
    assert speaker.said == ["Did you say donatello?", THEN_AGAIN]
    table.at("confirm", "no").at("answer", unclear("nurse", "pass"))
    assert qm.judge_answer(heard.text, card, "red", "defender", heard) == "pass"
    assert speaker.said[2:] == ["Did you say donatello?", THEN_AGAIN]


def test_an_answer_is_heard_three_times_and_asked_back_twice_at_most(tmp_path: Path) -> None:
    table = Table().at("answer", narrow("raphael"), narrow("leonardo"), narrow("titian"))
    qm, speaker, card = on_card(tmp_path, table.at("confirm", "no", "no", "no"))
    first = unclear("me kill", "donatello")
    assert qm.judge_answer(first.text, card, "red", "defender", first) == "wrong"
    assert speaker.said == [
        SAY_AGAIN,
        "Did you say raphael?",
        THEN_AGAIN,
        "Did you say leonardo?",
    ]
    assert len(table.heard) == 4  # the answer heard twice more, two replies


def guess(text: str) -> Heard:
    """The window's answer Whisper preferred only when asked about it."""
    return Heard(text, (text, "bye"), confidence=0.5, narrow=True, guessed=True)


def test_a_right_guess_is_heard_again_and_a_wrong_guess_asked_back(tmp_path: Path) -> None:
    table = Table().at("answer", "michelangelo").at("confirm", "yes")
    qm, speaker, card = on_card(tmp_path, table)
    heard = guess("michelangelo")
    assert qm.judge_answer(heard.text, card, "red", "defender", heard) == "right"
    assert speaker.said == [SAY_AGAIN]
    wrong = guess("donatello")
    assert qm.judge_answer(wrong.text, card, "red", "defender", wrong) == "wrong"
    assert speaker.said[1:] == ["Did you say donatello?"]


def test_with_an_attacker_waiting_a_guess_is_heard_again_never_said_aloud(
    tmp_path: Path,
) -> None:
    table = Table().at("answer", "michelangelo", guess("michelangelo"))
    qm, speaker, card = on_card(tmp_path, table)
    first = guess("michelangelo")
    assert qm.judge_answer(first.text, card, "red", "defender", first, guarded=True) == "right"
    assert speaker.said == [SAY_AGAIN]  # heard again, clearly: right
    # guessed again on the retake: it cannot be asked back, so it does not count
    assert qm.judge_answer(first.text, card, "red", "defender", first, guarded=True) == "wrong"
    assert speaker.said[1:] == [SAY_AGAIN]
    assert not any("michelangelo" in line.lower() for line in speaker.said)


def written(text: str, logprob: float = -0.8) -> Heard:
    """A narrow hearing whose words are the transcript Whisper wrote itself (its best)."""
    signals = Signals(logprob, nbest=((text, logprob), ("something else", logprob - 0.3)))
    return Heard(text, (text,), confidence=0.45, narrow=True, signals=signals)


def test_a_right_phrase_written_narrowly_on_the_retake_counts(tmp_path: Path) -> None:
    """Heard again, the answer Whisper wrote itself (not a guess, not another of its
    transcripts) counts although narrow: two hearings, the second in the recognizer's own
    words ("goulash" at -0.99 after a first "do the sh"); nothing is said aloud."""
    for guarded in (False, True):
        table = Table().at("answer", written("michelangelo"))
        qm, speaker, card = on_card(tmp_path / str(guarded), table)
        first = guess("michelangelo")
        verdict = qm.judge_answer(first.text, card, "red", "defender", first, guarded=guarded)
        assert verdict == "right"
        assert speaker.said == [SAY_AGAIN]
    # a retake that is a guess, another transcript than Whisper's best, or unclear does not
    for n, retake in enumerate(
        (
            guess("michelangelo"),
            replace(written("michelangelo"), signals=Signals(-0.8, nbest=(("mikey", -0.8),))),
            unclear("michelangelo", "michelangelo"),
        )
    ):
        table = Table().at("answer", retake)
        qm, speaker, card = on_card(tmp_path / f"again{n}", table)
        first = narrow("michelangelo")
        assert qm.judge_answer(first.text, card, "red", "defender", first) == "wrong"
        assert speaker.said == [SAY_AGAIN]
    # the first hearing written so is still heard again: one doubtful hearing is not enough
    table = Table().at("answer", written("michelangelo"))
    qm, speaker, card = on_card(tmp_path / "first", table)
    first = written("michelangelo")
    assert qm.judge_answer(first.text, card, "red", "defender", first) == "right"
    assert speaker.said == [SAY_AGAIN]


def test_a_guessed_retake_stands_on_a_first_hearing_written_so(tmp_path: Path) -> None:
    """A retake guessed as the words Whisper wrote itself on the take before ("madeira"
    written narrowly, then guessed) counts: one of the two hearings is the recognizer's own
    transcript, which a competitor's audio never gave.  Two guesses, other words, or an
    unclear retake do not; nothing is said aloud."""
    for guarded in (False, True):
        table = Table().at("answer", guess("michelangelo"))
        qm, speaker, card = on_card(tmp_path / f"w{guarded}", table)
        first = written("michelangelo")
        verdict = qm.judge_answer(first.text, card, "red", "defender", first, guarded=guarded)
        assert verdict == "right"
        assert speaker.said == [SAY_AGAIN]
    for n, (before, retake) in enumerate(
        (
            (guess("michelangelo"), guess("michelangelo")),
            (written("michelangelo the painter"), guess("michelangelo")),
            (written("michelangelo"), unclear("michelangelo", "michelangelo")),
        )
    ):
        table = Table().at("answer", retake)
        qm, speaker, card = on_card(tmp_path / f"not{n}", table)
        assert qm.judge_answer(before.text, card, "red", "defender", before) != "right"
        assert speaker.said == [SAY_AGAIN]

"""Settling a doubt never says a right answer: the decision table of docs/hearing.md, branch by
branch, and over many random hearings and replies through the real dialogue."""

from __future__ import annotations

from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.helpers.host import Table, quizmaster
from tests.host.familie.test_familie_dialogue import master as familie
from voicemaster.host.asking import SAY_AGAIN, THEN_AGAIN, Stage, Step, next_step
from voicemaster.host.quiz import Judged
from voicemaster.speech.base import Heard

CARD = "art-3"  # Michelangelo; Donatello, Raphael and Titian are wrong
RIGHT, WRONG, UNSURE = (
    Judged("right", "Michelangelo", ""),
    Judged("wrong", "", ""),
    Judged("unsure", "Michelangelo", ""),
)


def heard(text: str, **flags: bool) -> Heard:
    return Heard(text, (text,), confidence=0.5, **flags)


def test_clear_words_are_taken_whatever_they_are() -> None:
    for judged in (RIGHT, WRONG, Judged("pass", "pass", "")):
        assert next_step(judged, heard("x"), guarded=False) == Step("taken", judged)
        assert next_step(judged, heard("x"), guarded=True) == Step("taken", judged)


def test_doubtful_wrong_words_are_asked_back() -> None:
    for flags in ({"narrow": True}, {"guessed": True, "narrow": True}):
        assert next_step(WRONG, heard("donatello", **flags), False) == Step(
            "asked", WRONG, "donatello"
        )
    assert next_step(UNSURE, heard("michelangelos"), False) == Step(
        "asked", UNSURE, "michelangelos"
    )


def test_doubtful_right_words_are_heard_again_then_count_as_not_right() -> None:
    for flags in ({"narrow": True}, {"guessed": True}, {"unclear": True}):
        doubtful = heard("michelangelo", **flags)
        assert next_step(RIGHT, doubtful, False) == Step("again", RIGHT)
        taken = next_step(RIGHT, doubtful, False, Stage(retake_left=False))
        assert taken.decision == "taken" and taken.judged.answer == "wrong"
        assert taken.ask is None


def test_guarded_every_doubt_is_heard_again_and_nothing_asked() -> None:
    for judged in (RIGHT, WRONG, UNSURE):
        assert next_step(judged, heard("x", narrow=True), True) == Step("again", judged)
        last = next_step(judged, heard("x", narrow=True), True, Stage(retake_left=False))
        assert last.decision == "taken" and last.judged.answer != "right"


def test_unclear_words_are_heard_again_not_asked() -> None:
    assert next_step(WRONG, heard("me kill", unclear=True), False) == Step("again", WRONG)
    assert next_step(WRONG, heard("me kill", unclear=True), False, Stage(False)).decision == "taken"


def test_with_no_ask_left_doubtful_wrong_words_are_heard_again_or_stand() -> None:
    doubtful = heard("donatello", narrow=True)
    assert next_step(WRONG, doubtful, False, Stage(ask_left=False)) == Step("again", WRONG)
    assert next_step(WRONG, doubtful, False, Stage(False, False)) == Step("taken", WRONG)


def test_a_narrowly_rejected_pass_is_taken_as_a_pass() -> None:
    half = Heard("nerves", ("pass", "nerves"), unclear=True)
    assert next_step(WRONG, half, True).judged.answer == "pass"


# --- the property: through the real dialogue, over random hearings and replies -----------------
PHRASES = ("michelangelo", "Michelangelo", "donatello", "raphael", "titian", "me kill", "pass", "")
FLAGS = st.fixed_dictionaries(
    {"narrow": st.booleans(), "unclear": st.booleans(), "guessed": st.booleans()}
)
HEARINGS = st.builds(
    lambda text, alt, flags: Heard(text, (alt, text), 0.5, **flags),
    st.sampled_from(PHRASES),
    st.sampled_from(PHRASES),
    FLAGS,
)
REPLIES = st.lists(st.sampled_from(("yes", "no", None, "yeah")), min_size=6, max_size=6)


@settings(
    max_examples=300, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(st.lists(HEARINGS, min_size=3, max_size=3), REPLIES, st.booleans())
def test_no_ask_back_ever_says_a_right_answer_and_yes_never_makes_one_right(
    tmp_path: Path, hearings: list[Heard], replies: list[str | None], guarded: bool
) -> None:
    table = Table().at("answer", *hearings[1:]).at("confirm", *replies)
    qm, speaker = quizmaster(tmp_path / f"g{len(list(tmp_path.iterdir()))}.jsonl", table)
    card = qm.quiz.card(CARD)
    assert card is not None
    first = hearings[0]
    verdict = qm.judge_answer(first.text, card, "red", "defender", first, guarded)
    for line in speaker.said:
        assert line in (SAY_AGAIN, THEN_AGAIN) or line.startswith("Did you say ")
        if line.startswith("Did you say "):
            asked = line.removeprefix("Did you say ").split("?")[0]
            assert qm.quiz.judge(asked, card).answer != "right", line
            assert not guarded
    # right only on a hearing that was heard clearly and judged right on its own
    heard_in_game = [
        first,
        *hearings[1 : 1 + speaker.said.count(SAY_AGAIN) + speaker.said.count(THEN_AGAIN)],
    ]
    last = heard_in_game[-1]
    if verdict == "right":
        assert qm.quiz.judge(last.text, card).answer == "right"
        assert not (last.narrow or last.unclear or last.guessed)


def test_options_read_out_a_right_letter_is_heard_again_a_wrong_one_asked(
    tmp_path: Path,
) -> None:
    """The options were read to everyone, but a "yes" to "Did you say B?" must still not turn a
    wrong hearing right: a right option (by letter) is heard again, a wrong one asked back."""
    table = Table().at("confirm", "yes")
    qm, speaker = familie(tmp_path / "g.jsonl", table, {"red": "child", "blue": "adult"})
    card = next(c for c in qm.quiz.deck.questions if len(c.options) == 3)
    letter = "ABC"[list(card.options).index(card.answer)]
    wrong = next(x for x in "ABC" if x != letter)
    qm.tell_options(card, ["red"])
    assert qm.quiz.judge(letter, card, options=True).answer == "right"
    table.queue["answer"] = [letter]
    first = heard(letter, narrow=True)
    assert qm.judge_answer(first.text, card, "red", "defender", first) == "right"
    assert speaker.said == [SAY_AGAIN]
    doubtful = heard(wrong, narrow=True)
    assert qm.judge_answer(doubtful.text, card, "red", "defender", doubtful) == "wrong"
    assert speaker.said[1:] == [f"Did you say {wrong}?"]

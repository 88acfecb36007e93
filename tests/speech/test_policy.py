"""The policy's decisions: on hand-made signals, and on Whisper's recorded reports."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from voicemaster.judge import AnswerKey, judge
from voicemaster.speech import policy
from voicemaster.speech.base import Expectation, Heard, Signals
from voicemaster.speech.prompting import echoes

RECORDED = Path(__file__).resolve().parents[1] / "data" / "hearings.jsonl"
WINDOW = Expectation(answers=("Copper",), competitors=("Gold",), commands=("pass", "repeat"))


def _heard(
    text: str,
    logprob: float = 0.0,
    no_speech: float = 0.0,
    compression: float = 1.0,
    repeated: bool = False,
) -> Heard:
    return Heard(text, (text,), signals=Signals(logprob, no_speech, compression, repeated))


def test_no_words_or_no_speech_is_nothing() -> None:
    assert policy.decide(_heard(""), WINDOW).kind == "nothing"
    assert policy.decide(_heard("you", no_speech=0.9, logprob=-1.2), WINDOW).kind == "nothing"
    # a likely no-speech window with a confident transcript is still speech
    assert policy.decide(_heard("copper", no_speech=0.9, logprob=-0.2), WINDOW).kind == "phrase"


def test_doubtful_words_are_unclear_and_loops_too() -> None:
    assert policy.decide(_heard("coffee", logprob=-1.3), WINDOW).kind == "unclear"
    assert policy.decide(_heard("six six", logprob=-0.1, compression=3.0), WINDOW).kind == (
        "unclear"
    )
    talk = "well I think it could be the one we had last week but I am not sure at all"
    assert policy.decide(_heard(talk, logprob=-0.2), WINDOW).kind == "unclear"


def test_narrow_between_the_limits_and_after_a_repetition() -> None:
    limits = policy.LIMITS
    between = (limits.unclear_logprob + limits.narrow_logprob) / 2
    assert policy.decide(_heard("copper", logprob=between), WINDOW).narrow
    assert not policy.decide(_heard("copper", logprob=-0.1), WINDOW).narrow
    assert policy.decide(_heard("six", logprob=-0.1, repeated=True), WINDOW).narrow


def test_the_prompt_read_back_is_unclear() -> None:
    echo = Heard(
        "quiz answers are blue", signals=Signals(-0.3, echo=echoes("quiz answers are blue"))
    )
    assert policy.decide(echo, WINDOW).kind == "unclear"
    assert not echoes("the quiz show")


def test_a_command_said_plainly_is_a_command() -> None:
    decision = policy.decide(_heard("Pass.", logprob=-0.2), WINDOW)
    assert (decision.kind, decision.text) == ("command", "pass")
    assert policy.decide(_heard("pass the salt", logprob=-0.2), WINDOW).kind == "phrase"


def test_review_writes_the_decision_into_the_flags_and_drops_an_unclear_shout() -> None:
    shout = Heard("bezzerwizzer blue", bezzerwizzer=True, team="blue", signals=Signals(-1.5))
    reviewed = policy.review(shout, WINDOW)
    assert reviewed.unclear and not reviewed.bezzerwizzer and reviewed.team is None
    assert policy.review(_heard("", no_speech=1.0), WINDOW).text == ""
    grammar = Heard("copper", unclear=True)  # a grammar recognizer's flags stand as reported
    assert policy.review(grammar, WINDOW) is grammar
    assert policy.decide(grammar, WINDOW).kind == "unclear"


def _recorded() -> list[dict[str, str | float | bool]]:
    if not RECORDED.exists():
        pytest.skip(f"{RECORDED} not recorded (scripts/record_hearings.py)")
    return [json.loads(line) for line in RECORDED.read_text().splitlines() if line.strip()]


def _decide(row: dict[str, str | float | bool]) -> policy.Decision:
    text = str(row["text"])
    signals = Signals(
        float(row["logprob"]), float(row["no_speech"]), float(row["compression"]),
        bool(row["repeated"]), echo=echoes(text),
    )  # fmt: skip
    return policy.judge_signals(text, signals)


def test_recorded_right_transcripts_are_mostly_taken_as_heard() -> None:
    rows = [r for r in _recorded() if r["said"]]
    right = [r for r in rows if judge(str(r["text"]), AnswerKey(str(r["said"]))).correct]
    clear = [r for r in right if _decide(r).kind == "phrase" and not _decide(r).narrow]
    assert len(right) >= 0.85 * len(rows)  # the premise: Whisper mostly hears them
    assert len(clear) >= 0.85 * len(right), "too many right answers would be asked again"


def test_recorded_wrong_transcripts_are_often_doubted() -> None:
    rows = [r for r in _recorded() if r["said"]]
    wrong = [r for r in rows if not judge(str(r["text"]), AnswerKey(str(r["said"]))).correct]
    doubted = [r for r in wrong if _decide(r).kind != "phrase" or _decide(r).narrow]
    assert wrong, "the premise: some recorded transcripts are wrong"
    assert len(doubted) >= 0.4 * len(wrong), "mishearings should be asked back or again"


def test_recorded_noise_alone_is_never_a_clear_phrase() -> None:
    noise = [r for r in _recorded() if not r["said"]]
    assert noise
    assert all(_decide(r).kind != "phrase" or _decide(r).narrow for r in noise)

"""`hear --jsonl` reports what the game would do with a hearing, from the quizmaster's own
decision (``host.asking.next_step``), so the two cannot drift apart."""

from __future__ import annotations

import pytest

from voicemaster.commands.hear import decision
from voicemaster.host import asking
from voicemaster.host.asking import Step
from voicemaster.judge.model import AnswerKey, Verdict
from voicemaster.speech.base import Heard, Signals

RIGHT = Verdict("right", 1.0, "Michelangelo", "exact")
WRONG = Verdict("wrong", 0.0, None, "no match")


def test_each_decision_of_the_game_is_reported() -> None:
    assert decision(RIGHT, Heard("michelangelo")) == {"decision": "taken", "ask": None}
    assert decision(WRONG, Heard("donatello")) == {"decision": "taken", "ask": None}
    narrow_wrong = Heard("donatello", narrow=True)
    assert decision(WRONG, narrow_wrong) == {"decision": "asked", "ask": "donatello"}
    for flags in ({"narrow": True}, {"guessed": True}, {"unclear": True}):
        assert decision(RIGHT, Heard("michelangelo", **flags))["decision"] == "again"


def test_the_decision_is_the_quizmasters_own(monkeypatch: pytest.MonkeyPatch) -> None:
    seen: list[tuple[str, bool]] = []

    def step(judged: asking.Judged, heard: Heard, guarded: bool, stage: object = None) -> Step:
        seen.append((judged.answer, guarded))
        return Step("asked", judged, "anything")

    monkeypatch.setattr(asking, "next_step", step)
    assert decision(RIGHT, Heard("michelangelo")) == {"decision": "asked", "ask": "anything"}
    assert seen == [("right", False)]  # a first answer, no other team waiting


def test_a_right_form_in_whispers_beam_is_reported_heard_again() -> None:
    """flite "the puck" written "the tuck", "the puck" second in the beam (seed 5 of main)."""
    signals = Signals(logprob=-0.38, nbest=(("the tuck", -0.38), ("the puck", -0.662)))
    tuck = Heard("the tuck", ("the tuck",), signals=signals)
    assert decision(WRONG, tuck) == {"decision": "taken", "ask": None}  # no card: as before
    assert decision(WRONG, tuck, AnswerKey("Puck")) == {"decision": "again", "ask": None}
    assert decision(WRONG, tuck, AnswerKey("Cub"))["decision"] == "taken"

"""`hear --jsonl` reports what the game would do with a hearing, from the quizmaster's own
decision (``host.asking.next_step``), so the two cannot drift apart."""

from __future__ import annotations

import pytest

from voicemaster.commands.hear import decision
from voicemaster.host import asking
from voicemaster.host.asking import Step
from voicemaster.judge.model import Verdict
from voicemaster.speech.base import Heard

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

    def step(judged: asking.Judged, heard: Heard, guarded: bool) -> Step:
        seen.append((judged.answer, guarded))
        return Step("asked", judged, "anything")

    monkeypatch.setattr(asking, "next_step", step)
    assert decision(RIGHT, Heard("michelangelo")) == {"decision": "asked", "ask": "anything"}
    assert seen == [("right", False)]  # a first answer, no other team waiting

"""Lines a good host says (issue #16): a refused Bezzerwizzer in plain words."""

from __future__ import annotations

from pathlib import Path

from tests.host.helpers import Table, questions, quizmaster, shout
from voicemaster.host.channels import Cue


def test_a_bezzerwizzer_without_tokens_is_refused_in_plain_words(tmp_path: Path) -> None:
    def spent_shout(cue: Cue) -> str:
        cue.game.bezzerwizzers = dict.fromkeys(cue.game.teams, 0)  # both spent already
        return shout(cue)

    table = Table().at("before", spent_shout, None, "quit")
    qm, speaker = quizmaster(tmp_path / "g.jsonl", table)
    assert qm.run() == "quit"
    attacker = next(t for t in qm.game.teams if t != questions(qm)[0]["question"]["team"])
    assert f"Sorry {attacker.capitalize()}, you have no Bezzerwizzer left." in speaker.said
    assert not any("BEZZERWIZZER" in line or f" {attacker} " in line for line in speaker.said)

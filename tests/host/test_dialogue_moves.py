"""Moves that must do what the players said or be refused with the reason: zwaps of tiles a
team does not hold."""

from __future__ import annotations

from pathlib import Path

from tests.host.helpers import Table, other, questions, quizmaster
from voicemaster.host.channels import Cue


def zwap_two_of_the_opponents_tiles_as_mine(cue: Cue) -> str:
    """ "zwap my <opponent's tile> with <opponent>'s <another of its tiles>" """
    tiles = cue.game.slots[other(cue)]
    return f"zwap my {tiles[0]} with {other(cue)}'s {tiles[3]}"


def test_a_zwap_of_a_tile_the_team_does_not_hold_is_refused_with_the_reason(
    tmp_path: Path,
) -> None:
    table = Table().at("before", zwap_two_of_the_opponents_tiles_as_mine, None, "quit")
    qm, speaker = quizmaster(tmp_path / "g.jsonl", table)
    assert qm.run() == "quit"
    assert not any("zwap" in line for line in qm.log.lines)  # nothing was swapped
    team = questions(qm)[0]["question"]["team"]
    opponent = next(t for t in qm.game.teams if t != team)
    assert qm.game.zwaps[team] == 1  # the zwap tile is still there
    tile = next(c for c in table.cues if c.kind == "before").game.slots[opponent][0]
    expected = f"Sorry {team.capitalize()}, {tile} is not your tile: it belongs to "
    assert f"{expected}{opponent.capitalize()}." in speaker.said


def test_a_zwap_naming_the_wrong_owner_is_refused(tmp_path: Path) -> None:
    def mine_as_theirs(cue: Cue) -> str:
        mine, theirs = cue.game.slots[str(cue.team)], cue.game.slots[other(cue)]
        return f"zwap {other(cue)}'s {mine[1]} with my {theirs[2]}"

    table = Table().at("before", mine_as_theirs, None, "quit")
    qm, speaker = quizmaster(tmp_path / "g.jsonl", table)
    assert qm.run() == "quit"
    assert not any("zwap" in line for line in qm.log.lines)
    assert any("is not Blue's tile: it belongs to Red." in line for line in speaker.said) or any(
        "is not Red's tile: it belongs to Blue." in line for line in speaker.said
    )

"""Moves that must do what the players said or be refused with the reason: zwaps of tiles a
team does not hold, and the tiles kept in the order read out."""

from __future__ import annotations

from pathlib import Path

from tests.helpers.host import Table, other, questions, quizmaster
from voicemaster.host.cues import Cue


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


def test_keep_it_keeps_the_order_read_out_the_first_tile_for_four(tmp_path: Path) -> None:
    table = Table().at("arrange", "keep it").at("before", "quit")
    qm, speaker = quizmaster(tmp_path / "g.jsonl", table)
    assert qm.run() == "quit"
    cue = next(c for c in table.cues if c.kind == "arrange")
    one, two, three, four = cue.options  # as drawn and read out
    slots = qm.log.lines[1]["round"]["slots"][str(cue.team)]
    assert slots == [four, three, two, one]  # slot 4 (four points) holds the first read
    name = str(cue.team).capitalize()
    order = f"{one} for four, {two} for three, {three} for two and {four} for one"
    assert f"{name}, your tiles as drawn: {order}. Which one for four points? Or say keep it." in (
        speaker.said
    )
    assert f"{name}: {order}." in speaker.said  # the arrangement said in the same order


def test_keep_after_naming_the_four_keeps_the_rest_as_read(tmp_path: Path) -> None:
    def third(cue: Cue) -> str:
        return cue.options[2]

    table = Table().at("arrange", third, "keep").at("before", "quit")
    qm, speaker = quizmaster(tmp_path / "g.jsonl", table)
    assert qm.run() == "quit"
    cue = next(c for c in table.cues if c.kind == "arrange")
    one, two, three, four = cue.options
    assert qm.log.lines[1]["round"]["slots"][str(cue.team)] == [four, two, one, three]
    rest = f"{one} for three, {two} for two and {four} for one"
    assert f"And for three? Or keep it: {rest}." in speaker.said

"""Simulated teams through audio: which take of an utterance the room hears."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.helpers.host import header
from voicemaster.host.cues import Cue, Retry
from voicemaster.host.log import GameLog
from voicemaster.simulator.audio import RETAKE_RATE, AudioTable

pytest.importorskip("pocketsphinx", reason="the audio table builds the real recognizer")


def table(tmp_path: Path, name: str) -> AudioTable:
    log = GameLog(tmp_path / name, {**header(teams=2, track=6, seed=4), "simulate": {}})
    return AudioTable(log, 4, 0.9)


def takes(at: AudioTable, cues: list[Cue]) -> list[tuple[int, float]]:
    out = []
    for cue in cues:
        at.cue(cue)
        out.append(at.take())
    return out


@pytest.mark.slow
def test_a_point_heard_again_is_a_new_take_and_a_replay_hears_the_same(tmp_path: Path) -> None:
    arrange = Cue("arrange", "red", lines=3, options=("Film", "Music"))
    again = Cue("answer", "red", lines=3, retry=Retry.AGAIN)
    cues = [arrange, arrange, arrange, again, Cue("arrange", "red", lines=4)]
    first = takes(table(tmp_path, "a.jsonl"), cues)
    seeds = [seed for seed, _ in first]
    assert len(set(seeds)) == len(seeds)  # every utterance is heard in its own noise
    assert [rate for _, rate in first] == [1.0, RETAKE_RATE, RETAKE_RATE, 0.85, 1.0]
    # a resumed game starts the point afresh and hears exactly what the whole run heard
    assert takes(table(tmp_path, "b.jsonl"), cues) == first

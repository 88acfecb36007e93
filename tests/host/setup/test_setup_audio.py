"""Setting up a game by voice through real audio: flite voices in a simulated room (QueueSource),
the real endpointer and the real pocketsphinx recognizer behind MicEars."""

from __future__ import annotations

import shutil
from collections.abc import Sequence
from functools import cache

import pytest

from voicemaster.audio_sim.sources import QueueSource
from voicemaster.audio_sim.synth import synthesize
from voicemaster.host.setup.voice import Setup, ask_setup
from voicemaster.host.text_io import TranscriptSpeaker
from voicemaster.speech.base import Recognizer

pytestmark = pytest.mark.slow


@cache
def sphinx() -> Recognizer:
    pytest.importorskip("pocketsphinx", reason="pocketsphinx is needed to hear the players")
    from voicemaster.speech.asr.recognizers import make_recognizer

    return make_recognizer("pocketsphinx")


def set_up_by_voice(
    replies: Sequence[tuple[str, str] | float], variant: str | None = None
) -> tuple[Setup, list[str]]:
    """Each reply is (text, voice) spoken after a pause, or seconds of the room's silence."""
    if shutil.which("flite") is None:
        pytest.skip("flite is needed to give the players voices")
    from voicemaster.speech.mic_ears import MicEars

    room = QueueSource(seed=3)
    for seed, reply in enumerate(replies):
        if isinstance(reply, float):
            room.push_silence(reply)
        else:
            room.push(synthesize(reply[0], reply[1], seed=seed), gap_s=1.0)
    ears = MicEars(room, sphinx())
    speaker = TranscriptSpeaker()
    try:
        chosen = ask_setup(speaker, ears, variant)
    finally:
        ears.close()
    assert room.pending_s < 0.5, "the set-up did not listen to every reply"
    return chosen, speaker.said


def test_family_three_colours_forty_by_voice() -> None:
    replies = [("family", "flite:slt"), ("three", "flite:rms"), ("colours", "flite:awb"),
               ("forty", "flite:slt")]  # fmt: skip
    chosen, said = set_up_by_voice(replies)
    assert chosen == Setup("familie", ("red", "blue", "green"), 40)
    assert "We play Bezzerwizzer Familie, the family edition." in said
    assert "Three teams." in said and "The finish is at 40." in said


def test_silence_and_repeat_by_voice() -> None:
    replies: list[tuple[str, str] | float] = [
        ("repeat", "flite:awb"), ("kompakt", "flite:rms"), 22.0,  # silence: the usual count
        ("colours", "flite:slt"), ("fifteen", "flite:awb"),
    ]  # fmt: skip
    chosen, said = set_up_by_voice(replies)
    assert chosen == Setup("kompakt", ("red", "blue"), 15)
    assert (
        said.count(
            "Which rules shall we play? Standard, word edition, family, kompakt or timeline?"
        )
        == 2
    )
    assert "I heard nothing; we take the usual. Two teams." in said
    assert "The first team to 15 points wins." in said


def test_names_people_often_choose_are_heard_and_confirmed_by_voice() -> None:
    replies = [("standard", "flite:slt"), ("two", "flite:rms"), ("sharks", "flite:awb"),
               ("yes", "flite:awb"), ("comets", "flite:slt"), ("yes", "flite:slt"),
               ("twenty", "flite:rms")]  # fmt: skip
    chosen, said = set_up_by_voice(replies)
    assert chosen == Setup("standard", ("sharks", "comets"), 20)
    assert "Team one is the Sharks. Right?" in said and "Team two is the Comets. Right?" in said

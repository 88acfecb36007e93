"""The arrangement's "keep it" through real audio: flite voices in room noise, the real
endpointer and pocketsphinx (the prompt asks for "keep it": a bare "keep" is one short
syllable that the verifier rejected for 6 of 16 such takes)."""

from __future__ import annotations

import shutil

import pytest

from voicemaster.audio_sim.sources import QueueSource
from voicemaster.audio_sim.synth import FLITE_VOICES, synthesize
from voicemaster.host import intents, windows
from voicemaster.simulator.audio import ROOM_NOISE, ROOM_NOISE_DB

pytestmark = pytest.mark.slow
TILES = ("Music", "Series", "Tech & Gaming", "Food & Drink")


def test_keep_it_and_tile_names_are_heard_at_the_arrangement() -> None:
    pytest.importorskip("pocketsphinx", reason="pocketsphinx is needed to hear the teams")
    if shutil.which("flite") is None:
        pytest.skip("flite is needed to give the teams voices")
    from voicemaster.speech.asr.recognizers import make_recognizer
    from voicemaster.speech.mic_ears import MicEars

    recognizer = make_recognizer("pocketsphinx")
    window = windows.arrange(TILES)
    heard: list[tuple[str, str, str | None]] = []
    ok: list[bool] = []
    for seed, voice in enumerate(FLITE_VOICES * 2):
        for said, meant in (("keep it", intents.Keep()), ("Series", intents.Choice("Series"))):
            room = QueueSource(seed=seed, noise_db=ROOM_NOISE_DB, colour=ROOM_NOISE)
            room.push(synthesize(said, voice, seed=seed), gap_s=0.3)
            room.push_silence(0.8)
            ears = MicEars(room, recognizer)
            try:
                got = ears.hear(window, 5.0)
            finally:
                ears.close()
                room.close()
            heard.append((voice, said, got.text if got else None))
            ok.append(got is not None and intents.choice(got.text, TILES) == meant)
    missed = [h for h, good in zip(heard, ok, strict=True) if not good]
    assert not [m for m in missed if m[1] == "keep it"], missed
    assert len(missed) <= 1, missed  # a tile's name: awb's "Series" is once heard as "savings"

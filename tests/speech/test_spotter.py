"""Spotting "Bezzerwizzer!" shouts (alone, or with a team) in real decoded audio."""

from __future__ import annotations

import pytest

from tests.speech.conftest import needs
from voicemaster.audio_sim.synth import synthesize
from voicemaster.speech.asr.pocketsphinx_asr import PocketsphinxRecognizer
from voicemaster.speech.asr.spotter import spot
from voicemaster.speech.audio import pad
from voicemaster.speech.base import Expectation

pytestmark = pytest.mark.slow
TEAMS = ("blue", "red", "green")
SHOUTS = [
    ("Bezzerwizzer!", None),
    ("Bezzerwizzer blue!", "blue"),
    ("red, Bezzerwizzer!", "red"),
    ("Bezzerwizzer, green.", "green"),
]


@pytest.fixture(scope="module")
def asr() -> PocketsphinxRecognizer:
    return PocketsphinxRecognizer()


def test_shouts_found_with_their_team(asr: PocketsphinxRecognizer) -> None:
    needs("flite")
    found = 0
    for voice in ("flite:slt", "flite:rms", "flite:awb"):
        for text, team in SHOUTS:
            pcm = pad(synthesize(text, voice), 0.5, 0.4)
            shout, named, at_s = spot(pcm, TEAMS, asr)
            if shout:
                found += 1
                assert named == team, (voice, text)
                assert 0.3 <= at_s <= 2.0
    assert found >= 10, f"{found}/12 shouts found"


def test_shout_heard_during_an_answer_window(asr: PocketsphinxRecognizer) -> None:
    needs("flite")
    window = Expectation(answers=("Paris",), competitors=("London",), teams=TEAMS)
    heard = asr.recognize(pad(synthesize("Bezzerwizzer red", "flite:slt"), 0.3, 0.3), window)
    assert heard.bezzerwizzer and heard.team == "red"


def test_ordinary_speech_is_no_shout(asr: PocketsphinxRecognizer) -> None:
    needs("flite")
    ordinary = [
        "Paris",
        "blue",
        "the answer is Berlin",
        "which team is next",
        "Albert Einstein",
        "I think it was nineteen sixty nine",
        "best wishes",
        "business",
    ]
    alarms = []
    for voice in ("flite:slt", "flite:awb"):
        for text in ordinary:
            found, _, _ = spot(pad(synthesize(text, voice), 0.3, 0.3), TEAMS, asr)
            if found:
                alarms.append((voice, text))
    assert alarms == []

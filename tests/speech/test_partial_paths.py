"""A grammar path that stops inside a phrase: the best complete phrase is taken instead.

In room noise pocketsphinx's grammar search sometimes ends inside a phrase ("state" of
"state of ...", "that" of "that was right") and returns that partial path, so "six" said
clearly was judged on free decoding alone.  Real flite speech over seeded pink room noise,
streamed through the real listening path, in the card's own answer window.
"""

from __future__ import annotations

import zlib
from pathlib import Path

import pytest

from tests.speech.conftest import needs
from voicemaster.audio_sim.sources import QueueSource
from voicemaster.audio_sim.synth import synthesize
from voicemaster.decks import load_deck
from voicemaster.host.quiz import Quiz
from voicemaster.host.windows import GENERAL
from voicemaster.speech.asr.pocketsphinx_asr import PocketsphinxRecognizer
from voicemaster.speech.capture.endpoint_config import EndpointConfig
from voicemaster.speech.mic_ears import MicEars

DECK = Path(__file__).resolve().parents[2] / "decks" / "standard-en.yaml"
TEAMS = ("red", "blue", "green", "yellow")


@pytest.mark.slow
@pytest.mark.parametrize(("card_id", "voice"), [("pol-0030", "slt"), ("mus-0002", "awb")])
def test_a_partial_best_path_gives_way_to_the_best_complete_phrase(
    card_id: str, voice: str
) -> None:
    needs("flite")
    quiz = Quiz(load_deck(DECK))
    card = quiz.card(card_id)
    assert card is not None and card.answer == "6"
    asr = PocketsphinxRecognizer()
    seed = zlib.crc32(f"{card.id}flite:{voice}".encode())
    source = QueueSource(seed=seed, noise_db=-43.0, colour="pink")
    source.push(synthesize(card.answer, voice=f"flite:{voice}", seed=seed), gap_s=0.3)
    source.push_silence(0.8)
    ears = MicEars(source, asr, EndpointConfig(detector="energy"))  # the cut of the premise
    heard = ears.hear(quiz.expectation(card, TEAMS, GENERAL), 5.0)
    ears.close()
    assert heard is not None and heard.check is not None
    assert heard.check.path == "n-best"  # the premise: the best path ended inside a phrase
    assert heard.text == "six"

"""Names with a Roman numeral are expected as people say them: "Peter I" as "Peter the First"
(or "Peter One"), "World War I" as "World War One"."""

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
from voicemaster.speech.asr import grammar
from voicemaster.speech.asr.pocketsphinx_asr import PocketsphinxRecognizer
from voicemaster.speech.mic_ears import MicEars

DECK = Path(__file__).resolve().parents[2] / "decks" / "standard-en.yaml"


def test_a_roman_numeral_after_a_name_is_also_expected_spoken() -> None:
    forms = grammar.sanitise(grammar.spoken_forms(["Peter I", "Louis XIV", "World War I"]))
    assert forms[:3] == ("peter i", "peter the first", "peter one")
    assert "louis the fourteenth" in forms and "world war one" in forms
    assert grammar.ordinal_words(21) == "twenty first" and grammar.ordinal_words(8) == "eighth"
    # letters and a bare numeral are left as they are
    assert grammar.sanitise(grammar.spoken_forms(["R N L I", "I", "Paris"])) == (
        "r n l i",
        "i",
        "paris",
    )


@pytest.mark.slow
def test_peter_the_first_said_aloud_is_heard_and_judged_right() -> None:
    needs("flite")
    quiz = Quiz(load_deck(DECK))
    card = quiz.card("his-0034")
    assert card is not None and "Peter I" in card.accept and "Peter the First" not in card.accept
    asr = PocketsphinxRecognizer()
    seed = zlib.crc32(b"his-0034 peter the first")
    source = QueueSource(seed=seed, noise_db=-43.0, colour="pink")
    source.push(synthesize("Peter the First", voice="flite:slt", seed=seed), gap_s=0.3)
    source.push_silence(0.8)
    ears = MicEars(source, asr)
    heard = ears.hear(quiz.expectation(card, ("red", "blue"), GENERAL), 5.0)
    ears.close()
    assert heard is not None and heard.text == "peter the first"
    assert quiz.judge(heard.text, card).answer == "right"

"""Grammar building: sanitising, number words, JSGF and vosk grammars, pronunciations."""

from __future__ import annotations

import json
import shutil

import pytest

from voicemaster.speech.asr import grammar
from voicemaster.speech.asr.spotter import find_shout, shout_phrases


def test_number_words() -> None:
    assert grammar.number_words(7) == "seven"
    assert grammar.number_words(42) == "forty two"
    assert grammar.number_words(1969) == "nineteen sixty nine"
    assert grammar.number_words(1905) == "nineteen oh five"
    assert grammar.number_words(2024) == "two thousand twenty four"
    assert grammar.number_words(300) == "three hundred"


def test_words_sanitised() -> None:
    assert grammar.words("Côte d'Ivoire!") == ["cote", "d'ivoire"]
    assert grammar.words("<eps> Paris [unk] <s>") == ["paris"]
    assert grammar.words("R&B in 1984") == ["r", "and", "b", "in", "nineteen", "eighty", "four"]
    assert grammar.words("사과 apple", ascii_only=False) == ["사과", "apple"]
    assert grammar.words("사과 apple") == ["apple"]


def test_sanitise_drops_empties_and_duplicates() -> None:
    assert grammar.sanitise(["Paris", "paris!", "", "<eps>", "New  York"]) == ("paris", "new york")


def test_jsgf_lists_each_phrase() -> None:
    text = grammar.jsgf(("paris", "new york"))
    assert text.startswith("#JSGF V1.0;")
    assert "public <utterance>" in text and "| new york" in text
    with pytest.raises(ValueError):
        grammar.jsgf(())


def test_vosk_grammar_never_holds_eps() -> None:
    spec = json.loads(grammar.vosk_grammar(("사과", "<eps>", "a <eps> b", ""), "<UNK>"))
    assert spec == ["사과", "<UNK>"]


def test_ipa_to_arpabet() -> None:
    assert grammar.ipa_to_arpabet("bˈɛzɚwˌɪzɚ") == "B EH Z ER W IH Z ER"
    assert grammar.ipa_to_arpabet("ˈaɪnstaɪn") == "AY N S T AY N"


def test_letters_fallback_is_nonempty() -> None:
    assert grammar.letters_to_arpabet("zork") == "Z AA R K"
    assert grammar.pronounce("qqq")


@pytest.mark.skipif(shutil.which("espeak-ng") is None, reason="espeak-ng is not installed")
def test_espeak_pronunciation() -> None:
    assert grammar.espeak_arpabet("bezzerwizzer") == "B EH Z ER W IH Z ER"


def test_missing_words() -> None:
    known = {"paris", "new"}.__contains__
    assert grammar.missing_words(["paris", "new york", "york city"], known) == ["york", "city"]


@pytest.mark.parametrize(
    ("text", "found", "team"),
    [
        ("bezzerwizzer", True, None),
        ("bezzerwizzer blue", True, "Blue"),
        ("red bezzerwizzer", True, "Red"),
        ("the bezzer wizzer green team", True, "Green Team"),
        ("blue", False, None),
        ("paris", False, None),
    ],
)
def test_find_shout(text: str, found: bool, team: str | None) -> None:
    assert find_shout(text, ("Blue", "Red", "Green Team")) == (found, team)


def test_shout_phrases() -> None:
    assert shout_phrases(("Blue",)) == ("bezzerwizzer", "bezzerwizzer blue", "blue bezzerwizzer")

"""Choosing the voice (flags and config file) and cutting text into sentences."""

from __future__ import annotations

from pathlib import Path

import pytest

from voicemaster.places import ConfigError, parse_config
from voicemaster.speech.voice.phrasebook import first_clause, sentences
from voicemaster.speech.voice.voice_choice import choose_voice, parse_voice

MODELS = Path("models")


def test_voice_names() -> None:
    assert parse_voice(None, MODELS) == ("auto", None, None)
    assert parse_voice("piper", MODELS) == ("piper", None, None)
    assert parse_voice("espeak", MODELS) == ("pyttsx3", None, None)
    assert parse_voice("espeak:en-gb-x-rp", MODELS) == ("pyttsx3", "en-gb-x-rp", None)
    assert parse_voice("en-us", MODELS) == ("pyttsx3", "en-us", None)  # say's old --voice
    named = parse_voice("piper:en_US-lessac-medium", MODELS)
    assert named == ("piper", None, MODELS / "piper" / "en_US-lessac-medium.onnx")
    assert parse_voice("/v/x.onnx", MODELS) == ("piper", None, Path("/v/x.onnx"))
    for bad in ("flite:slt", "two words", "piper:"):
        with pytest.raises(ValueError, match="piper, piper:NAME, espeak"):
            parse_voice(bad, MODELS)


def test_the_settings_of_a_choice() -> None:
    choice = choose_voice("espeak", rate=200, volume=0.5, car=True)
    assert choice.kind == "pyttsx3"
    assert (choice.settings.rate, choice.settings.volume, choice.settings.car) == (200, 0.5, True)
    assert choice.settings.wpm == 170  # slower in a car
    assert choose_voice(None).settings.wpm == 160


def test_the_config_file_holds_the_voice() -> None:
    where = Path("/etc/vm/config.toml")
    text = 'voice = "piper"\nrate = 140\nvolume = 1\ncar = true\n'
    assert parse_config(text, where) == {"voice": "piper", "rate": 140, "volume": 1.0, "car": True}
    for bad, why in [
        ("rate = 40", "rate must be from 80 to 450"),
        ("rate = 1.5", "rate must be a whole number"),
        ("volume = 2.0", "volume must be from 0 to 1"),
        ('car = "yes"', "car must be true or false"),
        ("voice = 3", "voice must be a voice in quotes"),
    ]:
        with pytest.raises(ConfigError, match=why):
            parse_config(bad, where)


def test_the_command_line_says_a_bad_voice_in_one_line(
    capsys: pytest.CaptureFixture[str],
) -> None:
    from voicemaster.cli import main

    assert main(["say", "hello", "--voice", "flite:slt"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("voicemaster: --voice: unknown voice 'flite:slt'")
    assert err.count("\n") == 1


def test_sentences() -> None:
    assert sentences("Round two.  Red starts.") == ["Round two.", "Red starts."]
    text = "Who wrote it? J. R. R. Tolkien. Mr. Bean was on St. Helena! 3.5 or 4?"
    assert sentences(text) == [
        "Who wrote it?",
        "J. R. R. Tolkien.",
        "Mr. Bean was on St. Helena!",
        "3.5 or 4?",
    ]
    assert sentences("   ") == []
    assert sentences("Blue: that is right.") == ["Blue: that is right."]


def test_a_long_first_sentence_starts_with_its_first_clause() -> None:
    question = "Which composer wrote the opera The Magic Flute, first performed in Vienna in 1791?"
    assert first_clause(question) == [
        "Which composer wrote the opera The Magic Flute,",
        "first performed in Vienna in 1791?",
    ]
    assert first_clause("Blue: that is right.") == ["Blue: that is right."]  # short
    no_comma = "Which Dutch painter cut off part of his own ear in Arles in 1888?"
    assert first_clause(no_comma) == [no_comma]
    assert first_clause("Yes, I think the answer is the one you named.")[0] != "Yes,"

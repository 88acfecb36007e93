"""Lines rendered before they are said, with the real Piper voice (its random variation off, so
one sentence always gives the same audio): a prepared question plays what saying it alone
plays, a question said while it is rendered ahead is rendered once, and a line prepared and
never said waits behind what is said."""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import Any

import pytest

from voicemaster.speech.base import Preparing
from voicemaster.speech.voice.phrasebook import pieces
from voicemaster.speech.voice.players import PlayerSink
from voicemaster.speech.voice.tts import TextSpeaker, VoiceSpeaker

piper_tts = pytest.importorskip("voicemaster.speech.voice.piper_tts")
if not piper_tts.available():
    pytest.skip(f"Piper is not installed: {piper_tts.INSTALL}", allow_module_level=True)

# a long first sentence (its first clause plays alone) and a second one: three pieces
QUESTION = "Which river, the second longest in Europe, flows through Vienna? Name it."
SYNC_S = 60.0  # how long a test waits for another thread before it fails (not a timing)


class Steady(piper_tts.PiperRenderer):
    """The bundled voice without its random variation: a sentence always sounds the same."""

    def _config(self) -> Any:
        from piper import SynthesisConfig

        return SynthesisConfig(noise_scale=0.0, noise_w_scale=0.0, normalize_audio=False)


class Watched:
    """A renderer that notes every text it renders, and can hold one until released."""

    name = "piper"

    def __init__(self, inner: Steady) -> None:
        self.inner = inner
        self.rendered: list[str] = []
        self.started: dict[str, threading.Event] = {}
        self.held: dict[str, threading.Event] = {}

    def hold(self, text: str) -> None:
        self.started[text], self.held[text] = threading.Event(), threading.Event()

    def render(self, text: str) -> tuple[bytes, int]:
        self.rendered.append(text)
        if text in self.held:
            self.started[text].set()
            assert self.held[text].wait(SYNC_S)
        result: tuple[bytes, int] = self.inner.render(text)
        return result


@pytest.fixture(scope="module")
def steady() -> Steady:
    return Steady()


def _speaker(steady: Steady) -> tuple[VoiceSpeaker, Watched]:
    watched = Watched(steady)
    return VoiceSpeaker([watched], PlayerSink()), watched


def _played(speaker: VoiceSpeaker) -> bytes:
    assert isinstance(speaker.player, PlayerSink)
    return speaker.player.pcm


def _until(done: Callable[[], bool]) -> None:
    for _ in range(int(SYNC_S / 0.01)):
        if done():
            return
        threading.Event().wait(0.01)
    raise AssertionError("the other thread never got there")


def test_a_prepared_question_plays_what_saying_it_alone_plays(steady: Steady) -> None:
    alone, _ = _speaker(steady)
    alone.say(QUESTION)
    ahead, watched = _speaker(steady)
    assert isinstance(ahead, Preparing) and not isinstance(TextSpeaker(), Preparing)
    ahead.prepare(QUESTION)
    assert ahead.phrasebook.settle(SYNC_S)
    parts = [part for part, _ in pieces(QUESTION)]
    assert len(parts) == 3 and watched.rendered == parts
    ahead.say(QUESTION)
    assert ahead.phrasebook.misses == 0 and ahead.phrasebook.hits == 3
    assert watched.rendered == parts  # nothing rendered when said
    assert _played(ahead) == _played(alone) and len(_played(alone)) > 22_050


def test_a_question_said_while_it_is_rendered_ahead_is_rendered_once(steady: Steady) -> None:
    alone, _ = _speaker(steady)
    alone.say(QUESTION)
    speaker, watched = _speaker(steady)
    first = pieces(QUESTION)[0][0]
    watched.hold(first)
    speaker.prepare(QUESTION)
    assert watched.started[first].wait(SYNC_S)
    said = threading.Thread(target=speaker.say, args=(QUESTION,))
    said.start()
    _until(lambda: speaker.phrasebook.waits == 1)  # the question waits for its first clause
    watched.held[first].set()
    said.join(SYNC_S)
    assert not said.is_alive() and speaker.phrasebook.settle(SYNC_S)
    assert sorted(watched.rendered) == sorted(part for part, _ in pieces(QUESTION))
    assert _played(speaker) == _played(alone)


def test_a_line_said_renders_before_the_rest_of_a_prepared_one(steady: Steady) -> None:
    speaker, watched = _speaker(steady)
    first, second, third = (part for part, _ in pieces(QUESTION))
    watched.hold(first)
    speaker.prepare(QUESTION)  # e.g. a question foreseen before a zwap changed the card
    assert watched.started[first].wait(SYNC_S)
    said = threading.Thread(target=speaker.say, args=("Time is up.",))
    said.start()
    _until(lambda: speaker.phrasebook.misses == 1)  # it waits for the clause in progress
    watched.held[first].set()
    said.join(SYNC_S)
    assert speaker.phrasebook.settle(SYNC_S)
    assert watched.rendered == [first, "Time is up.", second, third]
    assert _played(speaker) == speaker.phrasebook.get("Time is up.")


def test_a_muted_speaker_renders_nothing_ahead(steady: Steady) -> None:
    speaker, watched = _speaker(steady)
    speaker.muted = True
    speaker.prepare(QUESTION)
    speaker.prepare_phrases(["Time is up."])
    assert speaker.phrasebook.settle(SYNC_S) and watched.rendered == []

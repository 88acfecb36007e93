"""The Piper voice: real synthesis with the bundled voice, the fall-back to espeak-ng when the
voice is missing, sentences kept ready, and one loudness for speech and earcons (measured with
sox on the audio the loudspeaker was given)."""

from __future__ import annotations

import logging
import subprocess
import sys
from pathlib import Path

import pytest

from tests.speech.conftest import needs
from voicemaster.speech import pinned
from voicemaster.speech.audio import write_wav
from voicemaster.speech.base import SpeechUnavailable
from voicemaster.speech.voice.earcons import EARCONS
from voicemaster.speech.voice.levels import LEVEL_DB, OUT_RATE
from voicemaster.speech.voice.players import PlayerSink
from voicemaster.speech.voice.renderers import VoiceSettings
from voicemaster.speech.voice.tts import Notify, VoiceNotice, VoiceSpeaker, make_speaker

piper_tts = pytest.importorskip("voicemaster.speech.voice.piper_tts")
if not piper_tts.available():
    pytest.skip(f"Piper is not installed: {piper_tts.INSTALL}", allow_module_level=True)

QUESTION = "Which three capitals lie on the Danube? Vienna, Budapest and Belgrade."


@pytest.fixture(scope="module")
def renderer() -> piper_tts.PiperRenderer:
    return piper_tts.PiperRenderer()


def _seconds(pcm: bytes, rate: int = OUT_RATE) -> float:
    return len(pcm) / 2 / rate


def _speaker(
    settings: VoiceSettings | None = None, kind: str = "piper", notify: Notify | None = None
) -> VoiceSpeaker:
    speaker = make_speaker(kind, settings=settings or VoiceSettings(), notify=notify)
    assert isinstance(speaker, VoiceSpeaker)
    speaker.player = PlayerSink()
    return speaker


def test_the_bundled_voice_speaks(renderer: piper_tts.PiperRenderer) -> None:
    pcm, rate = renderer.render("Blue: that is right.")
    assert rate == 22_050
    assert 0.6 < _seconds(pcm, rate) < 2.5  # four words
    sentences = list(renderer.stream(QUESTION))
    assert len(sentences) == 2  # one piece of audio a sentence, as each is rendered
    assert _seconds(b"".join(sentences), rate) > 2 * _seconds(pcm, rate)
    assert renderer.render("  ")[0] == b""


def test_the_voice_is_the_pinned_one(tmp_path: Path) -> None:
    model = piper_tts.bundled_voice()
    assert pinned.sha256(model) == piper_tts.BUNDLED_SHA256
    other = tmp_path / "other.onnx"
    other.write_bytes(b"not the pinned voice")
    (tmp_path / "other.onnx.json").write_text("{}")
    with pytest.raises(SpeechUnavailable, match="SHA-256 differs"):
        piper_tts.check_voice_files(other, piper_tts.BUNDLED_SHA256)


@pytest.mark.slow
def test_a_slower_rate_and_the_car_read_slower() -> None:
    text = "Red moves to space twelve. Blue moves to space nine."

    def seconds(settings: VoiceSettings) -> float:
        # Piper varies its timing from one rendering to the next: four renderings each
        speaker = _speaker(settings)
        return sum(_seconds(speaker.render_sentence(text)) for _ in range(4))

    normal, slow = seconds(VoiceSettings()), seconds(VoiceSettings(rate=120))
    car = seconds(VoiceSettings(car=True))
    assert slow > 1.12 * normal
    assert 1.03 * normal < car < slow


def test_a_missing_voice_falls_back_to_espeak_with_one_line(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    needs("espeak-ng")
    missing = VoiceSettings(model=tmp_path / "en_US-nobody-medium.onnx")
    notices: list[VoiceNotice] = []
    with caplog.at_level(logging.WARNING, logger="voicemaster.speech.voice.tts"):
        speaker = _speaker(missing, notify=notices.append)
        speaker.say("Blue: that is right.")
    assert [r.name for r in speaker.renderers] == ["pyttsx3", "espeak-ng"]
    assert isinstance(speaker.player, PlayerSink) and _seconds(speaker.player.pcm) > 0.5
    (notice,) = notices  # told to the observer at every start (logged once a process)
    assert notice.kind == "voice" and notice.voice == "espeak-ng" and "nobody" in notice.reason
    lines = [r.getMessage() for r in caplog.records]
    assert len(lines) <= 1 and all(line == str(notice) for line in lines)


def test_the_command_line_falls_back_with_one_plain_line(tmp_path: Path) -> None:
    needs("espeak-ng")
    config = tmp_path / "config.toml"
    config.write_text(f'voice = "piper:{tmp_path / "gone.onnx"}"\nrate = 150\n')
    out = tmp_path / "said.wav"
    cmd = [sys.executable, "-m", "voicemaster", "say", "Ten seconds.", "--wav", str(out)]
    env = {"VOICEMASTER_CONFIG": str(config), "PATH": "/usr/bin:/bin"}
    done = subprocess.run(cmd, capture_output=True, text=True, env=env, check=False)
    assert done.returncode == 0, done.stderr
    lines = done.stderr.splitlines()
    assert len(lines) == 1 and lines[0].startswith("voicemaster: the Piper voice cannot be used")
    assert "gone.onnx" in lines[0] and "speaks with espeak-ng" in lines[0]
    assert out.stat().st_size > 10_000


@pytest.mark.slow
def test_the_first_sentence_is_played_before_the_last_is_rendered() -> None:
    speaker = _speaker()
    chunks = speaker.chunks("Round two. " + QUESTION)
    first = next(chunks)
    assert 0.3 < _seconds(first) < 1.5
    assert "Vienna, Budapest and Belgrade." not in speaker.phrasebook  # not yet rendered
    rest = list(chunks)
    assert len(rest) == 2 and "Vienna, Budapest and Belgrade." in speaker.phrasebook
    long = "Which composer wrote the opera The Magic Flute, first performed in Vienna in 1791?"
    head, tail = list(speaker.chunks(long))  # a long first sentence: its first clause alone
    assert 0.8 < _seconds(head) < 5.0 and 0.8 < _seconds(tail) < 6.0
    assert "Which composer wrote the opera The Magic Flute," in speaker.phrasebook


def test_fixed_phrases_are_kept_and_played_as_rendered() -> None:
    speaker = _speaker()
    book = speaker.phrasebook
    book.prepare(["Time is up.", "Red: that is right."], wait=True)
    assert "Time is up." in book and "Red: that is right." in book
    hits = book.hits
    speaker.say("Red: that is right. Red moves to space four.")
    assert book.hits == hits + 1 and "Red moves to space four." in book
    played = speaker.player.pcm if isinstance(speaker.player, PlayerSink) else b""
    kept = book.get("Red: that is right.")
    assert played.startswith(kept)  # the kept audio is what plays
    small = type(book)(speaker.render_sentence, size=2)
    for text in ("One.", "Two.", "Three."):
        small.get(text)
    assert "One." not in small and "Three." in small  # the oldest left


def _sox_level(pcm: bytes, tmp_path: Path, name: str) -> float:
    """The RMS level while sounding as sox measures it: silences cut, then ``stats``."""
    path = write_wav(tmp_path / f"{name}.wav", pcm, OUT_RATE)
    cut = ["silence", "1", "0.01", "-45d", "-1", "0.02", "-45d"]
    done = subprocess.run(
        ["sox", str(path), "-n", *cut, "stats"], capture_output=True, text=True, check=True
    )
    line = next(s for s in done.stderr.splitlines() if s.startswith("RMS lev dB"))
    return float(line.split()[-1])


@pytest.mark.parametrize("kind", ["piper", "espeak"])
def test_speech_and_earcons_play_at_one_level(kind: str, tmp_path: Path) -> None:
    needs("sox")
    needs("espeak-ng")
    speaker = _speaker(kind=kind)
    speaker.say("Which planet is the largest in our solar system?")
    speaker.say("Right!")
    for name in EARCONS:
        speaker.chime(name)
    sink = speaker.player
    assert isinstance(sink, PlayerSink) and len(sink.pieces) == 2 + len(EARCONS)
    levels = [_sox_level(pcm, tmp_path, str(i)) for i, (pcm, _) in enumerate(sink.pieces)]
    assert max(levels) - min(levels) < 1.5, levels
    assert all(abs(level - LEVEL_DB) < 1.5 for level in levels), levels
    quiet = _speaker(VoiceSettings(volume=0.5), kind)
    quiet.say("Which planet is the largest in our solar system?")
    assert isinstance(quiet.player, PlayerSink)
    softer = _sox_level(quiet.player.pcm, tmp_path, "quiet")
    assert softer == pytest.approx(levels[0] - 6.0, abs=1.0)


def test_a_process_that_ends_while_phrases_render_ahead_exits_cleanly() -> None:
    # the phrases are still being rendered by Piper's onnxruntime when the script ends
    script = (
        "from voicemaster.speech.voice.tts import make_speaker\n"
        "speaker = make_speaker('piper')\n"
        "speaker.prepare_phrases([f'Team {n} moves {n} spaces.' for n in range(40)])\n"
    )
    run = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, timeout=120, check=False
    )
    assert run.returncode == 0, run.stderr
    assert "terminate called" not in run.stderr

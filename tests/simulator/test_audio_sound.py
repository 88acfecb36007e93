"""Simulated teams through audio: their voices (flite and espeak-ng), the background noise
(--noise car|room at --snr), and how the options reach the record and the audio."""

from __future__ import annotations

import shutil
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from tests.helpers.host import DECK, header
from voicemaster.audio_sim.synth import check_voice, synthesize
from voicemaster.cli import build_parser, main, settings_for
from voicemaster.commands.simulate import _simulation_header
from voicemaster.host.cues import Cue
from voicemaster.host.log import GameLog
from voicemaster.simulator.audio import (
    ROOM_NOISE_DB,
    TALK_DB,
    VOICES,
    AudioTable,
    Background,
    Sound,
    default_voices,
    parse_voices,
)
from voicemaster.speech import audio
from voicemaster.speech.base import Expectation, Heard, SpeechUnavailable

pytestmark = pytest.mark.skipif(
    not (shutil.which("flite") and shutil.which("espeak-ng")), reason="needs flite and espeak-ng"
)


def simulate_args(tmp_path: Path, *extra: str) -> Any:
    return settings_for(
        ["simulate", "--teams", "2", "--seed", "4", "--deck", str(DECK)]
        + ["--record", str(tmp_path / "sim.jsonl"), *extra]
    )


def test_the_options_are_parsed_into_the_record(tmp_path: Path) -> None:
    args = simulate_args(tmp_path, "--through", "audio", "--voices", "espeak:en-gb+m3, flite:kal16")
    _, head = _simulation_header(args)
    assert head is not None
    assert head.simulation == {
        "skill": 0.6,
        "through": "audio",
        "voices": ["espeak:en-gb+m3", "flite:kal16"],
    }
    args = simulate_args(tmp_path, "--through", "audio", "--noise", "car", "--snr", "10")
    _, head = _simulation_header(args)
    assert head is not None
    assert head.simulation == {
        "skill": 0.6,
        "through": "audio",
        "voices": list(VOICES),
        "noise": "car",
        "snr": 10.0,
    }
    _, head = _simulation_header(simulate_args(tmp_path, "--through", "audio", "--noise", "room"))
    assert head is not None and head.simulation["snr"] == 15.0  # the default
    _, head = _simulation_header(simulate_args(tmp_path))  # text: the record as it always was
    assert head is not None and head.simulation == {"skill": 0.6, "through": "text"}
    asr = simulate_args(tmp_path, "--through", "audio", "--asr", "pocketsphinx")
    _, head = _simulation_header(asr)
    assert head is not None and head.simulation["asr"] == "pocketsphinx"


@pytest.mark.parametrize(
    ("extra", "message"),
    [
        (["--noise", "car"], "are for --through audio"),
        (["--voices", "flite:slt"], "are for --through audio"),
        (["--asr", "vosk"], "are for --through audio"),
        (["--through", "audio", "--snr", "10"], "give --noise car or room too"),
        (["--through", "audio", "--voices", "espeak:en-zz"], "espeak-ng has no voice en-zz"),
        (["--through", "audio", "--voices", "flite:slt,festival:x"], "flite:NAME or espeak:"),
        (["--through", "audio", "--voices", ","], "at least one voice"),
    ],
)
def test_wrong_options_are_clear_errors(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], extra: list[str], message: str
) -> None:
    argv = ["simulate", "--teams", "2", "--deck", str(DECK), "--record", str(tmp_path / "x")]
    assert main([*argv, *extra]) == 2
    assert message in capsys.readouterr().err
    assert not (tmp_path / "x").exists()


@pytest.mark.parametrize("bad", [["--noise", "loud"], ["--snr", "x"], ["--snr", "90"]])
def test_unknown_noise_or_snr_is_a_usage_error(bad: list[str]) -> None:
    with pytest.raises(SystemExit) as exc:
        build_parser().parse_args(["simulate", "--through", "audio", "--noise", "car", *bad])
    assert exc.value.code == 2


def test_an_espeak_voice_renders_real_audio() -> None:
    pcm = synthesize("Bezzerwizzer blue", "espeak:en-us+f3", seed=1)
    assert 0.6 < audio.duration_s(pcm) < 3.0
    assert audio.active_level_db(pcm) > -30.0
    assert audio.zero_run(pcm) < 10  # dithered: no digital silence
    assert pcm != synthesize("Bezzerwizzer blue", "espeak:en-gb-x-rp+m3", seed=1)
    assert pcm == synthesize("Bezzerwizzer blue", "espeak:en-us+f3", seed=1)
    level = synthesize("Bezzerwizzer blue", "espeak:en-us+f3", seed=1, level_db=-30.0)
    assert audio.active_level_db(level) == pytest.approx(-30.0, abs=0.3)
    assert audio.zero_run(level) < 10


def test_voices_are_checked_against_the_installed_ones() -> None:
    assert check_voice("espeak-ng:en-gb-x-rp+m3") == "espeak:en-gb-x-rp+m3"
    assert parse_voices(" flite:rms ,espeak:en-us+f3") == ("flite:rms", "espeak:en-us+f3")
    for voice in (*VOICES, "flite:rms", "flite:kal16"):
        assert check_voice(voice) == voice
    with pytest.raises(SpeechUnavailable, match=r"no voice \+nobody"):
        check_voice("espeak:en+nobody")
    with pytest.raises(SpeechUnavailable, match="flite -lv"):
        check_voice("flite:nobody")
    with pytest.raises(ValueError):
        check_voice("slt")


@pytest.mark.parametrize("colour", ["pink", "brown"])
def test_the_background_is_steady_seamless_and_seeded(colour: str) -> None:
    bg = Background(colour, -35.0, 7)
    chunks = np.concatenate([bg.take(320) for _ in range(50 * 10)])  # 10 s, across 2 joins
    whole = Background(colour, -35.0, 7).take(len(chunks))
    assert np.array_equal(chunks, whole)  # taken in chunks or at once: the same noise
    levels = [audio.rms_db(chunks[i : i + 16_000]) for i in range(0, len(chunks), 16_000)]
    swing = 2.5 if colour == "brown" else 1.0  # a rumble of 20-40 Hz swings more
    assert max(levels) - min(levels) < swing and abs(audio.rms_db(chunks) + 35.0) < 0.5
    steps = np.abs(np.diff(chunks))
    joins = [Background.BLOCK * k - 1 for k in (1, 2)]
    assert steps[joins].max() < 4 * np.percentile(steps, 99)  # no click where blocks meet
    spectrum = np.abs(np.fft.rfft(chunks)) ** 2
    low = spectrum[np.fft.rfftfreq(len(chunks), 1 / 16_000) < 300].sum() / spectrum.sum()
    assert low > (0.85 if colour == "brown" else 0.3)  # the car rumbles lower than the room


class Tap:
    """MicEars that only record the first 3 s of what the room's source plays."""

    played: list[bytes] = []

    def __init__(self, source: Any, recognizer: Any, second: Any = None) -> None:
        self.source = source

    def hear(self, expectation: Expectation, timeout: float) -> Heard | None:
        Tap.played.append(b"".join(self.source.read(1.0) for _ in range(150)))
        return None

    def close(self) -> None:
        pass


@pytest.fixture
def tap(monkeypatch: pytest.MonkeyPatch) -> list[dict[str, Any]]:
    """No recognizer, ears that record the audio, and the synthesis calls."""
    import voicemaster.audio_sim.synth as synth
    import voicemaster.speech.asr.recognizers as recognizers
    import voicemaster.speech.mic_ears as mic_ears

    monkeypatch.setattr(recognizers, "make_recognizer", lambda *a, **k: object())
    monkeypatch.setattr(mic_ears, "MicEars", Tap)
    Tap.played = []
    calls: list[dict[str, Any]] = []
    real = synth.synthesize

    def spy(text: str, **kw: Any) -> bytes:
        calls.append({"text": text, **kw})
        return real(text, **kw)

    monkeypatch.setattr(synth, "synthesize", spy)
    return calls


def say_keep_it(tmp_path: Path, name: str, options: dict[str, Any]) -> bytes:
    log = GameLog(tmp_path / name, {**header(teams=2, seed=4), "simulate": options})
    table = AudioTable(log, 4, 0.9)
    table.cue(Cue("arrange", "blue", lines=3))  # no tiles to arrange: "keep it"
    table.hear(Expectation(commands=("keep it",)), 10.0)
    return Tap.played[-1]


def test_voices_and_noise_reach_the_audio(tmp_path: Path, tap: list[dict[str, Any]]) -> None:
    car = Sound(("flite:kal16", "espeak:en-gb+m3"), "car", 10.0).options()
    played = audio.to_array(say_keep_it(tmp_path, "a.jsonl", car)).astype(np.float64)
    assert tap[-1]["text"] == "keep it"
    assert tap[-1]["voice"] == "espeak:en-gb+m3" and tap[-1]["level_db"] == TALK_DB  # blue's
    gap, speech = played[: 4800 - 320], played[4800:]  # 0.3 s of room before the words
    assert audio.rms_db(gap) == pytest.approx(TALK_DB - 10.0, abs=2.0)
    assert audio.rms_db(played[-16_000:]) == pytest.approx(TALK_DB - 10.0, abs=2.0)  # after
    assert audio.active_level_db(audio.to_bytes(speech)) > TALK_DB - 6.0
    # the same seed and options: the same audio; another noise or none: other audio
    again = say_keep_it(tmp_path, "b.jsonl", car)
    assert again == audio.to_bytes(played)
    room = say_keep_it(tmp_path, "c.jsonl", {**car, "noise": "room"})
    assert room != again and len(room) == len(again)
    quiet = audio.to_array(say_keep_it(tmp_path, "d.jsonl", {})).astype(np.float64)
    assert tap[-1]["voice"] == default_voices()[1] and tap[-1]["level_db"] is None  # none kept
    assert audio.rms_db(quiet[: 4800 - 320]) == pytest.approx(ROOM_NOISE_DB, abs=2.0)


@pytest.mark.slow
@pytest.mark.parametrize("noise", ["car", "room"])
def test_an_espeak_team_is_heard_in_noise_by_the_real_recognizer(
    tmp_path: Path, noise: str
) -> None:
    pytest.importorskip("faster_whisper")
    options = Sound(("flite:slt", "espeak:en-gb-x-rp+m3"), noise, 15.0).options()
    log = GameLog(tmp_path / "a.jsonl", {**header(teams=2, seed=4), "simulate": options})
    table = AudioTable(log, 4, 0.9)
    table.cue(Cue("arrange", "blue", lines=3))
    heard = table.hear(Expectation(commands=("keep it", "repeat", "help")), 10.0)
    assert heard is not None and heard.text == "keep it"
    assert table.heard_texts == [("keep it", "keep it")]

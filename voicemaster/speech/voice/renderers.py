"""Rendering text to 16-bit mono PCM: pyttsx3 (on libespeak-ng) or the espeak-ng command line.

:class:`Pyttsx3Renderer` works around pyttsx3 2.99 bugs: after one ``save_to_file`` later
``say()`` calls overwrite that file instead of playing; only one queued command runs per
``runAndWait()``; and ``runAndWait`` may return before a long utterance is finished (its tail
then lands in the next file).  So pyttsx3 only ever renders, one ``save_to_file`` per
``runAndWait``, into a fresh temporary file, and the synthesis is finished explicitly.
"""

from __future__ import annotations

import contextlib
import io
import shutil
import subprocess
import tempfile
import threading
import wave
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Protocol

from voicemaster.speech.base import SpeechUnavailable

TIMEOUT_S = 60.0


CAR_PACE = 0.85  # in a car the quizmaster reads this much slower, so it is heard over the road


@dataclass(frozen=True)
class VoiceSettings:
    voice: str | None = None  # an espeak-ng voice, e.g. "en-us" (None: the default voice)
    rate: int = 160  # words per minute
    volume: float = 1.0  # 0..1
    model: Path | None = None  # a Piper voice (.onnx); None: the bundled en_US-joe-medium
    car: bool = False  # read slower and clearer (CAR_PACE)

    @property
    def wpm(self) -> int:
        """The speaking rate in words per minute, slower in a car."""
        return round(self.rate * CAR_PACE) if self.car else self.rate


class Renderer(Protocol):
    name: str

    def render(self, text: str) -> tuple[bytes, int]:
        """``text`` as 16-bit mono PCM and its sample rate; raises SpeechUnavailable."""


def parse_wav(data: bytes) -> tuple[bytes, int]:
    """Mono 16-bit WAV bytes -> (PCM, rate), at the file's own rate (tolerates the streaming
    header espeak-ng writes with --stdout)."""
    try:
        with wave.open(io.BytesIO(data), "rb") as w:
            if w.getsampwidth() != 2 or w.getnchannels() != 1:
                raise SpeechUnavailable("the speech engine did not write 16-bit mono audio")
            return w.readframes(w.getnframes()), w.getframerate()
    except (wave.Error, EOFError) as exc:
        raise SpeechUnavailable(f"the speech engine wrote a broken WAV ({exc})") from exc


RENDER_TRIES = 3  # pyttsx3 renders of one utterance before its voice is called silent


class Pyttsx3Renderer:
    """pyttsx3 on espeak-ng (22,050 Hz), used only to render, one utterance per runAndWait."""

    name = "pyttsx3"
    _lock = threading.Lock()  # pyttsx3 keeps one espeak engine per process

    def __init__(self, settings: VoiceSettings = VoiceSettings()) -> None:
        try:
            import pyttsx3
        except ImportError as exc:
            raise SpeechUnavailable("pyttsx3 is not installed: pip install pyttsx3") from exc
        try:
            self._engine: Any = pyttsx3.init("espeak")
        except Exception as exc:  # pyttsx3 raises bare RuntimeError/OSError from ctypes
            raise SpeechUnavailable(
                f"pyttsx3 could not start espeak-ng ({exc}): install libespeak-ng1"
            ) from exc
        self.settings = settings
        if settings.voice:
            self._check_voice(settings.voice)
        self._apply()

    def _check_voice(self, voice: str) -> None:
        # espeak-ng silently keeps the old voice when asked for one it does not know
        known: set[str] = set()
        for v in self._engine.getProperty("voices"):
            known.update({v.id.lower(), v.id.lower().rsplit("/", 1)[-1], v.name.lower()})
            known.update(lang.lower() for lang in (v.languages or ()))
        if voice.split("+")[0].lower() not in known:
            raise SpeechUnavailable(f"unknown voice {voice!r} (see: espeak-ng --voices)")

    def _apply(self) -> None:
        s = self.settings
        try:
            if s.voice:
                self._engine.setProperty("voice", s.voice)
            self._engine.setProperty("rate", int(s.wpm))
            self._engine.setProperty("volume", max(0.0, min(1.0, s.volume)))
        except (ValueError, KeyError) as exc:
            raise SpeechUnavailable(f"pyttsx3 rejected the voice settings: {exc}") from exc

    def _forget_save_file(self) -> None:
        # The bug: the espeak driver keeps _save_file, so a later say() overwrites that file.
        driver = getattr(getattr(self._engine, "proxy", None), "_driver", None)
        if driver is not None and hasattr(driver, "_save_file"):
            driver._save_file = None

    def _finish(self) -> None:
        # A third bug: runAndWait can return while espeak-ng still holds the rest of a long
        # utterance (e.g. two sentences, a question); that rest then leaks into the next file.
        # espeak_Synchronize runs the remaining synthesis (and the driver's save) right here.
        driver = getattr(getattr(self._engine, "proxy", None), "_driver", None)
        if getattr(driver, "_speaking", False):
            from pyttsx3.drivers import _espeak

            _espeak.Synchronize()

    def render(self, text: str) -> tuple[bytes, int]:
        """``text`` as 16-bit PCM at 22,050 Hz.  On a loaded machine pyttsx3's espeak driver
        now and then writes its file before any sample arrived (a WAV with no frames): such a
        render is tried again, and a voice that stays silent is reported, never played."""
        if not text.strip():
            return b"", 22_050
        for _attempt in range(RENDER_TRIES):
            pcm, rate = self._render_once(text)
            if pcm:
                return pcm, rate
        raise SpeechUnavailable(f"pyttsx3 rendered no audio for {text[:40]!r}")

    def _render_once(self, text: str) -> tuple[bytes, int]:
        with self._lock, tempfile.TemporaryDirectory(prefix="voicemaster-") as tmp:
            path = Path(tmp) / "utterance.wav"
            self._apply()  # the engine is shared: settings of another renderer may be active
            try:
                with contextlib.redirect_stdout(io.StringIO()):  # it prints "Audio saved to"
                    self._engine.save_to_file(text, str(path))
                    self._engine.runAndWait()  # exactly one queued command per run
                    self._finish()
            except Exception as exc:
                raise SpeechUnavailable(f"pyttsx3 failed to render speech ({exc})") from exc
            finally:
                self._forget_save_file()
            if not path.exists():
                raise SpeechUnavailable("pyttsx3 finished without writing any audio")
            return parse_wav(path.read_bytes())


class EspeakRenderer:
    """The espeak-ng command line (``--stdout``): cheap, one process per utterance."""

    name = "espeak-ng"

    def __init__(self, settings: VoiceSettings = VoiceSettings(), binary: str = "espeak-ng"):
        if shutil.which(binary) is None:
            raise SpeechUnavailable(f"{binary} is not installed: install the package espeak-ng")
        self.settings, self.binary = settings, binary

    def command(self, text: str) -> list[str]:
        s = self.settings
        cmd = [self.binary, "--stdout", "-s", str(int(s.wpm))]
        cmd += ["-a", str(round(max(0.0, min(1.0, s.volume)) * 100))]
        if s.voice:
            cmd += ["-v", s.voice]
        return [*cmd, "--", text]

    def render(self, text: str) -> tuple[bytes, int]:
        if not text.strip():
            return b"", 22_050
        try:
            done = subprocess.run(self.command(text), capture_output=True, timeout=TIMEOUT_S)
        except (OSError, subprocess.TimeoutExpired) as exc:
            raise SpeechUnavailable(f"{self.binary} failed to run ({exc})") from exc
        if done.returncode != 0 or not done.stdout:
            why = done.stderr.decode(errors="replace").strip().splitlines()
            raise SpeechUnavailable(f"{self.binary} failed: {why[-1] if why else 'no audio'}")
        return parse_wav(done.stdout)

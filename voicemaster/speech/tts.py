"""The quizmaster's voice: render text with pyttsx3 or the espeak-ng CLI, play it with aplay.

Every utterance is rendered to PCM first and then played by :class:`AplayPlayer`, which works
around pyttsx3 2.99 bugs: after one ``save_to_file`` later ``say()`` calls overwrite that file
instead of playing; only one queued command runs per ``runAndWait()``; and ``runAndWait`` may
return before a long utterance is finished (its tail then lands in the next file).  So pyttsx3
only ever renders, one ``save_to_file`` per ``runAndWait``, into a fresh temporary file, and
the synthesis is finished explicitly.

Failures degrade instead of ending a game: pyttsx3 -> espeak-ng CLI -> text ("QUIZMASTER: ..."),
and when nothing can play (no sound card) the speaker says so once and prints from then on.
"""

from __future__ import annotations

import contextlib
import io
import logging
import shutil
import subprocess
import sys
import tempfile
import threading
import wave
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Protocol, TextIO

from voicemaster.speech.audio import wav_bytes
from voicemaster.speech.base import SpeechUnavailable
from voicemaster.speech.earcons import EARCON_RATE, earcon

log = logging.getLogger(__name__)
_warned: set[str] = set()
KINDS = ("auto", "pyttsx3", "espeak", "text")
TIMEOUT_S = 60.0


def warn_once(key: str, message: str, seen: set[str] = _warned) -> None:
    """Log ``message`` the first time ``key`` is seen (in ``seen``: by default, this process)."""
    if key not in seen:
        seen.add(key)
        log.warning("%s", message)


@dataclass(frozen=True)
class VoiceSettings:
    voice: str | None = None  # an espeak-ng voice, e.g. "en-us" (None: the default voice)
    rate: int = 160  # words per minute
    volume: float = 1.0  # 0..1


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
            self._engine.setProperty("rate", int(s.rate))
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
        if not text.strip():
            return b"", 22_050
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
        cmd = [self.binary, "--stdout", "-s", str(int(s.rate))]
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


class AplayPlayer:
    """Plays 16-bit mono PCM through ``aplay`` (alsa-utils), blocking until it has finished."""

    def __init__(self, device: str | None = None, binary: str = "aplay") -> None:
        self.device, self.binary = device, binary

    def play(self, pcm: bytes, rate: int) -> None:
        if not pcm:
            return
        if shutil.which(self.binary) is None:
            raise SpeechUnavailable(f"{self.binary} is not installed: install alsa-utils")
        cmd = [self.binary, "-q", "-t", "raw", "-f", "S16_LE", "-c", "1", "-r", str(rate)]
        if self.device:
            cmd += ["-D", self.device]
        seconds = len(pcm) / 2 / rate
        try:
            done = subprocess.run(cmd, input=pcm, capture_output=True, timeout=seconds + 10)
        except (OSError, subprocess.TimeoutExpired) as exc:
            raise SpeechUnavailable(f"{self.binary} failed to play ({exc})") from exc
        if done.returncode != 0:
            err = done.stderr.decode(errors="replace")
            lines = err.strip().splitlines()
            why = lines[-1] if lines else f"exit status {done.returncode}"
            if "no soundcards found" in err or "cannot find card" in err:
                why = "no sound card found"
            raise SpeechUnavailable(f"cannot play sound ({why}): is a speaker connected?")


class Player(Protocol):
    def play(self, pcm: bytes, rate: int) -> None: ...


class TextSpeaker:
    """Prints what the quizmaster says; for terminals, and the last resort of every speaker."""

    def __init__(self, out: TextIO | None = None, prefix: str = "QUIZMASTER: ") -> None:
        self._out, self.prefix = out, prefix

    def say(self, text: str) -> None:
        out = self._out or sys.stdout
        print(f"{self.prefix}{text}", file=out, flush=True)

    def chime(self, name: str) -> None:
        earcon(name)  # validates the name; a terminal stays quiet


class VoiceSpeaker:
    """Speaks through the first renderer that works and a player; prints when it cannot."""

    def __init__(
        self, renderers: Sequence[Renderer], player: Player, out: TextIO | None = None
    ) -> None:
        self.renderers = list(renderers)
        self.player = player
        self.text = TextSpeaker(out)
        self.muted = False  # set after playback failed: print from then on
        self.warned: set[str] = set()

    def render(self, text: str) -> tuple[bytes, int]:
        """``text`` as (PCM, rate), falling back along the renderers; each failure logged once."""
        last = "install espeak-ng, or use --output text"
        while self.renderers:
            renderer = self.renderers[0]
            try:
                return renderer.render(text)
            except SpeechUnavailable as exc:
                why = f"{renderer.name}: {exc}; falling back"
                warn_once(f"render:{renderer.name}", why, self.warned)
                self.renderers.pop(0)
                last = str(exc)
        raise SpeechUnavailable(f"no speech engine works ({last})")

    def render_wav(self, text: str, path: str | Path) -> tuple[Path, float]:
        """Write ``text`` as a WAV file at the engine's rate; returns (path, seconds)."""
        pcm, rate = self.render(text)
        target = Path(path)
        target.write_bytes(wav_bytes(pcm, rate))
        return target, len(pcm) / 2 / rate

    def play(self, pcm: bytes, rate: int) -> bool:
        """Play PCM; False (after explaining once) when there is no way to play sound."""
        if self.muted:
            return False
        try:
            self.player.play(pcm, rate)
            return True
        except SpeechUnavailable as exc:
            why = f"{exc} -- the quizmaster will print what it says instead"
            warn_once("play", why, self.warned)
            self.muted = True
            return False

    def say(self, text: str) -> None:
        if not self.muted:
            try:
                if self.play(*self.render(text)):
                    return
            except SpeechUnavailable as exc:
                warn_once("say", f"{exc} -- printing instead", self.warned)
                self.muted = True
        self.text.say(text)

    def chime(self, name: str) -> None:
        self.play(earcon(name, EARCON_RATE), EARCON_RATE)


def make_renderers(kind: str, settings: VoiceSettings) -> list[Renderer]:
    """The renderer chain for ``kind``; engines that cannot start are logged once and skipped."""
    if kind not in KINDS:
        raise ValueError(f"unknown speaker {kind!r}; choose from {', '.join(KINDS)}")
    factories: list[type[Pyttsx3Renderer] | type[EspeakRenderer]] = []
    if kind in ("auto", "pyttsx3"):
        factories.append(Pyttsx3Renderer)
    if kind in ("auto", "pyttsx3", "espeak"):
        factories.append(EspeakRenderer)
    chain: list[Renderer] = []
    for factory in factories:
        try:
            chain.append(factory(settings))
        except SpeechUnavailable as exc:
            warn_once(f"start:{factory.name}", f"{factory.name}: {exc}; falling back")
    return chain


def make_speaker(
    kind: str = "auto",
    voice: str | None = None,
    rate: int | None = None,
    volume: float | None = None,
    device: str | None = None,
    out: TextIO | None = None,
) -> VoiceSpeaker | TextSpeaker:
    """A speaker: ``kind`` is auto (pyttsx3, then espeak-ng), pyttsx3, espeak or text."""
    settings = VoiceSettings(
        voice=voice,
        rate=rate if rate is not None else VoiceSettings.rate,
        volume=volume if volume is not None else VoiceSettings.volume,
    )
    chain = make_renderers(kind, settings)
    if kind == "text" or not chain:
        if kind != "text":
            warn_once("no-engine", "no speech engine works; the quizmaster will print instead")
        return TextSpeaker(out)
    return VoiceSpeaker(chain, AplayPlayer(device), out)

"""The quizmaster's voice: render text (see :mod:`voicemaster.speech.renderers`: pyttsx3 or the
espeak-ng CLI), play it with aplay.

Every utterance is rendered to PCM first and then played by :class:`AplayPlayer`.

Failures degrade instead of ending a game: pyttsx3 -> espeak-ng CLI -> text ("QUIZMASTER: ..."),
and when nothing can play (no sound card) the speaker says so once and prints from then on.
"""

from __future__ import annotations

import logging
import shutil
import subprocess
import sys
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import Protocol, TextIO

from voicemaster.speech.audio import wav_bytes
from voicemaster.speech.base import SpeechUnavailable
from voicemaster.speech.earcons import EARCON_RATE, earcon
from voicemaster.speech.renderers import (
    EspeakRenderer,
    Pyttsx3Renderer,
    Renderer,
    VoiceSettings,
    parse_wav,
)

log = logging.getLogger(__name__)
_warned: set[str] = set()
KINDS = ("auto", "pyttsx3", "espeak", "text")


def warn_once(key: str, message: str, seen: set[str] = _warned) -> None:
    """Log ``message`` the first time ``key`` is seen (in ``seen``: by default, this process)."""
    if key not in seen:
        seen.add(key)
        log.warning("%s", message)


def _unconfigured() -> bool:
    """The program has set up no logging (the root logger has no handler of its own)."""
    root = logging.getLogger()
    return not any(not isinstance(h, logging.NullHandler) for h in root.handlers)


class _PlainNotice(logging.Handler):
    """This module's warnings as one plain line on stderr ("voicemaster: no sound card ..."),
    when the program has set up no logging that would show or file them."""

    def emit(self, record: logging.LogRecord) -> None:
        if _unconfigured():
            print(f"voicemaster: {record.getMessage()}", file=sys.stderr, flush=True)


log.addHandler(_PlainNotice(logging.WARNING))


@contextmanager
def _root_untouched() -> Iterator[None]:
    """pyttsx3 logs through the root logger, and logging's first such call on an unconfigured
    root installs a stderr handler: every later warning would show as a raw
    "WARNING:voicemaster.speech.tts:..." line.  A NullHandler on root while pyttsx3 runs keeps
    the root as the program left it."""
    if not _unconfigured():
        yield
        return
    guard = logging.NullHandler()
    root = logging.getLogger()
    root.addHandler(guard)
    try:
        yield
    finally:
        root.removeHandler(guard)


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
                with _root_untouched():
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
            with _root_untouched():
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


# moved to renderers.py; imported from here too
__all__ = ["EspeakRenderer", "Pyttsx3Renderer", "Renderer", "VoiceSettings", "parse_wav"]

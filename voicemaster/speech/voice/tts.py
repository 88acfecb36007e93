"""The quizmaster's voice: render text (Piper, see :mod:`voicemaster.speech.voice.piper_tts`; or
pyttsx3 or the espeak-ng CLI, see :mod:`voicemaster.speech.voice.renderers`), play it with aplay.

An utterance is rendered and played sentence by sentence
(:mod:`voicemaster.speech.voice.phrasebook`), the first sentence sounding while the next is
rendered; every sentence and earcon is played at one level
(:mod:`voicemaster.speech.voice.levels`), turned by the volume setting.

Failures degrade instead of ending a game: Piper -> pyttsx3 -> espeak-ng CLI -> text
("QUIZMASTER: ..."), and when nothing can play (no sound card) the speaker says so once and
prints from then on.  What the players should know of it (another voice speaks, or the
quizmaster prints) is logged and handed as a ``VoiceNotice`` to the speaker's observer.
"""

from __future__ import annotations

import logging
import sys
from collections.abc import Callable, Iterable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Literal, TextIO

from voicemaster.speech.audio import wav_bytes
from voicemaster.speech.base import SpeechUnavailable
from voicemaster.speech.voice.earcons import EARCON_RATE, earcon
from voicemaster.speech.voice.levels import OUT_RATE, prepare
from voicemaster.speech.voice.phrasebook import SOON, Phrasebook, pieces
from voicemaster.speech.voice.players import AplayPlayer, Player
from voicemaster.speech.voice.renderers import (
    EspeakRenderer,
    Pyttsx3Renderer,
    Renderer,
    VoiceSettings,
)

log = logging.getLogger(__name__)
_warned: set[str] = set()
SENTENCE_GAP_S = 0.25  # the pause between two sentences
CLAUSE_GAP_S = 0.08  # ... and after a first clause played on its own (a comma's pause)


@dataclass(frozen=True)
class VoiceNotice:
    """What the players should know of the quizmaster's voice: another voice speaks
    (``kind`` "voice") or the quizmaster prints what it says (``kind`` "text")."""

    kind: Literal["voice", "text"]
    voice: str  # what speaks now: an engine's name, or "text"
    reason: str  # why

    def __str__(self) -> str:
        if self.kind == "voice":
            return f"{self.reason}: the quizmaster speaks with {self.voice}"
        return f"{self.reason} -- the quizmaster will print what it says instead"


Notify = Callable[[VoiceNotice], None]  # an observer of the voice's notices (a screen)


def warn_once(key: str, message: str, seen: set[str] = _warned) -> bool:
    """Log ``message`` the first time ``key`` is seen (in ``seen``: by default, this process);
    True when it was logged now."""
    if key in seen:
        return False
    seen.add(key)
    log.warning("%s", message)
    return True


def _tell(key: str, notice: VoiceNotice, notify: Notify | None) -> None:
    """Log ``notice`` once a process (by ``key``) and hand it to ``notify``."""
    warn_once(key, str(notice))
    if notify is not None:
        notify(notice)


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
    "WARNING:voicemaster.speech.voice.tts:..." line.  A NullHandler on root while pyttsx3 runs keeps
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


class NoEngine(SpeechUnavailable):
    """No speech engine of the chain could render the text."""


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
        self,
        renderers: Sequence[Renderer],
        player: Player,
        out: TextIO | None = None,
        volume: float = 1.0,
        pause_s: float = SENTENCE_GAP_S,
        notify: Notify | None = None,
    ) -> None:
        self.renderers = list(renderers)
        self.notify = notify  # told once when the quizmaster prints instead
        self.pause_s = pause_s  # between two sentences
        self.player = player
        self.text = TextSpeaker(out)
        self.volume = volume
        self.muted = False  # set after playback failed: print from then on
        self.warned: set[str] = set()
        self.phrasebook = Phrasebook(self.render_sentence)

    def _raw(self, text: str) -> tuple[bytes, int]:
        """``text`` as the engine renders it, falling back along the renderers (each failure
        logged once)."""
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
        raise NoEngine(f"no speech engine works ({last})")

    def render_sentence(self, sentence: str) -> bytes:
        """One sentence as played: at OUT_RATE and the speaker's level."""
        return prepare(*self._raw(sentence), volume=self.volume)

    def chunks(self, text: str) -> Iterator[bytes]:
        """``text`` as played, sentence by sentence (kept ones at once), pauses between; a
        long first sentence starts with its first clause alone, so it sounds sooner."""
        gap = bytes(2 * round(self.pause_s * OUT_RATE))
        comma = bytes(2 * round(CLAUSE_GAP_S * self.pause_s / SENTENCE_GAP_S * OUT_RATE))
        pauses = {"": b"", "clause": comma, "sentence": gap}
        for part, pause in pieces(text):
            yield pauses[pause] + self.phrasebook.get(part)

    def render(self, text: str) -> tuple[bytes, int]:
        """``text`` as (PCM, rate), as it would be played."""
        return b"".join(self.chunks(text)), OUT_RATE

    def render_wav(self, text: str, path: str | Path) -> tuple[Path, float]:
        """Write ``text`` as a WAV file as it would be played; returns (path, seconds)."""
        pcm, rate = self.render(text)
        target = Path(path)
        target.write_bytes(wav_bytes(pcm, rate))
        return target, len(pcm) / 2 / rate

    def prepare(self, text: str) -> None:
        """Render ``text``, a line said soon (the next question), in the background: said
        then, it plays at once (see :class:`~voicemaster.speech.base.Preparing`)."""
        if not self.muted and self.renderers:
            self.phrasebook.prepare([text], level=SOON)

    def prepare_phrases(self, phrases: Iterable[str]) -> None:
        """Render ``phrases``, said again and again, in the background, after any line
        prepared or said."""
        if not self.muted and self.renderers:
            self.phrasebook.prepare(phrases)

    def _played(self, play: Callable[[], None]) -> bool:
        """Run ``play``; False (after explaining once) when there is no way to play sound."""
        if self.muted:
            return False
        try:
            play()
            return True
        except NoEngine:
            raise  # the speech engines failed, not the loudspeaker
        except SpeechUnavailable as exc:
            self._printing("play", str(exc))
            self.muted = True
            self.phrasebook.stopped.set()  # nothing will be played: render nothing ahead
            return False

    def play(self, pcm: bytes, rate: int) -> bool:
        """Play PCM; False (after explaining once) when there is no way to play sound."""
        return self._played(lambda: self.player.play(pcm, rate))

    def stream(self, chunks: Iterator[bytes]) -> bool:
        """Play chunks at OUT_RATE as they come."""
        return self._played(lambda: self.player.stream(chunks, OUT_RATE))

    def say(self, text: str) -> None:
        if not self.muted:
            try:
                if self.stream(self.chunks(text)):
                    return
            except SpeechUnavailable as exc:
                self._printing("say", str(exc))
                self.muted = True
        self.text.say(text)

    def _printing(self, key: str, reason: str) -> None:
        """From now on the quizmaster prints: logged, and told, once for each ``key``."""
        notice = VoiceNotice("text", "text", reason)
        if warn_once(key, str(notice), self.warned) and self.notify is not None:
            self.notify(notice)

    def chime(self, name: str) -> None:
        self.play(prepare(earcon(name, EARCON_RATE), EARCON_RATE, self.volume), OUT_RATE)


FACTORIES: dict[str, tuple[str, ...]] = {
    "auto": ("piper", "pyttsx3", "espeak-ng"),
    "piper": ("piper", "pyttsx3", "espeak-ng"),
    "pyttsx3": ("pyttsx3", "espeak-ng"),
    "espeak": ("espeak-ng",),
    "text": (),
}
KINDS = tuple(FACTORIES)


def _factory(name: str) -> Callable[[VoiceSettings], Renderer]:
    if name == "piper":
        from voicemaster.speech.voice.piper_tts import PiperRenderer

        return PiperRenderer
    return Pyttsx3Renderer if name == "pyttsx3" else EspeakRenderer


def make_renderers(
    kind: str, settings: VoiceSettings, notify: Notify | None = None
) -> list[Renderer]:
    """The renderer chain for ``kind``; engines that cannot start are logged once and skipped
    (Piper with the one line that says which voice speaks instead, also told to ``notify``)."""
    if kind not in KINDS:
        raise ValueError(f"unknown speaker {kind!r}; choose from {', '.join(KINDS)}")
    chain: list[Renderer] = []
    for name in FACTORIES[kind]:
        try:
            with _root_untouched():
                chain.append(_factory(name)(settings))
        except SpeechUnavailable as exc:
            if name == "piper":
                why = f"the Piper voice cannot be used ({exc})"
                _tell("start:piper", VoiceNotice("voice", "espeak-ng", why), notify)
            else:
                warn_once(f"start:{name}", f"{name}: {exc}; falling back")
    return chain


def make_speaker(
    kind: str = "auto",
    voice: str | None = None,
    rate: int | None = None,
    volume: float | None = None,
    device: str | None = None,
    out: TextIO | None = None,
    settings: VoiceSettings | None = None,
    notify: Notify | None = None,
) -> VoiceSpeaker | TextSpeaker:
    """A speaker: ``kind`` is auto (Piper, then pyttsx3, then espeak-ng), piper, pyttsx3,
    espeak or text; ``settings`` (else ``voice``, ``rate``, ``volume``) how it speaks;
    ``notify``: told when another voice speaks or the quizmaster prints (``VoiceNotice``)."""
    settings = settings or VoiceSettings(
        voice=voice,
        rate=rate if rate is not None else VoiceSettings.rate,
        volume=volume if volume is not None else VoiceSettings.volume,
    )
    chain = make_renderers(kind, replace(settings, volume=1.0), notify)  # the speaker: the level
    if kind == "text" or not chain:
        if kind != "text":
            _tell("no-engine", VoiceNotice("text", "text", "no speech engine works"), notify)
        return TextSpeaker(out)
    pause = SENTENCE_GAP_S * settings.rate / settings.wpm  # longer in a car
    return VoiceSpeaker(chain, AplayPlayer(device), out, settings.volume, pause, notify)


# moved to renderers.py and players.py; imported from here too

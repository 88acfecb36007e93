"""Simulated teams that speak: every utterance is synthesized (one voice per team, flite,
espeak-ng and Piper in turn, so the recognizer is not tuned to one synthesizer) and goes
through the real listening path (QueueSource -> MicEars -> recognizer), and the quizmaster's
speech is rendered too.  Runs as fast as the CPU allows (audio time).

The room is quiet (pink noise about 25 dB under the voices) or, with ``noise`` in the record's
``simulate`` options, a car (brown noise) or a noisy room (pink noise): steady background noise
that fills the silences as well, at a fixed level ``snr`` dB under every team's speech (all
teams then speak at TALK_DB).

Each utterance gets a fresh source and endpointer seeded from the decision key, so a resumed
game hears exactly what the uninterrupted one heard.
"""

from __future__ import annotations

import zlib
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt

from voicemaster.audio_sim.sources import QueueSource
from voicemaster.host.cues import Cue, Retry
from voicemaster.host.log import GameLog
from voicemaster.simulator.table import ANSWER_KINDS, SimTable, cue_key
from voicemaster.simulator.transcript import Transcript
from voicemaster.speech.base import (
    SAMPLE_RATE,
    Expectation,
    Heard,
    Resetting,
    Speaker,
    SpeechUnavailable,
)

# The teams' voices in turn: three synthesizers (one of them neural), two accents, women and men,
# all of them made out well by the recognizers (espeak-ng's received-pronunciation voice is its
# clearest English).  Where Piper is not installed (32-bit ARM) flite's rms speaks in its place.
VOICES = ("flite:slt", "espeak:en-us+f3", "piper:joe", "espeak:en-gb-x-rp+m3")
WITHOUT_PIPER = "flite:rms"
# Continuous room noise (pink: most of its energy low, like fans, traffic or a car), about 25 dB
# under the flite voices' speech level (-16 to -21 dBFS).  Noise that starts with the utterance
# would not be a room: its onset sounds like an "f".
ROOM_NOISE_DB = -43.0
ROOM_NOISE = "pink"
# Background noise (--noise): its colour, power falling as 1/f**exponent above LOW_HZ.  A car's
# engine and tyres rumble low (brown); a room of fans, traffic and voices is pink.
NOISES = {"car": "brown", "room": "pink"}
EXPONENTS = {"pink": 1.0, "brown": 2.0}
LOW_HZ = 20.0
SNR_DB = 15.0  # speech over background noise (--snr)
TALK_DB = -20.0  # every team's speech level (active level, dBFS) over background noise
# A point asked again with no "say it again" (a tile not caught, a window listening on) hears a
# new take: other noise, and the same words a little slower, as people repeat themselves.
RETAKE_RATE = 0.92


@dataclass(frozen=True)
class Sound:
    """How the simulated teams sound: their voices (in turn) and the background noise."""

    voices: tuple[str, ...] = VOICES  # the record keeps them (default_voices() when none given)
    noise: str | None = None  # a key of NOISES, or None for a quiet room
    snr_db: float = SNR_DB

    @classmethod
    def from_options(cls, options: Mapping[str, Any]) -> Sound:
        """From a record's ``simulate`` options (none kept: today's voices, a quiet room)."""
        voices = tuple(options.get("voices") or default_voices())
        noise = options.get("noise")
        if noise is not None and noise not in NOISES:
            raise ValueError(f"unknown noise {noise!r} (use {' or '.join(NOISES)})")
        return cls(voices, noise, float(options.get("snr", SNR_DB)))

    def options(self) -> dict[str, Any]:
        """For the record's ``simulate`` options."""
        out: dict[str, Any] = {"voices": list(self.voices)}
        if self.noise is not None:
            out |= {"noise": self.noise, "snr": self.snr_db}
        return out


def default_voices() -> tuple[str, ...]:
    """VOICES, with flite in Piper's place where Piper is not installed."""
    from voicemaster.speech.voice.piper_tts import available

    return VOICES if available() else tuple(WITHOUT_PIPER if "piper" in v else v for v in VOICES)


def parse_voices(spec: str) -> tuple[str, ...]:
    """``flite:slt,espeak:en-us+f3,...`` as checked voice names (ValueError or
    SpeechUnavailable saying what is wrong)."""
    from voicemaster.audio_sim.synth import check_voice

    names = [part.strip() for part in spec.split(",") if part.strip()]
    if not names:
        raise ValueError("--voices needs at least one voice, e.g. flite:slt,espeak:en-us+f3")
    return tuple(check_voice(name) for name in names)


def shaped_noise(n: int, colour: str, rng: np.random.Generator) -> npt.NDArray[np.float64]:
    """``n`` samples of pink or brown noise (power as 1/f or 1/f**2 above LOW_HZ, nothing
    below), unit RMS."""
    if colour not in EXPONENTS:
        raise ValueError(f"unknown noise colour {colour!r}")
    spec = np.fft.rfft(rng.normal(0.0, 1.0, n))
    freqs = np.fft.rfftfreq(n, 1.0 / SAMPLE_RATE)
    gain = np.zeros(len(freqs))
    band = freqs >= LOW_HZ
    gain[band] = freqs[band] ** (-EXPONENTS[colour] / 2)
    out = np.fft.irfft(spec * gain, n)
    rms = float(np.sqrt(np.mean(np.square(out)))) or 1.0
    return np.asarray(out / rms, dtype=np.float64)


class Background:
    """Endless steady noise of one colour at ``level_db`` dBFS RMS (float samples, int16 units):
    independent blocks, each faded into the next (equal power), so it has no seams, no level
    jumps and no repeats."""

    BLOCK = 4 * SAMPLE_RATE
    FADE = SAMPLE_RATE // 20

    def __init__(self, colour: str, level_db: float, seed: int) -> None:
        self.colour = colour
        self.gain = 32768.0 * 10 ** (level_db / 20)
        self._rng = np.random.default_rng(seed)
        self._buffer = np.zeros(0)
        self._tail: npt.NDArray[np.float64] | None = None

    def _block(self) -> npt.NDArray[np.float64]:
        block = shaped_noise(self.BLOCK + self.FADE, self.colour, self._rng)
        if self._tail is not None:  # the last block goes on under the fade
            angle = (np.arange(self.FADE) + 0.5) / self.FADE * (np.pi / 2)
            block[: self.FADE] = block[: self.FADE] * np.sin(angle) + self._tail * np.cos(angle)
        self._tail = block[self.BLOCK :].copy()
        return block[: self.BLOCK] * self.gain

    def take(self, n: int) -> npt.NDArray[np.float64]:
        """The next ``n`` samples."""
        while len(self._buffer) < n:
            self._buffer = np.concatenate([self._buffer, self._block()])
        out, self._buffer = self._buffer[:n], self._buffer[n:]
        return out


class NoisySource(QueueSource):
    """A QueueSource whose room is ``background``: it plays on under the utterances and between
    them, one continuous noise."""

    def __init__(self, background: Background, seed: int = 0) -> None:
        super().__init__(seed=seed, noise_db=float("-inf"))  # no noise of its own
        self.background = background

    def room(self, samples: int) -> bytes:
        from voicemaster.speech.audio import to_bytes

        return to_bytes(self.background.take(samples))

    def push(self, pcm: bytes, gap_s: float = 0.0, rate: int = SAMPLE_RATE) -> None:
        from voicemaster.speech.audio import resample, to_array, to_bytes

        if gap_s > 0:
            self.push_silence(gap_s)
        speech = to_array(pcm).astype(np.float64)
        if rate != SAMPLE_RATE:
            speech = resample(speech, rate).astype(np.float64)
        super().push(to_bytes(speech + self.background.take(len(speech))))


class RenderingSpeaker:
    """Renders what the quizmaster says (as a speaker would) and keeps the text; ``heard``:
    told each line as the loudspeaker receives it (the transcript)."""

    def __init__(self, heard: Callable[[str], None] | None = None) -> None:
        self.said: list[str] = []
        self.seconds = 0.0
        self.heard = heard

    def say(self, text: str) -> None:
        from voicemaster.audio_sim.synth import synthesize

        self.said.append(text)
        if self.heard is not None:
            self.heard(text)
        pcm = synthesize(text, voice="flite:kal", rate=1.6)
        self.seconds += len(pcm) / 2 / 16_000


class AudioTable(SimTable):
    def __init__(
        self,
        log: GameLog,
        seed: int,
        skill: float,
        deck: Any = None,
        models: Path | None = None,
        transcript: Path | None = None,
    ) -> None:
        super().__init__(log, seed, skill, deck)
        self.models = models  # the downloaded speech models' folder (a vosk model)
        from voicemaster.audio_sim.synth import check_voice
        from voicemaster.speech.asr.recognizers import make_recognizer

        try:
            sound = Sound.from_options(log.header.simulation or {})
            voices = tuple(check_voice(v) for v in sound.voices)
        except ValueError as exc:
            raise SpeechUnavailable(f"the record's voices or noise: {exc}") from None
        self.sound = Sound(voices, sound.noise, sound.snr_db)
        self.asr: str | None = (log.header.simulation or {}).get("asr")  # None: the default
        self.recognizer = make_recognizer(self.asr, None, models)
        self._cue: Cue | None = None
        self.heard_texts: list[tuple[str, str]] = []
        self.transcript = None if transcript is None else Transcript(transcript, self.is_right)

    def is_right(self, words: str) -> bool:
        """Whether ``words`` would be judged right for the card being answered (any of its
        options counted, as a team that heard them could name one by its letter)."""
        from voicemaster.judge import AnswerKey, judge

        card = self.card
        if card is None:
            return False
        key = AnswerKey(
            card.answer, card.accept, card.reject, options=card.options, question=card.question
        )
        return judge(words, key).verdict == "right"

    def annotate(self, line: Mapping[str, Any]) -> dict[str, Any]:
        notes = super().annotate(line)
        if self.transcript is not None:
            self.transcript.decided(line, notes, str(getattr(self.card, "id", "")))
        return notes

    def close(self) -> None:
        """The transcript's last line (its counts) written and the file closed."""
        if self.transcript is not None:
            self.transcript.close()

    def reset(self) -> None:
        """After a recognizer error: the recognizer's own reset, or a fresh recognizer."""
        if isinstance(self.recognizer, Resetting):
            self.recognizer.reset()
            return
        from voicemaster.speech.asr.recognizers import make_recognizer

        self.recognizer = make_recognizer(self.asr, None, self.models)

    def speaker(self) -> Speaker:
        return self.rendering()

    def rendering(self) -> Speaker:
        """The quizmaster's voice, rendered as a loudspeaker would play it."""
        return RenderingSpeaker(None if self.transcript is None else self.transcript.quizmaster)

    def cue(self, cue: Cue) -> None:
        super().cue(cue)
        self._cue = cue

    def _voice(self, text: str) -> str:
        cue = self._cue
        teams = list(self.game.teams) if cue is not None else []
        speaker = cue.team if cue is not None else None
        words = text.lower().split()
        if words and words[0].startswith("bezzer") and words[-1] in teams:
            speaker = words[-1]  # the attacker shouts
        index = teams.index(speaker) if speaker in teams else 0
        voices = self.sound.voices
        return voices[index % len(voices)]

    def take(self) -> tuple[int, float]:
        """(Noise and synthesis seed, speaking rate) of the next utterance at the current cue:
        keyed by the cue, so a resumed game hears the same; a point heard again gets a new take."""
        cue = self._cue
        key = f"{self.seed}:{cue.lines}:{cue.edits}:{cue.kind}:{cue.attempt}" if cue else "0"
        if cue is not None and cue_key(cue):  # e.g. asked again, or late: another take
            key += f":{cue_key(cue)}"
        take = self.again if cue is not None else 0  # SimTable counts the point's hearings
        seed = zlib.crc32(f"{key}:{take}".encode() if take else key.encode())
        if cue is not None and cue.retry is Retry.AGAIN:  # said again, more slowly
            return seed, 0.85
        return seed, RETAKE_RATE if take else 1.0

    def source(self, seed: int) -> QueueSource:
        """The room an utterance is heard in: quiet, or steady background noise."""
        sound = self.sound
        if sound.noise is None:
            return QueueSource(seed=seed, noise_db=ROOM_NOISE_DB, colour=ROOM_NOISE)
        level = TALK_DB - sound.snr_db
        return NoisySource(Background(NOISES[sound.noise], level, seed ^ 0x5EED), seed)

    def hear(self, expectation: Expectation, timeout: float) -> Heard | None:
        from voicemaster.audio_sim.synth import synthesize
        from voicemaster.simulator.spoken import spoken
        from voicemaster.speech.asr.second_opinion import default_for
        from voicemaster.speech.mic_ears import MicEars

        text = self.say_next(expectation)
        seed, rate = self.take()
        source = self.source(seed)
        if text is not None:
            level = None if self.sound.noise is None else TALK_DB
            words = spoken(text)  # as a person says it: "N Y C" for "NYC"
            pcm = synthesize(words, voice=self._voice(text), rate=rate, seed=seed, level_db=level)
            source.push(pcm, gap_s=0.3)
        source.push_silence(0.8)
        ears = MicEars(source, self.recognizer, second=default_for(self.recognizer, self.models))
        try:
            heard = ears.hear(expectation, min(timeout, 3.0) if text is None else timeout)
        finally:
            ears.close()
            source.close()
        if text is not None:
            self.heard_texts.append((text, heard.text if heard else ""))
            self.write(text, heard)
        return heard

    def write(self, text: str, heard: Heard | None) -> None:
        """One utterance into the transcript: who said it where, meaning what."""
        cue = self._cue
        if self.transcript is None or cue is None:
            return
        late = cue.retry in (Retry.AGAIN, Retry.LATE)
        point = str(cue.kind) + (f"/{cue.retry}" if late else "")
        meant = self.said_meaning[1] if self.said_meaning and cue.kind in ANSWER_KINDS else ""
        who = self._voice_owner(text)
        self.transcript.team(who, point, text, meant, self._voice(text), heard)

    def _voice_owner(self, text: str) -> str:
        """The team that said ``text``: the shouting team, else the one the point is for."""
        words = text.lower().split()
        shout = words and words[0].startswith("bezzer") and self.game is not None
        if shout and words[-1] in self.game.teams:
            return words[-1]
        cue = self._cue
        return str(cue.team) if cue is not None and cue.team else "table"

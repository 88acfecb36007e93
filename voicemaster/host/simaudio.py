"""Simulated teams that speak: every utterance is synthesized (one flite voice per team, room
noise) and goes through the real listening path (QueueSource -> MicEars -> recognizer), and
the quizmaster's speech is rendered too.  Runs as fast as the CPU allows (audio time).

Each utterance gets a fresh source and endpointer seeded from the decision key, so a resumed
game hears exactly what the uninterrupted one heard.
"""

from __future__ import annotations

import zlib
from typing import Any

from voicemaster.host.channels import Cue
from voicemaster.host.log import GameLog
from voicemaster.host.simulate import SimTable
from voicemaster.speech.base import Expectation, Heard, Speaker

VOICES = ("flite:slt", "flite:rms", "flite:awb", "flite:kal16")
# Continuous room noise (pink: most of its energy low, like fans, traffic or a car), about 25 dB
# under the flite voices' speech level (-16 to -21 dBFS).  Noise that starts with the utterance
# would not be a room: its onset sounds like an "f".
ROOM_NOISE_DB = -43.0
ROOM_NOISE = "pink"
# A point asked again with no "say it again" (a tile not caught, a window listening on) hears a
# new take: other noise, and the same words a little slower, as people repeat themselves.
RETAKE_RATE = 0.92


class RenderingSpeaker:
    """Renders what the quizmaster says (as a speaker would) and keeps the text."""

    def __init__(self) -> None:
        self.said: list[str] = []
        self.seconds = 0.0

    def say(self, text: str) -> None:
        from voicemaster.speech.synth import synthesize

        self.said.append(text)
        pcm = synthesize(text, voice="flite:kal", rate=1.6)
        self.seconds += len(pcm) / 2 / 16_000


class AudioTable(SimTable):
    def __init__(self, log: GameLog, seed: int, skill: float, deck: Any = None) -> None:
        super().__init__(log, seed, skill, deck)
        from voicemaster.speech.listener import make_recognizer

        self.recognizer = make_recognizer()
        self._cue: Cue | None = None
        self.heard_texts: list[tuple[str, str]] = []

    def reset(self) -> None:
        """After a recognizer error: the recognizer's own reset, or a fresh recognizer."""
        reset = getattr(self.recognizer, "reset", None)
        if callable(reset):
            reset()
            return
        from voicemaster.speech.listener import make_recognizer

        self.recognizer = make_recognizer()

    def speaker(self) -> Speaker:
        return RenderingSpeaker()

    def cue(self, cue: Cue) -> None:
        super().cue(cue)
        self._cue = cue

    def _voice(self, text: str) -> str:
        cue = self._cue
        teams = list(cue.game.teams) if cue is not None else []
        speaker = cue.team if cue is not None else None
        words = text.lower().split()
        if words and words[0].startswith("bezzer") and words[-1] in teams:
            speaker = words[-1]  # the attacker shouts
        index = teams.index(speaker) if speaker in teams else 0
        return VOICES[index % len(VOICES)]

    def take(self) -> tuple[int, float]:
        """(Noise and synthesis seed, speaking rate) of the next utterance at the current cue:
        keyed by the cue, so a resumed game hears the same; a point heard again gets a new take."""
        cue = self._cue
        key = f"{self.seed}:{cue.lines}:{cue.edits}:{cue.kind}:{cue.attempt}" if cue else "0"
        if cue is not None and cue.detail:  # asked again ("again", "late"): another take
            key += f":{cue.detail}"
        take = self.again if cue is not None else 0  # SimTable counts the point's hearings
        seed = zlib.crc32(f"{key}:{take}".encode() if take else key.encode())
        if cue is not None and cue.detail == "again":  # said again, more slowly
            return seed, 0.85
        return seed, RETAKE_RATE if take else 1.0

    def hear(self, expectation: Expectation, timeout: float) -> Heard | None:
        from voicemaster.speech.listener import MicEars
        from voicemaster.speech.sources import QueueSource
        from voicemaster.speech.synth import synthesize

        text, self._next = self._next, None
        seed, rate = self.take()
        source = QueueSource(seed=seed, noise_db=ROOM_NOISE_DB, colour=ROOM_NOISE)
        if text is not None:
            pcm = synthesize(text, voice=self._voice(text), rate=rate, seed=seed)
            source.push(pcm, gap_s=0.3)
        source.push_silence(0.8)
        ears = MicEars(source, self.recognizer)
        try:
            heard = ears.hear(expectation, min(timeout, 3.0) if text is None else timeout)
        finally:
            ears.close()
            source.close()
        if text is not None:
            self.heard_texts.append((text, heard.text if heard else ""))
        return heard

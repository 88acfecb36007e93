"""Silero VAD's speech probabilities as per-frame speech decisions for the endpointer.

A 32 ms VAD frame is speech from ``speech_on`` and stays speech down to ``speech_off``
(hysteresis).  A 10 ms endpointer frame takes the decision of the 32 ms frame holding most of it
(its middle sample), so it is decided up to 37 ms of audio after it arrives.
"""

from __future__ import annotations

from collections import deque
from typing import Protocol

import numpy as np
import numpy.typing as npt

from voicemaster.speech.capture import vad


class ProbabilityStream(Protocol):
    """A streamed speech probability per 32 ms frame
    (:class:`voicemaster.speech.capture.vad.SileroVAD`)."""

    frames: int  # probabilities produced since the reset

    @property
    def pending(self) -> int:
        """Samples received that do not make a whole frame yet."""

    def reset(self) -> None: ...

    def feed(self, samples: npt.ArrayLike) -> vad.Probs: ...


class VoicedFrames:
    """Speech or not, per ``frame_len``-sample frame of one listening window."""

    def __init__(
        self, stream: ProbabilityStream, frame_len: int, speech_on: float, speech_off: float
    ) -> None:
        self._stream = stream
        self._flen = frame_len
        self._on, self._off = speech_on, speech_off
        self.reset()

    def reset(self) -> None:
        """A new window: a fresh VAD stream (the audio between windows is not heard)."""
        self._stream.reset()
        self._rest = b""  # an odd byte not yet given to the VAD
        self._voiced: deque[bool] = deque()  # per 32 ms VAD frame not yet used up ...
        self._base = 0  # ... from this VAD frame on
        self._speaking = False  # hysteresis: the last VAD frame was speech

    def hear(self, pcm: bytes) -> None:
        """Give new audio to the VAD; keep its decisions per 32 ms frame."""
        data = self._rest + pcm
        even = len(data) // 2 * 2
        self._rest = data[even:]
        for prob in self._stream.feed(np.frombuffer(data[:even], dtype="<i2")):
            self._speaking = bool(prob >= (self._off if self._speaking else self._on))
            self._voiced.append(self._speaking)

    def complete(self) -> None:
        """The stream ended: silence completes the last VAD frame, so the last whole frames
        are decided."""
        samples = self._stream.frames * vad.FRAME + self._stream.pending
        self.hear(bytes(2 * (-samples % vad.FRAME)))

    def decided(self) -> int:
        """How many frames of this window the VAD has decided."""
        known = self._base + len(self._voiced)  # VAD frames decided
        if known == 0:
            return 0
        return (known * vad.FRAME - 1 - self._flen // 2) // self._flen + 1

    def voiced(self, frame: int) -> bool:
        """Whether frame ``frame`` (decided, not earlier than the last one asked) is speech."""
        k = (frame * self._flen + self._flen // 2) // vad.FRAME  # the VAD frame holding most
        while self._base < k:  # VAD frames behind us are used up
            self._voiced.popleft()
            self._base += 1
        return self._voiced[0]

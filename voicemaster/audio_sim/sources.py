"""Fakes that stream real audio: what tests and the simulation use instead of a microphone and
a loudspeaker.

- :class:`WavSource` streams a WAV file (any rate, mono or stereo) or PCM as chunks, then b"".
- :class:`QueueSource` plays pushed utterances over an endless, low room-noise floor (never
  exact digital zero), so an endpointer sees real silence between turns.  In fast mode it never
  sleeps: time is audio time (the endpointer counts samples), not wall time.
- :class:`NullSink` / :class:`WavSink` are speakers that record what the quizmaster said
  (text, and for WavSink the rendered audio at 16 kHz).
"""

from __future__ import annotations

import threading
import time
from collections import deque
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from voicemaster.speech import audio
from voicemaster.speech.base import SAMPLE_RATE
from voicemaster.speech.voice.earcons import earcon
from voicemaster.speech.voice.renderers import EspeakRenderer, Renderer

ROOM_NOISE_DB = -60.0  # a quiet room through a USB microphone, dBFS RMS


class _Pacer:
    """Holds chunks back until their audio time has passed on the wall clock (realtime mode)."""

    def __init__(self, realtime: bool) -> None:
        self.realtime = realtime
        self._start: float | None = None

    def wait(self, audio_s: float, timeout: float) -> bool:
        """True when a chunk ending at ``audio_s`` may be returned (sleeping up to ``timeout``)."""
        if not self.realtime:
            return True
        now = time.monotonic()
        if self._start is None:
            self._start = now
        delay = self._start + audio_s - now
        if delay > timeout:
            time.sleep(max(0.0, timeout))
            return False
        if delay > 0:
            time.sleep(delay)
        return True


class WavSource:
    """Streams a WAV file or 16 kHz PCM as ``chunk_ms`` chunks, then b"" (an AudioSource)."""

    sample_rate = SAMPLE_RATE

    def __init__(self, wav: str | Path | bytes, chunk_ms: int = 20, realtime: bool = False) -> None:
        if isinstance(wav, bytes):
            self.pcm = audio.decode_wav(wav) if wav[:4] == b"RIFF" else wav
        else:
            self.pcm = audio.read_wav(wav)  # raises AudioError with a clear message
        self._chunk = max(1, SAMPLE_RATE * chunk_ms // 1000) * 2
        self._pos = 0
        self._pacer = _Pacer(realtime)
        self._closed = False

    @property
    def position_s(self) -> float:
        return self._pos / 2 / SAMPLE_RATE

    def read(self, timeout: float) -> bytes | None:
        if self._closed or self._pos >= len(self.pcm):
            return b""
        chunk = self.pcm[self._pos : self._pos + self._chunk]
        if not self._pacer.wait((self._pos + len(chunk)) / 2 / SAMPLE_RATE, timeout):
            return None
        self._pos += len(chunk)
        return chunk

    def close(self) -> None:
        self._closed = True


class QueueSource:
    """A simulated room: pushed utterances over continuous low noise (an AudioSource)."""

    sample_rate = SAMPLE_RATE

    def __init__(
        self,
        chunk_ms: int = 20,
        noise_db: float = ROOM_NOISE_DB,
        seed: int = 0,
        realtime: bool = False,
        colour: str = "white",
    ) -> None:
        self.noise_db = noise_db
        self.colour = colour  # of the room noise: "white" or "pink" (most energy low, like a room)
        self._rng = np.random.default_rng(seed)
        self._chunk = max(1, SAMPLE_RATE * chunk_ms // 1000)
        self._queue: deque[bytes] = deque()
        self._lock = threading.Lock()
        self._pacer = _Pacer(realtime)
        self._read = 0  # samples returned so far
        self._ended = self._closed = False

    def room(self, samples: int) -> bytes:
        """``samples`` of room noise (dithered, never a run of exact zeros)."""
        return audio.to_bytes(audio.noise(samples, self.noise_db, self._rng, self.colour))

    def push(self, pcm: bytes, gap_s: float = 0.0, rate: int = SAMPLE_RATE) -> None:
        """Queue ``gap_s`` of room noise then ``pcm`` (at ``rate``) mixed with the room noise."""
        arr = audio.to_array(pcm).astype(np.float64)
        if rate != SAMPLE_RATE:
            arr = audio.resample(arr, rate).astype(np.float64)
        noise = audio.noise(len(arr), self.noise_db, self._rng, self.colour)
        mixed = audio.to_bytes(arr + noise)
        with self._lock:
            if gap_s > 0:
                self._queue.append(self.room(round(gap_s * SAMPLE_RATE)))
            self._queue.append(mixed)

    def push_silence(self, seconds: float) -> None:
        with self._lock:
            self._queue.append(self.room(round(seconds * SAMPLE_RATE)))

    def end(self) -> None:
        """After the queued audio, the stream ends (read returns b"")."""
        self._ended = True

    @property
    def pending_s(self) -> float:
        with self._lock:
            return sum(len(p) for p in self._queue) / 2 / SAMPLE_RATE

    @property
    def position_s(self) -> float:
        """Audio time read so far."""
        return self._read / SAMPLE_RATE

    def _take(self) -> bytes:
        want = self._chunk * 2
        with self._lock:
            if not self._queue:
                return b"" if self._ended else self.room(self._chunk)
            head = self._queue[0]
            chunk, rest = head[:want], head[want:]
            if rest:
                self._queue[0] = rest
            else:
                self._queue.popleft()
            return chunk

    def read(self, timeout: float) -> bytes | None:
        if self._closed:
            return b""
        if not self._pacer.wait((self._read + self._chunk) / SAMPLE_RATE, timeout):
            return None
        chunk = self._take()
        self._read += len(chunk) // 2
        return chunk

    def close(self) -> None:
        self._closed = True


@dataclass(frozen=True)
class Said:
    """One thing the quizmaster said (or an earcon it played), with its audio when rendered."""

    text: str
    pcm: bytes = b""  # 16 kHz mono 16-bit, empty when not rendered
    earcon: bool = False

    @property
    def seconds(self) -> float:
        return audio.duration_s(self.pcm)


class NullSink:
    """A speaker that plays nothing and records every text (and earcon name)."""

    def __init__(self) -> None:
        self.said: list[Said] = []

    @property
    def texts(self) -> list[str]:
        return [s.text for s in self.said if not s.earcon]

    def say(self, text: str) -> None:
        self.said.append(Said(text))

    def chime(self, name: str) -> None:
        earcon(name)  # validates the name
        self.said.append(Said(name, earcon=True))


class WavSink(NullSink):
    """A speaker that renders everything (espeak-ng CLI by default) and keeps the audio."""

    def __init__(self, renderer: Renderer | None = None) -> None:
        super().__init__()
        self.renderer = renderer or EspeakRenderer()

    def say(self, text: str) -> None:
        pcm, rate = self.renderer.render(text)
        at16k = audio.resample(audio.to_array(pcm), rate).astype("<i2").tobytes()
        self.said.append(Said(text, at16k))

    def chime(self, name: str) -> None:
        self.said.append(Said(name, earcon(name, SAMPLE_RATE), earcon=True))

    def pcm(self, gap_s: float = 0.3) -> bytes:
        """Everything said, in order, with ``gap_s`` of silence between."""
        gap = bytes(2 * round(gap_s * SAMPLE_RATE))
        return gap.join(s.pcm for s in self.said)

    def write(self, path: str | Path, gap_s: float = 0.3) -> Path:
        return audio.write_wav(path, self.pcm(gap_s))

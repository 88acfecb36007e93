"""The microphone: sounddevice (PortAudio) capture, 16 kHz mono 16-bit, chunk by chunk.

PortAudio calls back from its own audio thread; the callback only copies each block into a
bounded queue, and :meth:`Microphone.read` converts (resamples when the device only offers
44.1/48 kHz) on the reader's side.  When the queue is full (nobody reads for ``queue_s``
seconds) the newest blocks are dropped and counted.  A device that stops delivering sound
(unplugged) makes ``read`` raise SpeechUnavailable; :meth:`Microphone.wait_for_device` waits
for it to come back and reopens it.
"""

from __future__ import annotations

import logging
import queue
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import numpy as np

from voicemaster.speech.audio import Resampler, to_bytes
from voicemaster.speech.base import SAMPLE_RATE, SpeechUnavailable

log = logging.getLogger(__name__)
NO_MIC = "No microphone found: plug in a USB microphone, or play with --input keyboard"
RATES = (SAMPLE_RATE, 48_000, 44_100, 32_000, 22_050)


def _sd() -> Any:
    """The sounddevice module, or a clear SpeechUnavailable naming what to install."""
    try:
        import sounddevice
    except ImportError as exc:
        raise SpeechUnavailable("sounddevice is not installed: pip install sounddevice") from exc
    except OSError as exc:  # the PortAudio shared library is missing
        raise SpeechUnavailable(
            f"sounddevice cannot load PortAudio ({exc}): install the package libportaudio2"
        ) from exc
    return sounddevice


@dataclass(frozen=True)
class Device:
    index: int
    name: str
    inputs: int  # input channels
    outputs: int  # output channels
    default_rate: int


def rescan() -> None:
    """Make PortAudio look again for devices (after a USB microphone was plugged in).
    Only call this with no stream open."""
    sd = _sd()
    try:
        sd._terminate()
        sd._initialize()
    except sd.PortAudioError as exc:
        raise SpeechUnavailable(f"PortAudio could not rescan the sound devices ({exc})") from exc


def list_devices(fresh: bool = False) -> list[Device]:
    """Every sound device PortAudio sees (empty with no sound card)."""
    sd = _sd()
    if fresh:
        rescan()
    return [
        Device(
            index=int(d["index"]),
            name=str(d["name"]),
            inputs=int(d["max_input_channels"]),
            outputs=int(d["max_output_channels"]),
            default_rate=int(d["default_samplerate"]),
        )
        for d in sd.query_devices()
    ]


def find_input(spec: str | int | None, devices: list[Device]) -> Device:
    """The input device named by ``spec``: an index, a name substring, or None for the default."""
    inputs = [d for d in devices if d.inputs > 0]
    if not inputs:
        raise SpeechUnavailable(NO_MIC)
    if spec is None or (isinstance(spec, str) and not spec.strip()):
        return inputs[0]
    if isinstance(spec, int) or spec.strip().isdigit():
        index = int(spec)
        found = [d for d in inputs if d.index == index]
    else:
        found = [d for d in inputs if spec.strip().lower() in d.name.lower()]
    if not found:
        names = "; ".join(f"{d.index}: {d.name}" for d in inputs)
        raise SpeechUnavailable(f"No microphone matching {spec!r}. Microphones: {names}")
    return found[0]


def choose_rate(supports: Callable[[int], bool], default_rate: int) -> int:
    """16 kHz when the device offers it, else the first rate it does (resampled later)."""
    for rate in (*RATES, default_rate):
        if supports(rate):
            return rate
    raise SpeechUnavailable(f"the microphone supports none of the rates {RATES} Hz")


def _shutdown(stream: Any, done: threading.Event) -> None:
    try:
        stream.abort()
        stream.close()
    except Exception as exc:  # a vanished device may fail to close; nothing to keep
        log.debug("closing the microphone: %s", exc)
    finally:
        done.set()


class Microphone:
    """Live 16 kHz mono 16-bit audio from a sound device (an AudioSource)."""

    sample_rate = SAMPLE_RATE

    def __init__(
        self,
        device: str | int | None = None,
        chunk_ms: int = 20,
        capture_rate: int | None = None,
        queue_s: float = 30.0,
        stall_s: float = 3.0,
    ) -> None:
        self.spec, self.chunk_ms, self.forced_rate = device, chunk_ms, capture_rate
        self.stall_s = stall_s
        blocks = max(1, int(queue_s * 1000 / chunk_ms))
        self._queue: queue.Queue[bytes] = queue.Queue(maxsize=blocks)
        self._stream: Any = None
        self._resampler: Resampler | None = None
        self.device: Device | None = None
        self.capture_rate = SAMPLE_RATE
        self.dropped = self.overflows = 0
        self._last_block = 0.0
        self._closing = threading.Event()
        self._closing.set()
        self._closed = False

    def open(self) -> Microphone:
        """Find the device and start capturing; SpeechUnavailable with a clear message if not."""
        sd = _sd()
        dev = find_input(self.spec, list_devices())

        def supports(rate: int) -> bool:
            try:
                sd.check_input_settings(dev.index, channels=1, dtype="int16", samplerate=rate)
                return True
            except (sd.PortAudioError, ValueError):
                return False

        rate = self.forced_rate or choose_rate(supports, dev.default_rate)
        try:
            stream = sd.RawInputStream(
                device=dev.index,
                samplerate=rate,
                channels=1,
                dtype="int16",
                blocksize=max(1, rate * self.chunk_ms // 1000),
                callback=self._callback,
            )
            self._last_block = time.monotonic()
            stream.start()
        except (sd.PortAudioError, ValueError) as exc:
            raise SpeechUnavailable(f"Cannot open the microphone '{dev.name}': {exc}") from exc
        self._stream, self.device, self.capture_rate = stream, dev, rate
        self._closed = False
        self._resampler = Resampler(rate, SAMPLE_RATE) if rate != SAMPLE_RATE else None
        log.info("microphone %d '%s' at %d Hz", dev.index, dev.name, rate)
        return self

    def _callback(self, indata: Any, frames: int, when: Any, status: Any) -> None:
        # PortAudio's audio thread: copy and hand over, nothing else.
        self._last_block = time.monotonic()
        if status.input_overflow:
            self.overflows += 1
        try:
            self._queue.put_nowait(bytes(indata))
        except queue.Full:
            self.dropped += 1

    def _convert(self, raw: bytes) -> bytes:
        if self._resampler is None:
            return raw
        samples = np.frombuffer(raw, dtype="<i2").astype(np.float64)
        return to_bytes(self._resampler.process(samples))

    def _lost(self) -> SpeechUnavailable:
        name = self.device.name if self.device else "microphone"
        return SpeechUnavailable(
            f"The microphone '{name}' stopped delivering sound (unplugged?): plug it back in"
        )

    def read(self, timeout: float) -> bytes | None:
        if self._stream is None:
            if self._closed:
                return b""  # closed on purpose: the end of the stream
            raise SpeechUnavailable("the microphone is not open")
        try:
            raw = self._queue.get(timeout=max(0.0, timeout))
        except queue.Empty:
            if not self._stream.active or time.monotonic() - self._last_block > self.stall_s:
                raise self._lost() from None
            return None
        return self._convert(raw)

    def flush(self) -> None:
        """Discard what was captured so far (e.g. the quizmaster's own voice)."""
        while True:
            try:
                self._queue.get_nowait()
            except queue.Empty:
                return

    def close(self, wait_s: float = 2.0) -> None:
        """Stop capturing.  A driver stuck in a read cannot block the game: after ``wait_s``
        the stream is left to finish closing on its own."""
        stream, self._stream = self._stream, None
        self._closed = True
        if stream is not None:
            self._closing = threading.Event()
            threading.Thread(target=_shutdown, args=(stream, self._closing), daemon=True).start()
            if not self._closing.wait(wait_s):
                log.warning("the microphone did not close within %.1f s; leaving it", wait_s)
        self.flush()

    def reopen(self) -> Microphone:
        """Close, look for devices again and open (the same spec)."""
        self.close()
        self._closed = False  # until it opens again, reading means the device is missing
        if self._closing.is_set():  # PortAudio cannot rescan while a stream is stuck
            rescan()
        return self.open()

    def wait_for_device(
        self,
        timeout: float | None = None,
        poll_s: float = 1.0,
        on_wait: Callable[[SpeechUnavailable], None] | None = None,
    ) -> Microphone:
        """Retry :meth:`reopen` every ``poll_s`` until it works (or ``timeout`` passes, then
        raise the last SpeechUnavailable).  ``on_wait`` hears each failure (to tell players)."""
        deadline = None if timeout is None else time.monotonic() + timeout
        while True:
            try:
                return self.reopen()
            except SpeechUnavailable as exc:
                if deadline is not None and time.monotonic() + poll_s > deadline:
                    raise
                if on_wait is not None:
                    on_wait(exc)
                time.sleep(poll_s)

    def __enter__(self) -> Microphone:
        return self.open() if self._stream is None else self

    def __exit__(self, *exc: object) -> None:
        self.close()

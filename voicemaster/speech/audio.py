"""Audio utilities: WAV in/out at any rate, resampling, dither, noise, levels.

Everything inside voicemaster is 16 kHz mono 16-bit PCM (``bytes``); these are pure functions
on ``bytes`` and numpy arrays.  Resampling is a windowed-sinc polyphase filter (numpy only),
usable on a whole file or, through :class:`Resampler`, chunk by chunk on a live stream.
"""

from __future__ import annotations

import io
import math
import struct
import wave
from pathlib import Path

import numpy as np
import numpy.typing as npt

from voicemaster.speech.base import SAMPLE_RATE

Int16 = npt.NDArray[np.int16]
Float = npt.NDArray[np.float64]

_PCM, _FLOAT, _EXTENSIBLE = 1, 3, 0xFFFE
_ZERO_CROSSINGS = 16  # filter half-width, in zero crossings of the lower of the two rates


class AudioError(ValueError):
    """A WAV file that cannot be read; the message says why."""


def to_array(pcm: bytes) -> Int16:
    """16-bit little-endian PCM bytes -> int16 array (a trailing odd byte is dropped)."""
    return np.frombuffer(pcm[: len(pcm) // 2 * 2], dtype="<i2").astype(np.int16)


def to_bytes(samples: npt.ArrayLike) -> bytes:
    """Samples (float or int, in int16 units) -> clipped 16-bit little-endian PCM bytes."""
    arr = np.asarray(samples, dtype=np.float64)
    return bytes(np.clip(np.rint(arr), -32768, 32767).astype("<i2").tobytes())


def duration_s(pcm: bytes, rate: int = SAMPLE_RATE) -> float:
    return len(pcm) / 2 / rate


# ---------------------------------------------------------------------------- resampling


def _design(up: int, down: int) -> tuple[Float, int, int]:
    """Polyphase table (up x taps) of a Kaiser-windowed sinc low-pass, its delay and tap count."""
    wider = max(up, down)
    half = _ZERO_CROSSINGS * wider
    n = np.arange(-half, half + 1, dtype=np.float64)
    cutoff = 0.5 / wider * 0.94  # cycles per (upsampled) sample, a little under Nyquist
    h = 2 * cutoff * np.sinc(2 * cutoff * n) * np.kaiser(len(n), 8.0) * up
    taps = math.ceil(len(h) / up)
    h = np.concatenate([h, np.zeros(taps * up - len(h))])
    # table[p, j] = h[p + j * up]
    return h.reshape(taps, up).T.copy(), half, taps


class Resampler:
    """Streaming rational resampler: int16-unit chunks at ``src`` Hz in, floats at ``dst`` out."""

    def __init__(self, src: int, dst: int = SAMPLE_RATE) -> None:
        if src <= 0 or dst <= 0:
            raise ValueError(f"sample rates must be positive, got {src} -> {dst}")
        g = math.gcd(src, dst)
        self.src, self.dst = src, dst
        self.up, self.down = dst // g, src // g
        self._table, self._delay, self._taps = _design(self.up, self.down)
        self._buf: Float = np.zeros(self._taps, dtype=np.float64)  # history (zeros before start)
        self._buf_start = -self._taps  # input index of _buf[0]
        self._fed = 0  # input samples received
        self._made = 0  # output samples produced

    def _produce(self, limit: int) -> Float:
        """Every output whose input window is available, up to ``limit`` outputs in total."""
        n = np.arange(self._made, limit, dtype=np.int64)
        pos = n * self.down + self._delay
        i0 = pos // self.up
        ready = i0 < self._fed
        n, pos, i0 = n[ready], pos[ready], i0[ready]
        if not len(n):
            return np.zeros(0, dtype=np.float64)
        phase = pos % self.up
        idx = i0[:, None] - np.arange(self._taps)[None, :] - self._buf_start
        out: Float = np.einsum("ij,ij->i", self._table[phase], self._buf[idx])
        self._made = int(n[-1]) + 1
        keep_from = int(((self._made * self.down + self._delay) // self.up) - self._taps)
        drop = max(0, keep_from - self._buf_start)
        if drop:
            self._buf, self._buf_start = self._buf[drop:], self._buf_start + drop
        return out

    def _target(self) -> int:
        return -(-self._fed * self.up // self.down)  # ceil

    def process(self, chunk: npt.ArrayLike) -> Float:
        data = np.asarray(chunk, dtype=np.float64).ravel()
        if self.up == self.down:
            self._fed += len(data)
            return data
        self._buf = np.concatenate([self._buf, data])
        self._fed += len(data)
        pieces = []
        target = self._target()
        step = 16_384
        while self._made < target:
            before = self._made
            pieces.append(self._produce(min(target, self._made + step)))
            if self._made == before:
                break
        return np.concatenate(pieces) if pieces else np.zeros(0, dtype=np.float64)

    def flush(self) -> Float:
        """The outputs still held back by the filter delay (feeds zeros past the end)."""
        if self.up == self.down:
            return np.zeros(0, dtype=np.float64)
        target = self._target()
        pad = self._delay // self.up + self._taps + 1
        self._buf = np.concatenate([self._buf, np.zeros(pad)])
        fed, self._fed = self._fed, self._fed + pad
        out = self._produce(target)
        self._fed = fed
        return out


def resample(samples: npt.ArrayLike, src: int, dst: int = SAMPLE_RATE) -> Int16:
    """Resample a whole signal (int16 units) from ``src`` to ``dst`` Hz, anti-aliased."""
    data = np.asarray(samples, dtype=np.float64)
    if src == dst:
        return np.clip(np.rint(data), -32768, 32767).astype(np.int16)
    rs = Resampler(src, dst)
    out = np.concatenate([rs.process(data), rs.flush()])
    result: Int16 = np.clip(np.rint(out), -32768, 32767).astype(np.int16)
    return result


# ---------------------------------------------------------------------------- WAV files


STREAMED_SIZES = (0, 0xFFFFFFFF)  # a WAV written to a pipe: its length unknown when begun


def _chunks(data: bytes) -> dict[bytes, bytes]:
    if len(data) < 12 or data[:4] not in (b"RIFF", b"RIFX") or data[8:12] != b"WAVE":
        raise AudioError("not a WAV file (no RIFF/WAVE header)")
    found: dict[bytes, bytes] = {}
    pos = 12
    while pos + 8 <= len(data):
        cid, size = data[pos : pos + 4], struct.unpack("<I", data[pos + 4 : pos + 8])[0]
        held = len(data) - pos - 8
        if cid == b"data" and size > held and size not in STREAMED_SIZES:
            raise AudioError(f"truncated WAV: {size} bytes of audio declared, {held} present")
        found.setdefault(cid, data[pos + 8 : pos + 8 + size])
        pos += 8 + size + (size & 1)
    if b"fmt " not in found or b"data" not in found:
        raise AudioError("WAV file without a 'fmt ' or 'data' chunk")
    return found


def _decode(fmt: bytes, body: bytes) -> tuple[Float, int]:
    """(samples x channels as float in int16 units, rate) from a fmt chunk and data chunk."""
    if len(fmt) < 16:
        raise AudioError("WAV 'fmt ' chunk too short")
    tag, channels, rate, _, _, bits = struct.unpack("<HHIIHH", fmt[:16])
    if tag == _EXTENSIBLE and len(fmt) >= 26:
        tag = struct.unpack("<H", fmt[24:26])[0]
    if channels < 1 or rate < 1:
        raise AudioError(f"WAV with {channels} channels at {rate} Hz")
    width = bits // 8
    frames = len(body) // (width * channels) if width else 0
    body = body[: frames * width * channels]
    if tag == _FLOAT and bits in (32, 64):
        flt = np.frombuffer(body, dtype="<f4" if bits == 32 else "<f8") * 32768.0
    elif tag == _PCM and bits == 8:
        flt = (np.frombuffer(body, dtype=np.uint8).astype(np.float64) - 128.0) * 256.0
    elif tag == _PCM and bits == 16:
        flt = np.frombuffer(body, dtype="<i2").astype(np.float64)
    elif tag == _PCM and bits == 24:
        raw = np.frombuffer(body, dtype=np.uint8).reshape(-1, 3).astype(np.int32)
        val = raw[:, 0] | (raw[:, 1] << 8) | (raw[:, 2] << 16)
        flt = (np.where(val >= 1 << 23, val - (1 << 24), val) / 256.0).astype(np.float64)
    elif tag == _PCM and bits == 32:
        flt = np.frombuffer(body, dtype="<i4").astype(np.float64) / 65536.0
    else:
        raise AudioError(f"unsupported WAV encoding (format {tag}, {bits} bits)")
    return flt.reshape(-1, channels), rate


def decode_wav(data: bytes, rate: int = SAMPLE_RATE) -> bytes:
    """WAV file contents (any rate, channels, PCM/float width) -> mono 16-bit PCM at ``rate``."""
    found = _chunks(data)
    frames, src = _decode(found[b"fmt "], found[b"data"])
    mono = frames.mean(axis=1) if frames.shape[1] > 1 else frames[:, 0]
    return resample(mono, src, rate).astype("<i2").tobytes()


def read_wav(path: str | Path, rate: int = SAMPLE_RATE) -> bytes:
    """Read a WAV file as mono 16-bit PCM at ``rate`` (16 kHz by default)."""
    try:
        data = Path(path).read_bytes()
    except OSError as exc:
        raise AudioError(f"cannot read {path}: {exc.strerror or exc}") from exc
    try:
        return decode_wav(data, rate)
    except AudioError as exc:
        raise AudioError(f"{path}: {exc}") from exc


def wav_bytes(pcm: bytes, rate: int = SAMPLE_RATE) -> bytes:
    out = io.BytesIO()
    with wave.open(out, "wb") as w:
        w.setnchannels(1)
        w.setsampwidth(2)
        w.setframerate(rate)
        w.writeframes(pcm)
    return out.getvalue()


def write_wav(path: str | Path, pcm: bytes, rate: int = SAMPLE_RATE) -> Path:
    """Write mono 16-bit PCM to a WAV file; returns the path."""
    target = Path(path)
    target.write_bytes(wav_bytes(pcm, rate))
    return target


# ---------------------------------------------------------------------------- levels and noise


def rms_db(pcm: bytes | npt.ArrayLike) -> float:
    """RMS level in dB relative to full scale (-inf-safe: silence gives -120)."""
    arr = to_array(pcm) if isinstance(pcm, bytes) else np.asarray(pcm)
    if arr.size == 0:
        return -120.0
    rms = float(np.sqrt(np.mean(np.square(arr.astype(np.float64)))))
    return max(-120.0, 20 * math.log10(rms / 32768.0)) if rms > 0 else -120.0


def active_level_db(pcm: bytes, frame: int = 320, range_db: float = 35.0) -> float:
    """The level of the speech in ``pcm``: RMS over 20 ms frames within ``range_db`` of the
    loudest frame (so leading/trailing silence does not lower it)."""
    arr = to_array(pcm).astype(np.float64)
    n = len(arr) // frame
    if n == 0:
        return rms_db(arr)
    energy = np.mean(np.square(arr[: n * frame].reshape(n, frame)), axis=1)
    loud = energy >= energy.max() * 10 ** (-range_db / 10)
    return rms_db(np.sqrt(np.mean(energy[loud])) * np.ones(1))


def dither(pcm: bytes, rng: np.random.Generator, level: float = 2.0) -> bytes:
    """Add Gaussian noise of ``level`` LSB RMS (about -84 dBFS): a real microphone's floor, so no
    long runs of exact-zero samples remain."""
    arr = to_array(pcm).astype(np.float64)
    return to_bytes(arr + rng.normal(0.0, level, len(arr)))


def noise(n: int, level_db: float, rng: np.random.Generator, colour: str = "white") -> Float:
    """``n`` samples of white, pink (a room) or brown (a car's rumble) noise at ``level_db``
    dBFS RMS (float, int16 units)."""
    white = rng.normal(0.0, 1.0, n)
    if colour == "pink" and n > 1:  # power falls as 1/f
        spec = np.fft.rfft(white)
        spec[1:] /= np.sqrt(np.arange(1, len(spec)))
        spec[0] = 0
        white = np.fft.irfft(spec, n)
    elif colour == "brown" and n > 1:  # as 1/f**2, nothing under 20 Hz so it does not drift
        freq = np.fft.rfftfreq(n, 1 / SAMPLE_RATE)
        spec = np.fft.rfft(white) * np.where(freq >= 20.0, 1.0 / np.maximum(freq, 20.0), 0.0)
        white = np.fft.irfft(spec, n)
    elif colour != "white":
        raise ValueError(f"unknown noise colour {colour!r}")
    rms = float(np.sqrt(np.mean(np.square(white)))) or 1.0
    return np.asarray(white / rms * 32768.0 * 10 ** (level_db / 20), dtype=np.float64)


def add_noise(pcm: bytes, snr_db: float, rng: np.random.Generator, colour: str = "white") -> bytes:
    """Mix in noise so that speech level (see :func:`active_level_db`) / noise = ``snr_db``."""
    arr = to_array(pcm).astype(np.float64)
    level = active_level_db(pcm) - snr_db
    return to_bytes(arr + noise(len(arr), level, rng, colour))


def pad(pcm: bytes, before_s: float = 0.0, after_s: float = 0.0, rate: int = SAMPLE_RATE) -> bytes:
    """Silence (exact zeros: dither afterwards) before and after ``pcm``."""
    return bytes(2 * round(before_s * rate)) + pcm + bytes(2 * round(after_s * rate))


def zero_run(pcm: bytes) -> int:
    """The longest run of exact-zero samples."""
    arr = to_array(pcm)
    if not arr.size:
        return 0
    z = np.concatenate([[0], (arr == 0).astype(np.int8), [0]])
    edges = np.flatnonzero(np.diff(z))
    return int((edges[1::2] - edges[::2]).max()) if edges.size else 0

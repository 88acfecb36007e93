"""Speech probability, streamed: Silero VAD (v6, the ONNX file faster-whisper ships) on 16 kHz PCM.

One probability per 512-sample frame (32 ms).  The model is recurrent: a :class:`SileroVAD` keeps
its LSTM state and the last 64 samples (the context the model reads before each frame) from one
frame to the next, so audio fed in any chunking gives the same probabilities.  Every stream
shares one ONNX session per process (1 thread: the recognizer needs the other cores).

onnxruntime is imported on first use (faster-whisper is only looked up, for the file);
:func:`available` says whether Silero can run (32-bit ARM has no faster-whisper wheel: there
the endpointer measures energy only).
"""

from __future__ import annotations

import functools
import importlib.util
import os
import threading
from typing import Any

import numpy as np
import numpy.typing as npt

from voicemaster.speech.base import SpeechUnavailable

FRAME = 512  # samples per probability at 16 kHz (32 ms)
CONTEXT = 64  # samples of the previous frame the model reads with each frame
STATE_SHAPE = (1, 1, 128)  # the LSTM's h and c
MODEL_FILE = "silero_vad_v6.onnx"

Probs = npt.NDArray[np.float32]


def model_path() -> str:
    """The Silero VAD model inside the installed faster-whisper package (found, not imported:
    importing it would load CTranslate2 into a process that may recognize with pocketsphinx)."""
    spec = importlib.util.find_spec("faster_whisper")
    if spec is None or not spec.submodule_search_locations:
        raise SpeechUnavailable(
            "Silero VAD needs faster-whisper (its ONNX model ships with it): pip install "
            "faster-whisper"
        )
    path = os.path.join(list(spec.submodule_search_locations)[0], "assets", MODEL_FILE)
    if not os.path.isfile(path):
        raise SpeechUnavailable(f"the Silero VAD model is missing: {path}")
    return path


@functools.cache
def _session() -> Any:
    """The process's one inference session (1 thread, no memory arena)."""
    try:
        import onnxruntime
    except ImportError as exc:
        raise SpeechUnavailable("Silero VAD needs onnxruntime: pip install onnxruntime") from exc
    opts = onnxruntime.SessionOptions()
    opts.inter_op_num_threads = 1
    opts.intra_op_num_threads = 1
    opts.enable_cpu_mem_arena = False
    opts.log_severity_level = 3
    try:
        return onnxruntime.InferenceSession(
            model_path(), providers=["CPUExecutionProvider"], sess_options=opts
        )
    except SpeechUnavailable:
        raise
    except Exception as exc:  # a broken or incompatible model file
        raise SpeechUnavailable(f"cannot load the Silero VAD model: {exc}") from exc


_lock = threading.Lock()


def session() -> Any:
    with _lock:  # two listeners starting at once still build a single session
        return _session()


@functools.cache
def available() -> bool:
    """Whether Silero VAD can run here (the answer is cached; loading happens once)."""
    try:
        session()
    except SpeechUnavailable:
        return False
    return True


class SileroVAD:
    """Feed 16 kHz int16 PCM with :meth:`feed`; get the speech probability of every 32 ms frame
    completed by it.  :meth:`reset` starts a new, unrelated stream."""

    def __init__(self) -> None:
        self._session = session()
        self.reset()

    def reset(self) -> None:
        self._h = np.zeros(STATE_SHAPE, dtype=np.float32)
        self._c = np.zeros(STATE_SHAPE, dtype=np.float32)
        self._context = np.zeros(CONTEXT, dtype=np.float32)
        self._pending = np.zeros(0, dtype=np.float32)
        self.frames = 0  # probabilities produced since the reset

    @property
    def pending(self) -> int:
        """Samples received that do not make a whole frame yet."""
        return len(self._pending)

    def feed(self, samples: npt.ArrayLike) -> Probs:
        """Samples in int16 units (any chunk size) -> the probabilities of completed frames."""
        data = np.asarray(samples, dtype=np.float32).ravel() / np.float32(32768.0)
        data = np.concatenate([self._pending, data])
        n = len(data) // FRAME
        self._pending = data[n * FRAME :]
        if n == 0:
            return np.zeros(0, dtype=np.float32)
        out = np.empty(n, dtype=np.float32)
        for i in range(n):  # one frame per run: any chunking gives bit-identical results
            frame = data[i * FRAME : (i + 1) * FRAME]
            row = np.concatenate([self._context, frame])[None, :]
            prob, self._h, self._c = self._session.run(
                None, {"input": row, "h": self._h, "c": self._c}
            )
            out[i] = float(np.asarray(prob).ravel()[0])
            self._context = frame[-CONTEXT:]
        self.frames += n
        return out


def speech_probabilities(pcm: bytes) -> Probs:
    """The probability of each whole 32 ms frame of ``pcm`` (16 kHz mono int16), from a fresh
    stream."""
    return SileroVAD().feed(np.frombuffer(pcm[: len(pcm) // 2 * 2], dtype="<i2"))

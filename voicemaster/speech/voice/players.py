"""Loudspeakers: ``aplay`` (alsa-utils), whole pieces or a stream of sentences; and a sink that
keeps what it was given to play, with when it came (for tests and benchmarks)."""

from __future__ import annotations

import contextlib
import shutil
import subprocess
import time
from collections.abc import Iterable
from typing import IO, Protocol

from voicemaster.speech.base import SpeechUnavailable


class Player(Protocol):
    def play(self, pcm: bytes, rate: int) -> None: ...

    def stream(self, chunks: Iterable[bytes], rate: int) -> None: ...


class AplayPlayer:
    """Plays 16-bit mono PCM through ``aplay``, blocking until it has finished."""

    def __init__(self, device: str | None = None, binary: str = "aplay") -> None:
        self.device, self.binary = device, binary

    def command(self, rate: int) -> list[str]:
        if shutil.which(self.binary) is None:
            raise SpeechUnavailable(f"{self.binary} is not installed: install alsa-utils")
        cmd = [self.binary, "-q", "-t", "raw", "-f", "S16_LE", "-c", "1", "-r", str(rate)]
        return cmd + ["-D", self.device] if self.device else cmd

    def play(self, pcm: bytes, rate: int) -> None:
        if pcm:
            self.stream([pcm], rate)

    def stream(self, chunks: Iterable[bytes], rate: int) -> None:
        """Play the chunks as they come (one aplay for them all, so no gap between them)."""
        try:
            proc = subprocess.Popen(
                self.command(rate), stdin=subprocess.PIPE, stderr=subprocess.PIPE
            )
        except OSError as exc:
            raise SpeechUnavailable(f"{self.binary} failed to play ({exc})") from exc
        assert proc.stdin is not None and proc.stderr is not None
        seconds = 0.0
        try:
            for chunk in chunks:
                seconds += len(chunk) / 2 / rate
                if not _write(proc.stdin, chunk):
                    break  # aplay has gone: its exit status says why
            _close(proc.stdin)
            proc.wait(timeout=seconds + 10)
        except subprocess.TimeoutExpired as exc:
            raise SpeechUnavailable(f"{self.binary} did not finish playing") from exc
        finally:
            if proc.poll() is None:  # the chunks failed (or the wait timed out): stop playing
                proc.kill()
                proc.wait()
        self._check(proc.returncode, proc.stderr.read().decode(errors="replace"))

    def _check(self, code: int, err: str) -> None:
        if code == 0:
            return
        lines = err.strip().splitlines()
        why = lines[-1] if lines else f"exit status {code}"
        if "no soundcards found" in err or "cannot find card" in err:
            why = "no sound card found"
        raise SpeechUnavailable(f"cannot play sound ({why}): is a speaker connected?")


def _write(pipe: IO[bytes], chunk: bytes) -> bool:
    try:
        pipe.write(chunk)
        pipe.flush()
        return True
    except (BrokenPipeError, OSError):
        return False


def _close(pipe: IO[bytes]) -> None:
    with contextlib.suppress(BrokenPipeError, OSError):
        pipe.close()


class PlayerSink:
    """A loudspeaker that keeps what it is given: the PCM of every piece, its rate, and when
    its first chunk came (``time.perf_counter``)."""

    def __init__(self) -> None:
        self.pieces: list[tuple[bytes, int]] = []
        self.started: list[float] = []

    def play(self, pcm: bytes, rate: int) -> None:
        self.stream([pcm], rate)

    def stream(self, chunks: Iterable[bytes], rate: int) -> None:
        parts: list[bytes] = []
        for chunk in chunks:
            if not parts:
                self.started.append(time.perf_counter())
            parts.append(chunk)
        self.pieces.append((b"".join(parts), rate))

    @property
    def pcm(self) -> bytes:
        return b"".join(pcm for pcm, _ in self.pieces)

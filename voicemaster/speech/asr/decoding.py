"""Decoding one utterance while it is spoken, on a worker thread.

A :class:`~voicemaster.speech.base.StreamingRecognizer` (``start(expectation)`` /
``feed(pcm)`` / ``finish()``) decodes audio as it arrives, so when the utterance ends only
``finish()`` remains.  Any other recognizer gets the whole utterance through
``recognize(pcm, expectation)`` when it is settled; when the policy doubts what it heard, a
second opinion (:mod:`voicemaster.speech.asr.second_opinion`) hears the same audio right after, on
the same worker, so it runs while the trailing pause goes on.
Every recognizer call runs in order on the one worker thread the caller hands in, so a
recognizer is never used by two threads at once.
"""

from __future__ import annotations

import time
from concurrent.futures import Future, ThreadPoolExecutor
from typing import Any

from voicemaster.speech.asr.second_opinion import SecondOpinion, consult
from voicemaster.speech.base import Expectation, Heard, Recognizer, StreamingRecognizer


def can_stream(recognizer: Recognizer) -> bool:
    """Whether ``recognizer`` decodes while audio arrives (start/feed/finish)."""
    return isinstance(recognizer, StreamingRecognizer)


class UtteranceDecoder:
    """Hands one utterance to a recognizer piece by piece; :meth:`settle` gives its result.

    ``decode_ms`` is all the wall time the recognizer spent on the utterance (feeding included,
    and any decoding redone after :meth:`restart`), so a real-time factor stays honest."""

    def __init__(
        self,
        recognizer: Recognizer,
        expectation: Expectation,
        pool: ThreadPoolExecutor,
        stream: bool = True,
        second: SecondOpinion | None = None,
    ) -> None:
        self.recognizer = recognizer
        self.second = second
        self.expectation = expectation
        self.pool = pool
        # the recognizer when it decodes while the utterance arrives, else None
        self._stream = (
            recognizer if stream and isinstance(recognizer, StreamingRecognizer) else None
        )
        self.streaming = self._stream is not None
        self.result: Future[Heard] | None = None
        self.decode_ms = 0.0
        self._open = False  # a stream was started and not finished yet
        self._pcm = bytearray()  # without streaming: the utterance so far
        self._last: Future[Any] | None = None
        self._error: BaseException | None = None  # a feed that failed (worker thread)

    def restart(self, new: bool = True) -> None:
        """Begin the utterance again (``new``: another utterance, so the cost starts at 0)."""
        self._abandon()
        self.result = None
        self._error = None
        self._pcm.clear()
        if new:
            self.decode_ms = 0.0

    def extend(self, pcm: bytes) -> None:
        """The next piece of the utterance's audio."""
        if not pcm:
            return
        if self._stream is None:
            self._pcm += pcm
            return
        if not self._open:
            self._open = True
            self._submit(self._stream.start, self.expectation)
        self._submit(self._stream.feed, pcm)

    def settle(self) -> Future[Heard]:
        """Decode what was handed over so far; the result also stays in :attr:`result`."""
        if self.streaming:
            if not self._open:
                self.extend(b"\0\0")  # nothing arrived: an empty utterance still gets a result
            self._open = False
            self.result = self._submit(self._finish)
        else:
            self.result = self._submit(self._recognize, bytes(self._pcm))
        return self.result

    def close(self) -> None:
        """Leave the recognizer idle: end an open stream and wait for the worker."""
        self._abandon()
        if self._last is not None:
            self._last.exception()  # waits; errors were reported through the result

    # ------------------------------------------------------------------ the worker

    def _abandon(self) -> None:
        if self._open and self._stream is not None:
            self._open = False
            self._submit(self._stream.finish)

    def _recognize(self, pcm: bytes) -> Heard:
        heard = self.recognizer.recognize(pcm, self.expectation)
        return consult(heard, pcm, self.expectation, self.second)

    def _finish(self) -> Heard:
        assert self._stream is not None
        heard = self._stream.finish()
        if self._error is not None:
            raise self._error
        return heard

    def _submit(self, call: Any, *args: Any) -> Future[Any]:
        self._last = self.pool.submit(self._timed, call, *args)
        return self._last

    def _timed(self, call: Any, *args: Any) -> Any:
        began = time.perf_counter()
        try:
            return call(*args)
        except Exception as exc:
            self._error = self._error or exc
            raise
        finally:
            self.decode_ms += (time.perf_counter() - began) * 1000

"""Endpointing: where an utterance starts and ends in a stream of 16 kHz PCM.

One of two detectors decides, per 10 ms frame, whether it is speech (see
:mod:`voicemaster.speech.capture.endpoint_config`): Silero VAD
(:mod:`voicemaster.speech.capture.voicing`) or band energy against the room
(:mod:`voicemaster.speech.capture.room_level`).  Everything else (onset, pauses, trailing
silence, pre-roll, tail, limits) is shared and lives here.  Every time is *audio* time
(samples), never wall time, so a file streamed fast and a live microphone give the same result.
One :class:`Endpointer` serves many listening windows: the noise floor is learnt once
(calibration) and kept; :meth:`Endpointer.begin` starts each window (and a fresh Silero
stream: the audio between windows is not heard).
"""

from __future__ import annotations

import enum
import logging
from collections import deque
from dataclasses import dataclass
from typing import Literal

import numpy as np

from voicemaster.speech.audio import to_array
from voicemaster.speech.base import SAMPLE_RATE
from voicemaster.speech.capture import vad
from voicemaster.speech.capture.endpoint_config import DETECTORS, EndpointConfig
from voicemaster.speech.capture.room_level import RoomLevel, band_energy_db
from voicemaster.speech.capture.voicing import VoicedFrames

log = logging.getLogger(__name__)


class State(enum.Enum):
    WAITING = "waiting"  # no speech yet
    SPEECH = "speech"
    PAUSE = "pause"  # speech, then a pause of at least early_s (not yet the end)
    DONE = "done"  # an utterance ended (see Endpoint.reason)
    TIMEOUT = "timeout"  # nobody spoke within the thinking time (or the stream ended)


# why an utterance ended: its trailing silence, its length, the stream's end, or (decided by
# the listener, voicemaster.speech.mic_ears) a complete phrase after a short pause
EndReason = Literal["silence", "max_length", "end_of_stream", "complete"]


@dataclass(frozen=True)
class Endpoint:
    """One utterance.  Times are seconds of audio from the start of the window."""

    reason: EndReason
    start_s: float  # first speech frame
    speech_end_s: float  # end of the last speech frame
    end_s: float  # when the end was decided
    pcm: bytes  # the utterance with pre-roll and tail


class Endpointer:
    """Feed PCM with :meth:`feed`; it reports a :class:`State` after each chunk."""

    def __init__(self, config: EndpointConfig | None = None) -> None:
        self.config = cfg = config or EndpointConfig()
        if cfg.detector not in DETECTORS:
            raise ValueError(f"unknown detector {cfg.detector!r} (one of {', '.join(DETECTORS)})")
        self._flen = round(cfg.frame_s * SAMPLE_RATE)
        stream = _silero() if cfg.detector == "silero" else None
        self._vad = (
            None
            if stream is None
            else VoicedFrames(stream, self._flen, cfg.speech_on, cfg.speech_off)
        )
        self.detector = "silero" if self._vad is not None else "energy"  # the one in use
        self.room = RoomLevel(cfg.initial_floor_db, cfg.floor_min_db, cfg.onset_db)
        self._calibration: list[tuple[int, float]] = []  # (frame, energy) until calibrated
        self._calibrated = cfg.calibrate_s <= 0
        self.begin()

    # ------------------------------------------------------------------ window control

    def begin(self, think_s: float | None = None, trailing_s: float | None = None) -> None:
        """Start a listening window (the noise floor is kept)."""
        cfg = self.config
        self.think_s = cfg.think_s if think_s is None else think_s
        self.trailing_s = cfg.trailing_silence_s if trailing_s is None else trailing_s
        self._audio = bytearray()
        self._audio_start = 0  # sample index (window time) of _audio[0]
        self._pending = b""
        self._frames = 0  # frames processed in this window
        self._holdoff = round(cfg.holdoff_s / cfg.frame_s)
        self._recent: deque[tuple[int, float, float]] = deque(  # (frame, energy, floor then)
            maxlen=max(1, round(cfg.onset_window_s / cfg.frame_s))
        )
        self._persist: deque[bool] = deque(maxlen=3)
        self.state = State.WAITING
        self._start = 0  # first speech frame
        self._last = 0  # frame index after the last speech frame
        self._endpoint: Endpoint | None = None
        self._waiting_from = 0
        if self._vad is not None:
            self._vad.reset()

    def resume(self) -> None:
        """Forget the current utterance (it was noise) and wait again, same deadline."""
        self.state = State.WAITING
        self._recent.clear()
        self._endpoint = None
        keep = self._frames - round(self.config.preroll_s / self.config.frame_s)
        self._trim(keep * self._flen)

    # ------------------------------------------------------------------ inputs

    def feed(self, pcm: bytes) -> State:
        if self.state in (State.DONE, State.TIMEOUT):
            return self.state
        if self._vad is not None:
            self._vad.hear(pcm)
        self._pending += pcm
        self._run()
        return self.state

    def _run(self) -> None:
        """Step every whole 10 ms frame that can be decided; frames after an end stay pending
        (a listener that resumes hears them next)."""
        data = self._pending
        count = len(data) // (2 * self._flen)
        if self._vad is not None:
            count = min(count, self._vad.decided() - self._frames)
        if count <= 0:
            return
        size = 2 * self._flen
        done = count
        if self._vad is not None:
            for i in range(count):
                self._step_voiced(data[i * size : (i + 1) * size])
                if self.state in (State.DONE, State.TIMEOUT):
                    done = i + 1
                    break
        else:
            frames = to_array(data[: count * size]).astype(np.float64).reshape(-1, self._flen)
            for i, energy in enumerate(band_energy_db(frames)):
                self._step(float(energy), data[i * size : (i + 1) * size])
                if self.state in (State.DONE, State.TIMEOUT):
                    done = i + 1
                    break
        self._pending = data[done * size :]

    def finish(self) -> State:
        """The stream ended: close an utterance in progress, else time out."""
        if self._vad is not None and self.state not in (State.DONE, State.TIMEOUT):
            self._vad.complete()
            self._run()
        if self.state in (State.SPEECH, State.PAUSE):
            self._close("end_of_stream")
        elif self.state == State.WAITING:
            self.state = State.TIMEOUT
        return self.state

    # ------------------------------------------------------------------ outputs

    @property
    def now_s(self) -> float:
        return self._frames * self.config.frame_s

    @property
    def pause_s(self) -> float:
        """Audio since the last speech frame (0 while waiting or speaking)."""
        if self.state not in (State.SPEECH, State.PAUSE):
            return 0.0
        return (self._frames - self._last) * self.config.frame_s

    @property
    def speech_end_s(self) -> float:
        return self._last * self.config.frame_s

    @property
    def start_s(self) -> float:
        return self._start * self.config.frame_s

    def endpoint(self) -> Endpoint | None:
        return self._endpoint

    @property
    def now_sample(self) -> int:
        return self._frames * self._flen

    def span(self) -> tuple[int, int]:
        """Samples (window time) of the current utterance: pre-roll before its first speech
        frame to the tail after its last (the end may lie in audio not yet arrived)."""
        cfg = self.config
        first = max(0, self._start * self._flen - round(cfg.preroll_s * SAMPLE_RATE))
        return first, self._last * self._flen + round(cfg.tail_s * SAMPLE_RATE)

    def audio(self, first: int, last: int) -> bytes:
        """The buffered audio from sample ``first`` to ``last`` (clipped to what is kept)."""
        lo = max(0, first - self._audio_start)
        hi = max(lo, last - self._audio_start)
        return bytes(self._audio[2 * lo : 2 * hi])

    def utterance(self) -> bytes:
        """The current utterance: from pre-roll before its start to tail after its last speech."""
        return self.audio(*self.span())

    # ------------------------------------------------------------------ the detector

    def _kept(self, frame: int, raw: bytes) -> bool:
        """Count frame ``frame`` and keep its audio, unless it falls in the hold-off (the echo
        tail of our own voice): False then."""
        self._frames += 1
        if frame < self._holdoff:
            self._audio_start = self._frames * self._flen
            self._waiting_from = self._frames
            return False
        self._audio += raw
        return True

    def _step(self, energy: float, raw: bytes) -> None:
        frame = self._frames
        if not self._kept(frame, raw):
            return
        if not self._calibrated:
            self._calibrate(frame, energy)
            return
        self._detect(frame, energy)

    # ------------------------------------------------------------------ silero

    def _step_voiced(self, raw: bytes) -> None:
        assert self._vad is not None
        frame = self._frames
        voiced = self._vad.voiced(frame)
        if not self._kept(frame, raw):
            return
        if self.state != State.WAITING:
            if voiced:
                self._last = frame + 1
            self._after_speech_frame()
            return
        self._recent.append((frame, 1.0 if voiced else 0.0, 0.0))
        loud = [f for f, v, _ in self._recent if v > 0]
        if not self._onset(loud, frame):
            self._keep_waiting()

    # ------------------------------------------------------------------ energy

    def _detect(self, frame: int, energy: float) -> None:
        if self.state == State.WAITING:
            self._wait_step(frame, energy)
        else:
            self._speech_step(frame, energy)

    def _calibrate(self, frame: int, energy: float) -> None:
        """Learn the floor from the first audio, then run the detector over that audio (speech
        may start at once, e.g. a recording that begins with the answer)."""
        self._calibration.append((frame, energy))
        total = round(self.config.calibrate_s / self.config.frame_s)
        if len(self._calibration) < total:
            return
        self.room.calibrate([e for _, e in self._calibration])
        self._calibrated = True
        now = self._frames
        for past, past_energy in self._calibration:
            self._frames = past + 1
            if self.state in (State.DONE, State.TIMEOUT):
                break
            self._detect(past, past_energy)
        self._frames = now
        self._calibration = []

    def _adapt(self, energy: float) -> None:
        cfg = self.config
        self.room.adapt(energy, cfg.floor_rise_db_per_s * cfg.frame_s)

    def _wait_step(self, frame: int, energy: float) -> None:
        cfg = self.config
        floor = self.room.floor_db
        self._recent.append((frame, energy, floor))
        # a frame is loud against the floor of its own time (a floor that just fell after a
        # noise stopped must not turn that noise into speech)
        loud = [f for f, e, then in self._recent if e > max(then, floor) + cfg.onset_db]
        if self._onset(loud, frame):
            return
        self._adapt(energy)
        self.room.learn_noise(energy)
        self._keep_waiting()

    def _onset(self, loud: list[int], frame: int) -> bool:
        """Speech starts when enough of the recent frames are speech-like."""
        cfg = self.config
        if len(loud) * cfg.frame_s < cfg.min_speech_s - 1e-9:
            return False
        self.state = State.SPEECH
        self._start = loud[0]
        self._last = frame + 1
        self._persist.clear()
        return True

    def _keep_waiting(self) -> None:
        cfg = self.config
        if (self._frames - self._waiting_from) * cfg.frame_s >= self.think_s:
            self.state = State.TIMEOUT
        else:
            keep = self._frames - round((cfg.preroll_s + cfg.onset_window_s) / cfg.frame_s)
            if keep * self._flen - self._audio_start > 4 * SAMPLE_RATE:
                self._trim(keep * self._flen)

    def _speech_step(self, frame: int, energy: float) -> None:
        cfg = self.config
        level = self.room
        usual = level.floor_db + cfg.offset_db
        room = min(level.noise_db + cfg.noise_spread * level.noise_dev, usual + cfg.room_cap_db)
        above = energy > max(usual, room)
        self._persist.append(above)
        if above and sum(self._persist) >= 2:
            self._last = frame + 1
        elif not above:
            self._adapt(min(energy, level.floor_db))  # pauses may only lower the floor
        self._after_speech_frame()

    def _after_speech_frame(self) -> None:
        cfg = self.config
        if self._frames - self._start >= round(cfg.max_utterance_s / cfg.frame_s):
            self._close("max_length")
        elif self.pause_s >= self.trailing_s - 1e-9:
            self._close("silence")
        else:
            self.state = State.PAUSE if self.pause_s >= cfg.early_s - 1e-9 else State.SPEECH

    def _close(self, reason: EndReason) -> None:
        self._endpoint = Endpoint(
            reason, self.start_s, self.speech_end_s, self.now_s, self.utterance()
        )
        self.state = State.DONE

    def _trim(self, sample: int) -> None:
        drop = max(0, sample - self._audio_start)
        if drop:
            del self._audio[: 2 * drop]
            self._audio_start += drop


def _silero() -> vad.SileroVAD | None:
    """A Silero VAD stream, or None (with a warning) where it cannot run."""
    if not vad.available():
        log.warning("Silero VAD is unavailable here: the endpointer measures energy instead")
        return None
    return vad.SileroVAD()

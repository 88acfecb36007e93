"""Endpointing: where an utterance starts and ends in a stream of 16 kHz PCM.

Two detectors decide, per 10 ms frame, whether it is speech (``EndpointConfig.detector``):

- ``"silero"``: Silero VAD's speech probability (:mod:`voicemaster.speech.vad`, one per 32 ms)
  with hysteresis: a frame turns speech at ``speech_on`` and stays speech down to
  ``speech_off``.  A 10 ms frame takes the decision of the 32 ms frame holding most of it, so
  frames are decided up to 37 ms of audio after they arrive; the onset rule below asks for two
  such frames.  Steady noise 10 dB under the voice (a car's brown noise, a room's pink noise)
  neither starts it nor keeps it going.  Where Silero cannot run (no faster-whisper or
  onnxruntime, e.g. 32-bit ARM) the endpointer falls back to energy (``Endpointer.detector``).
- ``"energy"``: band energy (100 Hz - 7 kHz) against an adaptive noise floor.  In brown noise
  its slow swings pass for speech (scripts/bench_endpoint.py).

Everything else (onset, pauses, trailing silence, pre-roll, tail, limits) is shared.  Every
time is *audio* time (samples), never wall time, so a file streamed fast and a live microphone
give the same result.  One :class:`Endpointer` serves many listening windows: the noise floor is
learnt once (calibration) and kept; :meth:`Endpointer.begin` starts each window (and a fresh
Silero stream: the audio between windows is not heard).
"""

from __future__ import annotations

import enum
import logging
from collections import deque
from dataclasses import dataclass

import numpy as np

from voicemaster.speech import vad
from voicemaster.speech.audio import to_array
from voicemaster.speech.base import SAMPLE_RATE

log = logging.getLogger(__name__)
DETECTORS = ("silero", "energy")

_SILENT_DB = -100.0  # below this a frame is digital silence: it says nothing about the room
NOISE_RATE = 0.05  # per 10 ms frame: how fast the room's level and spread are followed


@dataclass(frozen=True)
class EndpointConfig:
    frame_s: float = 0.01
    think_s: float = 30.0  # waiting for the first word (teams confer)
    trailing_silence_s: float = 0.6  # pause that ends an utterance
    short_trailing_s: float = 0.35  # ... in a window that expects only short commands
    early_s: float = 0.25  # pause after which a listener may settle its decoding (>= tail_s)
    complete_trailing_s: float = 0.25  # pause that ends an utterance already decoded as a
    # complete expected phrase (the listener decides; see voicemaster.speech.mic_ears)
    max_utterance_s: float = 12.0
    preroll_s: float = 0.3  # audio kept before the detected start
    tail_s: float = 0.2  # audio kept after the last speech frame
    holdoff_s: float = 0.15  # discarded at window start (echo tail of our own voice)
    calibrate_s: float = 0.3  # first audio ever: learn the noise floor, no onset
    onset_db: float = 9.0  # speech starts this far above the floor ...
    min_speech_s: float = 0.06  # ... for this long within onset_window_s
    onset_window_s: float = 0.1
    offset_db: float = 5.0  # speech continues while this far above the floor ...
    # ... and above the room's usual level by this many of its mean deviations: in pink noise
    # (fans, a car) 10 ms frames swing +-2 dB about the level, the floor sits at their low end,
    # and floor + offset_db alone let the swings keep an utterance going to max_utterance_s
    noise_spread: float = 4.0
    room_cap_db: float = 4.0  # ... but never more than this above floor + offset_db (a near
    # silent recording swings wildly in dB; there the rule cut the quiet /s/ of "yes")
    initial_floor_db: float = -60.0
    floor_min_db: float = -75.0
    floor_rise_db_per_s: float = 3.0
    # what tells speech from the room: "silero" or "energy" (see above).  calibrate_s, onset_db,
    # offset_db ... floor_rise_db_per_s are the energy rule's; min_speech_s and onset_window_s
    # serve both
    detector: str = "silero"
    # silero: a frame becomes speech at this probability and stays speech while at least
    # speech_off (scripts/bench_endpoint.py: 0.4 found a few more real words than Silero's usual
    # 0.5, as many in noise, with no more false starts and no later ends)
    speech_on: float = 0.4
    speech_off: float = 0.35


class State(enum.Enum):
    WAITING = "waiting"  # no speech yet
    SPEECH = "speech"
    PAUSE = "pause"  # speech, then a pause of at least early_s (not yet the end)
    DONE = "done"  # an utterance ended (see Endpoint.reason)
    TIMEOUT = "timeout"  # nobody spoke within the thinking time (or the stream ended)


@dataclass(frozen=True)
class Endpoint:
    """One utterance.  Times are seconds of audio from the start of the window."""

    reason: str  # "silence", "max_length" or "end_of_stream"
    start_s: float  # first speech frame
    speech_end_s: float  # end of the last speech frame
    end_s: float  # when the end was decided
    pcm: bytes  # the utterance with pre-roll and tail


def band_energy_db(frames: np.ndarray) -> np.ndarray:
    """Per-frame power (dBFS) in 100 Hz - 7 kHz; frames is (n, frame_len) in int16 units."""
    n = frames.shape[1]
    spec = np.abs(np.fft.rfft(frames * np.hanning(n), axis=1)) ** 2
    freqs = np.fft.rfftfreq(n, 1.0 / SAMPLE_RATE)
    band = (freqs >= 100) & (freqs <= 7000)
    full_scale = (32768.0**2) * n * np.sum(np.hanning(n) ** 2) / 2
    power = spec[:, band].sum(axis=1) / full_scale
    silent = ~np.any(frames, axis=1)
    db = 10 * np.log10(np.maximum(power, 1e-14))
    return np.where(silent, -140.0, db)


class Endpointer:
    """Feed PCM with :meth:`feed`; it reports a :class:`State` after each chunk."""

    def __init__(self, config: EndpointConfig | None = None) -> None:
        self.config = cfg = config or EndpointConfig()
        if cfg.detector not in DETECTORS:
            raise ValueError(f"unknown detector {cfg.detector!r} (one of {', '.join(DETECTORS)})")
        self._flen = round(cfg.frame_s * SAMPLE_RATE)
        self._vad = _silero() if cfg.detector == "silero" else None
        self.detector = "silero" if self._vad is not None else "energy"  # the one in use
        self.floor_db = cfg.initial_floor_db
        self.noise_db = cfg.initial_floor_db  # the room's mean level between utterances ...
        self.noise_dev = 0.0  # ... and its mean deviation (dB), learnt while waiting
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
        self._vad_rest = b""  # an odd byte not yet given to the VAD
        self._voiced: deque[bool] = deque()  # per 32 ms VAD frame not yet used up ...
        self._voiced_base = 0  # ... from this VAD frame on
        self._vad_on = False  # hysteresis: the last VAD frame was speech

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
            self._hear(pcm)
        self._pending += pcm
        self._run()
        return self.state

    def _run(self) -> None:
        """Step every whole 10 ms frame that can be decided; frames after an end stay pending
        (a listener that resumes hears them next)."""
        data = self._pending
        count = len(data) // (2 * self._flen)
        if self._vad is not None:
            count = min(count, self._decided() - self._frames)
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
            # silence completes the last VAD frame, so the last whole 10 ms frames are decided
            self._hear(bytes(2 * (-self._vad_samples() % vad.FRAME)))
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

    def _hear(self, pcm: bytes) -> None:
        """Give new audio to the VAD; keep its decisions (with hysteresis) per 32 ms frame."""
        assert self._vad is not None
        data = self._vad_rest + pcm
        even = len(data) // 2 * 2
        self._vad_rest = data[even:]
        cfg = self.config
        for prob in self._vad.feed(np.frombuffer(data[:even], dtype="<i2")):
            self._vad_on = bool(prob >= (cfg.speech_off if self._vad_on else cfg.speech_on))
            self._voiced.append(self._vad_on)

    def _vad_samples(self) -> int:
        """Samples of this window given to the VAD."""
        assert self._vad is not None
        return self._vad.frames * vad.FRAME + self._vad.pending

    def _vad_frame(self, frame: int) -> int:
        """The 32 ms VAD frame holding most of 10 ms frame ``frame`` (its middle sample)."""
        return (frame * self._flen + self._flen // 2) // vad.FRAME

    def _decided(self) -> int:
        """How many 10 ms frames of this window the VAD has decided."""
        known = self._voiced_base + len(self._voiced)  # VAD frames decided
        if known == 0:
            return 0
        return (known * vad.FRAME - 1 - self._flen // 2) // self._flen + 1

    def _step_voiced(self, raw: bytes) -> None:
        frame = self._frames
        k = self._vad_frame(frame)
        while self._voiced_base < k:  # VAD frames behind us are used up
            self._voiced.popleft()
            self._voiced_base += 1
        voiced = self._voiced[0]
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
        heard = [e for _, e in self._calibration if e > _SILENT_DB]
        if heard:
            self.floor_db = max(self.config.floor_min_db, min(heard))
            # the room from the quiet frames only: a recording may begin with the answer
            quiet = np.asarray([e for e in heard if e <= self.floor_db + self.config.onset_db])
            self.noise_db = float(np.mean(quiet)) if quiet.size else self.floor_db
            self.noise_dev = float(np.mean(np.abs(quiet - self.noise_db))) if quiet.size else 0.0
        self._calibrated = True
        now = self._frames
        for past, past_energy in self._calibration:
            self._frames = past + 1
            if self.state in (State.DONE, State.TIMEOUT):
                break
            self._detect(past, past_energy)
        self._frames = now
        self._calibration = []

    def _learn_noise(self, energy: float) -> None:
        """Follow the room's level and spread between utterances (about 0.2 s memory); frames
        loud enough to start speech are not the room's."""
        if energy <= _SILENT_DB or energy > self.floor_db + self.config.onset_db:
            return
        self.noise_db += (energy - self.noise_db) * NOISE_RATE
        self.noise_dev += (abs(energy - self.noise_db) - self.noise_dev) * NOISE_RATE

    def _adapt(self, energy: float) -> None:
        if energy <= _SILENT_DB:
            return
        cfg = self.config
        if energy < self.floor_db:
            self.floor_db += (energy - self.floor_db) * 0.2
        else:
            self.floor_db += min(energy - self.floor_db, cfg.floor_rise_db_per_s * cfg.frame_s)
        self.floor_db = max(cfg.floor_min_db, self.floor_db)

    def _wait_step(self, frame: int, energy: float) -> None:
        cfg = self.config
        self._recent.append((frame, energy, self.floor_db))
        # a frame is loud against the floor of its own time (a floor that just fell after a
        # noise stopped must not turn that noise into speech)
        loud = [f for f, e, then in self._recent if e > max(then, self.floor_db) + cfg.onset_db]
        if self._onset(loud, frame):
            return
        self._adapt(energy)
        self._learn_noise(energy)
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
        usual = self.floor_db + cfg.offset_db
        room = min(self.noise_db + cfg.noise_spread * self.noise_dev, usual + cfg.room_cap_db)
        above = energy > max(usual, room)
        self._persist.append(above)
        if above and sum(self._persist) >= 2:
            self._last = frame + 1
        elif not above:
            self._adapt(min(energy, self.floor_db))  # pauses may only lower the floor
        self._after_speech_frame()

    def _after_speech_frame(self) -> None:
        cfg = self.config
        if self._frames - self._start >= round(cfg.max_utterance_s / cfg.frame_s):
            self._close("max_length")
        elif self.pause_s >= self.trailing_s - 1e-9:
            self._close("silence")
        else:
            self.state = State.PAUSE if self.pause_s >= cfg.early_s - 1e-9 else State.SPEECH

    def _close(self, reason: str) -> None:
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

"""How the endpointer (:mod:`voicemaster.speech.capture.endpointer`) listens: its times,
levels and detector.

Two detectors decide, per 10 ms frame, whether it is speech (``EndpointConfig.detector``):

- ``"silero"``: Silero VAD's speech probability (:mod:`voicemaster.speech.capture.vad`, one per
  32 ms) with hysteresis: a frame turns speech at ``speech_on`` and stays speech down to
  ``speech_off`` (:mod:`voicemaster.speech.capture.voicing`).  A 10 ms frame takes the decision of
  the 32 ms frame holding most of it, so frames are decided up to 37 ms of audio after they arrive;
  the onset rule asks for two such frames.  Steady noise 10 dB under the voice (a car's brown
  noise, a room's pink noise) neither starts it nor keeps it going.  Where Silero cannot run
  (no faster-whisper or onnxruntime, e.g. 32-bit ARM) the endpointer falls back to energy
  (``Endpointer.detector``).
- ``"energy"``: band energy (100 Hz - 7 kHz) against an adaptive noise floor
  (:mod:`voicemaster.speech.capture.room_level`).  In brown noise its slow swings pass for speech
  (scripts/bench_endpoint.py).
"""

from __future__ import annotations

from dataclasses import dataclass

DETECTORS = ("silero", "energy")


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
    # speech_off (below Silero's usual 0.5: see docs/tuning.md)
    speech_on: float = 0.4
    speech_off: float = 0.35

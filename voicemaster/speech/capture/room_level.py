"""The energy detector's view of the room: band energy per frame, the noise floor, and the
room's usual level and spread between utterances."""

from __future__ import annotations

import numpy as np

from voicemaster.speech.base import SAMPLE_RATE

SILENT_DB = -100.0  # below this a frame is digital silence: it says nothing about the room
NOISE_RATE = 0.05  # per 10 ms frame: how fast the room's level and spread are followed


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


class RoomLevel:
    """The noise floor (dB) and the room's mean level and mean deviation, learnt once
    (calibration) and followed between utterances."""

    def __init__(self, floor_db: float, floor_min_db: float, onset_db: float) -> None:
        self.floor_db = floor_db
        self.floor_min_db = floor_min_db
        self.onset_db = onset_db  # frames this far above the floor may start speech
        self.noise_db = floor_db  # the room's mean level between utterances ...
        self.noise_dev = 0.0  # ... and its mean deviation (dB)

    def calibrate(self, energies: list[float]) -> None:
        """Learn the floor and the room from the first audio (which may begin with speech)."""
        heard = [e for e in energies if e > SILENT_DB]
        if not heard:
            return
        self.floor_db = max(self.floor_min_db, min(heard))
        # the room from the quiet frames only: a recording may begin with the answer
        quiet = np.asarray([e for e in heard if e <= self.floor_db + self.onset_db])
        self.noise_db = float(np.mean(quiet)) if quiet.size else self.floor_db
        self.noise_dev = float(np.mean(np.abs(quiet - self.noise_db))) if quiet.size else 0.0

    def learn_noise(self, energy: float) -> None:
        """Follow the room's level and spread between utterances (about 0.2 s memory); frames
        loud enough to start speech are not the room's."""
        if energy <= SILENT_DB or energy > self.floor_db + self.onset_db:
            return
        self.noise_db += (energy - self.noise_db) * NOISE_RATE
        self.noise_dev += (abs(energy - self.noise_db) - self.noise_dev) * NOISE_RATE

    def adapt(self, energy: float, max_rise_db: float) -> None:
        """Move the floor toward ``energy``: down quickly, up by at most ``max_rise_db``."""
        if energy <= SILENT_DB:
            return
        if energy < self.floor_db:
            self.floor_db += (energy - self.floor_db) * 0.2
        else:
            self.floor_db += min(energy - self.floor_db, max_rise_db)
        self.floor_db = max(self.floor_min_db, self.floor_db)

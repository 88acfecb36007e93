"""One loudness for everything the quizmaster plays: every sentence (whichever engine spoke it)
and every earcon is brought to LEVEL_DB, then turned by the volume setting.

The level is the RMS while sounding: over 20 ms frames within 35 dB of the loudest frame, so
pauses between words do not lower it (what ``sox ... silence ... stats`` reports as RMS level
once the silences are cut).  Peaks are kept under CEILING by turning the whole piece down.
"""

from __future__ import annotations

import numpy as np

from voicemaster.speech.audio import active_level_db, resample, to_array, to_bytes

OUT_RATE = 22_050  # the rate the speaker plays at: Piper's and espeak-ng's own, and the earcons'
LEVEL_DB = -22.0  # dBFS, RMS while sounding: speech peaks stay clear of full scale
CEILING = 0.89 * 32767  # -1 dBFS
SILENT_DB = -70.0  # quieter than this is silence: left as it is


def sounding_level_db(pcm: bytes, rate: int = OUT_RATE) -> float:
    """The level of ``pcm`` while it sounds (dBFS)."""
    return active_level_db(pcm, frame=max(1, rate // 50))


def to_level(pcm: bytes, rate: int = OUT_RATE, level_db: float = LEVEL_DB) -> bytes:
    """``pcm`` brought to ``level_db`` while sounding, its peaks under CEILING."""
    level = sounding_level_db(pcm, rate)
    if not pcm or level <= SILENT_DB:
        return pcm
    samples = to_array(pcm).astype(np.float64)
    gain = 10 ** ((level_db - level) / 20)
    peak = float(np.max(np.abs(samples))) * gain
    if peak > CEILING:
        gain *= CEILING / peak
    return to_bytes(samples * gain)


def prepare(pcm: bytes, rate: int, volume: float = 1.0) -> bytes:
    """A piece of speech or an earcon as played: at OUT_RATE, at LEVEL_DB turned by ``volume``
    (0..1; 0.5 is 6 dB quieter)."""
    if rate != OUT_RATE:
        pcm = resample(to_array(pcm), rate, OUT_RATE).astype("<i2").tobytes()
    if volume <= 0:
        return bytes(len(pcm))
    return to_level(pcm, OUT_RATE, LEVEL_DB + 20 * np.log10(min(1.0, volume)))

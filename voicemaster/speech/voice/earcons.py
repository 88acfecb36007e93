"""Earcons: short tones the quizmaster plays (listening, right, wrong, Bezzerwizzer).

Generated locally with numpy as 16-bit mono PCM, so they need no sound files and can be played
through the same player as speech (see :mod:`voicemaster.speech.voice.tts`).
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

EARCON_RATE = 22_050  # the rate espeak-ng speaks at, so one player setting fits both
PEAK = 0.35  # of full scale: clearly audible, well below speech peaks
RAMP_S = 0.006  # attack/release, so no note starts or ends with a click

# Each earcon is a list of notes: (frequencies in Hz, played together; seconds; gap after, s).
Note = tuple[tuple[float, ...], float, float]
_DESIGNS: dict[str, list[Note]] = {
    # a short rising two-note blip: "your turn, I'm listening"
    "listening": [((660.0,), 0.07, 0.03), ((990.0,), 0.09, 0.0)],
    # a bright major arpeggio C5-E5-G5-C6
    "right": [
        ((523.25,), 0.08, 0.0),
        ((659.25,), 0.08, 0.0),
        ((783.99,), 0.08, 0.0),
        ((1046.5, 523.25), 0.22, 0.0),
    ],
    # two low falling notes with a dissonant partner: "no"
    "wrong": [((311.13, 329.63), 0.18, 0.04), ((233.08, 246.94), 0.30, 0.0)],
    # a quick trill, then a high fanfare note
    "bezzerwizzer": [((880.0,), 0.05, 0.0), ((1174.66,), 0.05, 0.0)] * 3
    + [((1567.98, 783.99), 0.25, 0.0)],
}
EARCONS = tuple(_DESIGNS)


def _note(freqs: tuple[float, ...], seconds: float, rate: int) -> npt.NDArray[np.float64]:
    t = np.arange(round(seconds * rate), dtype=np.float64) / rate
    wave = sum((np.sin(2 * np.pi * f * t) for f in freqs), np.zeros_like(t))
    wave += 0.2 * sum((np.sin(2 * np.pi * 2 * f * t) for f in freqs), np.zeros_like(t))
    ramp = min(round(RAMP_S * rate), len(t) // 2)
    env = np.ones_like(t)
    if ramp:
        edge = 0.5 - 0.5 * np.cos(np.linspace(0.0, np.pi, ramp))
        env[:ramp], env[-ramp:] = edge, edge[::-1]
    return np.asarray(wave * env, dtype=np.float64)


def earcon_samples(name: str, rate: int = EARCON_RATE) -> npt.NDArray[np.int16]:
    """The earcon ``name`` as int16 samples at ``rate`` Hz."""
    try:
        design = _DESIGNS[name]
    except KeyError:
        raise ValueError(f"unknown earcon {name!r}; known: {', '.join(EARCONS)}") from None
    parts: list[npt.NDArray[np.float64]] = []
    for freqs, seconds, gap in design:
        parts.append(_note(freqs, seconds, rate))
        parts.append(np.zeros(round(gap * rate)))
    signal = np.concatenate(parts)
    signal *= PEAK * 32767.0 / max(float(np.max(np.abs(signal))), 1e-9)
    return np.rint(signal).astype(np.int16)


def earcon(name: str, rate: int = EARCON_RATE) -> bytes:
    """The earcon ``name`` as 16-bit little-endian mono PCM at ``rate`` Hz."""
    return earcon_samples(name, rate).astype("<i2").tobytes()

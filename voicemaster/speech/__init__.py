"""Speech in and out: speaker, microphone, endpointer, recognizers (interfaces in base.py).

Only the light interfaces are imported here; the adapters (numpy, pocketsphinx, vosk,
sounddevice) load when their own module is imported.
"""

from voicemaster.speech.base import (
    SAMPLE_RATE,
    AudioSource,
    Ears,
    Expectation,
    Heard,
    Preparing,
    PreparingPhrases,
    Recognizer,
    Speaker,
    SpeechUnavailable,
)

__all__ = [
    "SAMPLE_RATE",
    "AudioSource",
    "Ears",
    "Expectation",
    "Heard",
    "Preparing",
    "PreparingPhrases",
    "Recognizer",
    "Speaker",
    "SpeechUnavailable",
]

"""Speech in and out, in three rooms that do not import each other: ``capture/`` (microphone,
endpointer), ``asr/`` (recognizers report, the policy decides), ``voice/`` (the quizmaster's
voice).  What they share stays here: the interfaces (base.py), sample helpers (audio.py),
pinned model files (pinned.py); ``mic_ears.py`` joins capture and recognition into the ears.

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

"""voicemaster: an offline, voice-driven quizmaster for Bezzerwizzer."""

__version__ = "0.1.0"

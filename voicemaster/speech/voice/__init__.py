"""The quizmaster's voice: text to speech (Piper, espeak-ng), the voice choice, players, earcons
and one loudness for all of it."""

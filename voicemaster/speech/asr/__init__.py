"""Recognition: the recognizers (Whisper, pocketsphinx, vosk), their grammars and prompts, the
shout spotter, the second opinion, the model files they load, and the one policy module (no I/O)
that decides from their reports what was heard."""

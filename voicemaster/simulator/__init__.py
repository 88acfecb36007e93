"""Simulated teams around the table: they hear the quizmaster through the same interfaces a
microphone and a loudspeaker use (``Ears``, ``Speaker``) and answer from their knowledge of the
deck.  ``table`` decides what each team says, ``audio`` speaks it through the real listening
path, ``timeline`` plays the timeline game."""

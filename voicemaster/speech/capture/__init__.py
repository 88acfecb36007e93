"""Capture: the microphone and what cuts its stream into utterances (endpointer, VAD, voicing,
the room's noise level).  Reports audio; never recognizes or decides."""

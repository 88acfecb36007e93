"""Model files pinned by their SHA-256 (the bundled Whisper weights, the bundled Piper voice):
each is hashed once per process, before its first load, so a damaged or replaced file is named
in one line instead of being loaded."""

from __future__ import annotations

import hashlib
from pathlib import Path

from voicemaster.speech.base import SpeechUnavailable

_CHECKED: set[str] = set()  # files whose digest matched in this process


def sha256(path: Path) -> str:
    digest = hashlib.sha256()
    with path.open("rb") as f:
        while block := f.read(1 << 20):
            digest.update(block)
    return digest.hexdigest()


def check_pinned(path: Path, expected: str | None, mismatch: str) -> None:
    """Raise SpeechUnavailable(``mismatch``) unless ``path`` has the ``expected`` digest
    (None: any file will do)."""
    if expected is None or str(path) in _CHECKED:
        return
    if sha256(path) != expected:
        raise SpeechUnavailable(mismatch)
    _CHECKED.add(str(path))

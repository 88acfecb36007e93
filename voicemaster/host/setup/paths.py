"""Where a new game's record goes: a name of its time and process in the games folder, or a
path given with --record, checked before the game starts."""

from __future__ import annotations

import os
import time
from pathlib import Path

from voicemaster.host.setup.errors import SetupError
from voicemaster.records import SaveError


def new_record_path(folder: Path, prefix: str = "game") -> Path:
    stamp = time.strftime("%Y%m%d-%H%M%S")
    return folder / f"{prefix}-{stamp}-{os.getpid()}.jsonl"


def check_record_path(path: Path) -> None:
    """SetupError (one line) unless a new record can be written at ``path``: it must not hold a
    game already, and its folder must exist and take a file."""
    if path.is_dir():
        raise SetupError(f"cannot write the record {path}: it is a folder")
    if path.exists() and path.stat().st_size:
        raise SetupError(f"{path} exists; use --resume {path} to go on with it")
    if not path.parent.exists() and not path.parent.parent.exists():
        # one new folder at most (games/ beside an existing one): a mistyped path is an error
        raise SetupError(f"cannot write the record {path}: no folder {path.parent.parent}")
    existed = path.exists()
    try:
        path.parent.mkdir(exist_ok=True)
        os.close(os.open(path, os.O_WRONLY | os.O_CREAT | os.O_APPEND, 0o644))
    except OSError as exc:
        raise SetupError(f"cannot write the record {path}: {SaveError(path, exc).reason}") from None
    if not existed:
        path.unlink(missing_ok=True)

"""Writing a file so that a crash leaves either the old text or the new, never half of it."""

from __future__ import annotations

import os
import shutil
import tempfile
from pathlib import Path


def write_atomically(path: Path, text: str) -> None:
    """Replace ``path`` by ``text`` at once, keeping the mode of the file it replaces.

    The text goes to a temporary file in the same folder, is flushed to the disk and then
    renamed over ``path``, and the folder is flushed so the rename survives a power cut; the
    temporary file is removed when anything fails.
    """
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}-", dir=path.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8", newline="") as out:
            out.write(text)
            out.flush()
            os.fsync(out.fileno())
        if path.exists():
            shutil.copymode(path, tmp)
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise
    _fsync_folder(path.parent)


def _fsync_folder(folder: Path) -> None:
    """Flush a folder's entries (a rename in it) to the disk, where the system allows it."""
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)

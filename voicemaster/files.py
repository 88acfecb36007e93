"""Writing a file so that a crash leaves either the old text or the new, never half of it;
locking a game's record so that one process at a time plays it."""

from __future__ import annotations

import contextlib
import errno
import fcntl
import os
import shutil
import tempfile
from pathlib import Path

SAVE_REASONS = {
    errno.ENOSPC: "the disk is full",
    errno.EDQUOT: "the disk quota is used up",
    errno.EROFS: "the disk is read-only",
    errno.EACCES: "there is no permission to write there",
    errno.EPERM: "there is no permission to write there",
    errno.EFBIG: "the file has grown too large",
    errno.EIO: "the disk reports an input/output error",
    errno.ENOTDIR: "part of the folder path is a file",
    errno.EEXIST: "part of the folder path is a file",  # as mkdir meets it
    errno.ENOENT: "the folder does not exist",
    errno.EISDIR: "it is a folder",
}


def reason(error: OSError) -> str:
    """Why a file could not be written, in words ("the disk is full"), not ``[Errno 28]``."""
    return SAVE_REASONS.get(error.errno or 0, error.strerror or str(error))


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


def free_path(folder: Path, name: str) -> Path:
    """``folder/NAME.jsonl``, or ``NAME-2.jsonl``, ``NAME-3.jsonl`` ... when it is taken: a
    new record (a simulation, a game moved to the trash) never overwrites an earlier one."""
    path, number = folder / f"{name}.jsonl", 1
    while path.exists() or path.is_symlink():
        number += 1
        path = folder / f"{name}-{number}.jsonl"
    return path


class RecordBusy(Exception):
    """Another process is playing the game of this record (it holds the record's lock)."""

    def __init__(self, path: Path) -> None:
        self.path = path
        super().__init__(f"{path}: this game is being played elsewhere")


def lock_path(record: Path) -> Path:
    """The lock file beside a record: a stable file, so the lock survives the record being
    replaced by an atomic rewrite (an undo)."""
    return record.with_name(f".{record.name}.lock")


class RecordLock:
    """An OS lock (``flock``) on the lock file beside a record, held while a game plays it.
    The system drops it when the process ends however it ends, so no stale lock is left.
    ``RecordBusy`` when another process holds it; where no lock file can be made (a read-only
    folder) the record cannot be written either, and nothing is locked."""

    def __init__(self, record: Path) -> None:
        self.path = lock_path(record)
        self._fd: int | None = None
        for _ in range(10):  # the holder may remove the lock file between our open and lock
            try:
                fd = os.open(self.path, os.O_RDWR | os.O_CREAT, 0o644)
            except OSError:
                return
            try:
                fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
            except OSError as exc:
                os.close(fd)
                if exc.errno in (errno.EWOULDBLOCK, errno.EAGAIN):
                    raise RecordBusy(record) from None
                return
            if _same_file(fd, self.path):
                self._fd = fd
                return
            os.close(fd)

    def release(self) -> None:
        """Remove the lock file (while holding it, so no one can hold a removed file) and
        release the lock."""
        if self._fd is not None:
            with contextlib.suppress(OSError):
                self.path.unlink(missing_ok=True)
            os.close(self._fd)
            self._fd = None


def _same_file(fd: int, path: Path) -> bool:
    try:
        here, there = os.fstat(fd), os.stat(path)
    except OSError:
        return False
    return (here.st_dev, here.st_ino) == (there.st_dev, there.st_ino)


def is_locked(record: Path) -> bool:
    """Whether another process is playing the game of ``record`` now."""
    try:
        fd = os.open(lock_path(record), os.O_RDONLY)
    except OSError:
        return False
    try:
        fcntl.flock(fd, fcntl.LOCK_SH | fcntl.LOCK_NB)
    except OSError as exc:
        return exc.errno in (errno.EWOULDBLOCK, errno.EAGAIN)
    finally:
        os.close(fd)
    return False

"""The crash log: warnings and tracebacks in the data folder's voicemaster.log, rotated so it
never fills the disk the games are saved on."""

from __future__ import annotations

import logging
import sys
from logging.handlers import RotatingFileHandler
from pathlib import Path

from voicemaster.records import SaveError

LOG_BYTES = 1_000_000  # voicemaster.log is rotated at this size ...
LOG_BACKUPS = 2  # ... keeping two older files (3 MB at most)


class LogFile(RotatingFileHandler):
    """The log file, rotated at ``LOG_BYTES``.  A write that fails (a full disk) is said once
    in one line, and later ones are dropped: never Python's "--- Logging error ---" dump in the
    middle of a game."""

    def __init__(self, path: Path) -> None:
        super().__init__(path, maxBytes=LOG_BYTES, backupCount=LOG_BACKUPS, encoding="utf-8")
        self.failed = False

    def handleError(self, record: logging.LogRecord) -> None:  # noqa: N802 (logging's name)
        error = sys.exc_info()[1]
        if not isinstance(error, OSError):  # a bad log call: a bug, told as Python tells it
            super().handleError(record)
            return
        if self.failed:
            return
        self.failed = True
        reason = SaveError(Path(self.baseFilename), error).reason
        print(f"voicemaster: cannot write the log {self.baseFilename}: {reason}", file=sys.stderr)


class ScreenLog(logging.StreamHandler):  # type: ignore[type-arg]
    """Warnings on the screen, one line each, when the log file cannot be written."""

    def __init__(self) -> None:
        super().__init__()
        self.setFormatter(logging.Formatter("voicemaster: %(message)s"))
        self.setLevel(logging.WARNING)


def crash_log(path: Path) -> Path | None:
    """Send warnings and tracebacks to ``path`` (the data folder's voicemaster.log, at most
    ``LOG_BYTES`` and ``LOG_BACKUPS`` older files: a log never fills the disk the games are
    saved on); None when it cannot be written (warnings go to stderr then, one line each).  A
    log set up before in this process (a command run again) is replaced, not added to."""
    root = logging.getLogger()
    for old in [h for h in root.handlers if isinstance(h, LogFile | ScreenLog)]:
        root.removeHandler(old)
        old.close()
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        handler: logging.Handler = LogFile(path)
    except OSError:
        root.addHandler(ScreenLog())
        return None
    handler.setFormatter(logging.Formatter("%(asctime)s %(levelname)s %(name)s: %(message)s"))
    root.addHandler(handler)
    root.setLevel(min(root.level or logging.WARNING, logging.WARNING))
    return path

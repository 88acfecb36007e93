"""The vosk model for ``voicemaster model download|list`` (the only network use, ever): fetched
into the models folder; the command prints, this module reports and raises DownloadError.

The archive is checked against its published size and SHA-256 (the same values are recorded by
several independent projects that pin this file), then for structure, and unpacked safely.
"""

from __future__ import annotations

import hashlib
import shutil
import threading
import urllib.error
import urllib.request
import zipfile
from collections.abc import Callable
from pathlib import Path
from typing import Any

from voicemaster.speech.asr.recognizers import VOSK_MODEL, is_vosk_model
from voicemaster.speech.base import BadDownload, DownloadError, Fetched

MODEL_URL = f"https://alphacephei.com/vosk/models/{VOSK_MODEL}.zip"
MODEL_BYTES = 41_205_931
MODEL_SHA256 = "30f26242c4eb449f948e42cb302dd7a686cb29a3423a8367f99ff41780942498"
CONNECT_TIMEOUT_S = 10.0
REQUIRED = ("am/final.mdl", "conf/model.conf", "graph/HCLr.fst")

OFFLINE = (
    "No internet: copy a vosk model folder into {dir}/ by hand (for example {name}, unzipped "
    "from {url}), or pass --model DIR to 'voicemaster play' / 'voicemaster hear'."
)
Progress = Callable[[int, int], None]  # bytes done, bytes in all


def _open(url: str, timeout: float) -> Any:
    """urlopen with a hard overall timeout (name resolution included)."""
    box: dict[str, Any] = {}

    def work() -> None:
        try:
            box["response"] = urllib.request.urlopen(url, timeout=timeout)  # noqa: S310
        except Exception as exc:  # handed to the caller below
            box["error"] = exc

    thread = threading.Thread(target=work, daemon=True)
    thread.start()
    thread.join(timeout + 1.0)
    if "response" in box:
        return box["response"]
    raise DownloadError(str(box.get("error", "timed out")))


def fetch(
    url: str, target: Path, timeout: float = CONNECT_TIMEOUT_S, progress: Progress | None = None
) -> str:
    """Download ``url`` to ``target``, telling ``progress`` as it goes; returns its SHA-256."""
    response = _open(url, timeout)
    total = int(response.headers.get("Content-Length") or MODEL_BYTES)
    digest, done = hashlib.sha256(), 0
    with response, target.open("wb") as out:
        while block := response.read(1 << 16):
            out.write(block)
            digest.update(block)
            done += len(block)
            if progress is not None:
                progress(done, total)
    return digest.hexdigest()


def verify_archive(archive: Path, name: str = VOSK_MODEL) -> None:
    """Raise DownloadError unless ``archive`` is an intact zip of one vosk model folder."""
    try:
        with zipfile.ZipFile(archive) as zf:
            bad = zf.testzip()
            names = zf.namelist()
    except zipfile.BadZipFile as exc:
        raise BadDownload(f"{archive.name} is not a valid zip: {exc}") from exc
    if bad is not None:
        raise BadDownload(f"{archive.name} is damaged (first bad member: {bad})")
    for member in names:
        parts = Path(member).parts
        if member.startswith("/") or ".." in parts or not parts or parts[0] != name:
            raise BadDownload(f"{archive.name} has an unexpected member {member!r}")
    missing = [f for f in REQUIRED if f"{name}/{f}" not in names]
    if missing:
        raise BadDownload(f"{archive.name} is not a vosk model (missing {', '.join(missing)})")


def unpack(archive: Path, root: Path, name: str = VOSK_MODEL) -> Path:
    verify_archive(archive, name)
    staging = root / f".{name}.unpacking"
    shutil.rmtree(staging, ignore_errors=True)
    with zipfile.ZipFile(archive) as zf:
        zf.extractall(staging)
    target = root / name
    shutil.rmtree(target, ignore_errors=True)
    (staging / name).rename(target)
    shutil.rmtree(staging, ignore_errors=True)
    return target


def download(
    root: Path,
    url: str = MODEL_URL,
    timeout: float = CONNECT_TIMEOUT_S,
    progress: Progress | None = None,
) -> Fetched:
    """The vosk model in ``root``, fetched from ``url`` unless it is there; DownloadError when
    it cannot be fetched, BadDownload when what came is not the model."""
    target = root / VOSK_MODEL
    if is_vosk_model(target):
        return Fetched(target, already=True)
    try:
        root.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise DownloadError(f"cannot create {root}: {exc.strerror}") from None
    part = root / f".{VOSK_MODEL}.zip.part"
    try:
        sha = fetch(url, part, timeout, progress)
    except (DownloadError, urllib.error.URLError, OSError) as exc:
        part.unlink(missing_ok=True)
        hint = OFFLINE.format(dir=root, name=VOSK_MODEL, url=MODEL_URL)
        raise DownloadError(str(exc), hint) from None
    try:
        size = part.stat().st_size
        if url == MODEL_URL and (size != MODEL_BYTES or sha != MODEL_SHA256):
            raise BadDownload(f"checksum mismatch ({size} bytes, sha256 {sha}): not the model")
        folder = unpack(part, root)
    finally:
        part.unlink(missing_ok=True)
    return Fetched(folder, note=f"sha256 {sha[:12]}..., verified")


def list_vosk(root: Path) -> list[Path]:
    """The vosk model folders in ``root``."""
    if not root.is_dir():
        return []
    return sorted(p for p in root.iterdir() if is_vosk_model(p))

"""``voicemaster model download|list``: the vosk model in models/ (the only network use, ever).

The archive is checked against its published size and SHA-256 (the same values are recorded by
several independent projects that pin this file), then for structure, and unpacked safely.
"""

from __future__ import annotations

import hashlib
import shutil
import sys
import threading
import urllib.error
import urllib.request
import zipfile
from pathlib import Path
from typing import IO, Any

from voicemaster.speech.asr.recognizers import VOSK_MODEL, is_vosk_model

MODEL_URL = f"https://alphacephei.com/vosk/models/{VOSK_MODEL}.zip"
MODEL_BYTES = 41_205_931
MODEL_SHA256 = "30f26242c4eb449f948e42cb302dd7a686cb29a3423a8367f99ff41780942498"
CONNECT_TIMEOUT_S = 10.0
REQUIRED = ("am/final.mdl", "conf/model.conf", "graph/HCLr.fst")

OFFLINE = (
    "No internet: copy a vosk model folder into {dir}/ by hand (for example {name}, unzipped "
    "from {url}), or pass --model DIR to 'voicemaster play' / 'voicemaster hear'."
)


class DownloadError(RuntimeError):
    pass


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


def _progress(done: int, total: int, out: IO[str]) -> None:
    width = 30
    share = done / total if total else 0.0
    bar = "#" * int(share * width)
    out.write(f"\r[{bar:<{width}}] {share:4.0%} {done / 1e6:5.1f}/{total / 1e6:.1f} MB")
    out.flush()


def fetch(url: str, target: Path, timeout: float = CONNECT_TIMEOUT_S) -> str:
    """Download ``url`` to ``target`` with a progress bar; returns its SHA-256."""
    response = _open(url, timeout)
    total = int(response.headers.get("Content-Length") or MODEL_BYTES)
    digest, done = hashlib.sha256(), 0
    with response, target.open("wb") as out:
        while block := response.read(1 << 16):
            out.write(block)
            digest.update(block)
            done += len(block)
            _progress(done, total, sys.stderr)
    sys.stderr.write("\n")
    return digest.hexdigest()


def verify_archive(archive: Path, name: str = VOSK_MODEL) -> None:
    """Raise DownloadError unless ``archive`` is an intact zip of one vosk model folder."""
    try:
        with zipfile.ZipFile(archive) as zf:
            bad = zf.testzip()
            names = zf.namelist()
    except zipfile.BadZipFile as exc:
        raise DownloadError(f"{archive.name} is not a valid zip: {exc}") from exc
    if bad is not None:
        raise DownloadError(f"{archive.name} is damaged (first bad member: {bad})")
    for member in names:
        parts = Path(member).parts
        if member.startswith("/") or ".." in parts or not parts or parts[0] != name:
            raise DownloadError(f"{archive.name} has an unexpected member {member!r}")
    missing = [f for f in REQUIRED if f"{name}/{f}" not in names]
    if missing:
        raise DownloadError(f"{archive.name} is not a vosk model (missing {', '.join(missing)})")


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


def download(root: Path, url: str = MODEL_URL, timeout: float = CONNECT_TIMEOUT_S) -> int:
    target = root / VOSK_MODEL
    if is_vosk_model(target):
        print(f"{target}: already there")
        return 0
    try:
        root.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        print(f"voicemaster model: cannot create {root}: {exc.strerror}", file=sys.stderr)
        return 2
    part = root / f".{VOSK_MODEL}.zip.part"
    try:
        print(f"downloading {url}", file=sys.stderr)
        sha = fetch(url, part, timeout)
    except (DownloadError, urllib.error.URLError, OSError) as exc:
        part.unlink(missing_ok=True)
        print(f"voicemaster model: {exc}", file=sys.stderr)
        print(OFFLINE.format(dir=root, name=VOSK_MODEL, url=MODEL_URL), file=sys.stderr)
        return 2
    try:
        size = part.stat().st_size
        if url == MODEL_URL and (size != MODEL_BYTES or sha != MODEL_SHA256):
            raise DownloadError(f"checksum mismatch ({size} bytes, sha256 {sha}): not the model")
        folder = unpack(part, root)
    except DownloadError as exc:
        print(f"voicemaster model: {exc}", file=sys.stderr)
        return 1
    finally:
        part.unlink(missing_ok=True)
    print(f"{folder}: ready (sha256 {sha[:12]}..., verified)")
    return 0


def list_models(root: Path) -> int:
    if not root.is_dir():
        print(f"no models: {root}/ does not exist (voicemaster model download)")
        return 0
    found = sorted(p for p in root.iterdir() if is_vosk_model(p))
    for folder in found:
        size = sum(f.stat().st_size for f in folder.rglob("*") if f.is_file())
        print(f"{folder.name}\t{size / 1e6:.0f} MB\t{folder}")
    if not found:
        print(f"no vosk models in {root}/ (voicemaster model download)")
    return 0

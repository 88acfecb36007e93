"""`voicemaster model download|list`: speech models (vosk, larger Whisper models) and Piper
voices in the models folder (``--dir``; by default the project's ``models/`` in a checkout, else
``models/`` in the data folder).  The speech layer fetches and reports; everything printed, and
every exit status, is decided here.  A download that fails leaves no folder it made behind."""

from __future__ import annotations

import contextlib
import os
import sys
from pathlib import Path

from voicemaster.settings import ModelSettings
from voicemaster.speech.base import BadDownload, DownloadError, Fetched

BAR_WIDTH = 30


def _folders(root: Path) -> set[Path]:
    """``root`` and every folder under it."""
    return {Path(folder) for folder, _, _ in os.walk(root)} if root.is_dir() else set()


def cmd_download(settings: ModelSettings) -> int:
    """Download a model; when it fails, the folders it made and left empty are removed."""
    before = _folders(settings.folder)
    try:
        fetched = _download(settings)
    except DownloadError as exc:
        print(f"voicemaster model: {exc}", file=sys.stderr)
        if exc.hint:
            print(exc.hint, file=sys.stderr)
        for folder in sorted(_folders(settings.folder) - before, key=lambda p: -len(p.parts)):
            with contextlib.suppress(OSError):
                folder.rmdir()  # only an empty folder goes
        return 1 if isinstance(exc, BadDownload) else 2
    if fetched.already:
        print(f"{fetched.path}: already there")
    else:
        print(f"{fetched.path}: ready ({fetched.note})")
    return 0


def _download(settings: ModelSettings) -> Fetched:
    from voicemaster.speech.asr.recognizers import VOSK_MODEL, is_vosk_model
    from voicemaster.speech.asr.vosk_models import MODEL_URL, download
    from voicemaster.speech.asr.whisper_models import WHISPER_MODELS, download_whisper

    name, folder = settings.name or "vosk", settings.folder
    if name in WHISPER_MODELS:
        return download_whisper(folder, name)
    if name.startswith("piper:"):
        from voicemaster.speech.voice.piper_voices import download_piper

        return download_piper(folder, name.partition(":")[2])
    if name != "vosk":
        known = ", ".join(["vosk", *WHISPER_MODELS, "piper:NAME"])
        raise DownloadError(f"unknown model {name!r} (known: {known})")
    if is_vosk_model(folder / VOSK_MODEL):
        return download(folder)  # already there
    print(f"downloading {MODEL_URL}", file=sys.stderr)
    try:
        return download(folder, progress=_progress)
    finally:
        sys.stderr.write("\n")  # after the progress bar


def _progress(done: int, total: int) -> None:
    share = done / total if total else 0.0
    bar = "#" * int(share * BAR_WIDTH)
    sys.stderr.write(f"\r[{bar:<{BAR_WIDTH}}] {share:4.0%} {done / 1e6:5.1f}/{total / 1e6:.1f} MB")
    sys.stderr.flush()


def cmd_list(settings: ModelSettings) -> int:
    from voicemaster.speech.asr.vosk_models import list_vosk
    from voicemaster.speech.asr.whisper_asr import BUNDLED_PACKAGE, available
    from voicemaster.speech.asr.whisper_models import list_whisper
    from voicemaster.speech.voice.piper_tts import BUNDLED_PACKAGE as BUNDLED_PIPER
    from voicemaster.speech.voice.piper_tts import BUNDLED_VOICE
    from voicemaster.speech.voice.piper_tts import available as piper_available
    from voicemaster.speech.voice.piper_voices import list_piper

    bundled = "installed" if available() else "not installed"
    print(f"whisper tiny.en\t(bundled in {BUNDLED_PACKAGE}: {bundled})")
    for folder in list_whisper(settings.folder):
        print(f"{folder.name}\t{folder}")
    piper = "installed" if piper_available() else "not installed"
    print(f"piper {BUNDLED_VOICE}\t(bundled in {BUNDLED_PIPER}: {piper})")
    for voice in list_piper(settings.folder):
        print(f"piper:{voice.name.removesuffix('.onnx')}\t{voice}")
    _list_vosk(settings.folder, list_vosk(settings.folder))
    return 0


def _list_vosk(root: Path, found: list[Path]) -> None:
    if not root.is_dir():
        print(f"no models: {root}/ does not exist (voicemaster model download)")
        return
    for folder in found:
        size = sum(f.stat().st_size for f in folder.rglob("*") if f.is_file())
        print(f"{folder.name}\t{size / 1e6:.0f} MB\t{folder}")
    if not found:
        print(f"no vosk models in {root}/ (voicemaster model download)")

"""`voicemaster model download|list`: speech models (vosk, larger Whisper models) and Piper
voices in the models folder (``--dir``, default the project's ``models/`` beside the package,
whatever the working folder).  A download that fails leaves no folder it made behind."""

from __future__ import annotations

import contextlib
import os
import sys
from pathlib import Path

from voicemaster.settings import ModelSettings


def _folders(root: Path) -> set[Path]:
    """``root`` and every folder under it."""
    return {Path(folder) for folder, _, _ in os.walk(root)} if root.is_dir() else set()


def cmd_download(settings: ModelSettings) -> int:
    """Download a model; when it fails, the folders it made and left empty are removed."""
    before = _folders(settings.folder)
    code = _download(settings)
    if code != 0:
        for folder in sorted(_folders(settings.folder) - before, key=lambda p: -len(p.parts)):
            with contextlib.suppress(OSError):
                folder.rmdir()  # only an empty folder goes
    return code


def _download(settings: ModelSettings) -> int:
    from voicemaster.speech.asr.vosk_models import download
    from voicemaster.speech.asr.whisper_models import WHISPER_MODELS, download_whisper

    name, folder = settings.name or "vosk", settings.folder
    if name in WHISPER_MODELS:
        return download_whisper(folder, name)
    if name.startswith("piper:"):
        from voicemaster.speech.voice.piper_voices import download_piper

        return download_piper(folder, name.partition(":")[2])
    if name != "vosk":
        known = ", ".join(["vosk", *WHISPER_MODELS, "piper:NAME"])
        print(f"voicemaster model: unknown model {name!r} (known: {known})", file=sys.stderr)
        return 2
    return download(folder)


def cmd_list(settings: ModelSettings) -> int:
    from voicemaster.speech.asr.vosk_models import list_models
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
    return list_models(settings.folder)

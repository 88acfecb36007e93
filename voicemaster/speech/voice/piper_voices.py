"""Other Piper voices for ``voicemaster model download piper:NAME`` (a machine with internet,
once): the voice's ``.onnx`` and ``.onnx.json`` from the Piper voices collection into
``models/piper/``, then chosen with ``--voice piper:NAME``.  The bundled en_US-joe-medium needs
no download.
"""

from __future__ import annotations

import re
from pathlib import Path

from voicemaster.speech.base import DownloadError, Fetched
from voicemaster.speech.voice.piper_tts import piper_config
from voicemaster.speech.voice.voice_choice import PIPER_FOLDER

NAME = re.compile(r"^[a-z]{2,3}_[A-Z]{2}-[A-Za-z0-9_]+-(x_low|low|medium|high)$")


def download_piper(root: Path, name: str) -> Fetched:
    """The Piper voice ``name`` (``en_US-lessac-medium``) in ``root/piper``, fetched unless it
    is there; DownloadError when the name is malformed or the machine is offline."""
    if not NAME.match(name):
        shape = "LANGUAGE_REGION-NAME-QUALITY, e.g. en_US-lessac-medium"
        raise DownloadError(f"{name!r} is not a Piper voice name ({shape})")
    folder = root / PIPER_FOLDER
    model = folder / f"{name}.onnx"
    if model.is_file() and piper_config(model).is_file():
        return Fetched(model, already=True)
    try:
        from piper.download_voices import download_voice
    except ImportError:
        raise DownloadError("piper-tts is missing: pip install piper-tts==1.8.0") from None
    try:
        folder.mkdir(parents=True, exist_ok=True)
        download_voice(name, folder)
    except Exception as exc:  # any network failure: one line, no traceback
        for part in (model, piper_config(model)):
            part.unlink(missing_ok=True)  # no half-written voice left to be loaded
        first = str(exc).splitlines()[0] if str(exc) else ""
        raise DownloadError(
            f"could not download the Piper voice {name} ({type(exc).__name__}: {first}); "
            "no internet? the bundled voice keeps working"
        ) from None
    return Fetched(model, note=f"use --voice piper:{name}")


def list_piper(root: Path) -> list[Path]:
    """The Piper voices in ``root/piper``."""
    folder = root / PIPER_FOLDER
    if not folder.is_dir():
        return []
    return sorted(p for p in folder.glob("*.onnx") if piper_config(p).is_file())

"""Choosing the recognizer: Whisper by default, vosk when its model is given or found,
pocketsphinx as the fallback that always runs."""

from __future__ import annotations

import sys
from pathlib import Path

from voicemaster.speech.base import ASR_NAMES, Recognizer, SpeechUnavailable

VOSK_MODEL = "vosk-model-small-en-us-0.15"


def is_vosk_model(path: Path) -> bool:
    return path.is_dir() and any(
        (path / marker).exists() for marker in ("am/final.mdl", "final.mdl", "conf/model.conf")
    )


def find_vosk_model(models_dir: str | Path | None) -> Path | None:
    """The vosk model folder under ``models_dir`` (the small English one preferred); None
    without a models folder."""
    if models_dir is None:
        return None
    root = Path(models_dir)
    if not root.is_dir():
        return None
    found = sorted(p for p in root.iterdir() if is_vosk_model(p))
    preferred = [p for p in found if p.name == VOSK_MODEL]
    chosen = preferred or found
    return chosen[0] if chosen else None


def make_recognizer(
    asr: str | None = None,
    model_dir: str | Path | None = None,
    models_dir: str | Path | None = None,
) -> Recognizer:
    """The recognizer asked for; by default Whisper (bundled tiny.en), else vosk when a model
    is given or found in ``models_dir`` (the downloaded models' folder the command line
    chose), else pocketsphinx.  ``model_dir`` is a Whisper model
    folder (model.bin) or a vosk model folder."""
    if asr not in (None, *ASR_NAMES):
        raise SpeechUnavailable(f"unknown recognizer {asr!r} (use {', '.join(ASR_NAMES)})")
    model = Path(model_dir) if model_dir else None
    if model is not None and not model.is_dir():
        raise SpeechUnavailable(f"no model folder at {model}")
    whisper_model = model is not None and (model / "model.bin").is_file()
    if asr == "whisper" and model is not None and not whisper_model:
        raise SpeechUnavailable(f"no Whisper model (model.bin, config.json) in {model}")
    if asr is None and model is not None and not whisper_model and not (model / "am").is_dir():
        raise SpeechUnavailable(
            f"no model in {model}: a Whisper model folder holds model.bin and config.json "
            "(voicemaster model download base.en), a vosk model folder am/ and conf/"
        )
    if asr == "whisper" or (asr is None and (whisper_model or model is None)):
        from voicemaster.speech.asr import whisper_asr

        if asr == "whisper" or whisper_model or whisper_asr.available():
            whisper: Recognizer = whisper_asr.WhisperRecognizer(model if whisper_model else None)
            return whisper
        print(f"voicemaster: Whisper is not installed ({whisper_asr.INSTALL}); "
              "listening with pocketsphinx", file=sys.stderr)  # fmt: skip
    if asr != "pocketsphinx" and model is None:
        model = find_vosk_model(models_dir)
    if asr == "vosk" and model is None:
        raise SpeechUnavailable(
            f"no vosk model in {models_dir or 'the models folder'}/: run 'voicemaster model "
            "download' or copy a vosk model folder there (or pass --model DIR)"
        )
    if asr != "pocketsphinx" and model is not None:
        from voicemaster.speech.asr.vosk_asr import VoskRecognizer

        vosk: Recognizer = VoskRecognizer(model)
        return vosk
    from voicemaster.speech.asr.pocketsphinx_asr import PocketsphinxRecognizer

    sphinx: Recognizer = PocketsphinxRecognizer()
    return sphinx

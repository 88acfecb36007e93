"""The pocketsphinx package and its English model, and reading what its decoders give back
(shared by the recognizer, voicemaster.speech.asr.pocketsphinx_asr, and the shout spotter,
voicemaster.speech.asr.kws)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from voicemaster.speech.base import SpeechUnavailable

FRAME_S = 0.01  # pocketsphinx frames are 10 ms
PHONE_LM = "en-us-phone.lm.bin"  # the model's phonetic trigram, for a phone loop
_NOT_SPEECH = ("<", "[", "+")  # <sil>, <s>, </s>, [noise], +SPN+: not words of the phrase


def pocketsphinx_module() -> Any:
    """The pocketsphinx package, or SpeechUnavailable naming how to install it."""
    try:
        import pocketsphinx
    except ImportError as exc:  # pragma: no cover - a dependency of the package
        raise SpeechUnavailable("pocketsphinx is not installed: pip install pocketsphinx") from exc
    return pocketsphinx


def model_files(model_path: str | Path | None = None) -> tuple[Path, dict[str, str]]:
    """The English model's folder and its acoustic model and dictionary (``hmm``, ``dict``):
    ``model_path``, or the one inside the pocketsphinx package; SpeechUnavailable if absent."""
    bundled = Path(pocketsphinx_module().get_model_path()) / "en-us"
    root = Path(model_path) if model_path else bundled
    files = {"hmm": root / "en-us", "dict": root / "cmudict-en-us.dict"}
    if not all(p.exists() for p in files.values()):
        raise SpeechUnavailable(f"no pocketsphinx English model in {root}")
    return root, {key: str(path) for key, path in files.items()}


def speech_frames(segments: Any) -> set[int]:
    """The frames of the segments that are words or phones, not silence or fillers."""
    frames: set[int] = set()
    for seg in segments or ():
        if not seg.word.startswith(_NOT_SPEECH) and seg.word != "SIL":
            frames.update(range(int(seg.start_frame), int(seg.end_frame) + 1))
    return frames


def clean_text(text: str) -> str:
    """Free-decoding text without fillers such as [noise] or <sil>."""
    return " ".join(w.split("(")[0] for w in text.split() if w[:1] not in "[<+")

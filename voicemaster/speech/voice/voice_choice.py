"""Which voice the quizmaster speaks with and how: read by cli.py from ``--voice``, ``--rate``,
``--volume``, ``--car`` and the config file, handed down as a frozen :class:`VoiceChoice`.

Voices: ``piper`` (the bundled en_US-joe-medium), ``piper:NAME`` (a voice fetched with
``voicemaster model download piper:NAME`` into ``models/piper/``, or a path to a ``.onnx``),
``espeak`` (pyttsx3 on espeak-ng, then the espeak-ng command line) and ``espeak:LANGUAGE``
(an espeak-ng voice such as ``en-gb-x-rp``; a bare ``en-us`` is taken as one too).  Without a
choice Piper speaks when it is installed, else espeak-ng.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from voicemaster.speech.voice.renderers import VoiceSettings

PIPER_FOLDER = "piper"  # Piper voices live in models/piper/NAME.onnx (+ NAME.onnx.json)
VOICE_HELP = "piper, piper:NAME, espeak or espeak:LANGUAGE"


@dataclass(frozen=True)
class VoiceChoice:
    """The speaker kind (see :func:`voicemaster.speech.voice.tts.make_speaker`) and its settings."""

    kind: str = "auto"
    settings: VoiceSettings = field(default_factory=VoiceSettings)


def piper_model(name: str, models: Path | None) -> Path:
    """A Piper voice by name (``models/piper/NAME.onnx``) or by the path of its ``.onnx``."""
    path = Path(name).expanduser()
    if path.suffix == ".onnx":
        return path
    if models is None:
        raise ValueError(f"the Piper voice {name!r} is looked for in a models folder; none given")
    return models / PIPER_FOLDER / f"{name}.onnx"


def parse_voice(spec: str | None, models: Path | None) -> tuple[str, str | None, Path | None]:
    """``spec`` as (speaker kind, espeak-ng voice, Piper model); ValueError saying what a voice
    may be."""
    spec = (spec or "auto").strip()
    engine, colon, name = spec.partition(":")
    if spec in ("auto", "piper"):
        return spec, None, None
    if spec in ("espeak", "espeak-ng", "pyttsx3"):
        return "pyttsx3", None, None
    if engine == "piper" and name:
        return "piper", None, piper_model(name, models)
    if engine in ("espeak", "espeak-ng") and name:
        return "pyttsx3", name, None
    if spec.endswith(".onnx"):
        return "piper", None, Path(spec).expanduser()
    if not colon and spec and " " not in spec:
        return "pyttsx3", spec, None  # an espeak-ng voice, e.g. en-us
    raise ValueError(f"unknown voice {spec!r}: use {VOICE_HELP}")


def choose_voice(
    spec: str | None,
    rate: int | None = None,
    volume: float | None = None,
    car: bool = False,
    models: Path | None = None,
) -> VoiceChoice:
    """The choice from the flags (or the config file's settings, the flags having none)."""
    kind, voice, model = parse_voice(spec, models)
    settings = VoiceSettings(
        voice=voice,
        rate=VoiceSettings.rate if rate is None else rate,
        volume=VoiceSettings.volume if volume is None else volume,
        model=model,
        car=car,
    )
    return VoiceChoice(kind, settings)

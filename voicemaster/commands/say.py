"""`voicemaster say` (speak a text or render it to a WAV file) and `voicemaster devices`."""

from __future__ import annotations

import sys

from voicemaster.settings import SaySettings
from voicemaster.speech.base import SpeechUnavailable
from voicemaster.speech.voice.renderers import VoiceSettings


def named_voice_problem(kind: str, voice: VoiceSettings) -> str | None:
    """Why a voice asked for by name (``--voice piper:NAME``, ``espeak:NAME``) cannot speak,
    or None: a named voice never falls back to another engine's voice silently."""
    from voicemaster.speech.voice.tts import FACTORIES, _factory

    if (voice.voice is None and voice.model is None) or kind in ("auto", "text"):
        return None
    try:
        _factory(FACTORIES[kind][0])(voice)
    except SpeechUnavailable as exc:
        name = voice.voice or (voice.model.stem if voice.model else "")
        return f"the voice {kind}:{name} cannot be used: {exc}"
    return None


def cmd_say(settings: SaySettings) -> int:
    """Speak the text, or with ``--wav OUT`` render it to a WAV file."""
    from voicemaster.speech.voice.tts import TextSpeaker, make_speaker

    text = settings.text
    if not text.strip():
        print("voicemaster say: nothing to say (the text is empty)", file=sys.stderr)
        return 2
    choice = settings.voice
    why = named_voice_problem(choice.kind, choice.settings) if settings.named else None
    if why is not None:
        print(f"voicemaster say: {why}", file=sys.stderr)
        return 2
    speaker = make_speaker(choice.kind, settings=choice.settings)
    if settings.wav:
        if isinstance(speaker, TextSpeaker):
            print("voicemaster say: no speech engine works: install espeak-ng", file=sys.stderr)
            return 1
        try:
            path, seconds = speaker.render_wav(text, settings.wav)
        except SpeechUnavailable as exc:
            print(f"voicemaster say: {exc}", file=sys.stderr)
            return 1
        except OSError as exc:
            print(f"voicemaster say: cannot write {settings.wav}: {exc.strerror}", file=sys.stderr)
            return 1
        print(f"{path}: {seconds:.2f} s")
        return 0
    speaker.say(text)  # with no sound card it explains once and prints the text instead
    return 0


def _line(index: int, name: str, detail: str) -> str:
    return f"  {index:>3}  {name}  ({detail})"


def cmd_devices(settings: None = None) -> int:
    """List microphones and speakers with their index and name."""
    from voicemaster.speech.capture.microphone import list_devices

    try:
        devices = list_devices()
    except SpeechUnavailable as exc:
        print(f"voicemaster devices: {exc}", file=sys.stderr)
        return 1
    if not devices:
        print("No sound devices found (no sound card?): plug in a USB microphone and a speaker.")
        return 1
    inputs = [d for d in devices if d.inputs > 0]
    outputs = [d for d in devices if d.outputs > 0]
    print("Microphones (use --device INDEX or a part of the name):")
    for d in inputs:
        print(_line(d.index, d.name, f"{d.inputs} ch, {d.default_rate} Hz"))
    if not inputs:
        print("  none: plug in a USB microphone, or play with --input keyboard")
    print("Speakers:")
    for d in outputs:
        print(_line(d.index, d.name, f"{d.outputs} ch, {d.default_rate} Hz"))
    if not outputs:
        print("  none: the quizmaster will print what it says")
    return 0

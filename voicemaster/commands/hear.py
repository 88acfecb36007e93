"""`voicemaster hear` and `voicemaster spot`: answers and shouts in WAV files.

``hear`` and ``spot`` stream each WAV through the same path a game uses (chunks -> endpointer ->
recognizer -> judge) and print one JSON object per input line; a bad line prints an ``error``
object and the rest still run.
"""

from __future__ import annotations

import json
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from functools import partial
from pathlib import Path
from typing import Any, TextIO

import numpy as np

from voicemaster.judge import judge
from voicemaster.judge.cases import JUDGE_KEYS, key_problem, string_list
from voicemaster.judge.model import AnswerKey, Verdict
from voicemaster.settings import HearSettings
from voicemaster.speech.asr.recognizers import make_recognizer
from voicemaster.speech.audio import AudioError, dither, duration_s, pad, read_wav
from voicemaster.speech.base import Expectation, Heard, Recognizer, SpeechUnavailable
from voicemaster.speech.capture.endpoint_config import EndpointConfig
from voicemaster.speech.mic_ears import HeardUtterance, MicEars, expectation_for

HEAR_KEYS = (*(k for k in JUDGE_KEYS if k != "spoken"), "wav", "teams")
SPOT_KEYS = ("id", "wav", "teams")
CHUNK_MS = 20
TRAILING_S = 1.0  # quiet appended to a file: the pause a room gives after an answer
FILE_CONFIG = EndpointConfig(holdoff_s=0.0)  # a file holds no echo of our own voice


# ---------------------------------------------------------------------------- input lines


@contextmanager
def _lines(path: str) -> Iterator[TextIO]:
    if path == "-":
        yield sys.stdin
    else:
        with open(path, encoding="utf-8") as stream:
            yield stream


def _wav_path(value: Any, base: Path) -> Path:
    if not isinstance(value, str) or not value:
        raise ValueError("'wav' must be a file name")
    path = Path(value)
    if not path.is_absolute() and not path.exists() and (base / path).exists():
        path = base / path  # relative to the JSONL file's folder
    return path


def _stream(path: Path, seed: int) -> tuple[bytes, float]:
    """The file's audio followed by a quiet pause (dithered), and the file's duration."""
    pcm = read_wav(path)
    tail = dither(pad(b"", 0.0, TRAILING_S), np.random.default_rng(seed))
    return pcm + tail, duration_s(pcm)


def _ears(pcm: bytes, recognizer: Recognizer, models: Path | None) -> MicEars:
    """The file's ears as the game's: its second opinion too (joined into ``models``)."""
    from voicemaster.audio_sim.sources import WavSource
    from voicemaster.speech.asr.second_opinion import default_for

    second = default_for(recognizer, models)
    return MicEars(WavSource(pcm, chunk_ms=CHUNK_MS), recognizer, FILE_CONFIG, second=second)


def _run(settings: HearSettings, name: str, one: Any, recognizer: Recognizer | None = None) -> int:
    """Shared driver: open input, make the recognizer, print one JSON object per line."""
    try:
        rec = recognizer or make_recognizer(settings.asr, settings.model, settings.models)
    except SpeechUnavailable as exc:
        print(f"voicemaster {name}: {exc}", file=sys.stderr)
        return 2
    jsonl = settings.jsonl
    base = Path(jsonl).resolve().parent if jsonl != "-" else Path.cwd()
    failed = 0
    where = "<stdin>" if jsonl == "-" else jsonl
    try:
        with _lines(jsonl) as stream:
            for number, line in enumerate(stream, 1):
                if not line.strip():
                    continue
                out = _safely(one, line, number, base, rec)
                if "error" in out:
                    failed += 1
                    print(f"{where}:{number}: {out['error']}", file=sys.stderr)
                print(json.dumps(out, ensure_ascii=False), flush=True)
    except OSError as exc:
        print(f"voicemaster {name}: cannot read {jsonl}: {exc.strerror or exc}", file=sys.stderr)
        return 2
    except UnicodeDecodeError:
        print(f"voicemaster {name}: {jsonl} is not UTF-8 text", file=sys.stderr)
        return 2
    return 2 if failed else 0


def _safely(one: Any, line: str, number: int, base: Path, rec: Recognizer) -> dict[str, Any]:
    ident: Any = None
    try:
        obj = json.loads(line)
        if not isinstance(obj, dict):
            raise ValueError("a line must be a JSON object")
        ident = obj.get("id")
        result: dict[str, Any] = one(obj, base, rec, number)
        return result
    except json.JSONDecodeError as exc:
        return {"id": None, "line": number, "error": f"not JSON: {exc.msg} at column {exc.colno}"}
    except (ValueError, AudioError, SpeechUnavailable) as exc:
        return {"id": ident, "line": number, "error": str(exc)}
    except Exception as exc:  # a bug must still not print a traceback at a user
        return {"id": ident, "line": number, "error": f"{type(exc).__name__}: {exc}"}


# ---------------------------------------------------------------------------- hear


@dataclass(frozen=True)
class JudgedUtterance:
    """An utterance heard and judged."""

    utterance: HeardUtterance
    verdict: Verdict
    judge_ms: float
    latency_ms: float  # last speech sample -> verdict (wall)


def listen_and_judge(
    ears: MicEars, expectation: Expectation, key: AnswerKey, timeout: float
) -> JudgedUtterance | None:
    """Endpoint -> recognize -> judge ``key``.  None: silence."""
    got = ears.listen(expectation, timeout)
    if got is None:
        return None
    began = time.perf_counter()
    verdict = judge(got.heard.text, key)
    judge_ms = (time.perf_counter() - began) * 1000
    return JudgedUtterance(got, verdict, judge_ms, got.latency_ms + judge_ms)


def hear_one(
    obj: dict[str, Any], base: Path, rec: Recognizer, seed: int, models: Path | None = None
) -> dict[str, Any]:
    """One `hear` line -> its output object (raises ValueError/AudioError on a bad line)."""
    from voicemaster.judge.cases import BadLine, parse_line

    why = key_problem(obj, HEAR_KEYS, ("wav", "answer"))
    if why is not None:
        raise ValueError(why)
    case = parse_line(json.dumps({k: v for k, v in obj.items() if k in JUDGE_KEYS}))
    if isinstance(case, BadLine):
        raise ValueError(case.error)
    pcm, seconds = _stream(_wav_path(obj.get("wav"), base), seed)
    expectation = expectation_for(case.key, teams=string_list(obj, "teams"))
    ears = _ears(pcm, rec, models)
    try:
        got = listen_and_judge(ears, expectation, case.key, timeout=seconds + TRAILING_S)
    finally:
        ears.close()
    out: dict[str, Any] = {"id": case.id}
    if got is None:
        verdict = judge("", case.key)
        return {**out, "heard": "", "correct": verdict.correct, "verdict": verdict.verdict,
                "decision": "silent", "endpoint_ms": None, "decode_ms": None}  # fmt: skip
    heard = got.utterance.heard
    return {
        **out,
        "heard": heard.text,
        "correct": bool(got.verdict.correct),
        "verdict": str(got.verdict.verdict),
        **decision(got.verdict, heard, case.key),
        "unclear": heard.unclear,
        "narrow": heard.narrow,
        "guessed": heard.guessed,
        "endpoint_ms": round(got.utterance.endpoint_ms, 1),
        "decode_ms": round(got.utterance.decode_ms, 1),
        "latency_ms": round(got.latency_ms, 1),
        "bezzerwizzer": heard.bezzerwizzer,
        "team": heard.team,
    }


def decision(verdict: Verdict, heard: Heard, key: AnswerKey | None = None) -> dict[str, Any]:
    """What the game would do with this hearing of a team's first answer (no other team
    waiting): ``taken``, ``asked`` (with the words asked back in ``ask``) or ``again`` — the
    quizmaster's own ``next_step``, so the two cannot drift apart (with ``key``, the card's
    answers, a right form in Whisper's beam is heard again as in the game)."""
    from voicemaster.host.asking import FIRST, Stage, next_step
    from voicemaster.host.quiz import Judged

    judged = Judged(verdict.verdict, verdict.matched or heard.text, verdict.reason)
    stage = FIRST if key is None else Stage(right=lambda text: judge(text, key).correct)
    step = next_step(judged, heard, guarded=False, stage=stage)
    return {"decision": step.decision, "ask": step.ask}


def cmd_hear(settings: HearSettings) -> int:
    return _run(settings, "hear", partial(hear_one, models=settings.models))


# ---------------------------------------------------------------------------- spot


def spot_one(
    obj: dict[str, Any], base: Path, rec: Recognizer, seed: int, keywords: Any = None
) -> dict[str, Any]:
    """One `spot` line: the file streamed through the keyword spotter, each candidate confirmed
    by Whisper (:mod:`voicemaster.speech.asr.kws`), until a shout is confirmed."""
    from voicemaster.speech.asr.kws import spot
    from voicemaster.speech.asr.whisper_asr import WhisperRecognizer

    why = key_problem(obj, SPOT_KEYS, ("wav",))
    if why is not None:
        raise ValueError(why)
    pcm, _seconds = _stream(_wav_path(obj.get("wav"), base), seed)
    whisper = rec if isinstance(rec, WhisperRecognizer) else None
    shout = spot(pcm, string_list(obj, "teams"), keywords, whisper)
    if not shout.found:
        return {"id": obj.get("id"), "bezzerwizzer": False, "team": None, "at_s": None}
    return {"id": obj.get("id"), "bezzerwizzer": True, "team": shout.team,
            "at_s": round(shout.at_s, 2), "heard": shout.heard}  # fmt: skip


def cmd_spot(settings: HearSettings) -> int:
    """Shouts are spotted by pocketsphinx's keyword search and confirmed by Whisper."""
    try:
        from voicemaster.speech.asr.kws import KeywordSpotter
        from voicemaster.speech.asr.whisper_asr import WhisperRecognizer

        keywords = KeywordSpotter()
        whisper = WhisperRecognizer(settings.model)
    except SpeechUnavailable as exc:
        print(f"voicemaster spot: {exc}", file=sys.stderr)
        return 2
    return _run(settings, "spot", partial(spot_one, keywords=keywords), whisper)

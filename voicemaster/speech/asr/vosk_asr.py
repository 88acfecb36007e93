"""The vosk recognizer: the window's grammar and free decoding of the same audio, fused.

Vosk grammars become a small bigram model, so a grammar result can hold several phrases; the
one that matches best is taken.  Words outside the model's vocabulary and reserved tokens
(``<eps>`` aborts the process) never reach vosk.
"""

from __future__ import annotations

import json
import struct
import time
from functools import lru_cache
from pathlib import Path
from typing import Any, BinaryIO

from voicemaster.speech.asr import grammar, spotter
from voicemaster.speech.asr.fusion import best_phrase, fuse
from voicemaster.speech.asr.policy import GRAMMAR
from voicemaster.speech.base import SAMPLE_RATE, Expectation, Heard, SpeechUnavailable

_FST_MAGIC = 2125659606
_SYMS_MAGIC = 2125658996
_UNKNOWN = ("[unk]", "<unk>", "<UNK>")
SURE = GRAMMAR.vosk_sure  # word confidence from which the grammar's phrase is heard


def _vosk() -> Any:
    try:
        import vosk
    except ImportError as exc:
        raise SpeechUnavailable("vosk is not installed: pip install vosk") from exc
    vosk.SetLogLevel(-1)
    return vosk


def _string(f: BinaryIO) -> str:
    (size,) = struct.unpack("<i", f.read(4))
    return f.read(size).decode("utf-8", errors="replace")


def _fst_symbols(path: Path) -> frozenset[str] | None:
    """The input symbol table stored in an OpenFst file (vosk's Gr.fst), if it has one."""
    with path.open("rb") as f:
        (magic,) = struct.unpack("<i", f.read(4))
        if magic != _FST_MAGIC:
            return None
        _string(f), _string(f)
        _version, flags = struct.unpack("<ii", f.read(8))
        f.read(8 + 8 * 3)  # properties, start, number of states and arcs
        if not flags & 1:
            return None
        (magic,) = struct.unpack("<i", f.read(4))
        if magic != _SYMS_MAGIC:
            return None
        _string(f)
        _available, size = struct.unpack("<qq", f.read(16))
        found: set[str] = set()
        for _ in range(size):
            found.add(_string(f))
            f.read(8)
        return frozenset(found)


@lru_cache(maxsize=4)
def vocabulary(model_dir: str) -> frozenset[str] | None:
    """The model's words (graph/words.txt, else Gr.fst's symbol table); None when unknown."""
    graph = Path(model_dir) / "graph"
    words_txt = graph / "words.txt"
    try:
        if words_txt.exists():
            lines = words_txt.read_text(encoding="utf-8").splitlines()
            return frozenset(line.split()[0] for line in lines if line.strip())
        if (graph / "Gr.fst").exists():
            return _fst_symbols(graph / "Gr.fst")
    except (OSError, struct.error, UnicodeDecodeError, IndexError):
        return None
    return None


def unknown_token(vocab: frozenset[str] | None) -> str:
    """The model's unknown-word token ("[unk]" unless the vocabulary says otherwise)."""
    if vocab is not None:
        for token in _UNKNOWN:
            if token in vocab:
                return token
    return "[unk]"


class VoskRecognizer:
    """Grammar + free decoding with one vosk model, checked at construction."""

    def __init__(self, model_dir: str | Path) -> None:
        vosk = _vosk()
        path = Path(model_dir)
        if not (path / "am").is_dir() and not (path / "final.mdl").exists():
            raise SpeechUnavailable(f"{path} is not a vosk model folder (no am/ inside)")
        started = time.perf_counter()
        try:
            self._model = vosk.Model(str(path))
        except Exception as exc:  # vosk raises a bare Exception
            raise SpeechUnavailable(f"vosk could not load the model in {path}: {exc}") from exc
        self._vosk = vosk
        self.vocab = vocabulary(str(path))
        self.unknown = unknown_token(self.vocab)
        self._health_check(path)
        self.startup_s = time.perf_counter() - started

    def _health_check(self, path: Path) -> None:
        """A recognizer over 0.2 s of dither: a truncated graph only fails here."""
        try:
            rec = self._vosk.KaldiRecognizer(self._model, SAMPLE_RATE)
            rec.AcceptWaveform(bytes(b"\x01\x00\xff\xff" * int(SAMPLE_RATE * 0.1)))
            json.loads(rec.FinalResult())
        except Exception as exc:
            raise SpeechUnavailable(f"the vosk model in {path} is broken: {exc}") from exc

    def _phrases(self, expectation: Expectation) -> tuple[str, ...]:
        spoken = grammar.spoken_forms(expectation.phrases() + expectation.teams)
        phrases = grammar.sanitise(spoken, ascii_only=False)
        phrases += spotter.shout_phrases(expectation.teams)
        if self.vocab is None:
            return phrases
        return tuple(p for p in phrases if all(w in self.vocab for w in p.split()))

    def _decode(self, pcm: bytes, phrases: tuple[str, ...] | None) -> tuple[str, list[Any]]:
        if phrases is None:
            rec = self._vosk.KaldiRecognizer(self._model, SAMPLE_RATE)
        else:
            spec = grammar.vosk_grammar(phrases, self.unknown)
            rec = self._vosk.KaldiRecognizer(self._model, SAMPLE_RATE, spec)
        rec.SetWords(True)
        rec.AcceptWaveform(pcm)
        result = json.loads(rec.FinalResult())
        words = [w for w in result.get("result", []) if w.get("word") not in _UNKNOWN]
        return " ".join(w["word"] for w in words), words

    def recognize(self, pcm: bytes, expectation: Expectation) -> Heard:
        started = time.perf_counter()
        phrases = self._phrases(expectation)
        grammar_text, found = self._decode(pcm, phrases) if phrases else ("", [])
        picked = best_phrase(grammar_text, phrases) or grammar_text
        sure = _confidence(found, picked) >= SURE
        free_text = None
        if (expectation.free and not sure) or not phrases:
            free_text = self._decode(pcm, None)[0]

        def rescore(_free: str) -> str:
            # vosk's grammar keeps an unknown-word branch, so its word confidence is the check
            return picked if sure else _free

        fused = fuse(picked, free_text, phrases, rescore)
        shout, team = spotter.find_shout(fused.text, expectation.teams)
        starts = [float(w.get("start", 0.0)) for w in found if w["word"] == spotter.WORD]
        ms = (time.perf_counter() - started) * 1000.0
        return Heard(
            fused.text,
            fused.alternatives,
            fused.confidence,
            shout,
            team,
            ms,
            fused.unclear,
            fused.narrow,
            shout_s=starts[0] if shout and starts else 0.0,
        )


def _confidence(words: list[Any], phrase: str) -> float:
    """The lowest word confidence vosk gave the phrase's words (0 when they are missing)."""
    wanted = set(phrase.split())
    confs = [float(w.get("conf", 0.0)) for w in words if w.get("word") in wanted]
    return min(confs) if confs and wanted else 0.0

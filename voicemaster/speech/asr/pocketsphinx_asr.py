"""The embedded recognizer: pocketsphinx with a grammar per listening window, verified against a
phone loop decoding the same audio (see voicemaster.speech.asr.fusion); free decoding says what was
said when the grammar's phrase is rejected.

The model's initial cepstral mean is far from an utterance's own in steady room noise, and live
normalisation adapts too slowly for a short answer (a confident wrong phrase: "fleetwood mac" for
"Ringo Starr").  So streaming waits for the first ``PRIME_S`` of audio and starts from its mean
(decoding catches up while the team still speaks), shorter utterances are decoded whole, and a
phrase rejected on the streamed features gets a second look on the whole buffered utterance."""

from __future__ import annotations

import itertools
import math
import os
import time
from collections import OrderedDict
from dataclasses import replace
from pathlib import Path
from typing import Any

import numpy as np

from voicemaster.speech.asr import grammar, spotter
from voicemaster.speech.asr.fusion import Fused, accept_llr, verify
from voicemaster.speech.asr.sphinx_model import (
    FRAME_S,
    PHONE_LM,
    clean_text,
    model_files,
    pocketsphinx_module,
    speech_frames,
)
from voicemaster.speech.audio import dither
from voicemaster.speech.base import (
    SAMPLE_RATE,
    Expectation,
    GrammarPath,
    Heard,
    PhoneCheck,
    SpeechUnavailable,
)

PRIME_S = 0.8  # streamed audio whose cepstral mean starts the decoders (see feed)
_SEARCHES = 16  # grammar searches kept (one per distinct window)
# Free decoding (only for rejected phrases) without the flat-lexicon pass and with narrower
# beams: much faster, nearly the same text (docs/tuning.md)
FREE_CONFIG: dict[str, Any] = {
    "fwdflat": False,
    "beam": 1e-40,
    "wbeam": 1e-30,
    "pbeam": 1e-40,
    "maxhmmpf": 3000,
    "maxwpf": 5,
}
NBEST = 20  # n-best paths searched for a complete phrase when the best path is partial


class PocketsphinxRecognizer:
    """Grammar, phone-loop and free decoding with pocketsphinx 5; the three decoders reused."""

    def __init__(self, model_path: str | Path | None = None, free: bool = True) -> None:
        ps = pocketsphinx_module()
        root, files = model_files(model_path)
        base = files | {"loglevel": "FATAL"}
        started = time.perf_counter()
        try:
            self._grammar = ps.Decoder(lm=None, **base)
            # the phone loop needs no words: an empty dictionary saves memory (docs/tuning.md)
            self._phones = ps.Decoder(lm=None, **(base | {"dict": os.devnull}))
            phone_lm = root / PHONE_LM
            self._phones.add_allphone_file("phones", str(phone_lm) if phone_lm.exists() else None)
            self._phones.activate_search("phones")
            self._free = (
                ps.Decoder(lm=str(root / "en-us.lm.bin"), **base, **FREE_CONFIG) if free else None
            )
        except (RuntimeError, ValueError) as exc:
            raise SpeechUnavailable(f"pocketsphinx could not load {root}: {exc}") from exc
        self.startup_s = time.perf_counter() - started
        self._cmn0 = self._grammar.get_cmn()  # the model's initial cepstral mean
        self._searches: OrderedDict[str, str] = OrderedDict()
        self._add_shout_word()
        self._pcm: list[bytes] = []
        self._fed_whole = False  # the audio came in one piece, decoded as a whole utterance
        self._primed = False  # streaming: the decoders started from the first audio's mean
        self._rng = np.random.default_rng(0)
        self._phrases: tuple[str, ...] = ()
        self._teams: tuple[str, ...] = ()
        self._use_free = False
        self._log_base = math.log(float(self._grammar.config["logbase"]))

    # --- dictionary and grammar -------------------------------------------------------
    def _add_shout_word(self) -> None:
        for name, phones in zip(spotter.variants(), spotter.PRONUNCIATIONS, strict=True):
            self._grammar.add_word(name, phones, False)
            if self._free is not None:
                self._free.add_word(name, phones, name == spotter.variants()[-1])

    def _known(self, word: str) -> bool:
        return self._grammar.lookup_word(word) is not None

    def _add_words(self, phrases: tuple[str, ...]) -> None:
        missing = grammar.missing_words(phrases, self._known)
        for i, word in enumerate(missing):
            self._grammar.add_word(word, grammar.pronounce(word), i == len(missing) - 1)

    def _activate(self, phrases: tuple[str, ...]) -> None:
        text = grammar.jsgf(phrases)
        name = self._searches.get(text)
        if name is None:
            self._add_words(phrases)
            name = f"window{len(self._searches)}_{time.monotonic_ns()}"
            self._grammar.add_jsgf_string(name, text)
            self._searches[text] = name
            if len(self._searches) > _SEARCHES:
                _, old = self._searches.popitem(last=False)
                self._grammar.remove_search(old)
        else:
            self._searches.move_to_end(text)
        self._grammar.activate_search(name)

    # --- streaming ----------------------------------------------------------------------
    def start(self, expectation: Expectation) -> None:
        """Begin one utterance; feed audio with ``feed`` as it arrives, then ``finish``."""
        self._teams = expectation.teams
        # bare team names only where nothing else is expected: in an answer window they
        # attract every short out-of-grammar answer
        window = grammar.sanitise(grammar.spoken_forms(expectation.phrases() or expectation.teams))
        self._phrases = window + spotter.shout_phrases(expectation.teams)
        self._activate(self._phrases)
        self._use_free = expectation.free and self._free is not None
        self._pcm = []
        self._rng = np.random.default_rng(len(self._phrases))
        self._fed_whole = self._primed = False
        for decoder in (self._grammar, self._phones, self._free):
            if decoder is not None:  # each utterance from the same front end state (noise
                decoder.reinit_feat()  # estimate, cepstral mean): what is heard never depends
                decoder.set_cmn(self._cmn0)  # on earlier utterances (replays hear the same)

    def feed(self, pcm: bytes, whole: bool = False) -> None:
        """Decode the next piece of audio (``whole``: it is the entire utterance).

        Streaming waits for ``PRIME_S`` of audio (pre-roll and first words), takes its
        cepstral mean as the start value, and decodes on from there."""
        if not pcm:
            return
        pcm = dither(pcm, self._rng)  # digital silence (gated mics, synthesis) wrecks decoding
        self._pcm.append(pcm)
        if whole:
            self._fed_whole = True
            self._decode_whole()
        elif self._primed:
            self._grammar.process_raw(pcm, False, False)
            self._phones.process_raw(pcm, False, False)
        elif sum(map(len, self._pcm)) >= PRIME_S * 2 * SAMPLE_RATE:  # 16-bit samples
            self._prime()

    def _prime(self) -> None:
        """Start both decoders from the cepstral mean of the audio so far, then decode it."""
        pcm = b"".join(self._pcm)
        self._grammar.start_utt()
        self._grammar.process_raw(pcm, False, True)  # batch mean over this audio
        self._grammar.end_utt()
        cmn = self._grammar.get_cmn()
        for decoder in (self._grammar, self._phones):
            decoder.reinit_feat()
            decoder.set_cmn(cmn)
            decoder.start_utt()
            decoder.process_raw(pcm, False, False)
        self._primed = True

    def _decode_whole(self) -> None:
        """Decode the buffered utterance as a whole (mean over all of it) with both decoders."""
        pcm = b"".join(self._pcm)
        for decoder in (self._grammar, self._phones):
            decoder.reinit_feat()
            decoder.set_cmn(self._cmn0)
            decoder.start_utt()
            decoder.process_raw(pcm, False, True)

    def finish(self) -> Heard:
        started = time.perf_counter()
        if not self._primed and not self._fed_whole:  # shorter than PRIME_S: decode it whole
            self._fed_whole = True
            self._decode_whole()
        self._grammar.end_utt()
        self._phones.end_utt()
        free = self._decode_free if self._use_free else None
        fused, check = self._verified(None if self._streamed() else free)
        if not fused.in_grammar and self._streamed():
            # a phrase rejected on streamed features gets a second look on the whole utterance
            self._decode_whole()
            self._grammar.end_utt()
            self._phones.end_utt()
            fused, check = self._verified(free)
        found, team = (
            spotter.find_shout(fused.text, self._teams) if fused.in_grammar else (False, None)
        )
        ms = (time.perf_counter() - started) * 1000.0
        return Heard(
            fused.text,
            fused.alternatives,
            fused.confidence,
            found,
            team,
            ms,
            fused.unclear,
            fused.narrow,
            shout_s=self._shout_start() if found else 0.0,
            check=check,
        )

    def _streamed(self) -> bool:
        return bool(self._pcm) and not self._fed_whole

    def _verified(self, free: Any) -> tuple[Fused, PhoneCheck]:
        """The grammar's phrase checked against the phone loop (both decoders ended)."""
        hyp, path = self._complete_hyp()
        grammar_text = hyp.hypstr if hyp else ""
        check = replace(self._check(hyp), path=path)
        cover = check.covered if check.llr is not None else 0.0
        strict = spotter.WORD in grammar_text.split()  # a false shout costs a whole turn
        threshold = spotter.ACCEPT_LLR if strict else accept_llr(len(self._phrases))
        fused = verify(grammar_text, check.llr, self._phrases, free, threshold, cover)
        return fused, check

    def recognize(self, pcm: bytes, expectation: Expectation) -> Heard:
        started = time.perf_counter()
        self.start(expectation)
        self.feed(pcm, whole=True)
        heard = self.finish()
        return replace(heard, decode_ms=(time.perf_counter() - started) * 1000.0)

    # --- helpers ------------------------------------------------------------------------
    def _shout_start(self) -> float:
        for seg in self._grammar.seg() or ():
            if seg.word.split("(")[0] == spotter.WORD:
                return float(seg.start_frame * FRAME_S)
        return 0.0

    def _log(self, prob: float) -> float:
        """A pocketsphinx score (returned as a probability) back in its log units."""
        return math.log(max(prob, 1e-300)) / self._log_base

    def _complete_hyp(self) -> tuple[Any, GrammarPath]:
        """The grammar's best path, or when that stopped inside a phrase (pocketsphinx then
        returns the partial path: "that was" for "Paris") the best complete phrase among its
        n-best paths; with how it was found.  Its word segments are not known: the partial
        path's stand in for them in the cover and llr frame counts."""
        hyp = self._grammar.hyp()
        if hyp is None:
            return hyp, ""
        if hyp.hypstr in self._phrases:
            return hyp, "best"
        try:
            for other in itertools.islice(self._grammar.nbest(), NBEST):
                if other is not None and other.hypstr in self._phrases:
                    return other, "n-best"
        except RuntimeError:  # no lattice to search: keep the partial path (rejected)
            pass
        return hyp, "partial"

    def _check(self, hyp: Any) -> PhoneCheck:
        """The llr: (grammar path score - phone loop path score) per frame of speech (the
        phone loop's non-silence frames); None when the grammar heard no word."""
        loop = self._phones.hyp()
        if hyp is None or loop is None or not hyp.hypstr:
            return PhoneCheck()
        spoken = speech_frames(self._phones.seg())
        words = speech_frames(self._grammar.seg())
        gap = self._log(float(hyp.score)) - self._log(float(loop.score))
        return PhoneCheck(
            llr=gap / max(len(spoken), len(words), 1),
            gap=gap,
            speech=len(spoken),
            words=len(words),
            covered=len(spoken & words) / max(len(spoken), 1),
            frames=int(self._grammar.n_frames()),
        )

    def _decode_free(self) -> str:
        """Free decoding of the buffered utterance (only for a phrase the verifier rejected)."""
        assert self._free is not None
        self._free.start_utt()
        self._free.process_raw(b"".join(self._pcm), False, True)
        self._free.end_utt()
        hyp = self._free.hyp()
        return clean_text(hyp.hypstr if hyp else "")


__all__ = ["PocketsphinxRecognizer"]

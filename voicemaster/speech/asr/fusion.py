"""Utterance verification: should the grammar's phrase be trusted?

A grammar alone never rejects: whatever is said, it returns its closest phrase.  So the same
audio is also decoded by an unconstrained *phone loop* (every phone may follow every phone,
weighted by a phonetic language model).  The phone loop's path score is the best any phone
sequence can do on this audio; the grammar's path score is what the expected phrase can do.
Their difference per frame of speech is a log-likelihood ratio (``llr``, in pocketsphinx log
units, 0 = as good as the best phone sequence).  The phrase is accepted when

* it is a complete phrase of the grammar (a partial path means no phrase fitted), and
* ``llr`` is at least ``ACCEPT_LLR`` (tuned on a labelled set of synthetic and real speech).

Otherwise free decoding (when available) says what was really said; if it heard the same
phrase the grammar's phrase stands, else the free text is reported so the judge rejects an
out-of-grammar answer instead of seeing a wrong alternative forced in.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass

import jellyfish
from rapidfuzz import fuzz

from voicemaster.speech.asr.policy import GRAMMAR

# The thresholds live in the policy's table (see voicemaster.speech.asr.policy and
# docs/hearing.md for where their values come from).
ACCEPT_LLR = GRAMMAR.accept_llr
ACCEPT_LLR_LARGE = GRAMMAR.accept_llr_large
SMALL, LARGE = GRAMMAR.small, GRAMMAR.large
LLR_SCALE = GRAMMAR.llr_scale
MIN_COVER = GRAMMAR.min_cover
AGREE = GRAMMAR.agree
UNCLEAR_LLR = GRAMMAR.unclear_llr
NARROW_LLR = GRAMMAR.narrow_llr


@dataclass(frozen=True)
class Fused:
    text: str
    alternatives: tuple[str, ...]
    confidence: float
    in_grammar: bool  # the grammar's phrase was accepted
    unclear: bool = False  # a complete phrase was rejected, but narrowly (see Heard.unclear)
    narrow: bool = False  # the phrase was accepted, but narrowly (see Heard.narrow)


def sound_code(text: str) -> str:
    """The words' metaphone codes run together (ASCII words only): how ``text`` sounds."""
    return "".join(jellyfish.metaphone(w) for w in text.split() if w.isascii())


def agreement(a: str, b: str) -> float:
    """How well two transcripts match, 0..1 (spelling or sound)."""
    if not a or not b:
        return 0.0
    spelt = fuzz.ratio(a, b)
    sa, sb = sound_code(a), sound_code(b)
    sound = fuzz.ratio(sa, sb) if sa and sb else 0.0
    return max(spelt, sound) / 100.0


def best_phrase(text: str, phrases: Sequence[str]) -> str | None:
    """The phrase a (possibly multi-phrase) result holds: exact, else contained, else None."""
    if text in phrases:
        return text
    padded = f" {text} "
    inside = [p for p in phrases if f" {p} " in padded]
    return max(inside, key=len) if inside else None


def accept_llr(phrases: int) -> float:
    """The acceptance threshold for a grammar of ``phrases`` phrases (see ACCEPT_LLR_LARGE)."""
    if phrases <= SMALL:
        return ACCEPT_LLR
    share = min(1.0, math.log(phrases / SMALL) / math.log(LARGE / SMALL))
    return ACCEPT_LLR + share * (ACCEPT_LLR_LARGE - ACCEPT_LLR)


def confidence(llr: float, threshold: float = ACCEPT_LLR) -> float:
    """A 0..1 confidence from the log-likelihood ratio (0.5 at the acceptance threshold)."""
    return 1.0 / (1.0 + math.exp(-(llr - threshold) / LLR_SCALE))


def verify(
    grammar_text: str,
    llr: float | None,
    phrases: Sequence[str],
    free: Callable[[], str] | None = None,
    threshold: float = ACCEPT_LLR,
    cover: float = 1.0,
) -> Fused:
    """Accept the grammar's phrase when the phone loop confirms it: ``llr`` ≥ ``threshold``
    and its words ``cover`` at least ``MIN_COVER`` of the speech.

    ``llr`` None means the grammar heard nothing to verify.  ``free()`` decodes the audio
    freely (called only for a rejected phrase); if it holds the same phrase the phrase stands.
    Without it a rejected phrase is still reported, with a confidence under 0.5."""
    phrase = grammar_text if grammar_text in phrases else None
    conf = confidence(llr, threshold) if llr is not None else 0.1
    if phrase is not None and llr is not None and llr >= threshold and cover >= MIN_COVER:
        return Fused(phrase, (grammar_text,), conf, True, narrow=llr < threshold + NARROW_LLR)
    # unclear: a phrase rejected narrowly, or no path through the grammar at all (its search
    # lost the words: "Ciao" heard freely as "she amp"), so asking once more is worth it
    near = llr is None or (phrase is not None and llr >= threshold - UNCLEAR_LLR)
    if free is None:
        return Fused(grammar_text, (grammar_text,), min(conf, 0.45), False, near)
    free_text = free()
    alts = tuple(dict.fromkeys(t for t in (grammar_text, free_text) if t))
    if phrase is not None and best_phrase(free_text, phrases) == phrase:
        return Fused(phrase, alts, max(conf, 0.5), True)
    return Fused(free_text, alts, min(conf, 0.45) if free_text else 0.0, False, near)


def fuse(
    grammar_text: str,
    free_text: str | None,
    phrases: Sequence[str],
    rescore: Callable[[str], str] | None = None,
) -> Fused:
    """Decide between the grammar's phrase and what free decoding heard (vosk, which has no
    phone loop): accept it when free decoding agrees or rescoring still prefers it.

    ``free_text`` None means free decoding was off.  ``rescore(free_text)`` decodes the audio
    again with the grammar plus ``free_text`` and returns the winner."""
    phrase = best_phrase(grammar_text, phrases)
    if free_text is None:
        conf = 0.6 if phrase else 0.1
        return Fused(phrase or grammar_text, (grammar_text,), conf, phrase is not None)
    alts = tuple(dict.fromkeys(t for t in (grammar_text, free_text) if t))
    if phrase is None:
        return Fused(free_text, alts, 0.2 if free_text else 0.0, False)
    agree = agreement(phrase, free_text)
    if agree >= AGREE or best_phrase(free_text, phrases) == phrase:
        return Fused(phrase, alts, 0.8 + 0.2 * agree, True)
    if rescore is not None and free_text:
        winner = rescore(free_text)
        if best_phrase(winner, phrases) == phrase:
            return Fused(phrase, alts, 0.55 + 0.25 * agree, True, narrow=True)
    if not free_text:
        return Fused(phrase, alts, 0.4, True)
    return Fused(free_text, alts, 0.2 * (1.0 - agree), False, unclear=True)

"""Fusing a grammar hypothesis with free decoding of the same audio.

A grammar alone never rejects: whatever is said, it returns its closest phrase.  Free decoding
hears what was really said but is less accurate.  The grammar's phrase is accepted when

* it is a complete phrase of the grammar (a partial path means no phrase fitted), and
* free decoding agrees with it (fuzzy or phonetic match), or a rescoring pass — the grammar
  plus the free hypothesis as one more alternative — still prefers the grammar's phrase
  (the audio fits the expected phrase at least as well as what free decoding heard).

Otherwise the free text is reported, so the judge rejects an out-of-grammar answer instead of
seeing a wrong alternative forced in.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

import jellyfish
from rapidfuzz import fuzz

AGREE = 0.8  # agreement from which free decoding confirms the grammar's phrase


@dataclass(frozen=True)
class Fused:
    text: str
    alternatives: tuple[str, ...]
    confidence: float
    in_grammar: bool  # the grammar's phrase was accepted


def _sounds(text: str) -> str:
    return "".join(jellyfish.metaphone(w) for w in text.split() if w.isascii())


def agreement(a: str, b: str) -> float:
    """How well two transcripts match, 0..1 (spelling or sound)."""
    if not a or not b:
        return 0.0
    spelt = fuzz.ratio(a, b)
    sa, sb = _sounds(a), _sounds(b)
    sound = fuzz.ratio(sa, sb) if sa and sb else 0.0
    return max(spelt, sound) / 100.0


def best_phrase(text: str, phrases: Sequence[str]) -> str | None:
    """The phrase a (possibly multi-phrase) result holds: exact, else contained, else None."""
    if text in phrases:
        return text
    padded = f" {text} "
    inside = [p for p in phrases if f" {p} " in padded]
    return max(inside, key=len) if inside else None


def fuse(
    grammar_text: str,
    free_text: str | None,
    phrases: Sequence[str],
    rescore: Callable[[str], str] | None = None,
) -> Fused:
    """Decide between the grammar's phrase and what free decoding heard.

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
            return Fused(phrase, alts, 0.55 + 0.25 * agree, True)
    if not free_text:
        return Fused(phrase, alts, 0.4, True)
    return Fused(free_text, alts, 0.2 * (1.0 - agree), False)

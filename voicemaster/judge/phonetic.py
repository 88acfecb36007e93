"""A phonetic key tolerant of the slips speech recognisers make in long words.

Our own rules (metaphone-like): spelling variants of one sound map to one symbol, a silent
"h" and a silent final "e" go, "w" after a vowel is a vowel, every vowel run becomes "a", a
final schwa ("-er", "-ah", "-a") becomes "a", doubled letters collapse.
"tchaikovsky" == "chaikovsky", "cheetah" == "cheater", "bauhaus" == "bow house".
`phonetic_keys` also gives the key with a hard "ch" and "th" ("chameleon" == "camelion",
"kathmandu" == "katmandu").
"""

from __future__ import annotations

import re
from functools import lru_cache

_SUBS: tuple[tuple[str, str], ...] = (
    ("tch", "X"), ("sch", "SK"), ("chr", "KR"), ("ch", "X"), ("sh", "X"), ("tio", "XA"),
    ("ph", "F"), ("gh", ""), ("ck", "K"), ("qu", "KW"), ("q", "K"), ("x", "KS"),
    ("th", "0"), ("dg", "J"), ("wh", "w"),
)  # fmt: skip
_INITIAL = re.compile(r"^(kn|gn|pn|wr|ps)")
_SOFT_C = re.compile(r"c(?=[eiy])")
_SOFT_G = re.compile(r"g(?=[eiy])")
_FINAL_SCHWA = re.compile(r"(er|ar|or|ah|re|a)$")
_SILENT_E = re.compile(r"(?<=[^aeiouy])e$")
_SILENT_H = re.compile(r"(?<!^)h")
_W_VOWEL = re.compile(r"(?<=[aeiou])w")
_VOWELS = re.compile(r"[aeiouy]+")
_DOUBLE = re.compile(r"(.)\1+")


def _key(word: str, hard: bool) -> str:
    word = _INITIAL.sub(lambda m: m.group(0)[1], word)
    if word.startswith("gh"):
        word = "g" + word[2:]
    if hard:
        word = word.replace("ch", "k").replace("th", "t")
    for old, new in _SUBS:
        word = word.replace(old, new)
    word = _SOFT_C.sub("S", word)
    word = _SOFT_G.sub("J", word)
    word = _FINAL_SCHWA.sub("a", word)
    word = _SILENT_E.sub("", word)
    word = _SILENT_H.sub("", word)
    word = _W_VOWEL.sub("u", word)
    word = word.replace("c", "K").replace("z", "S").replace("w", "V")
    word = _VOWELS.sub("a", word)
    return _DOUBLE.sub(r"\1", word.upper())


@lru_cache(maxsize=65536)
def phonetic_keys(text: str) -> tuple[str, str]:
    """The key of a word or compacted phrase, and the key with a hard "ch" and "th"."""
    word = "".join(ch for ch in text.lower() if "a" <= ch <= "z")
    if not word:
        return text, text
    return _key(word, False), _key(word, True)


def phonetic_key(text: str) -> str:
    """The phonetic key of a word or a compacted phrase."""
    return phonetic_keys(text)[0]

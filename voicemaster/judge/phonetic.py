"""A phonetic key tolerant of the slips speech recognisers make in long words.

Our own rules (metaphone-like): spelling variants of one sound map to one symbol, every vowel
run becomes "a", a final schwa ("-er", "-ah", "-a") becomes "a", doubled letters collapse.
"tchaikovsky" == "chaikovsky", "cheetah" == "cheater", "photosynthesis" == "fotosynthesis".
"""

from __future__ import annotations

import re
from functools import lru_cache

_SUBS: tuple[tuple[str, str], ...] = (
    ("tch", "X"), ("sch", "SK"), ("chr", "KR"), ("ch", "X"), ("sh", "X"), ("tio", "XA"),
    ("ph", "F"), ("gh", ""), ("ck", "K"), ("qu", "KW"), ("q", "K"), ("x", "KS"),
    ("th", "0"), ("dg", "J"), ("wh", "w"),
)  # fmt: skip
_SOFT_C = re.compile(r"c(?=[eiy])")
_SOFT_G = re.compile(r"g(?=[eiy])")
_FINAL_SCHWA = re.compile(r"(er|ar|or|ah|re|a|e|y|ie|ey)$")
_VOWELS = re.compile(r"[aeiouy]+")
_INITIAL = re.compile(r"^(kn|gn|pn|wr|ps)")
_DOUBLE = re.compile(r"(.)\1+")
_H_AFTER_VOWEL = re.compile(r"(?<=a)h")


@lru_cache(maxsize=65536)
def phonetic_key(text: str) -> str:
    """The phonetic key of a word or a compacted phrase."""
    word = "".join(ch for ch in text.lower() if "a" <= ch <= "z")
    if not word:
        return text
    word = _INITIAL.sub(lambda m: m.group(0)[1], word)
    for old, new in _SUBS:
        word = word.replace(old, new)
    word = _SOFT_C.sub("S", word)
    word = _SOFT_G.sub("J", word)
    word = _FINAL_SCHWA.sub("a", word)
    word = word.replace("c", "K").replace("z", "S").replace("w", "V")
    word = _VOWELS.sub("a", word)
    word = _H_AFTER_VOWEL.sub("", word)
    word = _DOUBLE.sub(r"\1", word.upper())
    return word

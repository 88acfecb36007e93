"""Text normalisation as small named steps: fold, tokenise, fillers and framing, articles, stems.

One normaliser per convention, each spelt "normalise":

* ``normalise``: the judge's key form, numbers as digits ("I think it's the Pacific Ocean" ->
  "pacific ocean", "twenty one" -> "21"); ``tokens`` returns its token list.
* ``normalise_plain``: the words as said, folded (what the host's parser reads): digits and
  number words kept as they came, apostrophes kept.
* ``normalise_digits``: ``normalise_plain`` with numbers as digits, so a phrase heard and the
  same phrase written compare equal ("8" and "eight").

Numbers as words (what the recognizers' grammars and transcripts compare) are
``speech.asr.grammar.spoken``'s convention.
"""

from __future__ import annotations

import re
import unicodedata
from functools import lru_cache

from voicemaster.judge.letters import spell_out
from voicemaster.judge.numbers import roman_to_digits, words_to_digits

# Characters folded before anything else: letters NFKD does not split, and the symbols the
# judge says (``&`` "and") or takes as an apostrophe or a space.
SPECIAL = {
    "ß": "ss", "æ": "ae", "œ": "oe", "ø": "o", "ł": "l", "đ": "d", "ð": "d", "þ": "th",
    "ı": "i", "&": " and ", "%": " percent ", "’": "'", "‘": "'", "`": "'", "–": " ",
    "—": " ", "+": " plus ",
}  # fmt: skip
_SPECIAL = str.maketrans(SPECIAL)
_THOUSANDS = re.compile(r"(?<=\d),(?=\d{3}\b)")
_APOSTROPHE = re.compile(r"(?<=[a-z0-9])'(?=[a-z])|'")
_NOT_WORD = re.compile(r"[^a-z0-9.]+")
_MINUS = re.compile(r"(?<![\w.])-(?=\d)")
_STRAY_POINT = re.compile(r"(?<!\d)\.|\.(?!\d)")

FILLERS = frozenset({"um", "umm", "uh", "uhh", "uhm", "er", "erm", "errr", "hmm", "hm", "mm",
                     "ah", "ahh"})  # fmt: skip
_LEADING = tuple(
    tuple(p.split())
    for p in (
        "the answer is", "my answer is", "our answer is", "answer is", "i think its called",
        "i think it is", "i think it was", "i think its", "i think thats", "i think", "we think",
        "i believe its", "i believe", "i guess its", "i guess", "i would say", "id say",
        "we would say", "wed say", "we say", "i say", "is it", "was it", "could it be",
        "its called", "it is", "it was", "its", "that is", "thats", "they are", "theyre",
        "maybe", "perhaps", "probably", "how about", "lets say", "lets go with", "go with",
        "im going to say", "im gonna say", "gonna say", "ill take", "well take", "we take",
        "ill have", "well have", "i choose", "we choose", "i pick", "we pick", "ill go with",
        "well go with", "ill say", "well say", "final answer", "ok", "okay", "well",
        "so", "oh", "no", "yes", "in the year", "the year", "in", "hmm",
    )
)  # fmt: skip
_TRAILING = tuple(
    tuple(p.split())
    for p in (
        "i think", "i guess", "i believe", "maybe", "perhaps", "probably", "is it", "isnt it",
        "final answer", "please", "thats my answer", "is my answer",
    )
)  # fmt: skip
_ARTICLES = frozenset({"the", "a", "an"})
ABBREVIATIONS = {
    "dr": "doctor",
    "mr": "mister",
    "mrs": "missus",
    "st": "saint",
    "mt": "mount",
    "ft": "fort",
    "jr": "junior",
    "sr": "senior",
    "vs": "versus",
    "v": "versus",
}


def fold(text: str) -> str:
    """Lower case, no accents: "São Paulo" -> "sao paulo", "Zürich" -> "zurich"."""
    text = text.lower().translate(_SPECIAL)
    text = unicodedata.normalize("NFKD", text)
    return "".join(ch for ch in text if not unicodedata.combining(ch))


def tokenise(folded: str) -> list[str]:
    """Split on punctuation; keep decimal points, drop apostrophes ("it's" -> "its")."""
    text = _MINUS.sub(" minus ", _THOUSANDS.sub("", folded))
    text = _APOSTROPHE.sub("", text)
    text = _NOT_WORD.sub(" ", text)
    text = _STRAY_POINT.sub(" ", text)
    return text.replace("per cent", "percent").split()


def drop_fillers(tokens: list[str]) -> list[str]:
    """Remove hesitation noises anywhere ("um", "er")."""
    return [t for t in tokens if t not in FILLERS]


Phrases = dict[str, tuple[tuple[str, ...], ...]]


def _index(phrases: tuple[tuple[str, ...], ...], lead: bool) -> Phrases:
    """Phrases by their first (or last) word, longest first: the hot path looks up one list."""
    index: dict[str, list[tuple[str, ...]]] = {}
    for phrase in phrases:
        index.setdefault(phrase[0] if lead else phrase[-1], []).append(phrase)
    return {k: tuple(sorted(v, key=len, reverse=True)) for k, v in index.items()}


_LEADING_INDEX = _index(_LEADING, lead=True)
_TRAILING_INDEX = _index(_TRAILING, lead=False)


def _strip_phrases(tokens: list[str], index: Phrases, lead: bool) -> list[str]:
    changed = True
    while changed and len(tokens) > 1:
        changed = False
        for phrase in index.get(tokens[0] if lead else tokens[-1], ()):
            n = len(phrase)
            part = tokens[:n] if lead else tokens[-n:]
            if len(tokens) > n and tuple(part) == phrase:
                tokens = tokens[n:] if lead else tokens[:-n]
                changed = True
                break
    return tokens


def drop_framing(tokens: list[str]) -> list[str]:
    """Remove framing around the answer: "I think it's X", "is it X", "X, final answer"."""
    tokens = _strip_phrases(tokens, _LEADING_INDEX, lead=True)
    return _strip_phrases(tokens, _TRAILING_INDEX, lead=False)


def expand_abbreviations(tokens: list[str]) -> list[str]:
    """ "Dr Who" -> "doctor who", "St Paul's" -> "saint pauls" (a lone "v" only between words);
    "no" before a number after a word is "number" ("Symphony No. 9" as said)."""
    out = list(tokens)
    for k, token in enumerate(tokens):
        if token in ABBREVIATIONS and (token != "v" or 0 < k < len(tokens) - 1) and len(tokens) > 1:
            out[k] = ABBREVIATIONS[token]
        elif token == "no" and 0 < k < len(tokens) - 1 and tokens[k + 1].isdigit():
            out[k] = "number"
    return out


def drop_articles(tokens: list[str]) -> list[str]:
    """Drop "the" anywhere and a leading "a"/"an" ("a" elsewhere may be a letter)."""
    out = [t for t in tokens if t != "the"] or tokens
    if len(out) > 1 and out[0] in _ARTICLES:
        out = out[1:]
    return out


def singular(word: str) -> str:
    """A cheap singular: "countries" -> "country", "wars" -> "war", "boxes" -> "box"."""
    if len(word) <= 3 or not word.isalpha():
        return word
    if word.endswith("ies") and len(word) > 4:
        return word[:-3] + "y"
    if word.endswith(("sses", "ches", "shes", "xes", "zes")):
        return word[:-2]
    if word.endswith("s") and not word.endswith(("ss", "us", "is")):
        return word[:-1]
    return word


def singulars(tokens: list[str]) -> list[str]:
    return [singular(t) for t in tokens]


def tokens(text: str, *, key: bool = False) -> list[str]:
    """The full pipeline as a token list (empty when only fillers were said).

    A key form made only of filler-like words ("ER", the TV series) keeps them.
    """
    raw = tokenise(fold(text))
    kept = drop_fillers(raw)
    if not kept:
        if not key:
            return []
        kept = raw
    return finish(kept)


def finish(kept: list[str]) -> list[str]:
    """The steps after fillers: framing, numbers, Roman numerals, letters, articles, plurals."""
    kept = drop_framing(kept)
    kept = roman_to_digits(words_to_digits(kept))
    kept = drop_articles(expand_abbreviations(spell_out(kept)))
    return singulars(kept)


def normalise(text: str) -> str:
    """Normalise a spoken or written answer: "I think it's the Pacific Ocean" -> "pacific ocean"."""
    return " ".join(tokens(text))


@lru_cache(maxsize=4096)
def normalise_plain(text: str) -> str:
    """Lower case ASCII words as ``fold`` folds them ("Orléans" -> "orleans", "&" read as
    "and"), apostrophes and digits kept ("what's", "3")."""
    text = re.sub(r"[^a-z0-9' ]+", " ", fold(text))
    return " ".join(text.split())


def normalise_digits(text: str) -> str:
    """A phrase as heard and as written alike ("8" and "eight", "Coca-Cola" and "coca cola")."""
    return " ".join(words_to_digits(normalise_plain(text).split()))


def compact(toks: list[str]) -> str:
    """Spacing does not matter: "photo synthesis" == "photosynthesis"."""
    return "".join(toks)

"""From an Expectation to recognizer grammars: word sanitising, JSGF, vosk grammars and
pronunciations for words missing from a dictionary."""

from __future__ import annotations

import json
import re
import shutil
import subprocess
import unicodedata
from collections.abc import Callable, Iterable, Sequence
from functools import lru_cache

from voicemaster.judge.numbers import ORDINALS, cardinal_word, roman_value

_RESERVED = {"<eps>", "<unk>", "[unk]", "<s>", "</s>", "#0", "<sil>", "sil"}
_TOKEN = re.compile(r"[^\W_]+(?:'[^\W_]+)*|<eps>|<unk>|\[unk\]|<s>|</s>|#0", re.UNICODE)


def number_words(n: int) -> str:
    """English words for a non-negative integer; 1100–1999 read as years ("nineteen eighty")."""
    if n < 100:
        return cardinal_word(n).replace("-", " ")  # the judge's number names, one per word
    if 1100 <= n <= 1999 and n % 100 != 0:
        high, low = divmod(n, 100)
        return (
            number_words(high)
            + " "
            + (f"oh {number_words(low)}" if low < 10 else number_words(low))
        )
    for size, name in (
        (10**9, "billion"),
        (10**6, "million"),
        (1000, "thousand"),
        (100, "hundred"),
    ):
        if n >= size:
            high, rest = divmod(n, size)
            return f"{number_words(high)} {name}" + ("" if rest == 0 else " " + number_words(rest))
    raise AssertionError("unreachable")


def words(text: str, ascii_only: bool = True) -> list[str]:
    """Lower-case spoken words of ``text``: digits spelt out, accents folded (when
    ``ascii_only``), punctuation and reserved recognizer tokens (``<eps>``, ``[unk]``) dropped."""
    folded = unicodedata.normalize("NFKC", text).lower().replace("&", " and ")
    if ascii_only:
        decomposed = unicodedata.normalize("NFKD", folded)
        folded = "".join(c for c in decomposed if not unicodedata.combining(c))
    out: list[str] = []
    for token in _TOKEN.findall(folded):
        if token in _RESERVED:
            continue
        if token.isdigit():
            out.extend(number_words(int(token)).split() if len(token) <= 10 else list(token))
        elif ascii_only and not token.isascii():
            continue
        else:
            out.append(token)
    return out


def spoken(text: str) -> str:
    """``text`` as every recognizer's transcript and window phrase is compared: its ``words``
    (digits spelt out: "3" is "three", "1912" "nineteen twelve"; accents kept), one space apart."""
    return " ".join(words(text, ascii_only=False))


# a name and a Roman numeral ("Henry VIII", "World War I"): said "Henry the Eighth", "World War One"
_NUMBERED = re.compile(r"^(.*\b[A-Z][a-z]+) ([IVXL]+)$")
_ORDINAL_WORDS = {n: word for word, n in ORDINALS.items()}


def ordinal_words(n: int) -> str:
    """ "eighth", "twenty first" (1-99)."""
    if n in _ORDINAL_WORDS:
        return _ORDINAL_WORDS[n]
    tens, unit = divmod(n, 10)
    return f"{number_words(tens * 10)} {_ORDINAL_WORDS[unit]}"


def spoken_forms(phrases: Iterable[str]) -> list[str]:
    """The phrases, each followed by the ways its Roman numeral is said: "Henry VIII" also as
    "Henry the Eighth" and "Henry Eight" (the judge reads every form alike)."""
    out: list[str] = []
    for phrase in phrases:
        out.append(phrase)
        match = _NUMBERED.match(phrase.strip())
        value = roman_value(match.group(2).lower()) if match else None
        if match and value is not None and 0 < value < 100:
            out += [f"{match.group(1)} the {ordinal_words(value)}", f"{match.group(1)} {value}"]
    return out


def sanitise(phrases: Iterable[str], ascii_only: bool = True) -> tuple[str, ...]:
    """Phrases as space-joined words, without empties or duplicates, order kept."""
    seen: dict[str, None] = {}
    for phrase in phrases:
        cleaned = " ".join(words(phrase, ascii_only))
        if cleaned:
            seen.setdefault(cleaned, None)
    return tuple(seen)


def jsgf(phrases: Sequence[str], name: str = "answers", extra: str = "", bias: float = 1.0) -> str:
    """A JSGF grammar accepting exactly one of the (sanitised) phrases, or ``extra`` with prior
    weight ``bias`` relative to them (a competitor the phrases must beat clearly)."""
    if not phrases:
        raise ValueError("a grammar needs at least one phrase")
    body = "\n    | ".join(phrases)
    if extra:
        body = f"/1/ ( {body} )\n    | /{bias:g}/ ( {extra} )"
    return f"#JSGF V1.0;\ngrammar {name};\npublic <utterance> =\n      {body} ;\n"


def vosk_grammar(phrases: Sequence[str], unknown: str | None = "[unk]") -> str:
    """A vosk grammar (JSON list); the model's unknown-word token last, when it has one."""
    items = [p for p in phrases if p and not set(p.split()) & _RESERVED]
    if unknown:
        items.append(unknown)
    return json.dumps(items, ensure_ascii=False)


# IPA (as printed by `espeak-ng --ipa`) to CMU ARPAbet, longest symbols first.
_IPA = {
    "aɪ": "AY",
    "aʊ": "AW",
    "eɪ": "EY",
    "oʊ": "OW",
    "əʊ": "OW",
    "ɔɪ": "OY",
    "ɪə": "IH R",
    "eə": "EH R",
    "ʊə": "UH R",
    "tʃ": "CH",
    "dʒ": "JH",
    "ɑː": "AA",
    "ɔː": "AO",
    "iː": "IY",
    "uː": "UW",
    "ɜː": "ER",
    "ɚ": "ER",
    "ɝ": "ER",
    "ɐ": "AH",
    "ə": "AH",
    "ʌ": "AH",
    "æ": "AE",
    "ɑ": "AA",
    "ɒ": "AA",
    "ɔ": "AO",
    "ɛ": "EH",
    "e": "EH",
    "ɪ": "IH",
    "i": "IY",
    "ᵻ": "IH",
    "ʊ": "UH",
    "u": "UW",
    "o": "OW",
    "a": "AE",
    "b": "B",
    "d": "D",
    "ð": "DH",
    "f": "F",
    "ɡ": "G",
    "g": "G",
    "h": "HH",
    "j": "Y",
    "k": "K",
    "l": "L",
    "m": "M",
    "n": "N",
    "ŋ": "NG",
    "p": "P",
    "r": "R",
    "ɹ": "R",
    "ɾ": "T",
    "s": "S",
    "ʃ": "SH",
    "t": "T",
    "θ": "TH",
    "v": "V",
    "w": "W",
    "z": "Z",
    "ʒ": "ZH",
    "x": "K",
    "ʔ": "",
    "ɬ": "L",
    "c": "K",
    "ç": "HH",
    "y": "UW",
    "ø": "ER",
    "œ": "ER",
    "ɲ": "N Y",
    "ʁ": "R",
    "ɣ": "G",
}
_IPA_KEYS = sorted(_IPA, key=len, reverse=True)
_LETTERS = {
    "a": "AE",
    "b": "B",
    "c": "K",
    "d": "D",
    "e": "EH",
    "f": "F",
    "g": "G",
    "h": "HH",
    "i": "IH",
    "j": "JH",
    "k": "K",
    "l": "L",
    "m": "M",
    "n": "N",
    "o": "AA",
    "p": "P",
    "q": "K",
    "r": "R",
    "s": "S",
    "t": "T",
    "u": "AH",
    "v": "V",
    "w": "W",
    "x": "K S",
    "y": "IY",
    "z": "Z",
    "ch": "CH",
    "sh": "SH",
    "th": "TH",
    "ph": "F",
    "ng": "NG",
    "ee": "IY",
    "oo": "UW",
    "ou": "AW",
    "ai": "EY",
    "ay": "EY",
    "ea": "IY",
    "er": "ER",
}


def ipa_to_arpabet(ipa: str) -> str:
    """ARPAbet phones for an IPA string (stress and length marks ignored)."""
    text = re.sub(r"[ˈˌ'‿\-_.|]", "", ipa)
    phones: list[str] = []
    i = 0
    while i < len(text):
        key = next((k for k in _IPA_KEYS if text.startswith(k, i)), None)
        if key is None:
            i += 1  # an unknown symbol or a bare length mark
            continue
        phones.extend(_IPA[key].split())
        i += len(key)
    return " ".join(phones)


def letters_to_arpabet(word: str) -> str:
    """A crude letter-to-sound guess, the last resort when espeak-ng is missing."""
    phones: list[str] = []
    i = 0
    letters = "".join(c for c in word.lower() if c.isalpha())
    while i < len(letters):
        pair = letters[i : i + 2]
        if pair in _LETTERS and len(pair) == 2:
            phones.extend(_LETTERS[pair].split())
            i += 2
            continue
        if letters[i] in _LETTERS and not (phones and _LETTERS[letters[i]] == phones[-1]):
            phones.extend(_LETTERS[letters[i]].split())
        i += 1
    return " ".join(phones)


@lru_cache(maxsize=4096)
def espeak_arpabet(word: str, voice: str = "en-us") -> str | None:
    """ARPAbet for ``word`` from espeak-ng's phonemes, or None without espeak-ng."""
    if shutil.which("espeak-ng") is None:
        return None
    try:
        done = subprocess.run(
            ["espeak-ng", "-q", "--ipa", "-v", voice, "--", word],
            capture_output=True,
            timeout=10,
            check=False,
        )
    except (OSError, subprocess.TimeoutExpired):
        return None
    phones = ipa_to_arpabet(done.stdout.decode("utf-8", errors="replace").strip())
    return phones or None


def pronounce(word: str) -> str:
    """ARPAbet phones for a word that is not in the dictionary."""
    return espeak_arpabet(word) or letters_to_arpabet(word) or "AH"


def missing_words(phrases: Iterable[str], known: Callable[[str], bool]) -> list[str]:
    """Words of ``phrases`` for which ``known(word)`` is false, each once."""
    seen: dict[str, None] = {}
    for phrase in phrases:
        for word in phrase.split():
            if word not in seen and not known(word):
                seen[word] = None
    return list(seen)

"""The words a simulated team says for a written answer: what a person would say aloud, not
what a synthesizer makes of the deck's spelling.

flite, espeak-ng and Piper (espeak-ng's phonemes) read written forms their own way: "NYC" as
the word "nick", "QI" as "kai" or "key", "MI5" as "Michigan five", "Henry VIII" as "Henry
roman eight", "1789" as "one thousand seven hundred and eighty-nine", "Tom & Jerry" as "Tom
ampersand Jerry", "AC/DC" as "AC slash DC".  A person says the letters, the regnal ordinal,
the year in pairs and "and".  :func:`spoken` rewrites the text handed to the synthesizer; what
the team said and meant (the deck's text, the transcript, the verdict's meaning) stays as it
is.  The judge must take these spoken forms as right (``tests/judge/test_spoken_forms.py``).
"""

from __future__ import annotations

import re

from voicemaster.judge.numbers import ORDINALS, cardinal_word, roman_value

# Capitals said as a word, not spelt: acronyms people pronounce, and names written in capitals.
SAID_AS_WORDS = frozenset(
    {"ABBA", "ARPA", "ARPANET", "AZERTY", "QWERTY", "QWERTZ", "EDSAC", "ENIAC", "UNIVAC",
     "NATO", "NASA", "UNESCO", "UNICEF", "IKEA", "SHIELD", "KITT", "HAL", "EXO", "UNIT", "GO",
     "ROM", "OK", "LEGO", "FIFA", "UEFA", "OPEC", "BAFTA", "AIDS", "SCUBA", "RADAR", "LASER"}
)  # fmt: skip
# Capitals said partly as letters, partly as a word.
SAID_SO = {"INXS": "in excess", "NSFNET": "N S F net"}
# Abbreviations with a point, said in full.
ABBREVIATED = {"St.": "Saint", "Dr.": "Doctor", "Mr.": "Mister", "Mrs.": "Missus",
               "Jr.": "Junior", "Mt.": "Mount", "No.": "Number"}  # fmt: skip

_CAPITALS = re.compile(r"\b[A-Z0-9]*[A-Z][A-Z0-9]*\b")
_RUNS = re.compile(r"[A-Z]+|[0-9]+")
_ABBREVIATED = re.compile("|".join(re.escape(a) for a in ABBREVIATED) + r"(?=\s|$)")
_YEAR = re.compile(r"(?<![\d.,-])\b(1[0-9]\d\d|20[1-9]\d)\b(?![.,]\d)")
# A regnal number after a name, at the end or before "of": "Henry VIII", "Philip II of Spain".
_REGNAL = re.compile(r"\b([A-Z][a-z]+) ([IVX]+)(?=$| of )")
_ORDINAL_WORD = {value: word for word, value in ORDINALS.items() if " " not in word}


def spoken(text: str) -> str:
    """``text`` as a person says it aloud, for a synthesizer ("NYC" -> "N Y C")."""
    text = text.replace("&", " and ").replace("/", " ")
    text = _ABBREVIATED.sub(lambda m: ABBREVIATED[m.group(0)], text)
    text = _REGNAL.sub(_regnal, text)
    text = _YEAR.sub(lambda m: year_words(int(m.group(0))) or m.group(0), text)
    text = _CAPITALS.sub(_capitals, text)
    return " ".join(text.split())


def _regnal(match: re.Match[str]) -> str:
    name, numeral = match.groups()
    value = roman_value(numeral.lower())
    if value is None or numeral == "X" or value not in _ORDINAL_WORD:
        return match.group(0)  # "Generation X" is a letter
    return f"{name} the {_ORDINAL_WORD[value].capitalize()}"


def _capitals(match: re.Match[str]) -> str:
    token = match.group(0)
    if token in SAID_SO:
        return SAID_SO[token]
    if token in SAID_AS_WORDS or len(token) < 2 or token.isdigit():
        return token
    return " ".join(" ".join(run) if run.isalpha() else run for run in _RUNS.findall(token))


def year_words(year: int) -> str:
    """A year as said in pairs: 1789 -> "seventeen eighty-nine", 1905 -> "nineteen oh five",
    1900 -> "nineteen hundred", 2048 -> "twenty forty-eight"; "" for 1000-1009 (said as a
    number: "one thousand and five")."""
    high, low = divmod(year, 100)
    if high == 10 and low < 10:
        return ""
    if low == 0:
        return f"{cardinal_word(high)} hundred"
    if low < 10:
        return f"{cardinal_word(high)} oh {cardinal_word(low)}"
    return f"{cardinal_word(high)} {cardinal_word(low)}"

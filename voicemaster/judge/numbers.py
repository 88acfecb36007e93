"""Spoken numbers to digits: cardinals, years said in pairs, decimals, ordinals, Roman numerals.

The ``*_to_digits`` functions work on a list of lower-case tokens and return a new list;
``cardinal_word`` and ``position_words`` name small numbers (card and gap numbers).
"""

from __future__ import annotations

import re

UNITS: dict[str, int] = {
    "zero": 0, "nought": 0, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6,
    "seven": 7, "eight": 8, "nine": 9, "ten": 10, "eleven": 11, "twelve": 12, "thirteen": 13,
    "fourteen": 14, "fifteen": 15, "sixteen": 16, "seventeen": 17, "eighteen": 18,
    "nineteen": 19,
}  # fmt: skip
TENS: dict[str, int] = {
    "twenty": 20, "thirty": 30, "forty": 40, "fourty": 40, "fifty": 50, "sixty": 60,
    "seventy": 70, "eighty": 80, "ninety": 90,
}  # fmt: skip
SCALES: dict[str, int] = {"hundred": 100, "thousand": 1000, "million": 10**6, "billion": 10**9}
ORDINALS: dict[str, int] = {
    "first": 1, "second": 2, "third": 3, "fourth": 4, "fifth": 5, "sixth": 6, "seventh": 7,
    "eighth": 8, "ninth": 9, "tenth": 10, "eleventh": 11, "twelfth": 12, "thirteenth": 13,
    "fourteenth": 14, "fifteenth": 15, "sixteenth": 16, "seventeenth": 17, "eighteenth": 18,
    "nineteenth": 19, "twentieth": 20, "thirtieth": 30, "fortieth": 40, "fiftieth": 50,
    "sixtieth": 60, "seventieth": 70, "eightieth": 80, "ninetieth": 90, "hundredth": 100,
    "thousandth": 1000,
}  # fmt: skip
_ZERO_WORDS = frozenset({"oh", "o", "zero", "nought"})
_DIGIT_ORDINAL = re.compile(r"^(\d+)(?:st|nd|rd|th)$")
_ROMAN = re.compile(r"^m{0,3}(cm|cd|d?c{0,3})(xc|xl|l?x{0,3})(ix|iv|v?i{0,3})$")
# Valid Roman numerals that are usually words or abbreviations, never converted.
_ROMAN_STOP = frozenset(
    {"mix", "mi", "di", "li", "dc", "cd", "cv", "mc", "mm", "ml", "md", "xl", "cc", "cm", "cl",
     "dim", "mid", "liv", "lix", "vim", "dix", "mil", "ci", "c", "d", "l", "m"}
)  # fmt: skip
_ROMAN_VALUES = {"i": 1, "v": 5, "x": 10, "l": 50, "c": 100, "d": 500, "m": 1000}
HEARD_FOR: dict[str, int] = {"to": 2, "too": 2, "for": 4, "won": 1, "tree": 3, "ate": 8}
"""What a recogniser writes for a small number said alone ("gap to", "card for")."""
_NAME = {value: word for word, value in reversed((UNITS | TENS).items())}  # "zero", "forty"


def _small_group(tokens: list[str], i: int) -> tuple[int, int] | None:
    """A number below 100 said as words ("nineteen", "sixty nine"): (value, next index)."""
    if i >= len(tokens):
        return None
    word = tokens[i]
    if word in UNITS:
        return UNITS[word], i + 1
    if word in TENS:
        value = TENS[word]
        if i + 1 < len(tokens) and 1 <= UNITS.get(tokens[i + 1], 0) <= 9:
            return value + UNITS[tokens[i + 1]], i + 2
        return value, i + 1
    return None


def _year(tokens: list[str], i: int) -> tuple[int, int] | None:
    """A year said in pairs: "nineteen sixty nine", "twenty oh eight", "ten sixty six"."""
    first = _small_group(tokens, i)
    if first is None or first[0] < 10:
        return None
    high, j = first
    if j < len(tokens) and tokens[j] in _ZERO_WORDS and j + 1 < len(tokens):
        low = UNITS.get(tokens[j + 1], 0)
        if 1 <= low <= 9:
            return high * 100 + low, j + 2
        return None
    second = _small_group(tokens, j)
    if second is None or second[0] < 10:
        return None
    return high * 100 + second[0], second[1]


def _cardinal(tokens: list[str], i: int) -> tuple[int, int] | None:
    """A cardinal said as words ("a hundred", "two thousand and eight", "three million")."""
    total = current = 0
    j = i
    after_scale = False  # the last thing read was a scale word ("hundred", "thousand")
    seen = False
    if j + 1 < len(tokens) and tokens[j] == "a" and tokens[j + 1] in SCALES:
        current, j, seen = 1, j + 1, True
    elif tokens[j] in ("hundred", "thousand"):  # "hundred and one" = 101
        current, seen = 1, True
    while j < len(tokens):
        word = tokens[j]
        if word in SCALES and seen and not after_scale or word in SCALES and current:
            scale = SCALES[word]
            if scale == 100:
                current = max(current, 1) * 100
            else:
                total, current = total + max(current, 1) * scale, 0
            j, after_scale = j + 1, True
            continue
        if word == "and" and after_scale and _small_group(tokens, j + 1) is not None:
            j += 1
            continue
        group = _small_group(tokens, j)
        if group is None or (seen and not after_scale):
            break
        current, j, seen, after_scale = current + group[0], group[1], True, False
    return (total + current, j) if seen else None


def _digits_after_point(tokens: list[str], j: int) -> tuple[str, int]:
    digits = ""
    while j < len(tokens):
        word = tokens[j]
        if word in _ZERO_WORDS:
            digits += "0"
        elif word in UNITS and UNITS[word] <= 9:
            digits += str(UNITS[word])
        elif word.isdigit():
            digits += word
        else:
            break
        j += 1
    return digits, j


def _ordinal(tokens: list[str], i: int) -> tuple[int, int] | None:
    """ "eighth", "twenty first", "8th"."""
    word = tokens[i]
    if word in ORDINALS:
        return ORDINALS[word], i + 1
    if word in TENS and i + 1 < len(tokens) and ORDINALS.get(tokens[i + 1], 0) in range(1, 10):
        return TENS[word] + ORDINALS[tokens[i + 1]], i + 2
    match = _DIGIT_ORDINAL.match(word)
    if match:
        return int(match.group(1)), i + 1
    return None


def words_to_digits(tokens: list[str]) -> list[str]:
    """Replace every spoken number (cardinal, year, decimal, ordinal) with its digits."""
    out: list[str] = []
    i = 0
    while i < len(tokens):
        parsed = _ordinal(tokens, i) or _year(tokens, i) or _cardinal(tokens, i)
        if parsed is None and tokens[i] == "point":
            parsed = (0, i)
        if parsed is None:
            out.append(tokens[i])
            i += 1
            continue
        value, j = parsed
        text = str(value)
        if j < len(tokens) and tokens[j] == "point" and tokens[i] not in ORDINALS:
            digits, k = _digits_after_point(tokens, j + 1)
            if digits:
                text, j = f"{value}.{digits}", k
        if j == i:  # a lone "point" that starts no decimal
            out.append(tokens[i])
            i += 1
            continue
        out.append(text)
        i = j
    return _signs(out)


def _signs(tokens: list[str]) -> list[str]:
    """ "minus 273" -> "-273" (a negative number is a different number)."""
    out: list[str] = []
    for token in tokens:
        if out and out[-1] in ("minus", "negative") and token.replace(".", "", 1).isdigit():
            out[-1] = "-" + token
        else:
            out.append(token)
    return out


def roman_value(token: str) -> int | None:
    """The value of a strict Roman numeral token ("viii" -> 8), else None."""
    if not token or not _ROMAN.match(token):
        return None
    total = 0
    for k, ch in enumerate(token):
        value = _ROMAN_VALUES[ch]
        nxt = _ROMAN_VALUES[token[k + 1]] if k + 1 < len(token) else 0
        total += -value if value < nxt else value
    return total


def roman_to_digits(tokens: list[str]) -> list[str]:
    """Regnal and sequel numbers: "henry viii" -> "henry 8", "world war i" -> "world war 1".

    Only a token that follows a word is converted; "i", "v" and "x" only at the end or before
    "of" ("mary i of scotland").  After a single letter it is a letter spelt out ("f b i",
    "t v", "m i"), not a number.
    """
    out = list(tokens)
    for k in range(1, len(out)):
        token = out[k]
        if token in _ROMAN_STOP or not out[k - 1].isalpha() or len(out[k - 1]) < 2:
            continue
        last = k == len(out) - 1 or out[k + 1] == "of"  # "mary i of scotland"
        if len(token) == 1 and (token not in "ivx" or not last):
            continue
        value = roman_value(token)
        if value is not None:
            out[k] = str(value)
    return out


def cardinal_word(n: int) -> str:
    """A number from 0 to 99 as one word: 7 -> "seven", 23 -> "twenty-three"."""
    if n < 20:
        return _NAME[n]
    tens, ones = divmod(n, 10)
    return _NAME[tens * 10] + (f"-{_NAME[ones]}" if ones else "")


def position_words(most: int) -> dict[str, int]:
    """The words that name a position from zero to ``most`` (below 100) on their own:
    "three", "twenty-three", "third", and what a recogniser writes for a small one ("to")."""
    named = {cardinal_word(n): n for n in range(most + 1)}
    named |= {w: n for w, n in ({"zeroth": 0} | ORDINALS).items() if n <= most}
    return named | {w: n for w, n in HEARD_FOR.items() if n <= most}

"""Expanding an answer key into the forms a spoken answer is compared with (cached per key).

A card's answer and accept forms give "full" forms; a person's surname and a place's
distinctive part give "part" forms; a first name alone or a generic word alone ("Mount") give
"trap" forms that are judged wrong.  Rejects, wrong options and the category's other answers
give the "other" forms an answer must be clearly closer to.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

from voicemaster.judge.counting import counted_words, is_number
from voicemaster.judge.model import AnswerKey
from voicemaster.judge.names import FIRST_NAMES, GENERIC, PARTICLES, TITLES, UNITS, WEAK
from voicemaster.judge.phonetic import phonetic_keys
from voicemaster.judge.text import compact, tokens

# keys kept expanded: each holds its category's other answers (~25 KB), so 4,096 took ~100 MB
EXPANDED_KEYS = 64

_DIGITS = re.compile(r"-?\d+(?:\.\d+)?")


@dataclass(frozen=True)
class Form:
    """One normalised way of saying an answer."""

    source: str  # the key text it came from, reported as `matched`
    toks: tuple[str, ...]
    compact: str
    phon: str
    phon_alt: str  # the key with a hard "ch"
    numbers: tuple[str, ...]
    kind: str  # "full", "part" or "trap"

    @property
    def numeric(self) -> bool:
        """Only numbers and units ("1969", "50 percent")."""
        return bool(self.numbers) and all(is_number(t) or t in UNITS for t in self.toks)


def make_form(source: str, toks: list[str] | tuple[str, ...], kind: str) -> Form:
    text = compact(list(toks))
    numbers = tuple(sorted(_DIGITS.findall(" ".join(toks))))  # "h2o" has the number 2
    phon, alt = phonetic_keys(text)
    return Form(source, tuple(toks), text, phon, alt, numbers, kind)


def _person_parts(toks: list[str]) -> tuple[list[list[str]], list[list[str]]]:
    """Surname forms and first-name traps of a person's name ("leonardo da vinci")."""
    if len(toks) < 2 or not all(t.isalpha() for t in toks):
        return [], []
    titled = toks[0] in TITLES and (toks[1] in FIRST_NAMES or len(toks) >= 3)
    if toks[0] not in FIRST_NAMES and not titled:  # "Queen Victoria", not "Emperor penguin"
        return [], []
    start = len(toks) - 1
    while start > 1 and toks[start - 1] in PARTICLES:
        start -= 1
    surname = toks[start:]
    parts = [surname]
    if len(surname) > 1 and len(surname[-1]) >= 4:
        parts.append(surname[-1:])
    traps = [[t] for t in toks[:start] if t in FIRST_NAMES or t in TITLES]
    given = [t for t in toks[:start] if t not in TITLES]
    if given:  # "J S Bach", and "JFK" for a name of three or more words
        parts.append(["".join(t[0] for t in given), *surname])
        if len(toks) >= 3:
            parts.append(["".join(t[0] for t in toks)])
    if len(given) >= 2 and given[0] in FIRST_NAMES:  # "Wolfgang Mozart", the middle name left out
        parts.append([given[0], *surname])
    return parts, traps


def _first_of_the_name(toks: list[str]) -> list[list[str]]:
    """A monarch who is the first of the name is named by the name alone ("Elizabeth" for
    Elizabeth I, with or without "Queen"); from the second on the number tells them apart, so
    "Richard" for Richard III stays a first name alone.  ``expand`` makes the name ambiguous
    when a reject or competitor has it with another number ("Elizabeth II")."""
    name = toks[1:] if toks and toks[0] in TITLES else toks
    if len(name) != 2 or name[1] != "1" or name[0] not in FIRST_NAMES:
        return []
    return [name[:1]]


def _place_parts(toks: list[str]) -> tuple[list[list[str]], list[list[str]]]:
    """The distinctive part and generic traps of a place ("mount everest")."""
    generic = [t for t in toks if t in GENERIC]
    if not generic or len(toks) < 2:
        return [], []
    rest = [t for t in toks if t not in GENERIC and t not in ("of", "and")]
    if not rest or all(t in WEAK for t in rest):
        return [], [[t] for t in generic]
    return [rest], [[t] for t in generic]


def forms_of(text: str, kind: str = "full") -> tuple[Form, ...]:
    """Every form of one answer text: the whole, its parts, its traps."""
    return _forms_of(text, kind)


@lru_cache(maxsize=16384)
def _forms_of(text: str, kind: str) -> tuple[Form, ...]:
    toks = tokens(text, key=True)
    if not toks:
        return ()
    out = [make_form(text, toks, kind)]
    if "percent" in toks and len(toks) > 1:
        out.append(make_form(text, [t for t in toks if t != "percent"], kind))
    parts, traps = _place_parts(toks)
    if not parts and not traps:
        parts, traps = _person_parts(toks)
    parts += _first_of_the_name(toks)
    out += [make_form(text, p, "part") for p in parts if p != toks]
    out += [make_form(text, t, "trap") for t in traps if t != toks]
    return tuple(out)


@dataclass(frozen=True)
class Expanded:
    """An answer key, expanded once."""

    right: tuple[Form, ...]  # full and part forms of the answer and accept forms
    traps: tuple[Form, ...]  # a first name or generic word of the answer, alone
    others: tuple[Form, ...]  # rejects, wrong options, competitors (full and part)
    right_exact: frozenset[str]
    other_exact: dict[str, Form]
    other_compacts: tuple[str, ...]
    others_by_sound: dict[str, tuple[Form, ...]]
    says_or: bool  # a right form contains "or", so "X or Y" is no hedge
    counted: frozenset[str] = frozenset()  # the question's words a number may be said with
    numeric_answer: bool = False  # a right form is a number ("7", "50 percent")


def _ambiguous(form: Form, others: list[Form]) -> bool:
    """A name alone ("Elizabeth") when another answer has it with a number ("Elizabeth II")."""
    if form.kind != "part" or len(form.toks) != 1:
        return False
    name = form.toks[0]
    return any(len(o.toks) >= 2 and o.toks[-2] == name and o.toks[-1].isdigit() for o in others)


@lru_cache(maxsize=EXPANDED_KEYS)
def expand(key: AnswerKey) -> Expanded:
    """Expand a key (cached: a key is judged several times in a row, in a game and in a
    benchmark; a few keys only, so a game's memory stays flat)."""
    answer_forms = [f for text in (key.answer, *key.accept) for f in forms_of(text)]
    right = [f for f in answer_forms if f.kind != "trap"]
    full_right = {f.compact for f in right if f.kind == "full"}
    right_set = {f.compact for f in right}
    reject_forms = [f for text in key.reject for f in forms_of(text) if f.kind != "trap"]
    reject_set = {f.compact for f in reject_forms if f.kind == "full"}
    others = list(reject_forms)
    for text in (*key.options, *key.competitors):
        theirs = forms_of(text)
        if not theirs or theirs[0].compact in full_right:
            continue  # the answer itself, listed as an option or by another card
        for form in theirs:
            if form.kind == "trap" or form.compact in right_set and form.kind == "full":
                continue
            if form.compact in full_right:
                continue  # another card's surname that is exactly this card's answer
            others.append(form)
    right = [f for f in right if f.compact not in reject_set and not _ambiguous(f, others)]
    right.sort(key=lambda f: f.kind != "full")  # on a tie the card's own full form wins
    traps = [f for f in answer_forms if f.kind == "trap" and f.compact not in right_set]
    by_sound: dict[str, list[Form]] = {}
    for form in others:
        for sound in {form.phon, form.phon_alt}:
            by_sound.setdefault(sound, []).append(form)
    return Expanded(
        right=tuple(right),
        traps=tuple(traps),
        others=tuple(others),
        right_exact=frozenset(f.compact for f in right),
        other_exact={f.compact: f for f in others},
        other_compacts=tuple(f.compact for f in others),
        others_by_sound={k: tuple(v) for k, v in by_sound.items()},
        says_or=any("or" in f.toks for f in right),
        counted=counted_words(key.question),
        numeric_answer=any(f.numeric for f in right),
    )

"""Multiple choice: an option named by letter or position ("B", "the second one"), by a part
that only one option has ("Amelia" of Amelia Earhart / Amy Johnson / Bessie Coleman), or
framed as "the red one".
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from voicemaster.judge.forms import Expanded, Form, expand, forms_of
from voicemaster.judge.model import AnswerKey, Verdict
from voicemaster.judge.names import GENERIC, PARTICLES, TITLES
from voicemaster.judge.numbers import ORDINALS, SCALES, TENS, UNITS
from voicemaster.judge.reply import choice_index

_LETTERS = "ABCDEF"
# Words that name no option on their own: "Lake", "Sir", "of", "the".
_NOT_A_PART = GENERIC | TITLES | PARTICLES | {"of", "and", "the", "a", "an", "or", "in", "on"}
# Words that, before "one", describe which option: "the red one", "the big one".
_DESCRIBING = frozenset(
    {"red", "blue", "green", "yellow", "orange", "purple", "pink", "black", "white", "brown",
     "grey", "gray", "gold", "golden", "silver", "violet", "turquoise", "big", "small",
     "little", "large", "long", "short", "tall", "left", "right", "middle", "top", "bottom"}
)  # fmt: skip
_NUMBER_WORDS = frozenset(UNITS) | frozenset(TENS) | frozenset(SCALES) | frozenset(ORDINALS)


@dataclass(frozen=True)
class Options:
    """A card's options, prepared once: which is the answer, and which parts name which."""

    answer: int | None  # index of the answer's option, None when no option is the answer
    texts: frozenset[str]  # every option's full compact form
    parts: dict[str, frozenset[int]]  # a part's compact form -> the options that have it
    given: frozenset[str]  # the card's own answer, accept and reject forms (they decide)


def _parts(toks: tuple[str, ...]) -> set[str]:
    """Every run of words of an option shorter than the option that can name it."""
    out: set[str] = set()
    for size in range(1, len(toks)):
        for start in range(len(toks) - size + 1):
            run = toks[start : start + size]
            if all(t in _NOT_A_PART or t.isdigit() for t in run):
                continue
            if len("".join(run)) >= 3:
                out.add("".join(run))
    return out


def _answer_option(texts: list[str], ex: Expanded) -> int | None:
    """The option that is the answer: its text is the answer (or an accept form), else one
    of the answer's parts ("Curie" among the options of "Marie Curie")."""
    full = {f.compact for f in ex.right if f.kind == "full"}
    for pool in (full, ex.right_exact):
        for k, text in enumerate(texts):
            if text in pool:
                return k
    return None


@lru_cache(maxsize=4096)
def options_of(key: AnswerKey) -> Options:
    ex = expand(key)
    texts = [f[0].compact if f else "" for f in map(forms_of, key.options)]
    parts: dict[str, set[int]] = {}
    for k, option in enumerate(key.options):
        forms = forms_of(option)
        for part in _parts(forms[0].toks if forms else ()):
            parts.setdefault(part, set()).add(k)
    given = {f.compact for f in ex.right if f.kind == "full"}
    given |= {f[0].compact for f in map(forms_of, key.reject) if f}
    return Options(
        answer=_answer_option(texts, ex),
        texts=frozenset(texts),
        parts={p: frozenset(ks) for p, ks in parts.items()},
        given=frozenset(given),
    )


def by_letter(toks: list[str], spoken: Form, key: AnswerKey) -> Verdict | None:
    """A multiple-choice answer given by letter or position ("B", "the second one")."""
    opts = options_of(key)
    if spoken.compact in opts.texts:
        return None  # the option's own text: the ordinary matcher decides
    index = choice_index(toks)
    if index is None:
        return None
    if not -len(key.options) <= index < len(key.options):
        return Verdict("wrong", 0.0, None, f"there is no option {index + 1}")
    option = key.options[index]
    letter = _LETTERS[index % len(key.options) % 6]
    if index % len(key.options) == opts.answer:
        return Verdict("right", 1.0, option, f"chose option {letter}")
    return Verdict("wrong", 0.0, option, f"chose option {letter}, not the answer")


def by_part(spoken: Form, key: AnswerKey) -> Verdict | None:
    """A part of the options read out: right when only the answer's option has it, wrong
    when another option has it too, or only another option ("Amy" for Amy Johnson)."""
    opts = options_of(key)
    if opts.answer is None or spoken.compact in opts.given or spoken.compact in opts.texts:
        return None
    which = opts.parts.get(spoken.compact)
    if not which:
        return None
    if len(which) > 1:
        names = " and ".join(repr(key.options[k]) for k in sorted(which))
        return Verdict("wrong", 0.2, None, f"names more than one option: {names}")
    (k,) = which
    letter = _LETTERS[k % 6]
    if k == opts.answer:
        return Verdict("right", 0.95, key.options[k], f"names only option {letter}")
    return Verdict("wrong", 0.0, key.options[k], f"names option {letter}, not the answer")


def which_one(toks: list[str], key: AnswerKey) -> tuple[list[str], bool] | None:
    """ "the red one", "red one", "the blue ones" -> (["red"], sure).  `sure` when the words
    describe an option (a colour, a size, an option's text); a bare "the X one" is only
    framing if X then is the answer.  None when it is no such framing ("World War One",
    "twenty one")."""
    if len(toks) < 2 or toks[-1] not in ("one", "ones"):
        return None
    the = toks[0] == "the"
    words = toks[1:-1] if the else toks[:-1]
    if not words or len(words) > 4 or any(w in _NUMBER_WORDS or w.isdigit() for w in words):
        return None
    said = "".join(words)
    options = {f.compact for text in key.options for f in forms_of(text)[:1]}
    sure = all(w in _DESCRIBING for w in words) or said in options
    if not sure and not the:
        return None
    return words, sure

"""A number said with the noun its question counts: "seven dwarfs", "twenty-six letters".

A "how many" card's answer is a number; players say it with the thing counted ("fifty
states", "four Grand Slams", "one hundred zeros").  Words of the question that end what was
said are left out, and the rest is judged as usual: a wrong number with the noun stays wrong,
a right number with another noun ("seven apples") stays not right.  Words that change the
number ("dozen", "half") are never left out, nor a word the question does not use: "twelve
pairs" of ribs is a form the card must accept itself, and "twenty-four pairs" stays wrong.
"""

from __future__ import annotations

from voicemaster.judge.text import tokens


def _words(text: str) -> frozenset[str]:
    return frozenset(text.split())


# Words that scale or negate a number, or join two answers: never taken as the counted noun.
_CHANGES_THE_NUMBER = _words(
    """
    or not no minus negative plus times half quarter dozen score gross hundred thousand million
    billion trillion double twice triple treble squared cubed per over under than more less
    about nearly almost
    """
)
_MOST_WORDS = 5  # more counted words than this is no "number and its noun"


def is_number(token: str) -> bool:
    """ "7", "-273", "26.2" (tokens as the normaliser leaves them)."""
    return token.removeprefix("-").replace(".", "", 1).isdigit()


def counted_words(question: str) -> frozenset[str]:
    """The question's words (as the judge normalises them) that may follow the number."""
    return frozenset(t for t in tokens(question) if t.isalpha() and t not in _CHANGES_THE_NUMBER)


def without_counted(toks: tuple[str, ...], counted: frozenset[str]) -> list[str] | None:
    """The spoken tokens without the counted words that end them ("7 dwarf" -> "7", "4 and 20
    blackbird" -> "4 and 20", "12 pair of rib" -> "12 pair"), when a number is left; None
    when there is nothing to leave out."""
    end = len(toks)
    while end > 0 and (toks[end - 1] in counted or toks[end - 1] == "of"):
        end -= 1
    kept = list(toks[:end])
    if end == len(toks) or len(toks) - end > _MOST_WORDS:
        return None
    return kept if any(is_number(t) for t in kept) else None

"""Team names the quizmaster can say and hear: made of words the recognizer can pronounce,
clearly different from each other and from the words it listens for during a game.

Pure apart from espeak-ng (through ``grammar.espeak_arpabet``; without it the letters guess)."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from functools import lru_cache

import jellyfish

from voicemaster import lexicon
from voicemaster.host import intents
from voicemaster.host.phrases import said
from voicemaster.rules.base import TEAM_COLOURS
from voicemaster.rules.familie.categories import FAMILIE
from voicemaster.rules.standard.categories import ORD, STANDARD
from voicemaster.speech.asr import grammar
from voicemaster.speech.asr.fusion import sound_code

MAX_WORDS = 3
MAX_LETTERS = 24
LEADING = ("the", "team")  # "the Tigers", "team Tigers": the name is "tigers"
VOWELS = frozenset(
    ["AA", "AE", "AH", "AO", "AW", "AY", "EH", "ER", "EY", "IH", "IY", "OW", "OY", "UH", "UW"]
)
SETUP_WORDS = ("colours", "colors", "colour", "color", "names", "repeat", "help", "one")
GAME_WORDS = (
    "card", "gap", "slot", "space", "line", "before", "after", "between", "start", "end",
    "child", "children", "kids", "adult", "adults", "parents", "points", "round",
)  # fmt: skip
SOUNDS_ALIKE = 0.8  # Jaro-Winkler of the spellings, for words with the same metaphone code
# Team names people often choose: the name window's grammar holds them, so they are heard as
# well as a colour; any other name is heard by free decoding (less reliably) and confirmed.
SUGGESTED = (
    "tigers", "lions", "wolves", "eagles", "sharks", "dragons", "foxes", "owls",
    "hawks", "falcons", "dolphins", "penguins", "rockets", "comets", "giants", "pirates",
    "vikings", "wizards", "unicorns", "monkeys", "zebras", "hornets", "titans",
    "rangers", "ravens", "otters", "jaguars", "cheetahs", "squirrels", "smarties", "brainiacs",
)  # fmt: skip


def _phrases() -> Iterable[str]:
    for group in lexicon.COMMANDS.values():
        yield from group
    groups = (lexicon.AFFIRM, lexicon.DENY, lexicon.SHOUTS, lexicon.ZWAP_WORDS, lexicon.KEEP)
    for group in (*groups, lexicon.TAKE_BACK, lexicon.KNOCK_BACK, lexicon.FORWARD):
        yield from group
    yield from intents.NUMBERS
    yield from (*SETUP_WORDS, *GAME_WORDS, *STANDARD, *ORD, *FAMILIE)


@lru_cache(maxsize=1)
def reserved() -> tuple[frozenset[str], tuple[str, ...]]:
    """The single words and the longer phrases the quizmaster listens for (sanitised)."""
    cleaned = grammar.sanitise(_phrases())
    return (
        frozenset(p for p in cleaned if " " not in p),
        tuple(p for p in cleaned if " " in p),
    )


def spoken(name: str) -> str:
    """A name as the words said and heard: lower case, digits spelt out, "the" dropped."""
    said = grammar.words(name)
    while len(said) > 1 and said[0] in LEADING:
        said = said[1:]
    return " ".join(said)


def pronounceable(word: str) -> bool:
    """The word has letters only and its pronunciation has a vowel (a syllable to hear)."""
    if not word.isascii() or not word.isalpha():
        return False
    phones = grammar.espeak_arpabet(word) or grammar.letters_to_arpabet(word)
    return bool(VOWELS & set(phones.split()))


def alike(a: str, b: str, loose: bool = False) -> bool:
    """Two words or names that a recognizer would confuse: the same sound code and similar
    spelling; ``loose`` (between team names): also sound codes one edit apart (two for long
    codes), since a team's name is heard among only a few others."""
    if a == b:
        return True
    ca, cb = sound_code(a), sound_code(b)
    if ca == cb:
        return jellyfish.jaro_winkler_similarity(a, b) >= SOUNDS_ALIKE or " " in a + b
    allowed = min(len(ca), len(cb)) // 3 if loose else 0
    return allowed > 0 and jellyfish.levenshtein_distance(ca, cb) <= allowed


def problem(name: str, others: Sequence[str] = ()) -> str | None:
    """Why ``name`` cannot be a team's name next to the ``others`` (spoken forms), or None."""
    text = spoken(name)
    if not text:
        return said("name.none")
    if grammar.words(name, ascii_only=False) != grammar.words(name):
        return said("name.letters", name=name.strip())
    parts = text.split()
    if len(parts) > MAX_WORDS or len(text) > MAX_LETTERS:
        return said("name.long")
    unsayable = [w for w in parts if not pronounceable(w)]
    if unsayable or len(text.replace(" ", "")) < 2:
        return said("name.unsayable", word=(unsayable or parts)[0])
    return _clash(text, others)


def _clash(text: str, others: Sequence[str]) -> str | None:
    words, phrases = reserved()
    for word in text.split():
        hit = next((w for w in sorted(words) if alike(word, w)), None)
        if hit is not None:
            return said("name.reserved_word", word=hit)
    hit = next((p for p in phrases if f" {p} " in f" {text} " or alike(text, p)), None)
    if hit is not None:
        return said("name.reserved_phrase", phrase=hit)
    for other in others:
        shared = set(text.split()) & set(other.split())
        if shared or alike(text, other, loose=True):
            return said("name.alike", other=other)
    return None


def fallback_colour(index: int, taken: Sequence[str]) -> str:
    """The colour of team ``index`` (0-based), or the first colour not like a name taken."""
    order = (TEAM_COLOURS[index], *TEAM_COLOURS)
    for colour in order:
        if not any(colour in t.split() or alike(colour, t, loose=True) for t in taken):
            return colour
    return f"team {grammar.number_words(index + 1)}"

"""Answers that are hard to say or to hear, flagged by ``deck check`` as warnings.

The quizmaster says every answer aloud and players say theirs, so a deck checker looks at an
answer the way a listener would (docs/decks.md, "Spoken answers"):

- **symbols** a reader would not say as written (``AC/DC``, ``C#``, ``$5``): everything but
  letters, digits and the punctuation speech ignores or the judge says (``& + %``), unless an
  ``accept`` form is written as said ("AC DC");
- **letters and digits mixed** within a word more than once (``4x4``, ``C3PO``), unless an
  ``accept`` form is not; one run of each reads naturally (``U2``, ``MP3``, ``3M``, ``221B``,
  ``1990s``);

These three are a card's own flags (``card_flags``): ``deck check --strict`` makes them errors
(a card needs a form players can say).
- **long titles**: an answer over ``SPOKEN_WORDS`` words with no ``accept`` form that short,
  counting the words a player must say: the judge leaves out "the" and a leading "a"/"an"
  ("The Old Man and the Sea" is four: "old man and sea");
- **sound-alikes**: the answer of another card of the same category that sounds the same
  (the judge's phonetic key of the whole answer is equal: "bore" and "bear") or nearly the
  same (keys at least ``NEAR_KEY`` % alike and spellings at least ``NEAR_SPELLING`` % alike:
  "Tiber" and "Tibet").  Cards with a year (timeline) are left out: their answers are years.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass

from rapidfuzz import fuzz, process

from voicemaster.decks.model import Card, Deck, Problem
from voicemaster.judge.phonetic import phonetic_key
from voicemaster.judge.text import SPECIAL, drop_articles, fold, normalise

SPOKEN_WORDS = 4  # an answer longer than this needs a form this short in accept
NEAR_KEY = 88  # % alike, phonetic keys (rapidfuzz ratio) ...
NEAR_SPELLING = 65  # ... and spellings: two answers that sound nearly the same
# What a reader says or leaves out: the punctuation speech ignores, and the symbols the judge
# folds (``&`` "and", ``%`` "percent", curly quotes, dashes).
SPOKEN_PUNCTUATION = frozenset(".,:;!?'\"-()\u201c\u201d") | {
    ch for ch in SPECIAL if not ch.isalnum()
}
_TOKEN = re.compile(r"[^\W_]+")
_RUNS = re.compile(r"\d+|[^\W\d_]+")
_NOT_WORD = re.compile(r"[^\w]")


@dataclass(frozen=True)
class _Sound:
    """One distinct answer of a category, as the ear takes it."""

    card: Card  # its first card
    spelling: str  # normalised as the judge does
    key: str  # phonetic key of the letters, then the digits


def spoken_flags(deck: Deck) -> list[Problem]:
    """Every answer of ``deck`` that is hard to say or to hear, one warning each."""
    return card_problems(deck) + sound_alike_problems(deck)


def sound_alike_problems(deck: Deck) -> list[Problem]:
    """Every answer that sounds (nearly) like an earlier one of its category."""
    flags: list[Problem] = []
    for category, cards in deck.categories().items():
        for later, earlier, how in sound_alikes(cards):
            message = (
                f"question {later.id}: answer {later.answer!r} {how} {earlier.answer!r} "
                f"({earlier.id}, also {category})"
            )
            flags.append(Problem(deck.path, later.line or None, message))
    return flags


def card_problems(deck: Deck) -> list[Problem]:
    """Every card of ``deck`` whose answer has no form players can say, one problem each."""
    return [
        Problem(deck.path, card.line or None, f"question {card.id}: {message}")
        for card in deck.questions
        for message in card_flags(card)
    ]


def card_flags(card: Card) -> list[str]:
    """What is hard to say about one card's answer (empty: nothing)."""
    found: list[str] = []
    symbols = unspoken_symbols(card.answer)
    if symbols and all(unspoken_symbols(a) for a in card.accept):
        shown = " ".join(symbols)
        found.append(f"answer {card.answer!r} has {shown}, not said as written; write it as said")
    mixed = _mixed(card.answer)
    if mixed and all(_mixed(a) for a in card.accept):
        found.append(
            f"answer {card.answer!r} mixes letters and digits in {mixed[0]!r}; write it as said"
        )
    words = said_words(card.answer)
    if words > SPOKEN_WORDS and not any(said_words(a) <= SPOKEN_WORDS for a in card.accept):
        found.append(
            f"answer {card.answer!r} has {words} words to say; accept a form of at most "
            f"{SPOKEN_WORDS} that players would say"
        )
    return found


def said_words(text: str) -> int:
    """The words a player must say: "the" and a leading "a"/"an" aside, as the judge hears."""
    words = [w for w in (_NOT_WORD.sub("", w) for w in fold(text).split()) if w]
    return len(drop_articles(words))  # "self-contained" is one word, as written


def _mixed(text: str) -> list[str]:
    return [t for t in _TOKEN.findall(text) if len(_RUNS.findall(t)) > 2]


def unspoken_symbols(text: str) -> list[str]:
    """The characters of ``text`` a reader would not say as written, each once, quoted."""
    odd = [ch for ch in text if not (ch.isalnum() or ch.isspace() or ch in SPOKEN_PUNCTUATION)]
    return [repr(ch) for ch in dict.fromkeys(odd)]


def sound_alikes(cards: list[Card]) -> Iterator[tuple[Card, Card, str]]:
    """(later card, earlier card, "sounds like" | "sounds much like") for every two distinct
    answers of ``cards`` that sound the same or nearly so; the later card's answer is named."""
    sounds = _sounds(cards)
    by_key: dict[str, _Sound] = {}
    for sound in sounds:
        first = by_key.setdefault(sound.key, sound)
        if first is not sound:
            yield sound.card, first.card, "sounds like"
    for i, j in _near_pairs([s.key for s in sounds]):
        a, b = sounds[i], sounds[j]
        worded = not (a.key.startswith("|") or b.key.startswith("|"))  # not bare numbers
        if worded and a.key != b.key and fuzz.ratio(a.spelling, b.spelling) >= NEAR_SPELLING:
            yield b.card, a.card, "sounds much like"


def _sounds(cards: list[Card]) -> list[_Sound]:
    """The distinct answers (by the judge's normalised form) of cards without a year."""
    seen: dict[str, _Sound] = {}
    for card in cards:
        if card.year is not None:
            continue
        spelling = normalise(card.answer)
        if spelling and spelling not in seen:
            letters = "".join(ch for ch in spelling if ch.isalpha())
            digits = "".join(ch for ch in spelling if ch.isdigit())
            key = f"{phonetic_key(letters) if letters else ''}|{digits}"
            seen[spelling] = _Sound(card, spelling, key)
    return list(seen.values())


def _near_pairs(keys: list[str]) -> Iterator[tuple[int, int]]:
    """(i, j), i < j, of the keys at least ``NEAR_KEY`` % alike (rapidfuzz compares each key
    with the later ones in one call)."""
    for i, key in enumerate(keys[:-1]):
        later = keys[i + 1 :]
        found = process.extract(key, later, scorer=fuzz.ratio, score_cutoff=NEAR_KEY, limit=None)
        for _, _, j in sorted(found, key=lambda match: match[2]):
            yield i, i + 1 + j

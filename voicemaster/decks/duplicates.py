"""Questions that two decks both ask, flagged by ``deck check`` when it is given several decks.

A household that plays several rule sets hears every deck, so a fact asked in two decks is
heard twice (docs/decks.md, "Duplicates across decks").  Two cards of different decks are a
pair when

- their question texts are **the same** once case, accents, punctuation and spacing are
  folded ("verbatim"), whatever their answers; or
- they share a right answer (the judge's normalised ``answer`` or ``accept`` forms) and their
  questions' content words are at least ``NEAR`` % alike (rapidfuzz ``token_set_ratio``, so a
  question that restates the other with a few words added still counts).

Only cards with a shared answer are compared, so the check grows with the number of shared
answers, not with the product of the decks' sizes.  Timeline cards take part: their answer is
the year as said, so "In which year ..." cards of other decks meet them."""

from __future__ import annotations

import re
import unicodedata
from collections import defaultdict
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from functools import lru_cache
from itertools import combinations
from typing import NamedTuple

from rapidfuzz import fuzz

from voicemaster.decks.model import Card, Deck, Problem
from voicemaster.judge.text import normalise

NEAR = 80  # % alike (token_set_ratio of content words) for two questions with one answer
# Words every question has: left out so that the facts named decide how alike two are.
_STOP = (
    "a an the of in on at to for from by with and or is are was were be been which what who "
    "whom whose how many much when where why that this these those it its his her their they "
    "he she you your do does did has have had as into than most first one called known name "
    "named word"
)
STOP_WORDS = frozenset(_STOP.split())
_WORDS = re.compile(r"[^\W_]+")


class Entry(NamedTuple):
    """A card and its deck, with their places (for a stable order)."""

    deck_no: int
    card_no: int
    deck: Deck
    card: Card


@dataclass(frozen=True)
class Pair:
    """Two cards of different decks that ask the same; ``score`` is 100 for verbatim pairs."""

    first: Entry
    second: Entry
    verbatim: bool
    score: int


@lru_cache(maxsize=65536)
def folded(question: str) -> str:
    """The question as heard: lower case, words only, no accents ("Who wrote 'Émile'?" ->
    "who wrote emile")."""
    plain = unicodedata.normalize("NFKD", question.casefold())
    return " ".join(_WORDS.findall("".join(ch for ch in plain if not unicodedata.combining(ch))))


@lru_cache(maxsize=65536)
def content(question: str) -> str:
    """The question's words without the ones every question has."""
    return " ".join(w for w in folded(question).split() if w not in STOP_WORDS)


def answer_forms(card: Card) -> set[str]:
    """Every right answer of the card as the judge normalises it (a timeline card: its year
    only, as its ``accept`` names the event, which is what the card reads out)."""
    texts = (card.answer,) if card.year is not None else (card.answer, *card.accept)
    forms = {normalise(text) for text in texts}
    forms.discard("")
    return forms


def cross_pairs(decks: list[Deck]) -> list[Pair]:
    """Every pair of cards from two different decks that ask the same, in deck order."""
    entries = [
        Entry(d, c, deck, card)
        for d, deck in enumerate(decks)
        for c, card in enumerate(deck.questions)
    ]
    found: dict[tuple[int, int, int, int], Pair] = {}
    by_text = _grouped(entries, lambda card: {folded(card.question)})
    for a, b in _across(by_text):
        found[_key(a, b)] = Pair(a, b, verbatim=True, score=100)
    for a, b in _across(_grouped(entries, answer_forms)):
        if _key(a, b) in found:
            continue
        score = round(fuzz.token_set_ratio(content(a.card.question), content(b.card.question)))
        if score >= NEAR:
            found[_key(a, b)] = Pair(a, b, verbatim=False, score=score)
    return [found[key] for key in sorted(found)]


def _key(a: Entry, b: Entry) -> tuple[int, int, int, int]:
    return a.deck_no, a.card_no, b.deck_no, b.card_no


def _grouped(entries: list[Entry], keys: Callable[[Card], set[str]]) -> list[list[Entry]]:
    """The entries that share a key, for every key more than one deck has."""
    groups: dict[str, list[Entry]] = defaultdict(list)
    for entry in entries:
        for key in keys(entry.card):
            groups[key].append(entry)
    return [group for group in groups.values() if len({e.deck.deck for e in group}) > 1]


def _across(groups: list[list[Entry]]) -> Iterator[tuple[Entry, Entry]]:
    """Each two entries of a group that come from different decks, earlier deck first, once
    (two files with one deck id are one deck given twice: an error of its own, no pairs)."""
    seen: set[tuple[int, int, int, int]] = set()
    for group in groups:
        for a, b in combinations(group, 2):
            if a.deck.deck == b.deck.deck or _key(a, b) in seen:
                continue
            seen.add(_key(a, b))
            yield a, b


def duplicate_flags(decks: list[Deck]) -> list[Problem]:
    """One warning per pair, on the card of the deck given first, naming the other card."""
    flags: list[Problem] = []
    for pair in cross_pairs(decks):
        deck_a, card_a = pair.second.deck, pair.second.card
        deck_b, card_b = pair.first.deck, pair.first.card
        where = f"{deck_a.deck} {card_a.id} ({deck_a.path}:{card_a.line})"
        if pair.verbatim:
            how = f"same question as {where}"
        else:
            how = f"asks what {where} asks: answer {card_b.answer!r}, questions {pair.score}% alike"
        flags.append(Problem(deck_b.path, card_b.line or None, f"question {card_b.id}: {how}"))
    return flags

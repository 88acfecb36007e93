"""Give-aways, flagged by ``deck check`` as warnings (docs/decks.md, "Give-aways").

- **Self-echo**: a card accepts an answer its own question states ("Which French white sauce
  ..." accepting "white sauce"). A right form (the answer or an ``accept`` form, folded into
  tokens the judge's way) stands in the question as whole words, or a one-word form stands
  inside one question word ("slip" in "payslip", "star" in "ill-starred").
- **Same-deck give-away**: one card's question states another card's answer, or one of its
  accept forms, as whole words, *and* the two cards share a rare word (one found in at most
  ``CONTEXT`` cards of the deck, or a number of 100 or more such as a year): so the question
  states the answer beside what the other card asks about ("... the Gold Coast to independence
  as Ghana in 1957" gives away "Which country was the Gold Coast until 1957?").

Noise is kept down by the judge's folding (case, accents, articles, plurals), by skipping forms
made only of ``STOP`` words or shorter than ``MIN_LETTERS``, and, for give-aways, by skipping
forms whose words stand in more than ``COMMON`` questions of the deck (common words like
"blue" or "gold" are no secret) and pairs that share only common words (a question that names
Jupiter gives nothing away about "the largest planet"). Cards with a year (timeline) are left
out. The rule finds the plain give-aways, not every one a reader would: docs/decks.md.

A card marks a by-design echo harmless with ``echo_ok: <reason>`` and a harmless give-away
with ``giveaway_ok: [other-id, ...]`` (the cards whose answers its question may state).
"""

from __future__ import annotations

import functools
import re
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass

from voicemaster.decks.model import Card, Deck, Problem
from voicemaster.judge.text import tokens

MIN_LETTERS = 3  # a form with fewer letters than this is never taken for an echo
COMMON = 3  # a form whose rarest word stands in more questions than this gives nothing away
CONTEXT = 3  # a word in at most this many cards ties two cards to one subject
YEARLIKE = 100  # a shared number this big (a year, a count) ties them too
INSIDE_LETTERS = 4  # a one-word form this long may be found inside a question word
_POSSESSIVE = re.compile(r"['\u2019]s\b")  # "Barrie's" -> "Barrie" (the judge makes "barry")
# Endings that leave a word's meaning: "star" in "starred", "vote" in "voted".
ENDINGS = ("s", "es", "ed", "d", "ing", "r", "er", "ers", "red", "ring", "y")
# Words that say nothing about an answer or a subject.
STOP = frozenset({
    "a", "about", "after", "all", "also", "an", "and", "any", "are", "as", "at", "be", "been",
    "before", "being", "by", "can", "did", "do", "does", "for", "from", "had", "has", "have",
    "he", "her", "his", "how", "in", "into", "is", "it", "its", "known", "many", "may", "more",
    "most", "name", "named", "not", "of", "on", "one", "or", "other", "our", "she", "so", "some",
    "such", "than", "that", "the", "their", "them", "then", "there", "these", "they", "this",
    "those", "to", "two", "us", "was", "we", "were", "what", "when", "where", "which", "who",
    "whose", "why", "will", "with", "you", "your", "called", "call", "word", "mean", "means",
    "first", "new", "old", "great", "big", "little", "small",
})  # fmt: skip


@dataclass(frozen=True)
class _Form:
    """A right answer of a card, as tokens."""

    text: str
    words: tuple[str, ...]


def giveaway_flags(deck: Deck) -> list[Problem]:
    """Every self-echo and same-deck give-away of ``deck``, one warning each."""
    cards = [card for card in deck.questions if card.year is None]
    said = {card.id: question_words(card) for card in cards}
    flags: list[Problem] = []
    for card in cards:
        for form, how in self_echoes(card, said[card.id]):
            message = f"question {card.id}: its question states the right answer {form!r}{how}"
            flags.append(_flag(deck, card, message + "; reword it, or drop the accept form"))
    for teller, told, form in giveaways(cards, said):
        message = (
            f"question {teller.id}: its question states {form!r}, the answer of {told.id}; "
            f"reword it, or mark it harmless with giveaway_ok: [{told.id}]"
        )
        flags.append(_flag(deck, teller, message))
    known = {card.id for card in deck.questions}
    for card in deck.questions:
        for other in card.giveaway_ok:
            if other not in known:
                message = f"question {card.id}: giveaway_ok names {other!r}, no card of this deck"
                flags.append(_flag(deck, card, message))
    return flags


def _flag(deck: Deck, card: Card, message: str) -> Problem:
    return Problem(deck.path, card.line or None, message)


def question_words(card: Card) -> tuple[str, ...]:
    """The card's question as the judge's tokens (possessives dropped first)."""
    return tuple(tokens(_POSSESSIVE.sub("", card.question)))


def forms(card: Card) -> list[_Form]:
    """The card's right answers as tokens, distinct, without the ones too slight to count."""
    found: dict[tuple[str, ...], _Form] = {}
    for text in (card.answer, *card.accept):
        words = _words(text)
        content = [w for w in words if w not in STOP]
        if content and sum(len(w) for w in words) >= MIN_LETTERS and words not in found:
            found[words] = _Form(text, words)
    return list(found.values())


@functools.lru_cache(maxsize=16384)
def _words(text: str) -> tuple[str, ...]:
    """An answer as the judge's tokens (cached: the give-away check asks for each many times)."""
    return tuple(tokens(text, key=True))


def self_echoes(card: Card, said: tuple[str, ...]) -> Iterator[tuple[str, str]]:
    """(form, how) for each right form the card's own question states; "how" is "" for whole
    words, else " (inside 'payslip')"."""
    if card.echo_ok:
        return
    for form in forms(card):
        if _stands_in(form.words, said):
            yield form.text, ""
        elif len(form.words) == 1 and len(form.words[0]) >= INSIDE_LETTERS:
            inside = _inside(form.words[0], said)
            if inside:
                yield form.text, f" (inside {inside!r})"


def giveaways(
    cards: list[Card], said: dict[str, tuple[str, ...]]
) -> Iterator[tuple[Card, Card, str]]:
    """(revealing card, revealed card, form): each question that states another card's answer
    or accept form in whole words, where the two cards share a rare word."""
    subject = {card.id: _subject(card, said[card.id]) for card in cards}
    spread = Counter(word for words in subject.values() for word in words)
    holding: dict[str, list[Card]] = {}
    for card in cards:
        for word in dict.fromkeys(said[card.id]):
            holding.setdefault(word, []).append(card)
    for told in cards:
        told_forms = forms(told)
        own = {form.words for form in told_forms}
        seen: set[str] = set()
        for form in told_forms:
            rarest = min(_content(form.words), key=lambda w: len(holding.get(w, [])))
            tellers = holding.get(rarest, [])
            if len(tellers) > COMMON:
                continue
            for teller in tellers:
                if teller.id in seen or teller.id == told.id or told.id in teller.giveaway_ok:
                    continue
                if not _stands_in(form.words, said[teller.id]) or _shares(teller, own):
                    continue
                shared = (subject[teller.id] & subject[told.id]) - set(form.words)
                if any(_ties(word, spread[word]) for word in shared):
                    seen.add(teller.id)
                    yield teller, told, form.text


def _content(words: tuple[str, ...]) -> list[str]:
    return [w for w in words if w not in STOP]


def _subject(card: Card, said: tuple[str, ...]) -> frozenset[str]:
    """The words a card is about: its question's and its right answers', without STOP words,
    short words and small numbers."""
    words = set(said) | {w for form in forms(card) for w in form.words}
    return frozenset(w for w in words if w not in STOP and (len(w) >= 3 or w.isdigit()))


def _ties(word: str, cards: int) -> bool:
    """Whether a word two cards share ties them to one subject."""
    if word.isdigit():
        return int(word) >= YEARLIKE
    return cards <= CONTEXT


def _shares(teller: Card, own: set[tuple[str, ...]]) -> bool:
    """Whether the two cards share a right answer (then the self-echo check speaks)."""
    return any(form.words in own for form in forms(teller))


def _stands_in(words: tuple[str, ...], said: tuple[str, ...]) -> bool:
    n = len(words)
    return any(said[k : k + n] == words for k in range(len(said) - n + 1))


def _inside(word: str, said: tuple[str, ...]) -> str:
    """The question word that holds ``word`` with an ending ("starred") or at the end of a
    compound ("payslip"), or ""."""
    for other in said:
        if other == word:
            continue
        if other.startswith(word) and other[len(word) :] in ENDINGS:
            return other
        if other.endswith(word) and len(other) - len(word) >= 3:
            return other
    return ""

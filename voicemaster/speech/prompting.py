"""Whisper's prompt for one listening window: the words that separate its candidates.

The prompt makes the window's words likely without forcing any of them: the right answer
stands among the category's other answers in an order that does not give it away, so a wrong
answer is not pushed toward the right one.  It stays short: a long list (every digit for a
number) makes a small model repeat the list instead of transcribing.
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterable, Sequence

from voicemaster.speech.base import Expectation
from voicemaster.speech.spotter import WORD

MAX_ANSWERS = 3  # the right answer and its first accept forms
MAX_COMPETITORS = 8  # other answers of the category
MAX_OPTIONS = 6  # read-out options; more (every zwap) only lengthen the prompt
MAX_WORDS = 40  # the whole prompt
MAX_PHRASE_WORDS = 6  # a longer phrase (a title) is cut to its first words
YES_NO = ("yes", "no")
SPOKEN_COMMANDS = ("pass", "repeat", "score", "help")  # the short ones people use mid-game
FRAMING = ("quiz answers", "quiz answer")  # the prompt's own words, never an answer


def echoes(text: str) -> bool:
    """Whether a transcript (normalised words) repeats the prompt's framing: Whisper then
    read the prompt back instead of the audio."""
    padded = f" {text} "
    return any(f" {frame} " in padded for frame in FRAMING)


def _short(phrase: str) -> str:
    return " ".join(phrase.split()[:MAX_PHRASE_WORDS])


def _unique(phrases: Iterable[str]) -> list[str]:
    seen: dict[str, str] = {}
    for phrase in phrases:
        key = phrase.strip().lower()
        if key and key not in seen:
            seen[key] = _short(phrase.strip())
    return list(seen.values())


def _mixed(phrases: Sequence[str]) -> list[str]:
    """A fixed order that does not depend on which phrase is the right answer."""
    return sorted(phrases, key=lambda p: hashlib.sha1(p.lower().encode()).hexdigest())


def _capped(phrases: list[str], budget: int) -> list[str]:
    kept, used = [], 0
    for phrase in phrases:
        size = len(phrase.split())
        if used + size > budget:
            break
        kept.append(phrase)
        used += size
    return kept


def answer_words(expectation: Expectation) -> list[str]:
    """The answers, competitors and (few) options of the window, mixed."""
    answers = list(expectation.answers[:MAX_ANSWERS])
    competitors = list(expectation.competitors[:MAX_COMPETITORS])
    options = list(expectation.options) if len(expectation.options) <= MAX_OPTIONS else []
    return _mixed(_unique(answers + options + competitors))


def prompt_for(expectation: Expectation) -> str:
    """The prompt: "Quiz answers: Danube, Rhine, Volga." and what else the window hears."""
    parts: list[str] = []
    budget = MAX_WORDS
    candidates = _capped(answer_words(expectation), budget - 8)
    if candidates:
        parts.append("Quiz answers: " + ", ".join(candidates) + ".")
        budget -= sum(len(c.split()) for c in candidates) + 2
    commands = {c.lower() for c in expectation.commands}
    if set(YES_NO) <= commands and not candidates:
        parts.append("Yes or no?")
    elif not candidates and expectation.commands:
        said = _capped(_unique(expectation.commands), budget - 6)
        if said:
            parts.append("Say: " + ", ".join(said) + ".")
    elif said := [c for c in SPOKEN_COMMANDS if c in commands]:
        parts.append("Or: " + ", ".join(said) + ".")
    if expectation.teams:
        parts.append(f"{WORD.capitalize()}! Teams: " + ", ".join(expectation.teams) + ".")
    return " ".join(parts)

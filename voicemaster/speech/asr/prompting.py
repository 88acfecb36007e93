"""Whisper's prompt for one listening window: the words that separate its candidates.

The prompt makes the window's words likely without forcing any of them: the right answer
stands among the category's other answers in an order that does not give it away, so a wrong
answer is not pushed toward the right one.  It stays short: a long list (every digit for a
number) makes a small model repeat the list instead of transcribing.
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterable, Sequence

from voicemaster.lexicon import PROMPTED_COMMANDS, YES_NO
from voicemaster.speech.asr.spotter import WORD
from voicemaster.speech.base import Expectation

MAX_ANSWERS = 3  # the right answer and its first accept forms
MAX_COMPETITORS = 8  # other answers of the category
MAX_OPTIONS = 6  # read-out options; more (every zwap) only lengthen the prompt
MAX_NUMBERS = 3  # numbers among the candidates: the answer's and two others
MAX_WORDS = 40  # the whole prompt
MAX_PHRASE_WORDS = 6  # a longer phrase (a title) is cut to its first words
MAX_OPTION_WORDS = 4  # options longer than this (zwaps) are prompted as their words
FILLER = {"my", "with", "the", "and", "a"}
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


def _numeric(phrase: str) -> bool:
    return any(c.isdigit() for c in phrase)


def answer_words(expectation: Expectation) -> list[str]:
    """The answers, competitors and (few) options of an answer window, mixed; at most
    MAX_NUMBERS numbers (a list of digits makes Whisper count instead of listen)."""
    answers = list(expectation.answers[:MAX_ANSWERS])
    competitors = list(expectation.competitors[:MAX_COMPETITORS])
    options = list(expectation.options) if len(expectation.options) <= MAX_OPTIONS else []
    numbers = sum(map(_numeric, answers + options))
    spare = max(0, MAX_NUMBERS - numbers)
    kept = [c for c in competitors if not _numeric(c)]
    kept += [c for c in competitors if _numeric(c)][:spare]
    return _mixed(_unique(answers + options + kept))


def scored_phrases(expectation: Expectation) -> list[str]:
    """What Whisper scores when its transcript is none of them: the answers as prompted, and
    "pass" where the window takes it (a synthetic "pass" was heard as "yes")."""
    if not expectation.answers:
        return []
    commands = {c.lower() for c in expectation.commands}
    return answer_words(expectation) + (["pass"] if "pass" in commands else [])


def _vocabulary(options: Sequence[str]) -> list[str]:
    """Long options (every zwap a team may say) as their words, once each: the prompt gives
    Whisper the tiles' names without any one whole phrase to lean on."""
    seen: dict[str, None] = {}
    for option in options:
        for word in option.replace("'s", "").split():
            if word.lower() not in FILLER:
                seen.setdefault(word, None)
    return list(seen)


def _choices(expectation: Expectation, budget: int) -> str:
    """A window without answers: its options as read (tiles, zwaps), then its commands."""
    commands = {c.lower() for c in expectation.commands}
    if set(YES_NO) <= commands and not expectation.options:
        return "Yes or no?"
    options = list(expectation.options)
    if any(len(o.split()) > MAX_OPTION_WORDS for o in options):
        options = _vocabulary(options)
    said = _capped(_unique([*options, *expectation.commands]), budget)
    return "Say: " + ", ".join(said) + "." if said else ""


def _shouts(teams: Sequence[str]) -> str:
    """The shout as it is said, once per team: "Bezzerwizzer red! Bezzerwizzer blue!"."""
    return " ".join(f"{WORD.capitalize()} {team}!" for team in teams)


def prompt_for(expectation: Expectation) -> str:
    """The prompt: "Quiz answers: Danube, Rhine, Volga." and what else the window hears."""
    budget = MAX_WORDS - 2 * len(expectation.teams)
    candidates = _capped(answer_words(expectation), budget - 6) if expectation.answers else []
    if candidates:
        parts = ["Quiz answers: " + ", ".join(candidates) + "."]
        commands = {c.lower() for c in expectation.commands}
        if said := [c for c in PROMPTED_COMMANDS if c in commands]:
            parts.append("Or: " + ", ".join(said) + ".")
    else:
        parts = [_choices(expectation, budget)]
    if expectation.teams:  # first where nothing else is asked: a shout is what comes most
        parts.insert(0 if not candidates else len(parts), _shouts(expectation.teams))
    return " ".join(p for p in parts if p)

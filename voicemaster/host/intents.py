"""What an utterance means at a listening point.  Pure: text in, an intent out.

The quizmaster never knows who is speaking (one microphone), so utterances that matter to a
team name it ("Bezzerwizzer blue") or are implied by the turn (the defender answers).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import lru_cache

from voicemaster.judge.text import normalise_plain
from voicemaster.lexicon import (
    AFFIRM,
    BARE_NO,
    BARE_YES,
    COMMANDS,
    DENY,
    FORWARD,
    KEEP,
    KNOCK_BACK,
    OVERRIDES,
    SHOUTS,
    TAKE_BACK,
    ZWAP_WORDS,
)

NUMBERS = {"two": 2, "three": 3, "four": 4, "2": 2, "3": 3, "4": 4}
CATEGORY_ALIASES = {
    "sports": "Sport",
    "arts and theater": "Arts & Theatre",
    "theatre": "Arts & Theatre",
    "tv and radio": "TV & Radio",
    "television": "TV & Radio",
    "tech": "Tech & Gaming",
    "gaming": "Tech & Gaming",
    "food": "Food & Drink",
    "beliefs": "Tradition & Beliefs",
    "tradition": "Tradition & Beliefs",
    "arts": "Arts & Theatre",
}


@dataclass(frozen=True)
class Command:
    name: str  # one of COMMANDS


@dataclass(frozen=True)
class Override:
    right: bool


@dataclass(frozen=True)
class YesNo:
    yes: bool


@dataclass(frozen=True)
class Shout:
    team: str | None  # the attacking team, when named


@dataclass(frozen=True)
class ZwapTiles:
    categories: tuple[str, ...]  # the tiles named, in order (two for a complete request)
    owners: tuple[str | None, ...] = field(default=())  # whose tile, when said ("my", "blue's")


@dataclass(frozen=True)
class Choice:
    category: str


@dataclass(frozen=True)
class Keep:
    pass


@dataclass(frozen=True)
class Number:
    value: int


@dataclass(frozen=True)
class KnockBack:
    back: bool


@dataclass(frozen=True)
class TakeBack:
    take: bool


@dataclass(frozen=True)
class AskCode:
    team: str | None  # the team named ("what is red's code"); None for "what is our code"


@dataclass(frozen=True)
class Speech:
    text: str  # anything else: an answer to a question, a name


Intent = (
    Command
    | Override
    | YesNo
    | Shout
    | ZwapTiles
    | Choice
    | Keep
    | Number
    | KnockBack
    | TakeBack
    | AskCode
    | Speech
)


def _has(text: str, phrase: str) -> bool:
    return re.search(rf"(^| ){re.escape(phrase)}($| )", text) is not None


def _is(text: str, phrases: tuple[str, ...]) -> bool:
    """The whole utterance is one of the phrases (politeness words allowed around it; a
    phrase that holds one itself, "again please", also as said)."""
    core = re.sub(r"^(please |ok |okay |um |uh )+|( please| now)+$", "", text)
    return core in phrases or text in phrases


def find_categories(text: str, categories: tuple[str, ...]) -> list[tuple[int, str]]:
    """The categories named in ``text``, with their positions, in order of appearance."""
    found: dict[str, int] = {}
    for pattern, category in _category_patterns(categories):
        match = pattern.search(text)
        if match and category not in found:
            found[category] = match.start()
    return sorted((pos, cat) for cat, pos in found.items())


@lru_cache(maxsize=64)
def _category_patterns(categories: tuple[str, ...]) -> tuple[tuple[re.Pattern[str], str], ...]:
    """Each way of saying a category (name or alias), longest first, as a pattern."""
    names = {normalise_plain(c): c for c in categories}
    names.update({alias: c for alias, c in CATEGORY_ALIASES.items() if c in categories})
    spoken = sorted(names, key=len, reverse=True)
    return tuple((re.compile(rf"(^| ){re.escape(s)}($| |s )"), names[s]) for s in spoken)


def _owner(text: str, before: int, teams: tuple[str, ...]) -> str | None:
    words = text[:before].split()[-2:]
    for word in reversed(words):
        if word in ("my", "our", "mine"):
            return "my"
        for team in teams:
            if word in (team.lower(), f"{team.lower()}'s", f"{team.lower()}s"):
                return team
    return None


def _zwap(text: str, categories: tuple[str, ...], teams: tuple[str, ...]) -> ZwapTiles | None:
    if not any(_has(text, w) for w in ZWAP_WORDS):
        return None
    named = find_categories(text, categories)
    return ZwapTiles(tuple(c for _, c in named), tuple(_owner(text, p, teams) for p, _ in named))


def _ask_code(text: str, teams: tuple[str, ...]) -> AskCode | None:
    """A team asking for its board code, the whole utterance: "what is our code", "red's
    code please" (never an answer that merely holds the word: "the da vinci code")."""
    core = re.sub(r"^(please |ok |okay |um |uh )+|( please| now)+$", "", text)
    core = re.sub(r"^(what is|what's|whats|tell us|tell me|give us|say) ", "", core)
    found = re.fullmatch(r"(?P<who>.+?)(?:'s|s)? (?:board |team |view )?code", core)
    if found is None:
        return None
    who = found.group("who")
    if who in ("our", "my", "our team", "my team"):
        return AskCode(None)
    named = [t for t in teams if normalise_plain(t) in (who, f"{who}s", who.removesuffix("s"))]
    return AskCode(named[0]) if len(named) == 1 else None


def _shout(text: str, team_flag: str | None, teams: tuple[str, ...]) -> Shout:
    team = team_flag
    if team is None:
        named = [t for t in teams if _has(text, t.lower())]
        team = named[0] if len(named) == 1 else None
    return Shout(team)


def parse(
    text: str,
    *,
    teams: tuple[str, ...] = (),
    categories: tuple[str, ...] = (),
    shout_flag: bool = False,
    shout_team: str | None = None,
) -> Intent:
    """Classify one utterance.  Specific intents first; an answer is whatever is left."""
    norm = normalise_plain(text)
    if shout_flag or any(_has(norm, s) for s in SHOUTS):
        return _shout(norm, shout_team, teams)
    for phrase, right in OVERRIDES.items():
        if _has(norm, phrase):
            return Override(right)
    for name, phrases in COMMANDS.items():
        if _is(norm, phrases):
            return Command(name)
    zwap = _zwap(norm, categories, teams)
    if zwap is not None:
        return zwap
    return _ask_code(norm, teams) or Speech(norm)


def yes_no(text: str) -> bool | None:
    norm = normalise_plain(text)
    if _is(norm, AFFIRM) or norm.startswith(f"{BARE_YES[0]} "):
        return True
    if _is(norm, DENY) or norm.startswith(f"{BARE_NO[0]} "):
        return False
    return None


def choice_phrases(categories: tuple[str, ...]) -> tuple[str, ...]:
    """What a grammar should hold for ``choice``: each tile's name as ``find_categories`` reads
    it (lower case, "&" as "and"), and keep.  Not the one-word aliases ("food", "theatre"):
    ``choice`` still reads them, but in a grammar they catch "keep" and "undo"."""
    return (*dict.fromkeys(normalise_plain(c) for c in categories), *KEEP)


def zwap_phrase(first: str, second: str) -> str:
    """A zwap request as ``_zwap`` reads it: "zwap my music with blue's film"."""
    return f"{ZWAP_WORDS[0]} {first} with {second}"


def owned(owner: str | None, category: str) -> str:
    """A tile with its owner as ``_owner`` reads it: "my music", "blue's film", "film"."""
    name = normalise_plain(category)
    if owner is None:
        return name
    return f"{owner} {name}" if owner == "my" else f"{normalise_plain(owner)}'s {name}"


def choice(text: str, categories: tuple[str, ...]) -> Choice | Keep | None:
    """A tile named at the arrangement ("Music"), or "keep" for the order read out."""
    norm = normalise_plain(text)
    if _is(norm, KEEP):
        return Keep()
    named = find_categories(norm, categories)
    return Choice(named[0][1]) if len(named) == 1 else None


def knock_back(text: str) -> bool | None:
    norm = normalise_plain(text)
    if any(_has(norm, p) for p in FORWARD):
        return False
    if any(_has(norm, p) for p in KNOCK_BACK):
        return True
    return None


def take_back(text: str) -> bool | None:
    norm = normalise_plain(text)
    if any(_has(norm, p) for p in TAKE_BACK):
        return True
    if _is(norm, KEEP) or _has(norm, "keep"):
        return False
    return None


def number(text: str) -> int | None:
    words = normalise_plain(text).split()
    values = [NUMBERS[w] for w in words if w in NUMBERS]
    return values[0] if len(values) == 1 else None

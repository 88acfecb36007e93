"""What can be said in each listening window: its Expectation (the recognizer's grammar).

A grammar can only return phrases it holds, so every window lists what its dialogue accepts
there, built from the very phrase lists the dialogue parses with (``intents``): the commands
that work everywhere, the window's own moves, and the teams where a Bezzerwizzer may be
shouted (the recognizer adds the shout phrases from them).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from itertools import permutations
from typing import Any

from voicemaster import lexicon
from voicemaster.host import intents
from voicemaster.rules import IllegalAction, Zwap
from voicemaster.rules.actions import Position
from voicemaster.speech.asr.grammar import sanitise
from voicemaster.speech.base import Expectation

Locate = Callable[[str, "str | None"], "Position | None"]
SLOTS = (1, 2, 3, 4)
# the commands that work everywhere; yes, no and keep only where the window asks for them
GENERAL = tuple(w for w in lexicon.COMMAND_WORDS if w not in (*lexicon.YES_NO, lexicon.KEEP[0]))


def commands(teams: Sequence[str] = (), extra: Sequence[str] = ()) -> Expectation:
    """Only the commands (and shouts, with ``teams``): the final corrections."""
    return Expectation(commands=(*GENERAL, *extra), teams=tuple(teams))


def shouts(teams: Sequence[str]) -> Expectation:
    """Bezzerwizzer with a team, or pass (familie: before the options are read)."""
    return Expectation(commands=GENERAL, teams=tuple(teams))


def arrange(left: Sequence[str]) -> Expectation:
    """A tile still to place (by name), keep, yes/no (asked after three misses)."""
    return Expectation(options=intents.choice_phrases(tuple(left)), commands=(*GENERAL, "yes"))


def confirm() -> Expectation:
    """ "Did you say ...?": yes or no in the forms ``intents.yes_no`` reads."""
    return Expectation(commands=(*lexicon.AFFIRM, *lexicon.DENY, *GENERAL))


def knockback() -> Expectation:
    return Expectation(commands=(*lexicon.KNOCK_BACK, *lexicon.FORWARD, *GENERAL))


def takeback() -> Expectation:
    return Expectation(commands=(*lexicon.TAKE_BACK, *lexicon.KEEP, *GENERAL))


def before(game: Any, team: str, locate: Locate, extra: Sequence[str] = ()) -> Expectation:
    """The window before a question: shouts, and the zwaps ``team`` may make now."""
    zwaps = zwap_phrases(game, team, locate)
    teams = tuple(game.teams)
    return Expectation(options=zwaps, commands=(*GENERAL, *extra), teams=teams)


def zwap_phrases(game: Any, team: str, locate: Locate) -> tuple[str, ...]:
    """Every legal zwap of two open tiles as ``team`` may say it: "zwap my music with blue's
    film" (both orders; its own tile also by its team's name in second place), and without
    owners when ``team``'s tile comes first.  Only the forms that ``locate`` reads back as the
    same tiles (a category twice on the board needs its owner); the tests check that
    ``intents.parse`` reads every phrase as those two tiles with those owners."""
    if game.zwaps.get(team, 0) <= 0:
        return ()
    tiles = [(t, s) for t in game.teams for s in SLOTS if game.is_open(t, s)]
    found: dict[str, None] = {}
    for first, second in permutations(tiles, 2):
        if not _legal(game, Zwap(team, first, second)):
            continue
        for owners in _owners(team, first, second):
            if all(
                locate(_at(game, p), o) == p for p, o in zip((first, second), owners, strict=True)
            ):
                found.setdefault(_phrase(game, first, second, owners), None)
    return tuple(found)


def _owners(team: str, first: Position, second: Position) -> list[tuple[str | None, str | None]]:
    """How the two tiles' owners may be said: "my" for ``team``'s own tile first, its own tile
    second also by its team's name; no owners at all when the first tile is ``team``'s."""
    mine = ["my"] if first[0] == team else [first[0]]
    theirs = ["my", team] if second[0] == team else [second[0]]
    said: list[tuple[str | None, str | None]] = [(a, b) for a in mine for b in theirs]
    return said + ([(None, None)] if first[0] == team else [])


def _at(game: Any, position: Position) -> str:
    team, slot = position
    return str(game.slots[team][slot - 1])


def _phrase(game: Any, first: Position, second: Position, owners: tuple[str | None, ...]) -> str:
    one, two = (
        intents.owned(o, _at(game, p)) for p, o in zip((first, second), owners, strict=True)
    )
    return sanitise([intents.zwap_phrase(one, two)])[0]


def _legal(game: Any, action: Zwap) -> bool:
    try:
        game.check(action)
    except IllegalAction:
        return False
    return True

"""The start-up offer: the unfinished games (newest first, at most three by voice), one picked
by its number, a team's name or its own name, or a new game.

    There are 2 unfinished games. Game one: the standard game from Sunday, Tigers 14, Owls 9.
    Game two: the kompakt game from 3 March, Red 6, Blue 3. Which one shall we go on with?
    Say its number or a team's name, or new game.
"""

from __future__ import annotations

import time

from voicemaster import lexicon
from voicemaster.host import intents
from voicemaster.host.phrases import said, team_name
from voicemaster.host.setup.resume import describe
from voicemaster.host.setup.saved import SavedGame
from voicemaster.judge.text import normalise_plain
from voicemaster.speech.base import Ears, Expectation, Speaker

SHOWN = 3  # games told by voice; `voicemaster games` lists them all
ORDINALS = ("one", "two", "three")
NUMBER_WORDS = {"one": 1, "two": 2, "three": 3, "1": 1, "2": 2, "3": 3}
ORDINAL_WORDS = {"first": 1, "second": 2, "third": 3}  # "the second one": the second
NEW_WORDS = ("new", "neither", "none", "another")
TRIES = 3


def offer_text(games: list[SavedGame], now: float) -> str:
    shown = games[:SHOWN]
    if len(games) == 1:
        return said("offer.one", game=describe(games[0], now))
    told = " ".join(
        said("offer.game", number=ORDINALS[n], game=describe(g, now)) for n, g in enumerate(shown)
    )
    more = len(games) - len(shown)
    rest = ""
    if more:
        rest = said("offer.more.1") if more == 1 else said("offer.more", more=more)
    return said("offer.many", count=len(games), games=told, rest=rest)


def expectation(shown: list[SavedGame]) -> Expectation:
    numbers = tuple(f"game {word}" for word in ORDINALS[: len(shown)])
    commands = (*lexicon.YES_NO, "new game", *numbers, *ORDINALS[: len(shown)])
    teams = tuple(dict.fromkeys(t for g in shown for t in g.game.teams))
    return Expectation(commands=commands, teams=teams)


def choose(text: str, shown: list[SavedGame]) -> SavedGame | str | None:
    """The game ``text`` picks, None for a new game, or what to say to ask again."""
    norm = normalise_plain(text)
    words = norm.split()
    yes = intents.yes_no(norm)
    if yes is False or any(w in NEW_WORDS for w in words):
        return None
    numbers = {ORDINAL_WORDS[w] for w in words if w in ORDINAL_WORDS}
    numbers = numbers or {NUMBER_WORDS[w] for w in words if w in NUMBER_WORDS}
    if len(numbers) == 1 and next(iter(numbers)) <= len(shown):
        return shown[next(iter(numbers)) - 1]
    named = [g for g in shown if _names(g, norm)]
    if len(named) == 1:
        return named[0]
    if named:
        shared = set(_names(named[0], norm)).intersection(*(_names(g, norm) for g in named))
        who = team_name(sorted(shared)[0]) if shared else said("offer.that_name")
        return said("offer.ambiguous", name=who)
    if yes and len(shown) == 1:
        return shown[0]
    return said("offer.hint")


def _names(game: SavedGame, norm: str) -> list[str]:
    """The names of ``game`` (its teams', its own) that ``norm`` says."""
    own = [game.name] if game.named else []
    said = f" {norm} "
    return [n for n in (*game.game.teams, *own) if f" {normalise_plain(n)} " in said]


def offer(
    games: list[SavedGame], speaker: Speaker, ears: Ears, now: float | None = None
) -> SavedGame | None:
    """Offer ``games`` (newest first); the one picked, or None for a new game (also after
    silence or three replies that pick none)."""
    now = time.time() if now is None else now
    shown = games[:SHOWN]
    speaker.say(offer_text(games, now))
    for _ in range(TRIES):
        heard = ears.hear(expectation(shown), 20.0)
        if heard is None:
            return None
        picked = choose(heard.text, shown)
        if not isinstance(picked, str):
            return picked
        speaker.say(picked)
    speaker.say(said("offer.new_game"))
    return None

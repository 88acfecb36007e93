"""Saved games at start-up: which unfinished games fit the options given, how one is told, and
what a resumed game reports (a half-written last line dropped, cards changed since asked).

A plain ``voicemaster play`` offers the unfinished games; options given on the command line
(``--variant kompakt``, ``--teams 3``, ``--deck ...``) narrow the offer to games they fit, so a
game of another kind is never offered.  A game is told by its rule set, when it was last played
and its standings: "the standard game from Sunday, Tigers 14, Owls 9".
"""

from __future__ import annotations

import json
import re
import time
from datetime import date
from pathlib import Path
from typing import Any

from voicemaster.decks import Deck
from voicemaster.decks.refs import card_digest, deck_key
from voicemaster.host.phrases import listing, said, spoken_locale, team_name
from voicemaster.host.setup.decks import load_decks
from voicemaster.host.setup.errors import SetupError
from voicemaster.host.setup.saved import SavedGame
from voicemaster.records import Record, RecordHeader
from voicemaster.rules import find_rules

OTHER_DECKS = "it uses other decks"


def length_field(variant: str) -> str:
    """The header field that holds a game's length: "target" (points to win) or "track"."""
    try:
        return find_rules(variant).goal.field
    except ValueError:  # a header of an unknown rule set: as the standard board's
        return "track"


def conflicts(saved: RecordHeader, given: dict[str, Any]) -> list[str]:
    """Why a saved game does not fit the options given (empty: it fits)."""
    found: list[str] = []
    header, variant, teams = saved.fields, saved.variant, list(saved.teams)
    if given.get("variant", variant) != variant:
        found.append(f"it is a {variant} game, not {given['variant']}")
    if given.get("teams", teams) != teams:
        found.append(f"its teams are {', '.join(teams)}")
    if given.get("team_count", len(teams)) != len(teams):
        found.append(f"it has {len(teams)} teams")
    track = header.get(length_field(variant))
    for name, value in (("track", track), *((k, header.get(k)) for k in ("home_stretch", "seed"))):
        if name in given and given[name] != value:
            found.append(f"its {name.replace('_', ' ')} is {value}")
    if "mode" in given and given["mode"] != header.get("mode", "race"):
        found.append(f"its mode is {header.get('mode', 'race')}")
    if "difficulty" in given and given["difficulty"] != header.get("difficulty", "mixed"):
        found.append(f"its difficulty is {header.get('difficulty', 'mixed')}")
    if "no_region" in given and given["no_region"] != sorted(header.get("no_region") or []):
        left_out = ", ".join(header.get("no_region") or []) or "no region"
        found.append(f"it leaves out {left_out}")
    decks = [deck_key(d) for d in saved.decks]
    if "deck" in given and [deck_key(d) for d in given["deck"]] != decks:
        found.append(OTHER_DECKS)
    return found


def check_fits(
    path: Path, saved: Record, given: dict[str, Any], decks: list[str] | None = None
) -> None:
    """SetupError unless the saved game ``saved`` (read from ``path``) fits the options given.
    ``decks`` (``--deck``): other files than the header names fit when they hold every card
    the game asked, unchanged (a deck file that moved)."""
    problems = conflicts(saved.header, given)
    if OTHER_DECKS in problems and decks:
        problems.remove(OTHER_DECKS)
        unlike = changed_ids(saved.lines, load_decks(decks))
        if unlike:
            shown = ", ".join(unlike[:5]) + (" ..." if len(unlike) > 5 else "")
            problems.append(
                f"{OTHER_DECKS}: --deck lacks or has changed {len(unlike)} of the cards "
                f"it asked ({shown})"
            )
    if problems:
        raise SetupError(f"{path} does not fit the options given: {'; '.join(problems)}")


def when_played(mtime: float, now: float) -> str:
    """ "today", "yesterday", "Sunday" (this week), "3 March", "3 March 2025" """
    day, today = date.fromtimestamp(mtime), date.fromtimestamp(now)
    days = (today - day).days
    if days <= 0:
        return "today"
    if days == 1:
        return "yesterday"
    if days < 7:
        return day.strftime("%A")
    month = day.strftime("%B")
    return f"{day.day} {month}" if day.year == today.year else f"{day.day} {month} {day.year}"


def scores(positions: dict[str, int]) -> str:
    """ "Tigers 14, Owls 9": the leader first (ties in seating order)."""
    order = sorted(positions, key=lambda t: (-positions[t], list(positions).index(t)))
    return ", ".join(f"{team_name(t)} {positions[t]}" for t in order)


def describe(saved: SavedGame, now: float | None = None) -> str:
    """ "the standard game from Sunday, Tigers 14, Owls 9" (a game the players named: its
    name first, "christmas: the standard game ...")."""
    now = time.time() if now is None else now
    when = when_played(saved.mtime, now)
    positions = scores(dict(saved.game.positions))
    text = said("saved.game", variant=saved.game.name, when=when, scores=positions)
    return said("saved.named", name=saved.name, game=text) if saved.named else text


# the record lines a crash may have torn, each said as the catalogue's "dropped.<kind>"
DROPPED_KINDS = ("question", "playoff", "round", "zwap", "deal", "place", "tiebreak")


def dropped_note(data: bytes) -> str | None:
    """What a half-written last line held, in words; None when nothing was dropped."""
    if not data.strip():
        return None
    text = data.decode("utf-8", "replace")
    kind = re.match(r'\s*\{\s*"(\w+)"', text)
    team = re.search(r'"team"\s*:\s*"([^"]+)"', text)
    found = kind.group(1) if kind else ""
    template = spoken_locale().phrases.get(f"dropped.{found}", "") if found in DROPPED_KINDS else ""
    if not template or ("{team}" in template and team is None):
        phrase = said("dropped.part")
    else:
        phrase = template.format(team=team_name(team.group(1)) if team else "")
    return said("dropped", step=phrase)


def changed_ids(lines: list[dict[str, Any]], deck: Deck) -> list[str]:
    """The cards this game asked (by id and content hash) that ``deck`` has changed or lacks
    ("id (gone)"), in the order asked, each once."""
    cards = {card.id: card for card in deck.questions}
    changed: list[str] = []
    for line in lines[1:]:
        ids, hashes = _asked(line)
        for card_id, digest in zip(ids, hashes, strict=False):
            card = cards.get(card_id)
            if digest and (card is None or card_digest(card) != digest):
                changed.append(card_id if card else f"{card_id} (gone)")
    return list(dict.fromkeys(changed))


def changed_cards(lines: list[dict[str, Any]], deck: Deck) -> str | None:
    """Which cards this game asked have changed in the deck since (their ``hash`` differs, or
    they are gone); None when none has.  Their results stand."""
    changed = changed_ids(lines, deck)
    if not changed:
        return None
    shown = listing(changed)
    count = len(set(changed))
    return (
        f"{count} card{'s' if count > 1 else ''} this game asked changed in the deck since: "
        f"{shown}; the results stand"
    )


def _asked(line: dict[str, Any]) -> tuple[list[Any], list[Any]]:
    if "card" in line:
        return [line.get("card")], [line.get("hash")]
    return list(line.get("cards") or []), list(line.get("hashes") or [])


def preview(data: bytes, limit: int = 60) -> str:
    """The start of dropped bytes, for the screen."""
    text = data.decode("utf-8", "replace")
    return json.dumps(text[:limit] + ("..." if len(text) > limit else ""), ensure_ascii=False)

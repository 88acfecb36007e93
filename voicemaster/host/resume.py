"""Saved games at start-up: which unfinished game fits the options given, and how it is told.

A plain ``voicemaster play`` offers the newest unfinished game; options given on the command
line (``--variant kompakt``, ``--teams 3``, ``--deck ...``) narrow the offer to games they fit,
so a game of another kind is never offered.  The offer names the rule set, the teams, the
score and when the game was last played.
"""

from __future__ import annotations

import argparse
import time
from pathlib import Path
from typing import Any

from voicemaster.host.phrases import listing, team_name
from voicemaster.records import RecordError, read_record


def given_options(args: argparse.Namespace) -> dict[str, Any]:
    """The game options given on the command line (not defaults), by header field."""
    given: dict[str, Any] = {}
    if getattr(args, "variant", None) is not None:
        given["variant"] = args.variant
    if getattr(args, "names", None):
        given["teams"] = [n.strip().lower() for n in args.names.split(",") if n.strip()]
    elif getattr(args, "teams", None) is not None:
        given["team_count"] = args.teams
    for name in ("track", "home_stretch", "seed", "mode"):
        if getattr(args, name, None) is not None:
            given[name] = getattr(args, name)
    if getattr(args, "deck", None):
        given["deck"] = [str(Path(p).resolve()) for p in args.deck]
    return given


def conflicts(header: dict[str, Any], given: dict[str, Any]) -> list[str]:
    """Why a saved game does not fit the options given (empty: it fits)."""
    found: list[str] = []
    variant = str(header.get("variant", "standard"))
    teams = list(header.get("teams", []))
    if given.get("variant", variant) != variant:
        found.append(f"it is a {variant} game, not {given['variant']}")
    if given.get("teams", teams) != teams:
        found.append(f"its teams are {', '.join(teams)}")
    if given.get("team_count", len(teams)) != len(teams):
        found.append(f"it has {len(teams)} teams")
    track = header.get("target" if variant == "kompakt" else "track")
    for name, value in (("track", track), *((k, header.get(k)) for k in ("home_stretch", "seed"))):
        if name in given and given[name] != value:
            found.append(f"its {name.replace('_', ' ')} is {value}")
    if "mode" in given and given["mode"] != header.get("mode", "race"):
        found.append(f"its mode is {header.get('mode', 'race')}")
    if "deck" in given and given["deck"] != list(header.get("deck") or []):
        found.append("it uses other decks")
    return found


def fitting(paths: list[Path], given: dict[str, Any]) -> list[Path]:
    """The saved games among ``paths`` that fit the options given (order kept)."""
    out = []
    for path in paths:
        try:
            header = read_record(path, tolerate_torn_tail=True).header
        except RecordError:
            continue
        if not conflicts(header, given):
            out.append(path)
    return out


def describe(path: Path) -> str:
    """ "a game of standard for Red and Blue, last played on Monday 3 March at 14:05;
    the score: Red 12, Blue 8" """
    record = read_record(path, tolerate_torn_tail=True)
    game = record.game
    teams = listing([team_name(t) for t in game.teams])
    order = sorted(game.positions.items(), key=lambda item: -item[1])
    score = ", ".join(f"{team_name(t)} {p}" for t, p in order)
    stamp = time.localtime(path.stat().st_mtime)
    when = f"{time.strftime('%A', stamp)} {stamp.tm_mday} {time.strftime('%B at %H:%M', stamp)}"
    return f"a game of {game.name} for {teams}, last played on {when}; the score: {score}"

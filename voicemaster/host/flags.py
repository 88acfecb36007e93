"""The flags of `voicemaster play` checked before the first word is spoken: a flag that cannot
make a game is refused at once (SetupError, one clear line), not after the set-up dialogue.

The rule set may still be asked by voice: a flag is then checked against every rule set the
players could choose (a track of 1 fits none; --kinds only fits familie)."""

from __future__ import annotations

import argparse

from voicemaster.host.setup.session import SetupError, team_names
from voicemaster.rules import variant_names
from voicemaster.rules.base import Settings

MIN_TRACK = 2  # every rule set: the finish (kompakt: the points to win) at least this far
NO_STRETCH = ("kompakt", "timeline")  # rule sets without a home stretch


def check_flags(args: argparse.Namespace) -> None:
    """SetupError naming the first flag that cannot make a game."""
    teams = None
    if args.teams is not None or args.names is not None:
        teams = team_names(args.teams, args.names, args.variant)
    # with the teams given nothing is asked: the rule set is the flag's, or standard
    variant = args.variant or ("standard" if teams is not None else None)
    _check_track(args.track, variant)
    _check_stretch(getattr(args, "home_stretch", None), args.track, variant)
    _check_only_for(variant, "familie", "--kinds", getattr(args, "kinds", None))
    mode = getattr(args, "mode", None)
    _check_only_for(variant, "kompakt", "--mode empty-bag", mode not in (None, "race"))
    _check_decks(getattr(args, "deck", None))
    if getattr(args, "kinds", None) and teams is not None:
        from voicemaster.host.familie.dialogue import parse_kinds

        try:
            parse_kinds(args.kinds, teams)
        except ValueError as exc:
            raise SetupError(str(exc)) from None


def _check_track(track: int | None, variant: str | None) -> None:
    if track is None or track >= MIN_TRACK:
        return
    what = "the points to win" if variant == "kompakt" else "the track"
    raise SetupError(f"--track {track}: {what} must be at least {MIN_TRACK}")


def _check_stretch(stretch: int | None, track: int | None, variant: str | None) -> None:
    if stretch is None:
        return
    if stretch < 0:
        raise SetupError(f"--home-stretch {stretch}: it cannot be negative")
    boards = [v for v in ([variant] if variant else variant_names()) if v not in NO_STRETCH]
    length = track if track is not None else Settings().track
    if boards and stretch >= length:
        raise SetupError(
            f"--home-stretch {stretch}: the home stretch must be shorter than the track "
            f"({length} spaces)"
        )


def _check_only_for(variant: str | None, only: str, flag: str, given: object) -> None:
    if given and variant not in (None, only):
        raise SetupError(f"{flag} is for {only}")


def _check_decks(given: list[str] | None) -> None:
    """Decks given with --deck must load: a missing or broken file is named before the game."""
    if not given:
        return
    from voicemaster.decks import DeckError, load_deck

    for path in given:
        try:
            load_deck(path)
        except DeckError as exc:
            first = exc.problems[0] if exc.problems else exc
            more = f" (and {len(exc.problems) - 1} more)" if len(exc.problems) > 1 else ""
            raise SetupError(f"--deck {path}: {first}{more}") from None

"""The flags of `voicemaster play` checked before the first word is spoken: a flag that cannot
make a game is refused at once (SetupError, one clear line), not after the set-up dialogue.

The rule set may still be asked by voice: a flag is then checked against every rule set the
players could choose (a track of 1 fits none; --kinds only fits familie)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from voicemaster.commands import variants
from voicemaster.commands.arguments_game import MAX_TRACK
from voicemaster.host.setup.errors import SetupError
from voicemaster.host.setup.headers import team_names
from voicemaster.rules import DEFAULT, Goal, RuleSet, find_rules, rule_sets
from voicemaster.rules.base import Settings
from voicemaster.settings import GameOptions

MIN_TRACK = 2  # every rule set: the finish (kompakt: the points to win) at least this far


def check_flags(game: GameOptions) -> None:
    """SetupError naming the first flag that cannot make a game."""
    teams = None
    if game.teams is not None or game.names is not None:
        teams = team_names(game.teams, game.names, game.variant)
    # with the teams given nothing is asked: the rule set is the flag's, or the default
    name = game.variant or (DEFAULT if teams is not None else None)
    rules = find_rules(name) if name is not None else None
    _check_track(game.track, rules)
    _check_stretch(game.home_stretch, game.track, rules)
    _check_only_for(rules, lambda r: r.kinds, "--kinds", game.kinds)
    mode = game.mode not in (None, "race")
    _check_only_for(rules, lambda r: game.mode in r.modes, f"--mode {game.mode}", mode)
    _check_decks(game.deck)
    players = variants.find(rules.name).players if rules is not None else None
    if game.kinds and teams is not None and players is not None:
        try:
            players(game.kinds, teams, 0, None)  # the flag parses for these teams
        except ValueError as exc:
            raise SetupError(str(exc)) from None


def _check_track(track: int | None, rules: RuleSet[Any] | None) -> None:
    if track is None or MIN_TRACK <= track <= MAX_TRACK:
        return
    what = "the points to win" if rules is not None and rules.goal is Goal.POINTS else "the track"
    if track > MAX_TRACK:  # a longer game would not end in an evening
        raise SetupError(f"--track {track}: {what} may be at most {MAX_TRACK}")
    raise SetupError(f"--track {track}: {what} must be at least {MIN_TRACK}")


def _check_stretch(stretch: int | None, track: int | None, rules: RuleSet[Any] | None) -> None:
    if stretch is None:
        return
    if stretch < 0:
        raise SetupError(f"--home-stretch {stretch}: it cannot be negative")
    boards = [r for r in ([rules] if rules else rule_sets()) if r.goal.stretch]
    length = track if track is not None else Settings().track
    if boards and stretch >= length:
        raise SetupError(
            f"--home-stretch {stretch}: the home stretch must be shorter than the track "
            f"({length} spaces)"
        )


def _check_only_for(
    rules: RuleSet[Any] | None, takes: Callable[[RuleSet[Any]], bool], flag: str, given: object
) -> None:
    """SetupError when ``flag`` is given for a rule set that does not take it."""
    if given and rules is not None and not takes(rules):
        only = " and ".join(r.name for r in rule_sets() if takes(r))
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

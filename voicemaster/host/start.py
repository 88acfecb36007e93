"""Which game `voicemaster play` hosts: a saved one (given with --resume, or offered when it fits
the options given) or a new one set up by flags or by voice (rule set, teams, names, track,
familie's kinds), and opening its record and decks.  Shared with `voicemaster simulate`: the
quizmaster of a rule set, the header fields a rule set needs, opening a saved game."""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import Any

from voicemaster.host import intents
from voicemaster.host.dialogue import Quizmaster
from voicemaster.host.log import GameLog, unfinished_games
from voicemaster.host.phrases import listing, team_name
from voicemaster.host.quiz import Quiz
from voicemaster.host.resume import conflicts, describe, fitting, given_options
from voicemaster.host.session import (
    GAMES,
    SetupError,
    check_deck_serves,
    deck_paths,
    load_decks,
    new_header,
    new_record_path,
    team_names,
)
from voicemaster.host.setup_voice import ask_setup
from voicemaster.records import RecordError, game_from_header, read_record
from voicemaster.speech.base import Ears, Expectation, Speaker


def _ask_yes(speaker: Speaker, ears: Ears, question: str) -> bool:
    speaker.say(question)
    heard = ears.hear(Expectation(commands=("yes", "no")), 20.0)
    return bool(heard is not None and intents.yes_no(heard.text))


def quizmaster_class(variant: str) -> type[Quizmaster]:
    """The quizmaster of a rule set (standard and ord: the standard board's)."""
    if variant == "familie":
        from voicemaster.host.familie import FamilieQuizmaster

        return FamilieQuizmaster
    if variant == "kompakt":
        from voicemaster.host.kompakt import KompaktQuizmaster

        return KompaktQuizmaster
    if variant == "timeline":  # its own dialogue (placements, not questions)
        from voicemaster.host.timeline_dialogue import TimelineQuizmaster

        return TimelineQuizmaster  # type: ignore[return-value]
    return Quizmaster


def variant_extra(
    args: argparse.Namespace, teams: list[str], ask: tuple[Speaker, Ears] | None
) -> dict[str, Any]:
    """Header fields a rule set needs from the players: familie's kinds (``--kinds``, else asked
    when ``ask`` gives a speaker and ears, else mixed for a simulated table)."""
    kinds = getattr(args, "kinds", None)
    if args.variant != "familie":
        if kinds:
            raise SetupError("--kinds is for familie")
        return {}
    from voicemaster.host import familie

    if kinds:
        try:
            given = familie.parse_kinds(kinds, teams)  # teams left out: adults' teams
            return {"kinds": {team: given.get(team, "adult") for team in teams}}
        except ValueError as exc:
            raise SetupError(str(exc)) from None
    if ask is not None:
        return {"kinds": familie.ask_kinds(ask[0], ask[1], teams)}
    return {"kinds": familie.alternating_kinds(teams, args.seed or 0)}


def goal(header: dict[str, Any]) -> str:
    if header["variant"] == "kompakt":
        if header.get("mode") == "empty-bag":
            return "We play until the bag is empty."
        return f"First to {header.get('target')} points wins."
    if header["variant"] == "timeline":
        return (
            f"A lap of {header.get('track')} points wins at once; "
            "otherwise the most points after round two."
        )
    return f"The finish is at {header.get('track')}."


def choose_record(args: argparse.Namespace, speaker: Speaker, ears: Ears) -> tuple[Path, bool]:
    """The record to play and whether it is a saved game: resumed, offered for resuming (only
    games that fit the options given), or a new game (set up by voice)."""
    given = given_options(args)
    if args.resume:
        path = Path(args.resume)
        check_fits(path, given)
        return path, True
    if args.resume is not None or args.record is None:
        found = fitting(unfinished_games(GAMES), given)
        if args.resume is not None:
            if not found:
                fits = " that fits the options given" if given else ""
                raise SetupError(f"no unfinished game{fits} in {GAMES}/")
            return found[0], True
        if found:
            offer = f"There is an unfinished game: {describe(found[0])}. Shall we go on with it?"
            if _ask_yes(speaker, ears, f"{offer} Say yes or no."):
                return found[0], True
    return new_game(args, speaker, ears), False


def check_fits(path: Path, given: dict[str, Any]) -> None:
    try:
        header = read_record(path, tolerate_torn_tail=True).header
    except RecordError:
        return  # open_game explains what is wrong with it
    problems = conflicts(header, given)
    if problems:
        raise SetupError(f"{path} does not fit the options given: {'; '.join(problems)}")


def new_game(args: argparse.Namespace, speaker: Speaker, ears: Ears) -> Path:
    teams = set_up_teams(args, speaker, ears)
    decks = [str(Path(p).resolve()) for p in deck_paths(args.deck, args.variant)]
    extra = variant_extra(args, teams, (speaker, ears))
    header = new_header(args, teams, {"deck": decks, **extra})
    path = Path(args.record) if args.record else new_record_path()
    if path.exists() and path.stat().st_size:
        raise SetupError(f"{path} exists; use --resume {path} to go on with it")
    check_deck_serves(load_decks(decks), game_from_header(header))  # before any record exists
    GameLog(path, header).close()
    names = listing([team_name(t) for t in teams])
    variant = header["variant"]
    speaker.say(f"A new game of {variant} for {len(teams)} teams: {names}. {goal(header)}")
    return path


def set_up_teams(args: argparse.Namespace, speaker: Speaker, ears: Ears) -> list[str]:
    """The teams from --teams/--names (then nothing is asked: the rule set and the track take
    their flags or defaults); without them the table is set up by voice: the rule set and the
    track unless given as flags, the number of teams and their names.  Sets ``args.variant``
    and ``args.track``."""
    if args.teams is not None or args.names is not None:
        args.variant = args.variant or "standard"
        return team_names(args.teams, args.names)
    fixed = args.track is not None or getattr(args, "mode", None) == "empty-bag"
    setup = ask_setup(speaker, ears, args.variant, args.track, ask_track=not fixed)
    args.variant, args.track = setup.variant, setup.track
    return list(setup.teams)


def open_game(path: Path) -> tuple[GameLog, Quiz]:
    try:
        read_record(path, tolerate_torn_tail=True)
    except RecordError as exc:
        where = f"{path}:{exc.line}" if exc.line else str(path)
        raise SetupError(f"{where}: {exc.reason}") from None
    game_log = GameLog(path)
    variant = str(game_log.header.get("variant", "standard"))
    deck = load_decks(list(game_log.header.get("deck") or deck_paths(None, variant)))
    check_deck_serves(deck, game_from_header(game_log.header))
    return game_log, Quiz(deck, game_log.used_cards())

"""Which game `voicemaster play` hosts: a saved one (given with --resume, or picked from the
unfinished games that fit the options given) or a new one set up by flags or by voice (rule
set, teams, names, track, familie's kinds).  Opening it is the game session's
(``host/session.py``)."""

from __future__ import annotations

import sys
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from voicemaster.commands.new_game import header_options, variant_extra
from voicemaster.decks.history import History
from voicemaster.decks.refs import deck_ref
from voicemaster.files import RecordBusy, is_locked
from voicemaster.host.phrases import listing, team_name
from voicemaster.host.session import read_saved
from voicemaster.host.setup.decks import (
    check_deck_serves,
    deck_folders,
    deck_paths,
    deck_refs,
    load_decks,
)
from voicemaster.host.setup.errors import SetupError
from voicemaster.host.setup.headers import draw_settings, new_header, team_names
from voicemaster.host.setup.offer import offer
from voicemaster.host.setup.paths import check_record_path, new_record_path
from voicemaster.host.setup.resume import check_fits, conflicts
from voicemaster.host.setup.saved import SavedGame, scan
from voicemaster.host.setup.voice import ask_setup
from voicemaster.records import Record, RecordHeader, game_from_header
from voicemaster.rules import DEFAULT, find_rules
from voicemaster.settings import GameOptions, PlaySettings
from voicemaster.speech.base import Ears, Speaker


@dataclass(frozen=True)
class Chosen:
    """The game to host: its record, and either a saved game's record as read (``saved``) or
    a new game's header (written when the game opens)."""

    path: Path
    saved: Record | None = None
    header: RecordHeader | None = None

    @property
    def resumed(self) -> bool:
        return self.saved is not None


def saved_to_resume(game: GameOptions, folders: tuple[Path, ...]) -> Record:
    """The saved game ``--resume PATH`` names, read once; SetupError unless it fits the
    options given (said before anything is listened for), RecordBusy when it is played."""
    path = Path(game.resume or "")
    if is_locked(path):
        raise RecordBusy(path)
    saved = read_saved(path)
    check_fits(path, saved, given_options(game, folders), game.deck)
    return saved


def goal(made: RecordHeader) -> str:
    return find_rules(made.variant).goal_sentence(made.fields)


def choose_record(
    settings: PlaySettings, speaker: Speaker, ears: Ears, saved: Record | None = None
) -> Chosen:
    """The game to play: resumed (``saved``: the record ``--resume PATH`` named, read and
    checked already), picked from the offered unfinished games (only games that fit the
    options given), or a new game (set up by voice).  Broken records newer than the game
    offered first are named on screen."""
    places, game = settings.places, settings.game
    given = given_options(game, deck_folders(places))
    if game.resume:
        if saved is None:
            saved = saved_to_resume(game, deck_folders(places))
        return Chosen(Path(game.resume), saved)
    if game.record:
        check_record_path(Path(game.record))
    if game.resume is not None or game.record is None:
        found = scan(places.games)
        fits = [g for g in playable(found.unfinished()) if not conflicts(g.header, given)]
        for broken in found.broken_since(fits[0] if fits else None):
            print(f"voicemaster: skipped: {broken.note()}", file=sys.stderr)
        if game.resume is not None:
            if not fits:
                fit = " that fits the options given" if given else ""
                raise SetupError(f"no unfinished game{fit} in {places.games}/")
            return Chosen(fits[0].path, fits[0].record)
        picked = offer(fits, speaker, ears) if fits else None
        if picked is not None:
            return Chosen(picked.path, picked.record)
    return new_game(settings, speaker, ears)


def playable(games: list[SavedGame]) -> list[SavedGame]:
    """The games ``play`` may offer: not simulations (older ones lie among the games), not
    one another process is playing now."""
    return [g for g in games if g.header.simulation is None and not is_locked(g.path)]


def given_options(game: GameOptions, folders: tuple[Path, ...] = ()) -> dict[str, Any]:
    """The game options given on the command line (not defaults), by header field; decks as a
    header names them (``folders``: the deck folders)."""
    given: dict[str, Any] = {}
    if game.variant is not None:
        given["variant"] = game.variant
    if game.names:
        given["teams"] = [n.strip().lower() for n in game.names.split(",") if n.strip()]
    elif game.teams is not None:
        given["team_count"] = game.teams
    fields = (("track", game.track), ("home_stretch", game.home_stretch), ("seed", game.seed))
    for name, value in (*fields, ("mode", game.mode)):
        if value is not None:
            given[name] = value
    if game.deck:
        given["deck"] = [deck_ref(p, folders) for p in game.deck]
    if game.difficulty is not None:
        given["difficulty"] = game.difficulty
    if game.no_region is not None:
        given["no_region"] = sorted(game.no_region)
    return given


def new_game(settings: PlaySettings, speaker: Speaker, ears: Ears) -> Chosen:
    places = settings.places
    teams, game = set_up_teams(settings.game, speaker, ears)
    folders = deck_folders(places)
    paths = deck_paths(game.deck, game.variant or DEFAULT, folders)
    extra = variant_extra(game, teams, (speaker, ears))
    header = new_header(header_options(game), teams, {"deck": deck_refs(paths, folders), **extra})
    path = Path(game.record) if game.record else new_record_path(places.games)
    check_deck_serves(load_decks(paths), game_from_header(header))  # before any record exists
    if settings.history:
        number = History.load(places.history).begin_game()
        header = RecordHeader.parse({**header.line(), "history": number})
    names = listing([team_name(t) for t in teams])
    variant = find_rules(header.variant).title  # "Bezzerwizzer Ord, the word edition"
    variant += "," if "," in variant else ""
    draw = draw_settings(header, path)
    told = f"A new game of {variant} for {len(teams)} teams: {names}. {goal(header)}"
    speaker.say(f"{told} {draw.sentence()}".rstrip())
    return Chosen(path, header=header)


def set_up_teams(game: GameOptions, speaker: Speaker, ears: Ears) -> tuple[list[str], GameOptions]:
    """The teams from --teams/--names (then nothing is asked: the rule set and the track take
    their flags or defaults); without them the table is set up by voice: the rule set and the
    track unless given as flags, the number of teams and their names.  Returns the teams and
    the options with the rule set and the track chosen."""
    if game.teams is not None or game.names is not None:
        game = replace(game, variant=game.variant or DEFAULT)
        return team_names(game.teams, game.names, game.variant), game
    fixed = game.track is not None or game.mode == "empty-bag"
    setup = ask_setup(speaker, ears, game.variant, game.track, ask_track=not fixed)
    return list(setup.teams), replace(game, variant=setup.variant, track=setup.track)

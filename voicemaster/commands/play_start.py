"""Which game `voicemaster play` hosts: a saved one (given with --resume, or picked from the
unfinished games that fit the options given) or a new one set up by flags or by voice (rule
set, teams, names, track, familie's kinds), and opening its record and decks.  Shared with
`voicemaster simulate`: the quizmaster of a rule set, the header fields a rule set needs,
opening a saved game."""

from __future__ import annotations

import json
import sys
from collections.abc import Callable
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from voicemaster.commands import variants
from voicemaster.decks import Deck, load_deck
from voicemaster.decks.history import Asked, History
from voicemaster.decks.refs import card_digest, deck_ref
from voicemaster.files import RecordBusy, is_locked
from voicemaster.host.hosting import Host
from voicemaster.host.log import GameLog
from voicemaster.host.phrases import listing, team_name
from voicemaster.host.quiz import Quiz
from voicemaster.host.setup.offer import offer
from voicemaster.host.setup.resume import OTHER_DECKS, changed_ids, conflicts
from voicemaster.host.setup.saved import SavedGame, scan
from voicemaster.host.setup.saving import check_record_path
from voicemaster.host.setup.session import (
    HeaderOptions,
    SetupError,
    check_deck_serves,
    deck_folders,
    deck_paths,
    deck_refs,
    draw_settings,
    join_decks,
    load_decks,
    new_header,
    new_record_path,
    resolve_decks,
    team_names,
)
from voicemaster.host.setup.voice import ask_setup
from voicemaster.places import Places
from voicemaster.records import RecordError, SaveError, game_from_header, read_record
from voicemaster.rules import DEFAULT, find_rules, rule_sets
from voicemaster.settings import GameOptions, PlaySettings
from voicemaster.speech.base import Ears, Speaker


@dataclass(frozen=True)
class Chosen:
    """The game to host: its record, whether it is a saved game, and a new game's header
    (written when the game opens)."""

    path: Path
    resumed: bool
    header: dict[str, Any] | None = None


def quizmaster_class(variant: str) -> type[Host[Any]]:
    """The quizmaster of a rule set (commands/variants.py)."""
    return variants.find(variant).quizmaster


def header_options(game: GameOptions) -> HeaderOptions:
    """The options a new game's header is made of."""
    return HeaderOptions(
        variant=game.variant or DEFAULT,
        track=game.track,
        home_stretch=game.home_stretch,
        seed=game.seed,
        mode=game.mode,
        draw=game.draw,
    )


def variant_extra(
    game: GameOptions, teams: list[str], ask: tuple[Speaker, Ears] | None
) -> dict[str, Any]:
    """Header fields a rule set needs from the players (``Variant.players``: familie's kinds
    from ``--kinds``, else asked when ``ask`` gives a speaker and ears, else mixed for a
    simulated table)."""
    players = variants.find(game.variant or DEFAULT).players
    if players is None:
        if game.kinds:
            raise SetupError(f"--kinds is for {taking_kinds()}")
        return {}
    try:
        return players(game.kinds, teams, game.seed or 0, ask)
    except ValueError as exc:
        raise SetupError(str(exc)) from None


def goal(header: dict[str, Any]) -> str:
    return find_rules(header["variant"]).goal_sentence(header)


def taking_kinds() -> str:
    """The rule sets whose teams are children's or adults' teams (--kinds)."""
    return " and ".join(r.name for r in rule_sets() if r.kinds)


def choose_record(settings: PlaySettings, speaker: Speaker, ears: Ears) -> Chosen:
    """The game to play: resumed, picked from the offered unfinished games (only games that fit
    the options given), or a new game (set up by voice).  Broken records newer than the game
    offered first are named on screen."""
    places, game = settings.places, settings.game
    given = given_options(game, deck_folders(places))
    if game.resume:
        path = Path(game.resume)
        check_fits(path, given, game.deck)
        return Chosen(path, True)
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
            return Chosen(fits[0].path, True)
        picked = offer(fits, speaker, ears) if fits else None
        if picked is not None:
            return Chosen(picked.path, True)
    return new_game(settings, speaker, ears)


def playable(games: list[SavedGame]) -> list[SavedGame]:
    """The games ``play`` may offer: not simulations (older ones lie among the games), not
    one another process is playing now."""
    return [g for g in games if "simulate" not in g.header and not is_locked(g.path)]


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


def check_fits(path: Path, given: dict[str, Any], decks: list[str] | None = None) -> None:
    """SetupError unless the saved game at ``path`` fits the options given; RecordBusy when
    another process is playing it.  ``decks`` (``--deck``): other files than the header names
    fit when they hold every card the game asked, unchanged (a deck file that moved)."""
    if is_locked(path):
        raise RecordBusy(path)
    try:
        header = read_record(path, tolerate_torn_tail=True).header
    except RecordError:
        return  # open_game explains what is wrong with it
    problems = conflicts(header, given)
    if OTHER_DECKS in problems and decks:
        problems.remove(OTHER_DECKS)
        unlike = changed_ids(_saved_lines(path), load_decks(decks))
        if unlike:
            shown = ", ".join(unlike[:5]) + (" ..." if len(unlike) > 5 else "")
            problems.append(
                f"{OTHER_DECKS}: --deck lacks or has changed {len(unlike)} of the cards "
                f"it asked ({shown})"
            )
    if problems:
        raise SetupError(f"{path} does not fit the options given: {'; '.join(problems)}")


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
        header["history"] = History.load(places.history).begin_game()
    names = listing([team_name(t) for t in teams])
    variant = find_rules(header["variant"]).title  # "Bezzerwizzer Ord, the word edition"
    variant += "," if "," in variant else ""
    draw = draw_settings(header, path)
    told = f"A new game of {variant} for {len(teams)} teams: {names}. {goal(header)}"
    speaker.say(f"{told} {draw.sentence()}".rstrip())
    return Chosen(path, False, header)


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


def open_game(
    path: Path,
    header: dict[str, Any] | None = None,
    places: Places | None = None,
    unsaved: SaveError | None = None,
    history: bool = True,
    moved: list[str] | None = None,
) -> tuple[GameLog, Quiz]:
    """The record (a new one when ``header`` is given) and the quiz of its decks.  ``unsaved``:
    the record cannot be written, so the game is played from memory.  ``history``: draw with
    the question history when the game was started with it.  SetupError for a broken record or
    a missing deck, SaveError when the record cannot be written.  ``moved``: a saved game's
    decks given anew (``--deck``, checked by ``check_fits``), written into its header."""
    new = header is not None
    lines = [header] if header is not None else _saved_lines(path)
    header = lines[0]
    folders = deck_folders(places)
    variant = str(header.get("variant", DEFAULT))
    refs = list(header.get("deck") or deck_paths(None, variant, folders))
    if moved and not new and deck_refs(moved, folders) != refs:  # checked by check_fits
        refs = header["deck"] = deck_refs(moved, folders)
    decks = [load_deck(p) for p in resolve_decks(refs, folders, saved=not new)]
    deck = join_decks(decks)
    check_deck_serves(deck, game_from_header(header))
    settings = draw_settings(header, path)
    if unsaved is not None:
        game_log = GameLog.in_memory(path, lines, unsaved)
    else:
        game_log = GameLog(path, header if new else None)
        if game_log.header.get("deck") != header.get("deck"):  # the decks' new place
            game_log.rewrite_header(header)
    game_log.card_digest = digests(deck)
    asked = _asked(header, decks, places) if history else None
    if asked is not None:
        game_log.on_asked = asked.mark
    return game_log, Quiz(deck, game_log.used_cards(), asked, settings)


def _saved_lines(path: Path) -> list[dict[str, Any]]:
    """A saved record's complete lines (a half-written last line left out)."""
    try:
        record = read_record(path, tolerate_torn_tail=True)
        text = path.read_text(encoding="utf-8")
    except (RecordError, OSError, UnicodeDecodeError) as exc:
        if isinstance(exc, RecordError):
            where = f"{path}:{exc.line}" if exc.line else str(path)
            raise SetupError(f"{where}: {exc.reason}") from None
        raise SetupError(f"{path}: cannot read: {exc}") from None
    whole = [t for t in text.splitlines() if t.strip()][: 1 + len(record.actions)]
    return [json.loads(t) for t in whole]


def digests(deck: Deck) -> Callable[[str], str | None]:
    """A card id's content hash in ``deck`` (None for a card it does not have)."""
    cards = {card.id: card for card in deck.questions}

    def digest(card_id: str) -> str | None:
        card = cards.get(card_id)
        return None if card is None else card_digest(card)

    return digest


def _asked(header: dict[str, Any], decks: list[Deck], places: Places | None) -> Asked | None:
    """The question history as this game sees it: only for a game started with it."""
    game = header.get("history")
    if places is None or not isinstance(game, int) or isinstance(game, bool):
        return None
    return History.load(places.history).view(decks, game)

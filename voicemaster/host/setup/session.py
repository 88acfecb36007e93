"""Starting and resuming games: decks, headers, record paths, the crash log.

Decks are named in a record's header by their path inside a deck folder (the bundled
``decks/``, then ``decks/`` in the data folder), so a moved or upgraded checkout still finds
them; a deck outside those folders keeps its absolute path."""

from __future__ import annotations

import logging
import os
import random
import sys
import time
from dataclasses import dataclass, field, replace
from logging.handlers import RotatingFileHandler
from pathlib import Path
from typing import Any

from voicemaster.decks import Deck, load_deck
from voicemaster.decks.drawing import DrawSettings
from voicemaster.decks.refs import deck_ref, find_deck
from voicemaster.locales import ENGLISH, UnknownLanguage, locale_for
from voicemaster.places import Places, bundled_decks
from voicemaster.records import SaveError, game_from_header
from voicemaster.rules import DEFAULT, Game, Goal, Settings, find_rules, find_variant, rule_sets
from voicemaster.rules.base import TEAM_COLOURS

DEFAULT_DECK = ENGLISH.deck("standard")
LOG_BYTES = 1_000_000  # voicemaster.log is rotated at this size ...
LOG_BACKUPS = 2  # ... keeping two older files (3 MB at most)


class SetupError(Exception):
    """Options that cannot make a game (the message says why)."""


def fail(message: str) -> int:
    """A command's clear failure: the message on stderr, exit status 2."""
    print(f"voicemaster: {message}", file=sys.stderr)
    return 2


def default_deck(variant: str = DEFAULT) -> str:
    """A rule set's default deck (its ``RuleSet.deck``) in the English locale's name."""
    return ENGLISH.deck(find_rules(variant).deck)


def deck_folders(places: Places | None = None) -> tuple[Path, ...]:
    """Where decks named in a header are looked for: the bundled decks, the data folder's."""
    bundled = bundled_decks()
    return (bundled,) if places is None else (bundled, places.data / "decks")


def deck_paths(
    given: list[str] | None, variant: str = DEFAULT, folders: tuple[Path, ...] | None = None
) -> list[str]:
    if given:
        return list(given)
    default = default_deck(variant)
    found = find_deck(Path(default).name, folders or deck_folders())
    if found is None:
        raise SetupError(f"no {variant} deck: {default} is missing; give a deck with --deck FILE")
    return [str(found)]


def deck_refs(paths: list[str], folders: tuple[Path, ...]) -> list[str]:
    """How a header names these decks (see the module's docstring)."""
    return [deck_ref(path, folders) for path in paths]


def resolve_decks(refs: list[str], folders: tuple[Path, ...], saved: bool = False) -> list[str]:
    """The files of the decks a header names; SetupError naming a deck that is not found
    (``saved``: a saved game's, which ``--deck`` may give anew)."""
    found = []
    for ref in refs:
        path = find_deck(ref, folders)
        if path is None and Path(ref).is_absolute():
            if saved and not Path(ref).exists():
                raise SetupError(
                    f"the game's deck {ref} is gone; give its new place with --deck FILE"
                )
            path = Path(ref)  # a deck given by its path: loading it says what is wrong
        if path is None:
            where = " or ".join(str(f) for f in folders)
            raise SetupError(f"the game's deck {ref} is not in {where}; is the deck still there?")
        found.append(str(path))
    return found


def timeline_deck_problem(deck: Deck, teams: int) -> str | None:
    """Why ``deck`` cannot serve a timeline game of ``teams`` players (too few cards with a
    year), or None."""
    cards = sum(1 for card in deck.questions if card.year is not None)
    need = 4 + 8 * teams + 4 * teams  # the line, two hands each, four tie-break rounds
    if cards < need:
        return (
            f"the deck {deck.deck} has {cards} timeline cards; {teams} players need at least "
            f"{need}: give a timeline deck with --deck"
        )
    return None


def check_deck_serves(deck: Deck, game: Game) -> None:
    """SetupError unless the deck has a question for every category the game can draw (a
    timeline game: enough cards with a year), and unless a locale speaks the deck's language."""
    try:
        locale_for(deck.language)
    except UnknownLanguage as exc:
        raise SetupError(f"deck {deck.deck}: {exc}") from None
    if find_rules(game.name).dated:
        problem = timeline_deck_problem(deck, len(game.teams))
        if problem is not None:
            raise SetupError(problem)
        return
    have = {category for category, cards in deck.categories().items() if cards}
    missing = [c for c in game.categories if c not in have]
    if missing:
        shown = ", ".join(missing[:5]) + (" ..." if len(missing) > 5 else "")
        raise SetupError(
            f"deck {deck.deck} ({deck.variant}) has no questions for {len(missing)} "
            f"{game.name} categories: {shown}; give a {game.name} deck with --deck"
        )


def load_decks(paths: list[str]) -> Deck:
    """One deck from one or more files (their cards joined)."""
    return join_decks([load_deck(p) for p in paths])


def join_decks(decks: list[Deck]) -> Deck:
    """One deck of these decks' cards (SetupError when two share card ids)."""
    first = decks[0]
    cards = tuple(card for deck in decks for card in deck.questions)
    ids = [card.id for card in cards]
    if len(set(ids)) != len(ids):
        raise SetupError("two decks share card ids; use one of them")
    return replace(first, deck="+".join(d.deck for d in decks), questions=cards)


def reserved_word(name: str) -> str | None:
    """Why ``name`` is a word or phrase the quizmaster listens for (as voice set-up refuses
    it), or None."""
    from voicemaster.host.setup.naming import reserved, spoken

    words, phrases = reserved()
    said = spoken(name)
    hit = next((w for w in said.split() if w in words), None)
    if hit is None:
        hit = next((p for p in phrases if f" {p} " in f" {said} "), None)
    return None if hit is None else f"{hit} is something I listen for during the game"


def team_names(count: int | None, names: str | None, variant: str | None = None) -> list[str]:
    """The teams from --teams/--names, as many as the rule set takes (standard when None)."""
    game = find_variant(variant or DEFAULT)
    least, most = game.min_teams, game.max_teams
    if count is not None and not least <= count <= most:
        raise SetupError(f"--teams {count}: a game is for {least} to {most} teams")
    if names:
        teams = [n.strip().lower() for n in names.split(",") if n.strip()]
        for team in teams:
            why = reserved_word(team)
            if why is not None:
                raise SetupError(f"--names: {team} cannot be a team's name: {why}")
    else:
        teams = list(TEAM_COLOURS[: count or 2])
    if count is not None and len(teams) != count:
        raise SetupError(f"--teams {count} but {len(teams)} names given")
    if not least <= len(teams) <= most:
        raise SetupError(f"a game is for {least} to {most} teams")
    return teams


@dataclass(frozen=True)
class HeaderOptions:
    """What a new game's header is made of (None: the rule set's default)."""

    variant: str
    track: int | None = None  # kompakt: the score to reach
    home_stretch: int | None = None
    seed: int | None = None  # None: a random seed
    mode: str | None = None  # kompakt: "race" or "empty-bag"
    draw: DrawSettings = field(default_factory=DrawSettings)


def new_header(options: HeaderOptions, teams: list[str], extra: dict[str, Any]) -> dict[str, Any]:
    """A new game's header (SetupError when the options cannot make a game)."""
    rules = find_rules(options.variant)
    default = Settings()
    track = options.track if options.track is not None else rules.default_track()
    stretch = (
        options.home_stretch
        if options.home_stretch is not None
        else min(default.home_stretch, track - 1)
    )
    seed = options.seed if options.seed is not None else random.SystemRandom().randrange(10**9)
    header: dict[str, Any] = {
        "variant": rules.name,
        "teams": teams,
        "track": track,
        "home_stretch": stretch,
        "seed": seed,
    }
    header.update(extra)
    header.update(options.draw.header())
    if rules.goal is Goal.POINTS:  # the score to reach and the mode instead of a track
        del header["track"], header["home_stretch"]
        header["target"] = options.track if options.track is not None else rules.default_track()
    if len(rules.modes) > 1:
        header.setdefault("mode", options.mode or rules.modes[0])
    elif options.mode not in (None, *rules.modes):
        only = " and ".join(r.name for r in rule_sets() if options.mode in r.modes)
        raise SetupError(f"--mode {options.mode} is for {only}")
    try:
        game_from_header(header)
    except Exception as exc:  # IllegalAction or ValueError: explain, never a traceback
        raise SetupError(str(exc)) from None
    return header


def draw_settings(header: dict[str, Any], where: object) -> DrawSettings:
    """The difficulty and regions a record's header asks for (SetupError for bad values)."""
    try:
        return DrawSettings.from_header(header)
    except ValueError as exc:
        raise SetupError(f"{where}: bad header: {exc}") from None


def new_record_path(folder: Path, prefix: str = "game") -> Path:
    stamp = time.strftime("%Y%m%d-%H%M%S")
    return folder / f"{prefix}-{stamp}-{os.getpid()}.jsonl"


class LogFile(RotatingFileHandler):
    """The log file, rotated at ``LOG_BYTES``.  A write that fails (a full disk) is said once
    in one line, and later ones are dropped: never Python's "--- Logging error ---" dump in the
    middle of a game."""

    def __init__(self, path: Path) -> None:
        super().__init__(path, maxBytes=LOG_BYTES, backupCount=LOG_BACKUPS, encoding="utf-8")
        self.failed = False

    def handleError(self, record: logging.LogRecord) -> None:  # noqa: N802 (logging's name)
        error = sys.exc_info()[1]
        if not isinstance(error, OSError):  # a bad log call: a bug, told as Python tells it
            super().handleError(record)
            return
        if self.failed:
            return
        self.failed = True
        reason = SaveError(Path(self.baseFilename), error).reason
        print(f"voicemaster: cannot write the log {self.baseFilename}: {reason}", file=sys.stderr)


class ScreenLog(logging.StreamHandler):  # type: ignore[type-arg]
    """Warnings on the screen, one line each, when the log file cannot be written."""

    def __init__(self) -> None:
        super().__init__()
        self.setFormatter(logging.Formatter("voicemaster: %(message)s"))
        self.setLevel(logging.WARNING)


def crash_log(path: Path) -> Path | None:
    """Send warnings and tracebacks to ``path`` (the data folder's voicemaster.log, at most
    ``LOG_BYTES`` and ``LOG_BACKUPS`` older files: a log never fills the disk the games are
    saved on); None when it cannot be written (warnings go to stderr then, one line each).  A
    log set up before in this process (a command run again) is replaced, not added to."""
    root = logging.getLogger()
    for old in [h for h in root.handlers if isinstance(h, LogFile | ScreenLog)]:
        root.removeHandler(old)
        old.close()
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        handler: logging.Handler = LogFile(path)
    except OSError:
        root.addHandler(ScreenLog())
        return None
    handler.setFormatter(logging.Formatter("%(asctime)s %(levelname)s %(name)s: %(message)s"))
    root.addHandler(handler)
    root.setLevel(min(root.level or logging.WARNING, logging.WARNING))
    return path

"""A new game's record header: the teams (names the quizmaster does not listen for), the rule
set's settings, the seed, the draw settings, and the fields a rule set needs from the players."""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any

from voicemaster.decks.drawing import DrawSettings
from voicemaster.host.setup.errors import SetupError
from voicemaster.records import RecordHeader, game_from_header
from voicemaster.rules import DEFAULT, Goal, Settings, find_rules, find_variant, rule_sets
from voicemaster.rules.base import TEAM_COLOURS


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


def new_header(options: HeaderOptions, teams: list[str], extra: dict[str, Any]) -> RecordHeader:
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
        made = RecordHeader.parse(header)
        game_from_header(made)
    except Exception as exc:  # IllegalAction or ValueError: explain, never a traceback
        raise SetupError(str(exc)) from None
    return made


def draw_settings(header: RecordHeader, where: object) -> DrawSettings:
    """The difficulty and regions a record's header asks for (SetupError for bad values)."""
    try:
        return DrawSettings.from_header(header.fields)
    except ValueError as exc:
        raise SetupError(f"{where}: bad header: {exc}") from None

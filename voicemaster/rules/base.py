"""The shared base of every rule set: teams, a scoring track, actions in, events out.

Pure: no I/O, no clock, no global random.  A variant is a subclass found through
``voicemaster.rules.registry``.
"""

from __future__ import annotations

import copy
from abc import ABC, abstractmethod
from collections import Counter
from dataclasses import dataclass
from typing import Any, ClassVar, Self

from voicemaster.rules.actions import Action
from voicemaster.rules.errors import IllegalAction
from voicemaster.rules.events import Event, GameWon, Moved, MoveReason

# the board's four pawn colours; kompakt's fifth and sixth team take the last two
TEAM_COLOURS: tuple[str, ...] = ("red", "blue", "green", "yellow", "purple", "orange")


@dataclass(frozen=True)
class Settings:
    """Board settings.  The rulebooks print no track length: these are our defaults."""

    track: int = 30  # spaces from the start to the finish
    home_stretch: int = 5  # the last N spaces before the finish: track-N ... track-1

    @classmethod
    def adopt(cls, settings: Settings | None) -> Self:
        """A variant's settings from plain ones (its own defaults for what they lack)."""
        if settings is None:
            return cls()
        if isinstance(settings, cls):
            return settings
        return cls(settings.track, settings.home_stretch)


class Game(ABC):
    """A game in progress.  ``apply`` checks an action, then performs it, and returns events."""

    name: ClassVar[str] = ""
    title: ClassVar[str] = ""
    categories: ClassVar[tuple[str, ...]] = ()
    tokens_per_category: ClassVar[int] = 1
    min_teams: ClassVar[int] = 2
    max_teams: ClassVar[int] = 4  # the board games: one pawn of each of four colours
    stops_at_finish: ClassVar[bool] = True  # positions never pass settings.track (False: scores)

    phase: str  # what the game waits for; "finished" at the end

    def __init__(self, teams: list[str] | tuple[str, ...], settings: Settings | None = None):
        settings = settings or Settings()
        self._check_setup(tuple(teams), settings)
        self.teams: tuple[str, ...] = tuple(teams)
        self.settings = settings
        self.positions: dict[str, int] = {team: 0 for team in self.teams}
        self.round = 0
        self.finished = False
        self.winner: str | None = None
        self.questions_played = 0

    def _check_setup(self, teams: tuple[str, ...], settings: Settings) -> None:
        if not self.min_teams <= len(teams) <= self.max_teams:
            raise IllegalAction(
                "team-count", f"{self.name} is for {self.min_teams} to {self.max_teams} teams"
            )
        if len(set(teams)) != len(teams) or any(not t for t in teams):
            raise IllegalAction("team-names", "team names must be distinct and not empty")
        if settings.track < 2 or not 0 <= settings.home_stretch < settings.track:
            raise IllegalAction("settings", "need track >= 2 and 0 <= home_stretch < track")

    # --- the bag -------------------------------------------------------------------------
    @classmethod
    def tokens(cls) -> Counter[str]:
        """Every category token in the bag at the start of a round."""
        return Counter({c: cls.tokens_per_category for c in cls.categories})

    def tiles_in_play(self) -> Counter[str]:
        """Category tiles out of the bag right now (on the board or in hands)."""
        return Counter()

    # --- applying actions ----------------------------------------------------------------
    def apply(self, action: Action) -> list[Event]:
        """Apply one action.  An illegal one raises IllegalAction and changes nothing."""
        if self.finished:
            raise IllegalAction("game-over", "the game is finished")
        self.check(action)  # everything is checked before anything changes
        return self._perform(action)

    @abstractmethod
    def check(self, action: Action) -> None:
        """Raise IllegalAction when ``action`` is not legal now."""

    @abstractmethod
    def _perform(self, action: Action) -> list[Event]:
        """Perform a checked action."""

    @abstractmethod
    def expected(self) -> str:
        """What kind of action comes next: 'round', 'question', 'playoff' or 'none'."""

    # --- notation ------------------------------------------------------------------------
    def header(self) -> dict[str, Any]:
        return {
            "variant": self.name,
            "teams": list(self.teams),
            "track": self.settings.track,
            "home_stretch": self.settings.home_stretch,
        }

    @classmethod
    def settings_from_header(cls, header: dict[str, Any]) -> Settings:
        default = Settings()
        track = header.get("track", default.track)
        stretch = header.get("home_stretch", default.home_stretch)
        if not isinstance(track, int) or not isinstance(stretch, int):
            raise ValueError("track and home_stretch must be integers")
        return Settings(track=track, home_stretch=stretch)

    @classmethod
    @abstractmethod
    def decode_action(cls, obj: dict[str, Any]) -> Action:
        """One record line (already parsed JSON) to an action; ValueError when malformed."""

    @classmethod
    @abstractmethod
    def encode_action(cls, action: Action) -> dict[str, Any]:
        """An action to its record line."""

    # --- helpers -------------------------------------------------------------------------
    def _require_team(self, team: str, rule: str = "unknown-team") -> None:
        if team not in self.teams:
            raise IllegalAction(rule, f"no team called {team!r}")

    def _move(self, team: str, delta: int, reason: MoveReason) -> Moved | None:
        before = self.positions[team]
        after = max(0, before + delta)
        if self.stops_at_finish:
            after = min(self.settings.track, after)
        if after == before:
            return None
        self.positions[team] = after
        return Moved(team, before, after, reason)

    def _win(self, team: str) -> list[Event]:
        self.phase = "finished"
        self.finished = True
        self.winner = team
        return [GameWon(team)]

    def in_home_stretch(self, team: str) -> bool:
        pos = self.positions[team]
        return self.settings.track - self.settings.home_stretch <= pos < self.settings.track

    def snapshot(self) -> dict[str, Any]:
        """A deep copy of the whole state, for comparisons in tests."""
        return copy.deepcopy(self.__dict__)

    def summary(self) -> dict[str, Any]:
        return {
            "positions": dict(self.positions),
            "finished": self.finished,
            "winner": self.winner,
            "round": self.round,
        }


def narrow(teams: tuple[str, ...], right: tuple[str, ...]) -> tuple[str, ...]:
    """Who stays in a play-off or tie-break: those right, unless all or none were right."""
    return right if 0 < len(right) < len(teams) else teams

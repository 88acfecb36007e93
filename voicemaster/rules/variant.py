"""A rule set's descriptor: what the layers above the rules need to know about one variant,
in one frozen object (``RuleSet``), so that no module outside the registries asks a variant
for its name.  Each rule set's package (``rules/standard/``, ...) makes its descriptor in its
``variant.py``; ``rules/registry.py`` lists them.

Everything here is pure: classes, functions of the game's state and plain data.  The
quizmaster, the simulated table and the board are joined to a rule set above the rules, in
``commands/variants.py`` (docs/architecture.md, "Adding a rule set")."""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from enum import Enum
from typing import Any, Generic, TypeVar

from voicemaster.rules.actions import Action
from voicemaster.rules.base import Game
from voicemaster.rules.view import Played, no_table

G = TypeVar("G", bound=Game)


class Goal(Enum):
    """What a game is won by, and so what ``--track`` sets."""

    SPACES = "spaces"  # the finish of a track of spaces, with a home stretch before it
    POINTS = "points"  # the points to win (the header's "target"), no home stretch
    LAP = "lap"  # a lap of points, the rulebook's: not asked at set-up, no home stretch

    @property
    def field(self) -> str:
        """The header field that holds the length."""
        return "target" if self is Goal.POINTS else "track"

    @property
    def stretch(self) -> bool:
        return self is Goal.SPACES


@dataclass(frozen=True)
class CardRules:
    """What a card of this rule set's decks needs."""

    required: tuple[str, ...] = ("id", "category", "question", "answer")
    default_category: str | None = None  # the category of a card that names none
    categories: tuple[str, ...] | None = None  # fixed categories (instead of the game's)
    answer_from_year: bool = False  # a card without an answer is answered by its year
    child_options: bool = False  # a children's card must carry its answer options


@dataclass(frozen=True)
class RuleSet(Generic[G]):
    """One variant, as the rules and the layers above them see it."""

    game: type[G]
    sample: Callable[[G, random.Random, float], Action]  # random legal play (simulations)
    team_view: Callable[[G, str, Played], dict[str, Any]]  # a team's tiles, token or hand
    title: str  # as said aloud: "Bezzerwizzer Ord, the word edition"
    said: tuple[str, ...]  # what players say to choose it; the first is offered
    goal_sentence: Callable[[Mapping[str, Any]], str]  # how a new game is won, from its header
    deck: str  # its default deck, by name: the locale adds the language ("standard-en")
    goal: Goal = Goal.SPACES
    cards: CardRules = field(default_factory=CardRules)
    table_view: Callable[[G], dict[str, Any]] = no_table  # what lies open on the table
    modes: tuple[str, ...] = ("race",)  # --mode; the first is the default
    kinds: bool = False  # teams are children's or adults' teams (--kinds)
    dated: bool = False  # plays dated cards on a line, not questions by category

    @property
    def name(self) -> str:
        return self.game.name

    def default_track(self) -> int:
        """The length a new game has when none is given (the rules' default)."""
        return self.game.settings_from_header({}).track

    def sample_action(self, game: Game, rng: random.Random, skill: float = 0.5) -> Action:
        """A random legal action in ``game`` (a game of this rule set)."""
        if not isinstance(game, self.game):
            raise TypeError(f"a {game.name} game is not played by the {self.name} rules")
        return self.sample(game, rng, skill)

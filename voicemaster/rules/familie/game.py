"""Bezzerwizzer Familie (rulebook ``familie.txt``): the standard board for families.

What differs from the standard game:

- ten categories with two tokens each in the bag, so a team may hold the same category twice
  (``tokens_per_category = 2``; a category may appear at most twice in a round);
- every team is a children's (``child``) or an adults' (``adult``) team, declared in the header;
- questions carry answer options for children; who hears them follows the rulebook's table of
  defender x attacker (``options_for``).  Options are a dialogue matter: the rules only say who
  hears them and who must answer before they are read, and in which order (``option_order``:
  shuffled per game from an injected random stream, so the right option's place is no clue).

Everything else -- slots worth 1-4, BEZZERWIZZER (3 before, 1 after, -1 for a miss), ZWAP,
the finish area (the white dots, our ``home_stretch``) with knock-back, deciding the game when every
team has had the same number of questions, and the play-off from a full bag -- reads exactly as in
the standard rulebook, so it is inherited from ``StandardGame``.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any, Literal

from voicemaster.rules.base import Settings
from voicemaster.rules.errors import IllegalAction
from voicemaster.rules.familie.categories import FAMILIE
from voicemaster.rules.standard.game import StandardGame

Kind = Literal["child", "adult"]
KINDS: tuple[str, ...] = ("child", "adult")
DEFAULT_KIND: Kind = "adult"  # a team the header does not declare hears no options


@dataclass(frozen=True)
class FamilieSettings(Settings):
    """Board settings plus each team's kind (teams left out are adults' teams)."""

    kinds: dict[str, str] = field(default_factory=dict, hash=False)


@dataclass(frozen=True)
class Options:
    """Who hears a question's answer options, and who must answer before they are read.

    ``defender`` / ``attacker``: that team hears the options before it answers.
    ``answers_first``: the team ("defender" or "attacker") that must give its answer before
    the options are read aloud at all (an adults' team facing a children's team); None when
    the options are read with the question, or not read at all.
    """

    defender: bool
    attacker: bool
    answers_first: Literal["defender", "attacker"] | None = None

    @property
    def read(self) -> bool:
        """Are the options read aloud at all for this question?"""
        return self.defender or self.attacker


def options_for(defender: str, attacker: str | None = None) -> Options:
    """The rulebook's table "Who Attacks and Who Defends", rows defender, columns attacker.

    - child defends, child attacks (or nobody attacks): options read with the question, both hear.
    - child defends, adult attacks: the adults attack and commit their answer before the
      options are read (README: privately on a keyboard, or the children cover their ears);
      then the options are read to the children.
    - adult defends, child attacks: the adults answer first, then the options are read to the
      attacking children.
    - adult defends, adult attacks (or nobody attacks): no options.
    """
    for kind in (defender, attacker):
        if kind is not None and kind not in KINDS:
            raise ValueError(f"a team is a 'child' or an 'adult' team, not {kind!r}")
    child_defends = defender == "child"
    if attacker is None:
        return Options(defender=child_defends, attacker=False)
    child_attacks = attacker == "child"
    if child_defends and not child_attacks:
        return Options(defender=True, attacker=False, answers_first="attacker")
    if child_attacks and not child_defends:
        return Options(defender=False, attacker=True, answers_first="defender")
    return Options(defender=child_defends, attacker=child_attacks)


def option_order(rng: random.Random, options: tuple[str, ...]) -> tuple[str, ...]:
    """The card's options in the order they are read: shuffled per game, so the right one's
    place (A, B or C) tells nothing.  ``rng``: the game's stream for this card."""
    order = list(options)
    rng.shuffle(order)
    return tuple(order)


def recorded_order(recorded: Any, options: tuple[str, ...]) -> tuple[str, ...] | None:
    """The order a record line gives (its ``options``) when it is an order of exactly these
    options; None otherwise (an older record, which read the deck's order, or a card changed
    since)."""
    if not isinstance(recorded, list) or not all(isinstance(o, str) for o in recorded):
        return None
    return tuple(recorded) if sorted(recorded) == sorted(options) else None


class FamilieGame(StandardGame):
    name = "familie"
    title = "Bezzerwizzer Familie"
    categories = FAMILIE
    tokens_per_category = 2

    def __init__(self, teams: list[str] | tuple[str, ...], settings: Any = None) -> None:
        super().__init__(teams, settings)
        declared = getattr(self.settings, "kinds", {})
        self.kinds: dict[str, str] = {t: declared.get(t, DEFAULT_KIND) for t in self.teams}

    def _check_setup(self, teams: tuple[str, ...], settings: Settings) -> None:
        super()._check_setup(teams, settings)
        for team, kind in getattr(settings, "kinds", {}).items():
            if team not in teams:
                raise IllegalAction("kinds", f"kinds names {team!r}, which is not a team")
            if kind not in KINDS:
                raise IllegalAction("kinds", f"{team} must be a 'child' or 'adult' team")

    def options(self, defender: str, attacker: str | None = None) -> Options:
        """``options_for`` with the kinds of two teams of this game."""
        self._require_team(defender)
        if attacker is not None:
            self._require_team(attacker)
        return options_for(self.kinds[defender], None if attacker is None else self.kinds[attacker])

    # --- notation ------------------------------------------------------------------------
    def header(self) -> dict[str, Any]:
        return {**super().header(), "kinds": dict(self.kinds)}

    @classmethod
    def settings_from_header(cls, header: dict[str, Any]) -> Settings:
        board = super().settings_from_header(header)
        kinds = header.get("kinds", {})
        if not isinstance(kinds, dict) or not all(
            isinstance(t, str) and isinstance(k, str) for t, k in kinds.items()
        ):
            raise ValueError('kinds must map team names to "child" or "adult"')
        return FamilieSettings(board.track, board.home_stretch, dict(kinds))

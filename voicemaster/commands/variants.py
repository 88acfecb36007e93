"""The variants as `play` and `simulate` host them: each rule set of the rules registry
(``voicemaster.rules.find_rules``) joined to the parts that live above the rules: its
quizmaster, what its players are asked beyond their names, and its own simulated table.

This is the only place those parts are joined, and it sits above every layer it names (the
rules cannot import the host).  A rule set that is not listed in ``OWN`` is hosted as a game
on the standard board (docs/architecture.md, "Adding a rule set")."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from voicemaster.host.dialogue import Quizmaster
from voicemaster.host.familie import dialogue as familie
from voicemaster.host.familie.dialogue import FamilieQuizmaster
from voicemaster.host.hosting import Host
from voicemaster.host.kompakt.dialogue import KompaktQuizmaster
from voicemaster.host.timeline.dialogue import TimelineQuizmaster
from voicemaster.rules import RuleSet, find_rules
from voicemaster.rules.familie.variant import FAMILIE
from voicemaster.rules.kompakt.variant import KOMPAKT
from voicemaster.rules.timeline.variant import TIMELINE
from voicemaster.speech.base import Ears, Speaker

# header fields asked of the players beyond their names: (--kinds or None, the teams, the
# seed, a speaker and ears to ask with, or None for a simulated table) -> fields; ValueError
# for a flag that does not parse
Players = Callable[[str | None, list[str], int, tuple[Speaker, Ears] | None], dict[str, Any]]
OwnTable = Callable[..., int]  # a simulation with its own table: simulate_timeline's call


@dataclass(frozen=True)
class Variant:
    """A rule set and the parts above the rules that host it."""

    rules: RuleSet[Any]
    quizmaster: type[Host[Any]] = Quizmaster
    players: Players | None = None
    simulate: OwnTable | None = None  # None: the simulator's SimTable plays the teams

    @property
    def name(self) -> str:
        return self.rules.name


def kinds(
    given: str | None, teams: list[str], seed: int, ask: tuple[Speaker, Ears] | None
) -> dict[str, Any]:
    """Familie: each team a children's or an adults' team: ``--kinds`` (teams left out:
    adults' teams), else asked when ``ask`` is a speaker and ears, else mixed (simulations)."""
    if given:
        parsed = familie.parse_kinds(given, teams)
        return {"kinds": {team: parsed.get(team, "adult") for team in teams}}
    if ask is not None:
        return {"kinds": familie.ask_kinds(ask[0], ask[1], teams)}
    return {"kinds": familie.alternating_kinds(teams, seed)}


def timeline_table(*args: Any) -> int:
    """Timeline's simulated table (placements, not answers), imported when a simulation asks for
    it: the simulator loads numpy and the audio tables, which `play` does not need."""
    from voicemaster.simulator.timeline import simulate_timeline

    return simulate_timeline(*args)


OWN: tuple[Variant, ...] = (
    Variant(FAMILIE, FamilieQuizmaster, players=kinds),
    Variant(KOMPAKT, KompaktQuizmaster),
    Variant(TIMELINE, TimelineQuizmaster, simulate=timeline_table),
)


def find(name: str) -> Variant:
    """The variant of a rule set, by name.  ValueError if unknown."""
    rules = find_rules(name)
    return next((v for v in OWN if v.rules is rules), Variant(rules))

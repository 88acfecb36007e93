"""Bezzerwizzer Kompakt (rulebook ``kompakt.txt``): one hidden token a round, first to 20.

- 2 to 6 teams: the rulebook sets no limit ("the more teams, the more tactics and teasing");
  with no board there are no pawns to run out of, and the box holds 6 BEZZERWIZZER pieces.
- Each round every team draws one token from the bag; the machine holds them all and tells a
  team its category only on its turn.  Turns go clockwise from the round's starter; the starter
  moves one seat clockwise each round (the first round's starter is agreed, i.e. free).
- In its turn, before its category is revealed, a team may zwap once: blindly swap its token
  with the unplayed token of a team still to play this round (so never the round's last team).
- A right answer scores 3.  Each team may bezzerwizz once a round (its one BEZZERWIZZER is face
  down until the next round).  Stakes: 2 when called before the reading, 1 after.  Defender
  right: the attacker gets nothing.  Defender wrong or pass: a right attacker takes the stake,
  otherwise the stake goes to the defender.  No penalties, no knock-back; the reader rules do
  not apply (the machine reads).
- Played tokens are set aside; when the bag holds fewer tokens than there are teams at the
  start of a round, every token goes back in.
- ``race`` (default): the first team to reach the target (20) wins, but the round goes on while
  another team can still reach the target in it (see ``can_still_reach``); then the most points
  win, ties are played off.  ``empty-bag``: no refill; when the bag cannot serve another round
  the most points win, ties are played off.

Scores are ``positions`` (they may pass the target).  The target is held in ``Settings.track``.
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass
from typing import Any

from voicemaster.rules.actions import ANSWERS, Action, Attack, Question, StartRound
from voicemaster.rules.actions import Zwap as ZwapAction
from voicemaster.rules.base import Settings
from voicemaster.rules.board import RoundGame
from voicemaster.rules.errors import IllegalAction
from voicemaster.rules.events import (
    BagRefilled,
    Event,
    Moved,
    RoundEnded,
    RoundStarted,
    Zwapped,
)
from voicemaster.rules.kompakt import notation as notation_kompakt
from voicemaster.rules.standard.categories import STANDARD

RIGHT_POINTS = 3
BEFORE_STAKE = 2
AFTER_STAKE = 1
TARGET = 20
MODES: tuple[str, ...] = ("race", "empty-bag")


@dataclass(frozen=True)
class KompaktSettings(Settings):
    """``track`` is the score to reach (default 20); ``home_stretch`` is unused."""

    track: int = TARGET
    home_stretch: int = 0
    mode: str = "race"


class KompaktGame(RoundGame):
    name = "kompakt"
    title = "Bezzerwizzer Kompakt"
    categories = STANDARD
    stops_at_finish = False
    max_teams = 6  # no board, no pawns: the rulebook sets no limit; the box has 6 BEZZERWIZZERs
    round_draw = "a token"
    spent_message = "{team} has bezzerwizzed this round"

    def __init__(self, teams: list[str] | tuple[str, ...], settings: Any = None) -> None:
        kompakt = KompaktSettings.adopt(settings)
        super().__init__(teams, kompakt)
        self.mode = kompakt.mode
        self.hand: dict[str, str] = {}  # every team's token this round (hidden from the others)
        self.turn = 0  # teams that have answered this round
        self.zwapped = False  # the current team has zwapped in this turn
        self.bezzerwizzers = {team: 1 for team in self.teams}  # 1: may bezzerwizz this round
        self.in_bag: Counter[str] = self.tokens()
        self.set_aside: Counter[str] = Counter()  # played tokens of earlier rounds

    def _check_setup(self, teams: tuple[str, ...], settings: Settings) -> None:
        super()._check_setup(teams, settings)
        if getattr(settings, "mode", "race") not in MODES:
            raise IllegalAction("settings", f"mode is one of {', '.join(MODES)}")

    @property
    def target(self) -> int:
        return self.settings.track

    # --- where are we ----------------------------------------------------------------------
    def current(self) -> tuple[str, int]:
        """The team whose question is next, and its one slot (always 1)."""
        if self.phase != "question":
            raise IllegalAction("no-question", "no question is due now")
        return self.order[self.turn], 1

    def category_at(self, team: str, slot: int = 1) -> str:
        """A team's token this round -- tell it only to that team, on its turn."""
        return self.hand[team]

    def still_to_play(self) -> tuple[str, ...]:
        """Teams whose question in this round is still to come (the current one first)."""
        return self.order[self.turn :] if self.phase == "question" else ()

    def bag(self) -> Counter[str]:
        return Counter(self.in_bag)

    def tiles_in_play(self) -> Counter[str]:
        return Counter(self.hand.values()) + self.set_aside

    def _round_bag(self) -> tuple[Counter[str], bool]:
        """The bag a new round draws from, and whether it had to be refilled first."""
        if self.mode == "race" and sum(self.in_bag.values()) < len(self.teams):
            return self.tokens(), True
        return self.in_bag, False

    # --- drawing (randomness comes in) -----------------------------------------------------
    def draw_round(self, rng: random.Random) -> StartRound:
        starter = self._draw_starter(rng)
        bag, _ = self._round_bag()
        drawn = rng.sample(sorted(bag.elements()), len(self.teams))
        return StartRound(starter, {t: (drawn[i],) for i, t in enumerate(self.teams)})

    def draw_playoff(self, rng: random.Random) -> dict[str, str]:
        """Each tied team draws one token (from a full bag when too few are left)."""
        bag = self.in_bag if sum(self.in_bag.values()) >= len(self.playoff_teams) else None
        pool = sorted((bag or self.tokens()).elements())
        return dict(zip(self.playoff_teams, rng.sample(pool, len(self.playoff_teams)), strict=True))

    # --- checking --------------------------------------------------------------------------
    def _check_drawn(self, action: StartRound) -> None:
        for team, tiles in action.slots.items():
            if len(tiles) != 1:
                raise IllegalAction("one-token", f"{team} must draw exactly one token")
            if tiles[0] not in self.categories:
                raise IllegalAction("unknown-category", f"{tiles[0]!r} is no {self.name} token")
        drawn = Counter(tiles[0] for tiles in action.slots.values())
        if drawn - self.tokens():
            raise IllegalAction("duplicate-tile", f"{sorted(drawn - self.tokens())[0]!r} twice")
        missing = drawn - self._round_bag()[0]
        if missing:
            raise IllegalAction("token-not-in-bag", f"{sorted(missing)[0]!r} is set aside")

    def _check_zwap(self, action: ZwapAction) -> None:
        team, _ = self._check_turn(action.team, "zwap-own-turn")
        if self.zwapped:
            raise IllegalAction("zwap-once-per-turn", f"{team} has zwapped in this turn")
        later = self.still_to_play()[1:]
        if not later:
            raise IllegalAction("zwap-last-team", "the round's last team cannot zwap")
        if action.first != (team, 1):
            raise IllegalAction("zwap-own-token", "a zwap gives away the team's own token")
        other, slot = action.second
        self._require_team(other)
        if other == team:
            raise IllegalAction("zwap-opponent", "a zwap takes an opponent's token")
        if slot != 1:
            raise IllegalAction("slot-number", "every team holds one token: slot 1")
        if other not in later:
            raise IllegalAction("zwap-played-token", f"{other} has no unplayed token to zwap")

    def _check_attack(self, defender: str, answer: str, attack: Attack) -> None:
        if attack.knockback:
            raise IllegalAction("knockback", "kompakt has no knock-back")
        if answer != "right" and attack.answer not in ANSWERS:
            raise IllegalAction("attack-answer", "the attacker's answer is missing")

    # --- performing ------------------------------------------------------------------------
    def _start_round(self, action: StartRound) -> list[Event]:
        self.round += 1
        events: list[Event] = []
        bag, refilled = self._round_bag()
        if refilled:
            self.set_aside = Counter()
            events.append(BagRefilled(self.round))
        self.hand = {team: action.slots[team][0] for team in self.teams}
        self.in_bag = bag - Counter(self.hand.values())
        self._seat_round(action.starter)
        self.zwapped = False
        self.bezzerwizzers = {team: 1 for team in self.teams}
        slots: dict[str, tuple[str, ...]] = {t: (token,) for t, token in self.hand.items()}
        return [*events, RoundStarted(self.round, action.starter, slots)]

    def _zwap(self, action: ZwapAction) -> list[Event]:
        team, other = action.team, action.second[0]
        self.hand[team], self.hand[other] = self.hand[other], self.hand[team]
        self.zwapped = True
        now = (self.hand[team], self.hand[other])
        return [Zwapped(team, action.first, action.second, now)]

    def _right_points(self, slot: int) -> int:
        return RIGHT_POINTS

    def _score_attack(self, defender: str, attack: Attack) -> Moved | None:
        """Stakes: a right attacker takes them, otherwise they go to the defender."""
        stake = BEFORE_STAKE if attack.when == "before" else AFTER_STAKE
        if attack.answer == "right":
            return self._move(attack.team, stake, "bezzerwizzer")
        return self._move(defender, stake, "stake")

    def _question(self, action: Question) -> list[Event]:
        events = super()._question(action)
        self.zwapped = False  # the next team may zwap in its own turn
        return events

    def _after_question(self) -> list[Event]:
        round_over = self.turn == len(self.order)
        if self.mode == "race":
            reached = any(p >= self.target for p in self.positions.values())
            if reached and (round_over or not self.can_still_reach()):
                return self._decide()
        elif round_over and sum(self.in_bag.values()) < len(self.teams):
            return self._decide()
        if not round_over:
            return []
        self.phase = "round-start"
        self.set_aside += Counter(self.hand.values())
        self.hand = {}
        return [RoundEnded(self.round)]

    def max_gain(self, team: str) -> int:
        """The most points ``team`` can still score in this round."""
        pending = self.still_to_play()
        own = RIGHT_POINTS if team in pending else 0
        can_attack = self.bezzerwizzers[team] > 0 and any(t != team for t in pending)
        return own + (BEFORE_STAKE if can_attack else 0)

    def can_still_reach(self) -> bool:
        """Must the round go on?  Yes while a team other than a sole leader can still end it
        with the target or more ("played to completion if other teams can still reach 20")."""
        best = max(self.positions.values())
        leaders = [t for t in self.teams if self.positions[t] == best]
        return any(
            self.max_gain(t) > 0 and self.positions[t] + self.max_gain(t) >= self.target
            for t in self.teams
            if leaders != [t]
        )

    def _decide(self) -> list[Event]:
        best = max(self.positions.values())
        return self._settle(tuple(t for t in self.order if self.positions[t] == best))

    # --- notation --------------------------------------------------------------------------
    def header(self) -> dict[str, Any]:
        return {
            "variant": self.name,
            "teams": list(self.teams),
            "target": self.target,
            "mode": self.mode,
        }

    @classmethod
    def settings_from_header(cls, header: dict[str, Any]) -> Settings:
        target = header.get("target", TARGET)
        mode = header.get("mode", "race")
        if not isinstance(target, int) or isinstance(target, bool):
            raise ValueError("target must be an integer")
        if mode not in MODES:
            raise ValueError(f"mode must be one of {', '.join(MODES)}")
        return KompaktSettings(track=target, home_stretch=0, mode=mode)

    @classmethod
    def decode_action(cls, obj: dict[str, Any]) -> Action:
        return notation_kompakt.decode(obj)

    @classmethod
    def encode_action(cls, action: Action) -> dict[str, Any]:
        return notation_kompakt.encode(action)

    def summary(self) -> dict[str, Any]:
        return {**super().summary(), "bag": sum(self.in_bag.values())}

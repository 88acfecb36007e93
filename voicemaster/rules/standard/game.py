"""The standard game (rulebook ``standard.txt``): four tiles a round on slots worth 1-4.

The other editions with the same board (``ord``) subclass this with other categories.
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

from voicemaster.rules.actions import ANSWERS, Action, Attack, Position, StartRound, Zwap
from voicemaster.rules.board import RoundGame
from voicemaster.rules.errors import IllegalAction
from voicemaster.rules.events import Event, Moved, MoveReason, RoundEnded, RoundStarted, Zwapped
from voicemaster.rules.standard import notation
from voicemaster.rules.standard.categories import ORD, STANDARD

SLOTS = 4
BEZZERWIZZERS_PER_ROUND = 2
ZWAPS_PER_ROUND = 1
BEFORE_POINTS = 3
AFTER_POINTS = 1
WRONG_ATTACK_PENALTY = 1


class StandardGame(RoundGame):
    name = "standard"
    title = "Bezzerwizzer"
    categories = STANDARD

    def __init__(self, teams: list[str] | tuple[str, ...], settings: Any = None) -> None:
        super().__init__(teams, settings)
        # turn: questions asked this round; slot = turn // teams, seat = turn % teams
        self.slots: dict[str, list[str]] = {}
        self.zwaps = {team: 0 for team in self.teams}
        # teams that have reached the finish, even if they stand behind it again (a missed
        # attack costs a point): the game ends when the slot in which one got there ends
        self.reached: set[str] = set()

    # --- where are we ----------------------------------------------------------------------
    def current(self) -> tuple[str, int]:
        """The team whose question is next and its slot number (1-4)."""
        if self.phase != "question":
            raise IllegalAction("no-question", "no question is due now")
        return self.order[self.turn % len(self.order)], self.turn // len(self.order) + 1

    def category_at(self, team: str, slot: int) -> str:
        return self.slots[team][slot - 1]

    def is_open(self, team: str, slot: int) -> bool:
        if self.phase != "question":
            return False
        level, seat = divmod(self.turn, len(self.order))
        if slot - 1 != level:
            return slot - 1 > level
        return self.order.index(team) >= seat

    def tiles_in_play(self) -> Counter[str]:
        return Counter(c for tiles in self.slots.values() for c in tiles)

    def bag(self) -> Counter[str]:
        return self.tokens() - self.tiles_in_play()

    # --- drawing (randomness comes in) -----------------------------------------------------
    def draw_round(self, rng: random.Random) -> StartRound:
        """Draw the next round's tiles from the bag, in drawing order."""
        starter = self._draw_starter(rng)
        pool = sorted(self.tokens().elements())
        drawn = rng.sample(pool, SLOTS * len(self.teams))
        slots = {t: tuple(drawn[i * SLOTS : (i + 1) * SLOTS]) for i, t in enumerate(self.teams)}
        return StartRound(starter, slots)

    def draw_playoff(self, rng: random.Random) -> dict[str, str]:
        """Each tied team draws one category tile for its play-off question."""
        pool = sorted(self.tokens().elements())
        picks = rng.sample(pool, len(self.playoff_teams))
        return dict(zip(self.playoff_teams, picks, strict=True))

    # --- checking --------------------------------------------------------------------------
    def _check_drawn(self, action: StartRound) -> None:
        for team, tiles in action.slots.items():
            if len(tiles) != SLOTS:
                raise IllegalAction("four-tiles", f"{team} must hold {SLOTS} tiles")
            unknown = [c for c in tiles if c not in self.categories]
            if unknown:
                raise IllegalAction("unknown-category", f"{unknown[0]!r} is no {self.name} tile")
        drawn = Counter(c for tiles in action.slots.values() for c in tiles)
        extra = drawn - self.tokens()
        if extra:
            raise IllegalAction("duplicate-tile", f"{sorted(extra)[0]!r} drawn too often")

    def _check_zwap(self, action: Zwap) -> None:
        team, _ = self._check_turn(action.team, "zwap-own-turn")
        if self.zwaps[team] <= 0:
            raise IllegalAction("zwap-tile", f"{team} has no ZWAP tile left this round")
        for pos in (action.first, action.second):
            self._check_position(pos)
        if action.first == action.second:
            raise IllegalAction("zwap-two-tiles", "a ZWAP swaps two different tiles")

    def _check_position(self, pos: Position) -> None:
        team, slot = pos
        self._require_team(team)
        if not 1 <= slot <= SLOTS:
            raise IllegalAction("slot-number", f"slots are numbered 1 to {SLOTS}")
        if not self.is_open(team, slot):
            raise IllegalAction("zwap-closed-tile", f"{team}'s slot {slot} is closed")

    def _check_attack(self, defender: str, answer: str, attack: Attack) -> None:
        if answer == "right":
            if attack.knockback:
                raise IllegalAction("knockback", "the defender was right: nobody scores")
            return
        if attack.answer not in ANSWERS:
            raise IllegalAction("attack-answer", "the attacker's answer is missing")
        if attack.knockback:
            if attack.answer != "right":
                raise IllegalAction("knockback", "only an attacker who scores may knock back")
            if not self.in_home_stretch(defender):
                where = f"{defender} is not in the home stretch"
                raise IllegalAction("knockback-home-stretch", where)

    # --- performing ------------------------------------------------------------------------
    def _start_round(self, action: StartRound) -> list[Event]:
        self.round += 1
        self._seat_round(action.starter)
        self.slots = {team: list(action.slots[team]) for team in self.teams}
        self.bezzerwizzers = {team: BEZZERWIZZERS_PER_ROUND for team in self.teams}
        self.zwaps = {team: ZWAPS_PER_ROUND for team in self.teams}
        frozen = {team: tuple(tiles) for team, tiles in self.slots.items()}
        return [RoundStarted(self.round, action.starter, frozen)]

    def _zwap(self, action: Zwap) -> list[Event]:
        (t1, s1), (t2, s2) = action.first, action.second
        a, b = self.slots[t1][s1 - 1], self.slots[t2][s2 - 1]
        self.slots[t1][s1 - 1], self.slots[t2][s2 - 1] = b, a
        self.zwaps[action.team] -= 1
        return [Zwapped(action.team, action.first, action.second, (b, a))]

    def _right_points(self, slot: int) -> int:
        return slot

    def _score_attack(self, defender: str, attack: Attack) -> Moved | None:
        if attack.answer != "right":
            return self._move(attack.team, -WRONG_ATTACK_PENALTY, "penalty")
        gain = BEFORE_POINTS if attack.when == "before" else AFTER_POINTS
        if attack.knockback:
            return self._move(defender, -gain, "knockback")
        return self._move(attack.team, gain, "bezzerwizzer")

    def _move(self, team: str, delta: int, reason: MoveReason) -> Moved | None:
        moved = super()._move(team, delta, reason)
        if self.positions[team] >= self.settings.track:
            self.reached.add(team)
        return moved

    def _after_question(self) -> list[Event]:
        """A slot that ends with a team having reached the finish ends the game: the rulebook's
        "the game ends when one team reaches the last space", once every team has answered the
        same number of questions; several teams that reached it play off."""
        if self.turn % len(self.order):
            return []
        reached = tuple(t for t in self.order if t in self.reached)
        if reached:
            return self._settle(reached)
        if self.turn == SLOTS * len(self.order):
            self.phase = "round-start"
            self.slots = {}
            return [RoundEnded(self.round)]
        return []

    # --- notation --------------------------------------------------------------------------
    @classmethod
    def decode_action(cls, obj: dict[str, Any]) -> Action:
        return notation.decode(obj)

    @classmethod
    def encode_action(cls, action: Action) -> dict[str, Any]:
        return notation.encode(action)


class OrdGame(StandardGame):
    """The word edition: the standard rules with word-and-language categories."""

    name = "ord"
    title = "Bezzerwizzer Ord"
    categories = ORD

"""The standard game (rulebook ``standard.txt``): four tiles a round on slots worth 1-4.

The other editions with the same board (``ord``) subclass this with other categories.
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

from voicemaster.rules import notation
from voicemaster.rules.actions import (
    ANSWERS,
    WHENS,
    Action,
    Attack,
    Playoff,
    Position,
    Question,
    StartRound,
    Zwap,
)
from voicemaster.rules.base import Game
from voicemaster.rules.categories import ORD, STANDARD
from voicemaster.rules.errors import IllegalAction
from voicemaster.rules.events import (
    Event,
    GameWon,
    Moved,
    PlayoffRoundPlayed,
    PlayoffStarted,
    QuestionClosed,
    RoundEnded,
    RoundStarted,
    Zwapped,
)

SLOTS = 4
BEZZERWIZZERS_PER_ROUND = 2
ZWAPS_PER_ROUND = 1
BEFORE_POINTS = 3
AFTER_POINTS = 1
WRONG_ATTACK_PENALTY = 1


class StandardGame(Game):
    name = "standard"
    title = "Bezzerwizzer"
    categories = STANDARD

    def __init__(self, teams: list[str] | tuple[str, ...], settings: Any = None) -> None:
        super().__init__(teams, settings)
        self.phase = "round-start"  # round-start | question | playoff | finished
        self.starter: str | None = None
        self.order: tuple[str, ...] = ()
        self.slots: dict[str, list[str]] = {}
        self.turn = 0  # questions asked this round; slot = turn // teams, seat = turn % teams
        self.bezzerwizzers = {team: 0 for team in self.teams}
        self.zwaps = {team: 0 for team in self.teams}
        self.playoff_teams: tuple[str, ...] = ()

    # --- where are we ----------------------------------------------------------------------
    def expected(self) -> str:
        return {"round-start": "round", "question": "question", "playoff": "playoff"}.get(
            self.phase, "none"
        )

    def next_starter(self) -> str | None:
        """The team that must start the next round (None: any team, decided by lot)."""
        if self.starter is None:
            return None
        return self.teams[(self.teams.index(self.starter) + 1) % len(self.teams)]

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
        if self.phase != "round-start":
            raise IllegalAction("round-in-progress", "a round is still being played")
        starter = self.next_starter() or rng.choice(self.teams)
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
    def check(self, action: Action) -> None:
        if isinstance(action, StartRound):
            self._check_round(action)
        elif isinstance(action, Zwap):
            self._check_zwap(action)
        elif isinstance(action, Question):
            self._check_question(action)
        elif isinstance(action, Playoff):
            self._check_playoff(action)
        else:
            raise IllegalAction("unknown-action", f"{type(action).__name__} is not an action")

    def _check_round(self, action: StartRound) -> None:
        if self.phase != "round-start":
            raise IllegalAction("round-in-progress", "the current round is not over")
        self._require_team(action.starter)
        expected = self.next_starter()
        if expected is not None and action.starter != expected:
            raise IllegalAction("starting-team", f"{expected} must start this round")
        if set(action.slots) != set(self.teams):
            raise IllegalAction("round-teams", "every team, and only they, must draw tiles")
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

    def _check_turn(self, team: str, rule: str) -> tuple[str, int]:
        if self.phase != "question":
            raise IllegalAction("question-out-of-turn", f"no question is due ({self.phase})")
        self._require_team(team)
        current, slot = self.current()
        if team != current:
            raise IllegalAction(rule, f"it is {current}'s turn, not {team}'s")
        return current, slot

    def _check_question(self, action: Question) -> None:
        self._check_turn(action.team, "question-out-of-turn")
        if action.answer not in ANSWERS:
            raise IllegalAction("answer", f"answer must be one of {', '.join(ANSWERS)}")
        if action.attack is not None:
            self._check_attack(action.team, action.answer, action.attack)

    def _check_attack(self, defender: str, answer: str, attack: Attack) -> None:
        self._require_team(attack.team)
        if attack.team == defender:
            raise IllegalAction("attack-own-question", "a team cannot attack its own question")
        if self.bezzerwizzers[attack.team] <= 0:
            raise IllegalAction("bezzerwizzer-tile", f"{attack.team} has no BEZZERWIZZER left")
        if attack.when not in WHENS:
            raise IllegalAction("attack-when", "an attack comes 'before' or 'after' the reading")
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

    def _check_playoff(self, action: Playoff) -> None:
        if self.phase != "playoff":
            raise IllegalAction("no-playoff", "there is no play-off now")
        if set(action.results) != set(self.playoff_teams):
            raise IllegalAction("playoff-teams", "exactly the tied teams answer in a play-off")
        if any(a not in ANSWERS for a in action.results.values()):
            raise IllegalAction("answer", f"answer must be one of {', '.join(ANSWERS)}")

    # --- performing ------------------------------------------------------------------------
    def _perform(self, action: Action) -> list[Event]:
        if isinstance(action, StartRound):
            return self._start_round(action)
        if isinstance(action, Zwap):
            return self._zwap(action)
        if isinstance(action, Question):
            return self._question(action)
        assert isinstance(action, Playoff)
        return self._playoff(action)

    def _start_round(self, action: StartRound) -> list[Event]:
        self.round += 1
        self.starter = action.starter
        seat = self.teams.index(action.starter)
        self.order = self.teams[seat:] + self.teams[:seat]
        self.slots = {team: list(action.slots[team]) for team in self.teams}
        self.turn = 0
        self.bezzerwizzers = {team: BEZZERWIZZERS_PER_ROUND for team in self.teams}
        self.zwaps = {team: ZWAPS_PER_ROUND for team in self.teams}
        self.phase = "question"
        frozen = {team: tuple(tiles) for team, tiles in self.slots.items()}
        return [RoundStarted(self.round, action.starter, frozen)]

    def _zwap(self, action: Zwap) -> list[Event]:
        (t1, s1), (t2, s2) = action.first, action.second
        a, b = self.slots[t1][s1 - 1], self.slots[t2][s2 - 1]
        self.slots[t1][s1 - 1], self.slots[t2][s2 - 1] = b, a
        self.zwaps[action.team] -= 1
        return [Zwapped(action.team, action.first, action.second, (b, a))]

    def _question(self, action: Question) -> list[Event]:
        team, slot = self.current()
        events: list[Event | None] = []
        if action.answer == "right":
            events.append(self._move(team, slot, "right"))
        if action.attack is not None:
            self.bezzerwizzers[action.attack.team] -= 1
            if action.answer != "right":
                events.append(self._score_attack(team, action.attack))
        events.append(QuestionClosed(team, slot, self.category_at(team, slot), action.answer))
        self.turn += 1
        self.questions_played += 1
        return [e for e in events if e is not None] + self._after_question()

    def _score_attack(self, defender: str, attack: Attack) -> Moved | None:
        if attack.answer != "right":
            return self._move(attack.team, -WRONG_ATTACK_PENALTY, "penalty")
        gain = BEFORE_POINTS if attack.when == "before" else AFTER_POINTS
        if attack.knockback:
            return self._move(defender, -gain, "knockback")
        return self._move(attack.team, gain, "bezzerwizzer")

    def _after_question(self) -> list[Event]:
        if self.turn % len(self.order):
            return []
        at_finish = tuple(t for t in self.order if self.positions[t] >= self.settings.track)
        if len(at_finish) == 1:
            return self._win(at_finish[0])
        if at_finish:
            self.phase = "playoff"
            self.playoff_teams = at_finish
            return [PlayoffStarted(at_finish)]
        if self.turn == SLOTS * len(self.order):
            self.phase = "round-start"
            self.slots = {}
            return [RoundEnded(self.round)]
        return []

    def _win(self, team: str) -> list[Event]:
        self.phase = "finished"
        self.finished = True
        self.winner = team
        return [GameWon(team)]

    def _playoff(self, action: Playoff) -> list[Event]:
        right = tuple(t for t in self.playoff_teams if action.results[t] == "right")
        if 0 < len(right) < len(self.playoff_teams):
            self.playoff_teams = right
        events: list[Event] = [PlayoffRoundPlayed(self.playoff_teams)]
        if len(self.playoff_teams) == 1:
            events += self._win(self.playoff_teams[0])
        return events

    # --- random legal play -----------------------------------------------------------------
    def sample_action(self, rng: random.Random, skill: float = 0.5) -> Action:
        if self.phase == "round-start":
            start = self.draw_round(rng)
            slots = {t: tuple(rng.sample(tiles, len(tiles))) for t, tiles in start.slots.items()}
            return StartRound(start.starter, slots)
        if self.phase == "playoff":
            return Playoff({t: _answer(rng, skill) for t in self.playoff_teams})
        team, _ = self.current()
        if self.zwaps[team] and rng.random() < 0.1:
            open_tiles = [(t, s) for t in self.teams for s in range(1, 5) if self.is_open(t, s)]
            if len(open_tiles) >= 2:
                first, second = rng.sample(open_tiles, 2)
                return Zwap(team, first, second)
        answer = _answer(rng, skill)
        return Question(team, answer, self._sample_attack(team, answer, rng, skill))

    def _sample_attack(
        self, defender: str, defended: str, rng: random.Random, skill: float
    ) -> Attack | None:
        attackers = [t for t in self.teams if t != defender and self.bezzerwizzers[t] > 0]
        if not attackers or rng.random() > 0.25:
            return None
        attacker = rng.choice(attackers)
        answer = _answer(rng, skill)
        when = rng.choice(WHENS)
        scores = answer == "right" and defended != "right"
        knock = scores and self.in_home_stretch(defender) and rng.random() < 0.5
        return Attack(attacker, when, answer, knock)  # type: ignore[arg-type]

    # --- notation --------------------------------------------------------------------------
    @classmethod
    def decode_action(cls, obj: dict[str, Any]) -> Action:
        return notation.decode(obj)

    @classmethod
    def encode_action(cls, action: Action) -> dict[str, Any]:
        return notation.encode(action)


def _answer(rng: random.Random, skill: float) -> Any:
    roll = rng.random()
    if roll < skill:
        return "right"
    return "pass" if roll > 0.95 else "wrong"


class OrdGame(StandardGame):
    """The word edition: the standard rules with word-and-language categories."""

    name = "ord"
    title = "Bezzerwizzer Ord"
    categories = ORD

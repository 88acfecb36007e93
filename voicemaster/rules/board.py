"""What the question games share (standard, ord, familie, kompakt): rounds of questions.

Each round a starter (one seat clockwise every round) leads the teams in seat order; a team's
question may be attacked with a BEZZERWIZZER; a tie at the end is played off, tied teams that
answer wrong while another is right dropping out.  The variants say what a round deals out,
what a ZWAP swaps, what a question is worth and what an attack wins or loses.
"""

from __future__ import annotations

import random
from abc import abstractmethod
from typing import Any, ClassVar

from voicemaster.rules.actions import ANSWERS, WHENS, Action, Attack, Playoff, Question, StartRound
from voicemaster.rules.actions import Zwap as ZwapAction
from voicemaster.rules.base import Game, narrow
from voicemaster.rules.errors import IllegalAction
from voicemaster.rules.events import (
    Event,
    Moved,
    PlayoffRoundPlayed,
    PlayoffStarted,
    QuestionClosed,
)


class RoundGame(Game):
    """Phases: round-start | question | playoff | finished."""

    round_draw: ClassVar[str] = "tiles"  # what every team draws at the start of a round
    spent_message: ClassVar[str] = "{team} has no BEZZERWIZZER left"

    def __init__(self, teams: list[str] | tuple[str, ...], settings: Any = None) -> None:
        super().__init__(teams, settings)
        self.phase = "round-start"
        self.starter: str | None = None
        self.order: tuple[str, ...] = ()
        self.turn = 0
        self.bezzerwizzers = {team: 0 for team in self.teams}
        self.playoff_teams: tuple[str, ...] = ()

    # --- where are we ----------------------------------------------------------------------
    def expected(self) -> str:
        return {"round-start": "round", "question": "question", "playoff": "playoff"}.get(
            self.phase, "none"
        )

    def next_starter(self) -> str | None:
        """The team that must start the next round (None: any team, by lot or agreement)."""
        if self.starter is None:
            return None
        return self.teams[(self.teams.index(self.starter) + 1) % len(self.teams)]

    def _draw_starter(self, rng: random.Random) -> str:
        if self.phase != "round-start":
            raise IllegalAction("round-in-progress", "a round is still being played")
        return self.next_starter() or rng.choice(self.teams)

    def _seat_round(self, starter: str) -> None:
        """A round begins with ``starter``: turns go clockwise from it."""
        self.starter = starter
        seat = self.teams.index(starter)
        self.order = self.teams[seat:] + self.teams[:seat]
        self.turn = 0
        self.phase = "question"

    # --- checking --------------------------------------------------------------------------
    def check(self, action: Action) -> None:
        if isinstance(action, StartRound):
            self._check_round(action)
        elif isinstance(action, ZwapAction):
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
            raise IllegalAction(
                "round-teams", f"every team, and only they, must draw {self.round_draw}"
            )
        self._check_drawn(action)

    @abstractmethod
    def _check_drawn(self, action: StartRound) -> None:
        """What every team drew, checked against the bag."""

    @abstractmethod
    def _check_zwap(self, action: ZwapAction) -> None: ...

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
        attack = action.attack
        if attack is None:
            return
        self._require_team(attack.team)
        if attack.team == action.team:
            raise IllegalAction("attack-own-question", "a team cannot attack its own question")
        if self.bezzerwizzers[attack.team] <= 0:
            raise IllegalAction("bezzerwizzer-tile", self.spent_message.format(team=attack.team))
        if attack.when not in WHENS:
            raise IllegalAction("attack-when", "an attack comes 'before' or 'after' the reading")
        self._check_attack(action.team, action.answer, attack)

    @abstractmethod
    def _check_attack(self, defender: str, answer: str, attack: Attack) -> None:
        """The variant's rules on an attack's answer and knock-back."""

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
        if isinstance(action, ZwapAction):
            return self._zwap(action)
        if isinstance(action, Question):
            return self._question(action)
        assert isinstance(action, Playoff)
        return self._playoff(action)

    @abstractmethod
    def _start_round(self, action: StartRound) -> list[Event]: ...

    @abstractmethod
    def _zwap(self, action: ZwapAction) -> list[Event]: ...

    @abstractmethod
    def current(self) -> tuple[str, int]:
        """The team whose question is next and its slot number."""

    @abstractmethod
    def category_at(self, team: str, slot: int) -> str: ...

    @abstractmethod
    def _right_points(self, slot: int) -> int:
        """What a right answer on ``slot`` scores."""

    @abstractmethod
    def _score_attack(self, defender: str, attack: Attack) -> Moved | None:
        """An attack on a question the defender missed."""

    @abstractmethod
    def _after_question(self) -> list[Event]:
        """Is the round, or the game, over?"""

    def _question(self, action: Question) -> list[Event]:
        team, slot = self.current()
        events: list[Event | None] = []
        if action.answer == "right":
            events.append(self._move(team, self._right_points(slot), "right"))
        if action.attack is not None:
            self.bezzerwizzers[action.attack.team] -= 1
            if action.answer != "right":
                events.append(self._score_attack(team, action.attack))
        events.append(QuestionClosed(team, slot, self.category_at(team, slot), action.answer))
        self.turn += 1
        self.questions_played += 1
        return [e for e in events if e is not None] + self._after_question()

    def _settle(self, teams: tuple[str, ...]) -> list[Event]:
        """The game is decided among ``teams``: one of them wins, several play off."""
        if len(teams) == 1:
            return self._win(teams[0])
        self.phase = "playoff"
        self.playoff_teams = teams
        return [PlayoffStarted(teams)]

    def _playoff(self, action: Playoff) -> list[Event]:
        right = tuple(t for t in self.playoff_teams if action.results[t] == "right")
        self.playoff_teams = narrow(self.playoff_teams, right)
        events: list[Event] = [PlayoffRoundPlayed(self.playoff_teams)]
        if len(self.playoff_teams) == 1:
            events += self._win(self.playoff_teams[0])
        return events

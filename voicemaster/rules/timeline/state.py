"""Where a timeline game stands, and what is legal now (rules in ``voicemaster.rules.timeline``)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from voicemaster.rules.actions import Action
from voicemaster.rules.base import Game, Settings
from voicemaster.rules.errors import IllegalAction
from voicemaster.rules.timeline.line import LINE, fits
from voicemaster.rules.timeline.types import Deal, Place, Tiebreak, TimelineCard, ZwapCards

ROUNDS = 2
TURNS = 4  # turns per round; the wheel shows 1, 2, 3, 4
HAND = 4  # cards dealt to each player per round
PAWN_RIGHT = 3
PAWN_WRONG = 1
LAP = 30
PAWNS = 2


@dataclass(frozen=True)
class TimelineSettings(Settings):
    """``track``: the points of a lap (default 30); ``pawns``: BEZZERWIZZERs per player."""

    track: int = LAP
    home_stretch: int = 0  # unused
    pawns: int = PAWNS


class TimelineState(Game):
    """The state of a timeline game and the checks of its actions; ``TimelineGame`` acts."""

    def __init__(self, teams: list[str] | tuple[str, ...], settings: Any = None) -> None:
        timeline = TimelineSettings.adopt(settings)
        super().__init__(teams, timeline)
        self.pawn_count = timeline.pawns
        self.phase = "deal"  # deal | place | tiebreak | finished
        self.line: list[TimelineCard] = []
        self.hands: dict[str, list[TimelineCard]] = {team: [] for team in self.teams}
        self.dealt: set[str] = set()  # every card id that came into the game
        self.turn = 0  # 1-4 while placing: the wheel's value
        self.seat = 0  # index into teams of the active player
        self.pawns = {team: 0 for team in self.teams}
        self.zwaps = {team: 0 for team in self.teams}
        self.tiebreak_teams: tuple[str, ...] = ()

    def _check_setup(self, teams: tuple[str, ...], settings: Settings) -> None:
        super()._check_setup(teams, settings)
        if getattr(settings, "pawns", PAWNS) < 0:
            raise IllegalAction("settings", "pawns must be 0 or more")

    # --- where are we ----------------------------------------------------------------------
    def expected(self) -> str:
        return {"deal": "round", "place": "place", "tiebreak": "tiebreak"}.get(self.phase, "none")

    def current(self) -> tuple[str, int]:
        """The active player and the wheel's value."""
        if self.phase != "place":
            raise IllegalAction("place-out-of-turn", "no card is due now")
        return self.teams[self.seat], self.turn

    def holder(self, card_id: str) -> str | None:
        for team, hand in self.hands.items():
            if any(c.id == card_id for c in hand):
                return team
        return None

    def card_in_hand(self, card_id: str) -> TimelineCard | None:
        return next((c for h in self.hands.values() for c in h if c.id == card_id), None)

    # --- checking --------------------------------------------------------------------------
    def check(self, action: Action) -> None:
        if isinstance(action, Deal):
            self._check_deal(action)
        elif isinstance(action, ZwapCards):
            self._check_zwap(action)
        elif isinstance(action, Place):
            self._check_place(action)
        elif isinstance(action, Tiebreak):
            self._check_tiebreak(action)
        else:
            raise IllegalAction("unknown-action", f"{type(action).__name__} is no timeline action")

    def _check_deal(self, action: Deal) -> None:
        if self.phase != "deal":
            raise IllegalAction("round-in-progress", "the current round is not over")
        if set(action.hands) != set(self.teams):
            raise IllegalAction("deal-teams", "every player, and only they, gets cards")
        if any(len(hand) != HAND for hand in action.hands.values()):
            raise IllegalAction("four-cards", f"every player gets {HAND} cards")
        if self.round == 0 and len(action.line) != LINE:
            raise IllegalAction("line-four-cards", f"the game opens with {LINE} cards on the line")
        if self.round > 0 and action.line:
            raise IllegalAction("line-dealt-once", "the line is dealt only at the start")
        years = [c.year for c in action.line]
        if years != sorted(years):
            raise IllegalAction("line-order", "the opening line lies in chronological order")
        cards = [*action.line, *(c for hand in action.hands.values() for c in hand)]
        self._check_fresh(cards)

    def _check_fresh(self, cards: Sequence[TimelineCard]) -> None:
        ids = [c.id for c in cards]
        if len(set(ids)) != len(ids) or self.dealt & set(ids):
            raise IllegalAction("card-dealt-twice", "a card comes into the game only once")

    def _check_turn(self, team: str, rule: str) -> None:
        if self.phase != "place":
            raise IllegalAction(rule, f"no card is due now ({self.phase})")
        self._require_team(team)
        active, _ = self.current()
        if team != active:
            raise IllegalAction(rule, f"it is {active}'s turn, not {team}'s")

    def _check_zwap(self, action: ZwapCards) -> None:
        self._check_turn(action.team, "zwap-own-turn")
        if self.zwaps[action.team] <= 0:
            raise IllegalAction("zwap-token", f"{action.team} has no ZWAP left this round")
        holders = (self.holder(action.first), self.holder(action.second))
        if None in holders:
            raise IllegalAction("zwap-unplayed-card", "a zwap swaps two unplayed cards")
        if holders[0] == holders[1]:
            raise IllegalAction("zwap-different-hands", "the two cards must be in two hands")

    def _check_place(self, action: Place) -> None:
        self._check_turn(action.team, "place-out-of-turn")
        if all(c.id != action.card for c in self.hands[action.team]):
            raise IllegalAction("card-not-in-hand", f"{action.team} holds no card {action.card!r}")
        self._check_gap(action.gap)
        taken = {action.gap}
        players: set[str] = set()
        for pawn in action.bezzerwizzers:
            self._require_team(pawn.team)
            if pawn.team == action.team:
                raise IllegalAction("bezzerwizzer-own-card", "no Bezzerwizzer on your own card")
            if pawn.team in players:
                raise IllegalAction("bezzerwizzer-one-pawn", "one pawn per player per card")
            if self.pawns[pawn.team] <= 0:
                raise IllegalAction("bezzerwizzer-pawn", f"{pawn.team} has no pawn left")
            self._check_gap(pawn.gap)
            if pawn.gap in taken:
                raise IllegalAction("bezzerwizzer-different-gap", "every pawn on its own gap")
            taken.add(pawn.gap)
            players.add(pawn.team)

    def _check_gap(self, gap: int, line: Sequence[TimelineCard] | None = None) -> None:
        count = len(self.line if line is None else line)
        if not isinstance(gap, int) or not 1 <= gap <= count + 1:
            raise IllegalAction("gap-number", f"gaps are numbered 1 to {count + 1}")

    def _check_tiebreak(self, action: Tiebreak) -> None:
        if self.phase != "tiebreak":
            raise IllegalAction("no-tiebreak", "there is no tie-break now")
        if set(action.placements) != set(self.tiebreak_teams):
            raise IllegalAction("tiebreak-teams", "exactly the tied players place a card")
        self._check_fresh([card for card, _ in action.placements.values()])
        line = list(self.line)
        for team in self.tiebreak_teams:
            card, gap = action.placements[team]
            self._check_gap(gap, line)
            if fits(line, card, gap):
                line.insert(gap - 1, card)

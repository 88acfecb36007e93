"""Bezzerwizzer Timeline (rulebook ``timeline-fr.txt``, English digest in its README).

Players ("teams" in the core: 2-4, in seat order, youngest first) place event cards on a
timeline instead of answering questions.

- **Deal**: the first round lays 4 cards face up on the line (chronological) and deals 4 to
  every player; the second round deals 4 new cards each (the line carries over, thinned).
- **Turns**: two rounds of four turns.  In a turn every player, in seat order, places one of
  its cards into a gap of the line.  The wheel makes turn t worth t points (1, 2, 3, 4).
  Right (year(left) <= year <= year(right)): the card stays and the player scores the wheel's
  value.  Wrong: the card leaves the game.
- **BEZZERWIZZER**: before the card is turned, other players may each put one pawn on a gap
  they think right (all pawns and the placement on different gaps).  Pawn right: +3; wrong: -1
  (never below the start).  When the placement is right too (a card of the same year as a
  neighbour fits on both sides), the pawn scores nothing and goes back to its player.
- **ZWAP**: once a round, in its own turn before placing, a player swaps two unplayed cards
  held by two different players (one of its own with an opponent's, or two opponents').
- Pawns (``pawns`` setting, default 2) and the ZWAP come back at the start of round two.
- **Thinning** between the rounds (see ``thin``): passes from the left discard the 2nd, 4th,
  6th ... card, stopping as soon as 4 cards remain; passes repeat while more than 4 remain.
- **End**: the first to complete a lap (``track`` points, default 30) wins at once (several at
  once: a tie-break among them).  Otherwise the most points after round two win; a tie is
  broken by one more placement each: players who miss while another is right drop out; if all
  miss or all are right, all stay and place again.  Tie-break placements score no points.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from voicemaster.rules import notation_timeline
from voicemaster.rules.actions import Action
from voicemaster.rules.base import Game, Settings
from voicemaster.rules.errors import IllegalAction
from voicemaster.rules.events import Event, GameWon, RoundEnded
from voicemaster.rules.timeline_types import (
    CardPlaced,
    CardsZwapped,
    Deal,
    Dealt,
    LineThinned,
    Pawn,
    PawnResolved,
    Place,
    Tiebreak,
    TiebreakPlayed,
    TiebreakStarted,
    TimelineCard,
    ZwapCards,
)

ROUNDS = 2
TURNS = 4  # turns per round; the wheel shows 1, 2, 3, 4
HAND = 4  # cards dealt to each player per round
LINE = 4  # cards on the line at the start of a round
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


def _timeline(settings: Settings | None) -> TimelineSettings:
    if settings is None:
        return TimelineSettings()
    if isinstance(settings, TimelineSettings):
        return settings
    return TimelineSettings(settings.track, settings.home_stretch)


def fits(line: Sequence[TimelineCard], card: TimelineCard, gap: int) -> bool:
    """Is gap ``gap`` (1-based) right for ``card``?  Equal years fit on either side."""
    left = line[gap - 2].year if gap >= 2 else None
    right = line[gap - 1].year if gap <= len(line) else None
    return (left is None or left <= card.year) and (right is None or card.year <= right)


def right_gaps(line: Sequence[TimelineCard], card: TimelineCard) -> list[int]:
    return [g for g in range(1, len(line) + 2) if fits(line, card, g)]


def thin(
    line: Sequence[TimelineCard], keep: int = LINE
) -> tuple[list[TimelineCard], list[TimelineCard]]:
    """Discard every second card from the left (the 2nd, 4th, ...) until ``keep`` remain.

    One pass walks left to right discarding the cards in even places of the line as it was
    when the pass began; it stops the moment only ``keep`` cards are left.  Passes repeat while
    more than ``keep`` remain.  Returns (the kept line, the discarded cards in order).
    """
    kept, gone = list(line), []
    while len(kept) > keep:
        index = 1
        while index < len(kept) and len(kept) > keep:
            gone.append(kept.pop(index))
            index += 1  # the card now at ``index`` was odd-placed: it stays
    return kept, gone


class TimelineGame(Game):
    name = "timeline"
    title = "Bezzerwizzer Timeline"
    categories = ()
    wins_on_points = True  # the winner need not reach the end of the track

    def __init__(self, teams: list[str] | tuple[str, ...], settings: Any = None) -> None:
        timeline = _timeline(settings)
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

    # --- drawing (randomness comes in) -----------------------------------------------------
    def draw_deal(self, rng: random.Random, pool: Sequence[TimelineCard]) -> Deal:
        """The next round's cards, drawn from ``pool`` (cards never dealt before)."""
        if self.phase != "deal":
            raise IllegalAction("round-in-progress", "a round is still being played")
        need = HAND * len(self.teams) + (LINE if self.round == 0 else 0)
        drawn = self._draw(rng, pool, need)
        hands = {t: tuple(drawn[i * HAND : (i + 1) * HAND]) for i, t in enumerate(self.teams)}
        line = drawn[HAND * len(self.teams) :]
        return Deal(tuple(sorted(line, key=lambda c: c.year)), hands)

    def draw_tiebreak_cards(
        self, rng: random.Random, pool: Sequence[TimelineCard]
    ) -> dict[str, TimelineCard]:
        drawn = self._draw(rng, pool, len(self.tiebreak_teams))
        return dict(zip(self.tiebreak_teams, drawn, strict=True))

    def _draw(self, rng: random.Random, pool: Sequence[TimelineCard], n: int) -> list[TimelineCard]:
        fresh = sorted((c for c in pool if c.id not in self.dealt), key=lambda c: c.id)
        if len(fresh) < n:
            raise IllegalAction("deck-empty", f"{n} cards needed, {len(fresh)} left in the deck")
        return rng.sample(fresh, n)

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

    # --- performing ------------------------------------------------------------------------
    def _perform(self, action: Action) -> list[Event]:
        if isinstance(action, Deal):
            return self._deal(action)
        if isinstance(action, ZwapCards):
            return self._zwap(action)
        if isinstance(action, Place):
            return self._place(action)
        assert isinstance(action, Tiebreak)
        return self._tiebreak(action)

    def _deal(self, action: Deal) -> list[Event]:
        self.round += 1
        if self.round == 1:
            self.line = list(action.line)
        self.hands = {team: list(action.hands[team]) for team in self.teams}
        self.dealt |= {c.id for c in action.line}
        self.dealt |= {c.id for hand in action.hands.values() for c in hand}
        self.turn, self.seat = 1, 0
        self.pawns = {team: self.pawn_count for team in self.teams}
        self.zwaps = {team: 1 for team in self.teams}
        self.phase = "place"
        return [Dealt(self.round, tuple(self.line))]

    def _zwap(self, action: ZwapCards) -> list[Event]:
        a, b = self.holder(action.first), self.holder(action.second)
        assert a is not None and b is not None
        ia = next(i for i, c in enumerate(self.hands[a]) if c.id == action.first)
        ib = next(i for i, c in enumerate(self.hands[b]) if c.id == action.second)
        self.hands[a][ia], self.hands[b][ib] = self.hands[b][ib], self.hands[a][ia]
        self.zwaps[action.team] -= 1
        return [CardsZwapped(action.team, action.first, action.second, (a, b))]

    def _place(self, action: Place) -> list[Event]:
        team, points = self.current()
        hand = self.hands[team]
        card = hand.pop(next(i for i, c in enumerate(hand) if c.id == action.card))
        before = list(self.line)
        right = fits(before, card, action.gap)
        events: list[Event | None] = [CardPlaced(team, card, action.gap, right, points)]
        if right:
            self.line.insert(action.gap - 1, card)
            events.append(self._move(team, points, "right"))
        for pawn in action.bezzerwizzers:
            events += self._resolve_pawn(pawn, fits(before, card, pawn.gap), right)
        self.questions_played += 1
        done = [e for e in events if e is not None]
        return done + self._after_place()

    def _resolve_pawn(self, pawn: Pawn, pawn_right: bool, placed_right: bool) -> list[Event | None]:
        if pawn_right and placed_right:
            return [PawnResolved(pawn.team, pawn.gap, "returned")]
        self.pawns[pawn.team] -= 1
        if pawn_right:
            moved = self._move(pawn.team, PAWN_RIGHT, "bezzerwizzer")
            return [PawnResolved(pawn.team, pawn.gap, "right"), moved]
        moved = self._move(pawn.team, -PAWN_WRONG, "penalty")
        return [PawnResolved(pawn.team, pawn.gap, "wrong"), moved]

    def _after_place(self) -> list[Event]:
        lapped = tuple(t for t in self.teams if self.positions[t] >= self.settings.track)
        if lapped:
            return self._decide(lapped)
        self.seat += 1
        if self.seat < len(self.teams):
            return []
        self.seat, self.turn = 0, self.turn + 1
        if self.turn <= TURNS:
            return []
        if self.round >= ROUNDS:
            return self._decide(self.teams)
        self.line, gone = thin(self.line)
        self.phase, self.turn = "deal", 0
        return [RoundEnded(self.round), LineThinned(tuple(gone), tuple(self.line))]

    def _decide(self, among: tuple[str, ...]) -> list[Event]:
        best = max(self.positions[t] for t in among)
        leaders = tuple(t for t in among if self.positions[t] == best)
        if len(leaders) == 1:
            return self._win(leaders[0])
        self.phase = "tiebreak"
        self.tiebreak_teams = leaders
        return [TiebreakStarted(leaders)]

    def _win(self, team: str) -> list[Event]:
        self.phase = "finished"
        self.finished = True
        self.winner = team
        return [GameWon(team)]

    def _tiebreak(self, action: Tiebreak) -> list[Event]:
        results: dict[str, bool] = {}
        for team in self.tiebreak_teams:
            card, gap = action.placements[team]
            results[team] = fits(self.line, card, gap)
            if results[team]:
                self.line.insert(gap - 1, card)
            self.dealt.add(card.id)
        right = tuple(t for t in self.tiebreak_teams if results[t])
        if 0 < len(right) < len(self.tiebreak_teams):
            self.tiebreak_teams = right
        events: list[Event] = [TiebreakPlayed(results, self.tiebreak_teams)]
        if len(self.tiebreak_teams) == 1:
            events += self._win(self.tiebreak_teams[0])
        return events

    # --- random legal play -----------------------------------------------------------------
    def sample_action(self, rng: random.Random, skill: float = 0.5) -> Action:
        if self.phase == "deal":
            return self.draw_deal(rng, self._synthetic(rng))
        if self.phase == "tiebreak":
            cards = self.draw_tiebreak_cards(rng, self._synthetic(rng))
            line, placements = list(self.line), {}
            for team in self.tiebreak_teams:
                gap = choose_gap(line, cards[team], rng, skill)
                placements[team] = (cards[team], gap)
                if fits(line, cards[team], gap):
                    line.insert(gap - 1, cards[team])
            return Tiebreak(placements)
        team, _ = self.current()
        if self.zwaps[team] and rng.random() < 0.1:
            zwap = self._sample_zwap(team, rng)
            if zwap is not None:
                return zwap
        card = rng.choice(self.hands[team])
        gap = choose_gap(self.line, card, rng, skill)
        return Place(team, card.id, gap, self._sample_pawns(team, card, gap, rng, skill))

    def _synthetic(self, rng: random.Random) -> list[TimelineCard]:
        """Invented cards for simulation without a deck (ids never dealt before)."""
        start = len(self.dealt)
        return [TimelineCard(f"s{start + i}", rng.randint(-3000, 2024) or 1) for i in range(24)]

    def _sample_zwap(self, team: str, rng: random.Random) -> ZwapCards | None:
        cards = [(t, c.id) for t, hand in self.hands.items() for c in hand]
        pairs = [(a, b) for a in cards for b in cards if a[0] != b[0] and a < b]
        if not pairs:
            return None
        (_, first), (_, second) = rng.choice(pairs)
        return ZwapCards(team, first, second)

    def _sample_pawns(
        self, team: str, card: TimelineCard, gap: int, rng: random.Random, skill: float
    ) -> tuple[Pawn, ...]:
        pawns: list[Pawn] = []
        taken = {gap}
        for other in self.teams:
            if other == team or self.pawns[other] <= 0 or rng.random() > 0.2:
                continue
            free = [g for g in range(1, len(self.line) + 2) if g not in taken]
            good = [g for g in free if fits(self.line, card, g)]
            pick = rng.choice(good if good and rng.random() < skill else free)
            pawns.append(Pawn(other, pick))
            taken.add(pick)
        return tuple(pawns)

    # --- notation --------------------------------------------------------------------------
    def header(self) -> dict[str, Any]:
        return {
            "variant": self.name,
            "teams": list(self.teams),
            "track": self.settings.track,
            "pawns": self.pawn_count,
        }

    @classmethod
    def settings_from_header(cls, header: dict[str, Any]) -> Settings:
        track = header.get("track", LAP)
        pawns = header.get("pawns", PAWNS)
        for key, value in (("track", track), ("pawns", pawns)):
            if not isinstance(value, int) or isinstance(value, bool):
                raise ValueError(f"{key} must be an integer")
        return TimelineSettings(track=track, home_stretch=0, pawns=pawns)

    @classmethod
    def decode_action(cls, obj: dict[str, Any]) -> Action:
        return notation_timeline.decode(obj)

    @classmethod
    def encode_action(cls, action: Action) -> dict[str, Any]:
        return notation_timeline.encode(action)

    def summary(self) -> dict[str, Any]:
        return {**super().summary(), "line": [c.id for c in self.line]}


def choose_gap(
    line: Sequence[TimelineCard], card: TimelineCard, rng: random.Random, skill: float
) -> int:
    """A simulated player's gap: a right one with probability ``skill``."""
    good = right_gaps(line, card)
    bad = [g for g in range(1, len(line) + 2) if g not in good]
    return rng.choice(good if rng.random() < skill or not bad else bad)

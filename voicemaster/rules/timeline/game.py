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
from typing import Any

from voicemaster.rules.actions import Action
from voicemaster.rules.base import Settings, narrow
from voicemaster.rules.errors import IllegalAction
from voicemaster.rules.events import Event, RoundEnded
from voicemaster.rules.timeline import notation as notation_timeline
from voicemaster.rules.timeline.line import LINE, choose_gap, fits, right_gaps, thin
from voicemaster.rules.timeline.state import (
    HAND,
    LAP,
    PAWN_RIGHT,
    PAWN_WRONG,
    PAWNS,
    ROUNDS,
    TURNS,
    TimelineSettings,
    TimelineState,
)
from voicemaster.rules.timeline.types import (
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

__all__ = [
    "LAP",
    "PAWNS",
    "TimelineGame",
    "TimelineSettings",
    "choose_gap",
    "fits",
    "right_gaps",
    "thin",
]


class TimelineGame(TimelineState):
    name = "timeline"
    title = "Bezzerwizzer Timeline"
    categories = ()
    wins_on_points = True  # the winner need not reach the end of the track

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

    def _tiebreak(self, action: Tiebreak) -> list[Event]:
        results: dict[str, bool] = {}
        for team in self.tiebreak_teams:
            card, gap = action.placements[team]
            results[team] = fits(self.line, card, gap)
            if results[team]:
                self.line.insert(gap - 1, card)
            self.dealt.add(card.id)
        right = tuple(t for t in self.tiebreak_teams if results[t])
        self.tiebreak_teams = narrow(self.tiebreak_teams, right)
        events: list[Event] = [TiebreakPlayed(results, self.tiebreak_teams)]
        if len(self.tiebreak_teams) == 1:
            events += self._win(self.tiebreak_teams[0])
        return events

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

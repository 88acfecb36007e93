"""One timeline turn: read the line and the hand, hear the placement (or a zwap), open the
Bezzerwizzer window, record, reveal the year and the score changes."""

from __future__ import annotations

from typing import Any, Protocol

from voicemaster.host.cues import Point
from voicemaster.host.intents import Command, Shout
from voicemaster.host.listening import Correction, Listener, Timing
from voicemaster.host.phrases import listing, point_words, possessive, said, team_name
from voicemaster.host.timeline import intents as ti
from voicemaster.host.timeline import phrases as say
from voicemaster.rules.actions import Action
from voicemaster.rules.events import Event, RoundEnded
from voicemaster.rules.timeline.game import TimelineGame
from voicemaster.rules.timeline.types import Pawn, Place, TimelineCard, ZwapCards
from voicemaster.speech.base import Expectation


class Table(Protocol):
    """What a turn needs of the timeline quizmaster (``TimelineQuizmaster`` hands itself in;
    the turn does not know the dialogue)."""

    @property
    def game(self) -> TimelineGame: ...

    @property
    def listener(self) -> Listener: ...

    @property
    def timing(self) -> Timing: ...

    def say(self, text: str) -> None: ...

    def standings(self) -> str: ...

    def title(self, card_id: str) -> str: ...

    def titles(self) -> dict[str, str]: ...

    def line_titles(self, line: list[TimelineCard] | None = None) -> list[str]: ...

    def read_line(self, line: list[TimelineCard] | None = None) -> str: ...

    def hand_titles(self, team: str) -> list[str]: ...

    def expectation(self) -> Expectation: ...

    def check_or_say(self, action: Action, prefix: str, who: str) -> bool: ...

    def commit(self, action: Action, extra: dict[str, Any]) -> list[Event]: ...

    def tell(self, events: list[Event], titles: dict[str, str]) -> None: ...


class TimelineTurn:
    def __init__(self, qm: Table) -> None:
        self.qm = qm
        self.team, self.worth = qm.game.current()

    # --- reading ------------------------------------------------------------------------------
    def hand(self) -> list[TimelineCard]:
        return self.qm.game.hands[self.team]

    def prompt(self) -> str:
        who = team_name(self.team)
        head = said(
            "timeline.turn",
            team=who,
            turn=say.word(self.qm.game.turn),
            points=point_words(self.worth),
        )
        hand = say.read_hand(self.team, self.qm.hand_titles(self.team))
        return f"{head} {self.qm.read_line()} {hand}"

    def help(self) -> str:
        titles, line = self.qm.hand_titles(self.team), self.qm.line_titles()
        return said("timeline.example", card=titles[0], line=line[-1])

    # --- the turn -----------------------------------------------------------------------------
    def play(self) -> None:
        qm = self.qm
        qm.say(self.prompt())
        while True:
            card, gap = self.placement()
            titles = qm.titles()
            title = titles[card.id]
            where = say.gap_place(qm.line_titles(), gap)
            team = team_name(self.team)
            qm.say(said("timeline.puts", team=team, title=title, gap=say.word(gap), where=where))
            try:
                pawns = self.bezzerwizzers(card, gap)
                break
            except Correction as take:  # undo while the card waits: only this placement goes
                if take.right is not None:
                    raise
                qm.say(said("timeline.undo_placement", title=title, team=team_name(self.team)))
        events = qm.commit(Place(self.team, card.id, gap, pawns), {})
        qm.tell(events, titles)
        if any(isinstance(e, RoundEnded) for e in events):
            qm.say(said("round.ends", round=say.word(1), standings=qm.standings()))

    def placement(self) -> tuple[TimelineCard, int]:
        qm, timing = self.qm, self.qm.timing
        card: int | None = None
        timeout, warned = timing.thinking - timing.warning, False
        for _ in range(timing.max_utterances * 2):
            kind = Point.PLACE if card is None else Point.WHICH_GAP
            intent, heard = qm.listener.ask(
                kind, self.team, self.prompt(), timeout, qm.expectation(), options=self.options()
            )
            if heard is None or (isinstance(intent, Command) and intent.name == "pass"):
                if warned:
                    break
                qm.say(said("clock.ten"))
                timeout, warned = timing.warning, True
                continue
            got = self.understand(heard.text)
            if isinstance(got, ti.Placement):
                card = got.card if got.card is not None else card
                if card is not None and got.gap is not None:
                    return self.hand()[card], got.gap
                qm.say(self.missing(got, card))
            elif got is None and isinstance(intent, Shout):
                qm.say(said("timeline.pawn_too_early"))
        qm.say(said("timeline.time_up"))
        return self.hand()[card or 0], 1

    def options(self) -> tuple[str, ...]:
        return tuple(self.qm.hand_titles(self.team))

    def understand(self, text: str) -> ti.Placement | None:
        """Parse; serve line and hand requests and zwaps here.  A placement is returned."""
        qm = self.qm
        hands = {t: [(c.id, qm.title(c.id)) for c in h] for t, h in qm.game.hands.items()}
        got = ti.parse(text, teams=qm.game.teams, me=self.team, hands=hands, line=qm.line_titles())
        if isinstance(got, ti.LineRequest):
            qm.say(qm.read_line())
        elif isinstance(got, ti.HandRequest):
            qm.say(say.read_hand(self.team, qm.hand_titles(self.team)))
        elif isinstance(got, ti.ZwapCall):
            self.zwap(got)
        elif isinstance(got, ti.PawnCall):
            qm.say(said("timeline.pawn_too_early"))
        elif isinstance(got, ti.Placement):
            return got
        else:
            qm.say(said("timeline.not_understood", help=self.help()))
        return None

    def missing(self, got: ti.Placement, card: int | None) -> str:
        if got.problem:
            return said("timeline.problem", problem=got.problem, help=self.help())
        if card is None:
            count = len(self.hand()) + 1
            cards = [said("timeline.card", number=say.word(i)) for i in range(1, count)]
            return said("timeline.which_card", cards=listing(cards))
        return said("timeline.which_gap", title=self.qm.hand_titles(self.team)[card])

    def zwap(self, call: ti.ZwapCall) -> None:
        qm = self.qm
        if len(call.cards) != 2:
            qm.say(said("timeline.zwap.how"))
            return
        action = ZwapCards(self.team, call.cards[0], call.cards[1])
        if not qm.check_or_say(action, said("refused.zwap"), self.team):
            return
        first, second = (qm.title(c) for c in call.cards)
        qm.commit(action, {})
        qm.say(said("timeline.zwap.done", first=first, second=second))
        qm.say(say.read_hand(self.team, qm.hand_titles(self.team)))

    # --- Bezzerwizzer -------------------------------------------------------------------------
    def bezzerwizzers(self, card: TimelineCard, gap: int) -> tuple[Pawn, ...]:
        qm = self.qm
        pawns: list[Pawn] = []
        for _ in range(qm.timing.max_utterances):
            taken = tuple(f"{p.team}:{p.gap}" for p in pawns)
            try:
                intent, heard = qm.listener.ask(
                    Point.BEZZERWIZZER,
                    self.team,
                    said("timeline.bezzerwizzer"),
                    qm.timing.before,
                    qm.expectation(),
                    card,
                    gap=gap,
                    options=taken,
                )
            except Correction as take:
                if take.right is None:
                    raise
                qm.say(said("timeline.no_verdict"))
                continue
            if heard is None or (isinstance(intent, Command) and intent.name == "pass"):
                break
            call = ti.parse_pawn(heard.text, qm.game.teams, qm.line_titles())
            if call is None:
                qm.say(said("timeline.pawn.how"))
                continue
            pawn = self.pawn(call, card, gap, pawns)
            if pawn is not None:
                pawns.append(pawn)
        return tuple(pawns)

    def pawn(
        self, call: ti.PawnCall, card: TimelineCard, gap: int, pawns: list[Pawn]
    ) -> Pawn | None:
        qm = self.qm
        if call.team is None:
            qm.say(said("timeline.pawn.who"))
            return None
        where = call.gap if call.gap is not None else self.ask_pawn_gap(call.team, card, gap)
        if where is None:
            return None
        pawn = Pawn(call.team, where)
        probe = Place(self.team, card.id, gap, (*pawns, pawn))
        refused = said("refused.bezzerwizzer", team=team_name(call.team))
        if not qm.check_or_say(probe, refused, call.team):
            return None
        qm.say(said("timeline.pawn.placed", owner=possessive(call.team), gap=say.word(where)))
        return pawn

    def ask_pawn_gap(self, team: str, card: TimelineCard, gap: int) -> int | None:
        qm = self.qm
        prompt = said("timeline.pawn.which_gap", team=team_name(team))
        qm.say(prompt)
        _i, heard = qm.listener.ask(
            Point.PAWN_GAP, team, prompt, qm.timing.choice, qm.expectation(), card, gap=gap
        )
        if heard is None:
            return None
        got = ti.parse_placement(heard.text, [qm.title(card.id)], qm.line_titles())
        return got.gap if got is not None else None

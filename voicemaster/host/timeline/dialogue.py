"""The quizmaster of a timeline game: deals, turns of placements, tie-breaks, undo.

As in the standard dialogue, every action is written to the record (flushed and fsynced)
before its result is said, and random draws come from streams keyed by the seed and the
record's length, so a resumed game goes on exactly as the uninterrupted one would.
"""

from __future__ import annotations

from functools import cached_property
from typing import Any

from voicemaster.host import intents, windows
from voicemaster.host.cues import Point
from voicemaster.host.hearing import QuitGame
from voicemaster.host.hosting import Host
from voicemaster.host.listening import Correction
from voicemaster.host.phrases import said, team_name
from voicemaster.host.point_words import SURE
from voicemaster.host.setup.decks import timeline_deck_problem
from voicemaster.host.timeline import phrases as say
from voicemaster.host.timeline.intents import parse_placement
from voicemaster.host.timeline.titles import Title, forms_of
from voicemaster.host.timeline.turn import TimelineTurn
from voicemaster.lexicon import COMMAND_WORDS
from voicemaster.rules.actions import Action
from voicemaster.rules.events import Event
from voicemaster.rules.timeline.game import TimelineGame
from voicemaster.rules.timeline.line import fits
from voicemaster.rules.timeline.types import Place, Tiebreak, TimelineCard, ZwapCards
from voicemaster.speech.base import Expectation

LINE_WORDS = ("repeat the line", "my cards", "card", "gap", "before", "after", "between")


class TimelineQuizmaster(Host[TimelineGame]):
    listener_commands = COMMAND_WORDS + LINE_WORDS
    hosts = TimelineGame
    sure_questions = {**SURE, "undo": "sure.timeline.undo"}

    @cached_property
    def pool(self) -> list[TimelineCard]:
        """The deck's cards with a year: what deals and tie-breaks draw from (with the question
        history, its least recently dealt, enough for the game and ten tie-break rounds)."""
        cards = [c for c in self.quiz.deck.questions if c.year is not None]
        need = 4 + 8 * len(self.game.teams) + 10 * len(self.game.teams)
        fresh = self.quiz.freshest(cards, need)
        return [TimelineCard(c.id, c.year) for c in fresh if c.year is not None]

    def deck_problem(self) -> str | None:
        """Why the deck cannot serve this game (too few cards with a year), or None."""
        return timeline_deck_problem(self.quiz.deck, len(self.game.teams))

    # --- services ------------------------------------------------------------------------------
    def standings(self) -> str:
        return say.standings(self.game.positions, self.game.settings.track)

    def title(self, card_id: str) -> str:
        """The card's title, knowing its accept forms too (naming a neighbour by them works)."""
        card = self.quiz.card(card_id)
        if card is None:
            return card_id.replace("-", " ")
        return Title(card.question, card.accept)

    def titles(self) -> dict[str, str]:
        ids = {c.id for c in self.game.line} | {c.id for h in self.game.hands.values() for c in h}
        return {i: self.title(i) for i in ids}

    def line_titles(self, line: list[TimelineCard] | None = None) -> list[str]:
        return [self.title(c.id) for c in (self.game.line if line is None else line)]

    def read_line(self, line: list[TimelineCard] | None = None) -> str:
        cards = self.game.line if line is None else line
        return say.read_line(self.line_titles(cards), [c.year for c in cards])

    def hand_titles(self, team: str) -> list[str]:
        return [self.title(c.id) for c in self.game.hands[team]]

    def expectation(self) -> Expectation:
        """The recognizer's phrases: whole placements by number ("card two, gap three"),
        gaps, the line's neighbours ("after X"), every title in play, zwaps by card number
        ("zwap my card one with blue's card two"), pawns ("Bezzerwizzer blue, gap three"),
        teams, commands."""
        titles = sorted({f for t in self.titles().values() for f in (t, *forms_of(t))})
        gaps = [say.word(g) for g in range(1, len(self.game.line) + 2)]
        cards = [say.word(c) for c in range(1, 5)]
        spoken = [f"card {c}, gap {g}" for c in cards for g in gaps]
        spoken += [f"gap {g}" for g in gaps]
        spoken += [f"{rel} {t}" for t in self.line_titles() for rel in ("before", "after")]
        moves = (*self.zwap_phrases(), *self.pawn_phrases(gaps))
        return Expectation(
            answers=tuple(spoken + titles),
            options=moves,
            commands=self.listener_commands,
            teams=self.game.teams,
        )

    def zwap_phrases(self) -> tuple[str, ...]:
        """ "zwap my card one with blue's card two", for every team's hand (as parse_zwap)."""
        hands = self.game.hands
        if not any(self.game.zwaps.values()):
            return ()
        return tuple(
            f"zwap my card {say.word(a)} with {team}'s card {say.word(b)}"
            for team in self.game.teams
            for a in range(1, max((len(h) for h in hands.values()), default=0) + 1)
            for b in range(1, len(hands[team]) + 1)
        )

    def pawn_phrases(self, gaps: list[str]) -> tuple[str, ...]:
        """ "Bezzerwizzer blue, gap three" and "... before <title>" (as parse_pawn)."""
        ready = [t for t in self.game.teams if self.game.pawns.get(t, 0) > 0]
        where = [f"gap {g}" for g in gaps] + [f"before {t}" for t in self.line_titles()]
        return tuple(f"bezzerwizzer {team}, {w}" for team in ready for w in where)

    def commit(self, action: Action, extra: dict[str, Any]) -> list[Event]:
        """Record the action durably, then apply it."""
        self.game.check(action)
        if isinstance(action, Place | Tiebreak):
            extra = {**extra, **self.notes(action)}
        self.log.append_action(self.game, action, extra)
        return self.game.apply(action)

    def tell(self, events: list[Event], titles: dict[str, str]) -> None:
        lines = say.events(events, titles)
        if lines:
            self.say(" ".join(lines))

    # --- the game ------------------------------------------------------------------------------
    def run(self) -> str:
        """Play until the game ends ("finished") or the players quit ("quit")."""
        problem = self.deck_problem()
        if problem is not None:
            self.say(said("timeline.cannot_play", why=problem))
            return "no deck"
        try:
            while True:
                try:
                    if not self.game.finished:
                        self._step()
                    else:
                        self._final_corrections()
                        return "finished"
                except Correction as take:
                    self._take_back(take.right)
        except (QuitGame, EOFError):
            return self.saved()

    def _final_corrections(self) -> None:
        """The end, and one last chance to take back the last placement, as in the other
        games (an undo raises ``Correction``, and the game goes on)."""
        self.say(said("timeline.over", standings=self.standings()))
        prompt = said("timeline.corrections")
        self.say(prompt)
        self.listener.ask(Point.FINAL, None, prompt, self.timing.before, windows.commands())

    def _step(self) -> None:
        expected = self.game.expected()
        if expected == "round":
            self.deal()
        elif expected == "place":
            TimelineTurn(self).play()
        elif expected == "tiebreak":
            self.tiebreak()

    def deal(self) -> None:
        deal = self.game.draw_deal(self.rng("deal"), self.pool)
        first = self.game.round == 0
        self.commit(deal, {})
        if first:
            self.say(said("timeline.welcome"))
        else:
            self.say(said("timeline.round_two"))

    def tiebreak(self) -> None:
        cards = self.game.draw_tiebreak_cards(self.rng("tiebreak"), self.pool)
        line = list(self.game.line)
        placements: dict[str, tuple[TimelineCard, int]] = {}
        for team in self.game.tiebreak_teams:
            card = cards[team]
            gap = self.ask_gap(team, card, line)
            placements[team] = (card, gap)
            right = fits(line, card, gap)
            self.say(say.placed_short(self.title(card.id), card.year, right))
            if right:
                line.insert(gap - 1, card)
        titles = {c.id: self.title(c.id) for c, _ in placements.values()}
        events = self.commit(Tiebreak(placements), {"cards": [c.id for c in cards.values()]})
        self.tell(events, titles)

    def ask_gap(self, team: str, card: TimelineCard, line: list[TimelineCard]) -> int:
        prompt = said(
            "timeline.tiebreak.card",
            team=team_name(team),
            title=self.title(card.id),
            line=self.read_line(line),
        )
        self.say(said("timeline.tiebreak.ask", prompt=prompt))
        for _ in range(3):
            seen = tuple(f"{c.id}:{c.year}" for c in line)  # the line as it now lies
            intent, heard = self.listener.ask(
                Point.TIEBREAK,
                team,
                prompt,
                self.timing.thinking,
                self.expectation(),
                card,
                options=seen,
            )
            if heard is None:
                break
            got = parse_placement(heard.text, [self.title(card.id)], self.line_titles(line))
            if got is not None and got.gap is not None:
                return got.gap
            if intent == intents.Command("pass"):
                self.say(said("timeline.tiebreak.no_pass"))
                continue
            self.say(got.problem if got and got.problem else said("timeline.say_gap"))
        self.say(said("timeline.tiebreak.time_up"))
        return 1

    # --- corrections ---------------------------------------------------------------------------
    def cannot_correct(self, kind: Point, right: bool | None) -> str | None:
        """The years decide (no verdict to change); undo takes back the card waiting for
        Bezzerwizzers, else the record's last placement or zwap."""
        if right is not None:
            return said("timeline.no_verdict")
        if kind == "bezzerwizzer" or isinstance(self.log.last_action(), Place | ZwapCards):
            return None
        return said("timeline.nothing_to_undo")

    def _take_back(self, right: bool | None) -> None:
        if right is not None:
            self.say(said("timeline.no_verdict"))
            return
        last = self.log.last_action()
        if not isinstance(last, Place | ZwapCards):
            self.say(said("timeline.nothing_to_undo"))
            return
        self.log.lines = self.log.lines[:-1]
        self.log.rewrite_last(self.log.lines[-1])  # the record without its last line
        self.game = self.replay()
        kind = "place" if isinstance(last, Place) else "zwap"
        self.say(said(f"timeline.taken_back.{kind}"))


__all__ = ["TimelineQuizmaster", "ZwapCards"]

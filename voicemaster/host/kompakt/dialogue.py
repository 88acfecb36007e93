"""Bezzerwizzer Kompakt at the table: one hidden token a round, blind zwaps, stakes, first to 20.

The machine holds every team's token and tells a team its category only on its turn.  Before
the question is read the team may zwap blindly with a team still to play ("zwap with blue";
never offered to the round's last team).  Other teams may bezzerwizz once a round: 2 points at
stake before the reading, 1 after; a missing attacker's stake goes to the defender.  The
running score is announced after every question.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, cast

from voicemaster.host import intents, windows
from voicemaster.host.dialogue import Quizmaster
from voicemaster.host.intents import Command, Shout, Speech, ZwapTiles
from voicemaster.host.phrases import (
    alternatives,
    listing,
    possessive,
    said,
    team_name,
    verb,
    verdict,
)
from voicemaster.host.turn import PendingAttack, Turn
from voicemaster.judge.text import normalise_plain
from voicemaster.rules import Question, StartRound
from voicemaster.rules.actions import Zwap
from voicemaster.rules.events import (
    BagRefilled,
    Event,
    GameWon,
    Moved,
    PlayoffRoundPlayed,
    PlayoffStarted,
)
from voicemaster.rules.kompakt import AFTER_STAKE, BEFORE_STAKE, KompaktGame
from voicemaster.speech.base import Expectation

if TYPE_CHECKING:
    from voicemaster.decks import Card

PLAY_WORDS = ("play", "we play", "keep", "keep it", "no zwap", "ready", "go")


def points(value: int) -> str:
    return said("kompakt.points.1") if value == 1 else said("kompakt.points", points=value)


def score_line(game: KompaktGame) -> str:
    """ "Score: Red 12, Blue 9 and Green 6. First to 20." """
    order = sorted(game.teams, key=lambda t: (-game.positions[t], game.teams.index(t)))
    parts = listing(
        [said("standing", team=team_name(t), position=game.positions[t]) for t in order]
    )
    if game.mode == "empty-bag":
        left = sum(game.bag().values())
        return said("kompakt.score.bag", teams=parts, left=left)
    return said("kompakt.score", teams=parts, target=game.target)


def event_lines(events: Sequence[Event], game: KompaktGame) -> list[str]:
    out: list[str] = []
    for event in events:
        if isinstance(event, Moved):
            who, gain = team_name(event.team), event.after - event.before
            if event.reason == "right":
                out.append(
                    said("kompakt.scored", scores=verb(event.team, "scores"), points=points(gain))
                )
            elif event.reason == "bezzerwizzer":
                owner = possessive(event.team)
                out.append(said("kompakt.bezzerwizzer", owner=owner, points=points(gain), team=who))
            else:
                out.append(said("kompakt.stake", points=points(gain), team=who))
        elif isinstance(event, BagRefilled):
            out.append(said("kompakt.refilled"))
        elif isinstance(event, PlayoffStarted):
            best = game.positions[event.teams[0]]
            tied = listing([team_name(t) for t in event.teams])
            out.append(said("kompakt.playoff", teams=tied, best=best))
        elif isinstance(event, PlayoffRoundPlayed) and len(event.remaining) > 1:
            out.append(
                said("playoff.still", teams=listing([team_name(t) for t in event.remaining]))
            )
        elif isinstance(event, GameWon):
            won = verb(event.winner, "wins")
            out.append(said("kompakt.won", wins=won, points=game.positions[event.winner]))
    return out


class KompaktQuizmaster(Quizmaster):
    turn_class: type[Turn]  # set below
    # the shared dialogue only uses what both boards have (teams, positions, check, apply)
    hosts = KompaktGame
    refusals = {"bezzerwizzer-tile": "refusal.kompakt.bezzerwizzer-tile"}

    @property
    def kompakt(self) -> KompaktGame:
        game = cast(object, self.game)
        assert isinstance(game, KompaktGame)
        return game

    def standings(self) -> str:
        return score_line(self.kompakt)

    def event_lines(self, events: list[Event]) -> list[str]:
        return event_lines(events, self.kompakt)

    def back_to(self, team: str, position: int) -> str:
        return said("kompakt.back_to", is_=verb(team, "is"), points=points(position))

    def start_round(self) -> None:
        game = self.kompakt
        draw = game.draw_round(self.rng("round"))
        if game.round == 0:
            self.say(said("round.first", starts=verb(draw.starter, "starts")))
        else:
            self.say(said("round.next", round=game.round + 1, starts=verb(draw.starter, "starts")))
        events = self.commit(StartRound(draw.starter, draw.slots), {})
        lines = [*event_lines(events, game), said("kompakt.drawn")]
        self.say(" ".join([*lines, said("kompakt.told_on_turn")]))

    def reveal(self, card: Card, action: Question, events: list[Event]) -> None:
        game = self.kompakt
        self.say(said("reveal", answer=card.answer, verdict=verdict(action.team, action.answer)))
        if action.attack is not None and action.attack.answer is not None:
            self.say(verdict(action.attack.team, action.attack.answer))
        lines = event_lines(events, game) or [said("kompakt.no_points")]
        if not game.finished:
            lines.append(self.standings())
            if game.expected() == "round":
                lines.append(said("kompakt.round_ends", round=game.round))
        self.say(" ".join(lines))

    def playoff(self) -> None:
        before = len(self.log.lines)
        super().playoff()
        if self.game.finished and len(self.log.lines) > before:
            self.say(score_line(self.kompakt))


class KompaktTurn(Turn):
    """One kompakt turn: the hidden token told, a blind zwap, stakes."""

    qm: KompaktQuizmaster

    def later(self) -> tuple[str, ...]:
        """The teams a blind zwap may take a token from (none once zwapped, none for the last)."""
        game = self.qm.kompakt
        return () if game.zwapped else game.still_to_play()[1:]

    def announce(self) -> str:
        text = said("kompakt.turn", team=team_name(self.team), category=self.told_category())
        later = self.later()
        if later:
            names = alternatives([team_name(t) for t in later])
            text = said("kompakt.turn.zwap", turn=text, teams=names)
        return text

    def told_category(self) -> str:
        """The hidden token, said aloud unless the team sees it on its phone."""
        if self.qm.privacy.has_view(self.team):
            return said("kompakt.category.phone")
        return said("kompakt.category", category=self.qm.kompakt.category_at(self.team))

    def before_window(self) -> PendingAttack | None:
        attack: PendingAttack | None = None
        asked = False
        for _ in range(self.qm.timing.max_utterances):
            intent, heard = self.ask_before(self.expectation(), asked)
            if intent is None or heard is None:
                break
            if isinstance(intent, Command) and intent.name == "pass":
                break
            if isinstance(intent, Speech) and intents._is(intent.text, PLAY_WORDS):
                break
            intent, asked = self.settle_shout(intent, heard, asked)
            if isinstance(intent, Shout):
                attack = self.shout(intent, attack, "before")
            elif isinstance(intent, ZwapTiles):
                attack = self.zwap_with(heard.text, attack)
            elif isinstance(intent, Speech) and not asked:
                self.too_early()
        return attack

    def expectation(self) -> Expectation:
        teams = self.qm.game.teams
        zwaps = tuple(f"zwap with {t}" for t in self.later())
        shouts = tuple(f"bezzerwizzer {t}" for t in teams if t != self.team)
        return Expectation(commands=(*windows.GENERAL, *PLAY_WORDS, *zwaps, *shouts), teams=teams)

    def zwap_with(self, text: str, attack: PendingAttack | None) -> PendingAttack | None:
        qm, later = self.qm, self.later()
        if not later:
            qm.say(said("kompakt.no_zwap", why=self._why_not()))
            return attack
        norm = normalise_plain(text)
        named = [t for t in qm.game.teams if t != self.team and intents._has(norm, t.lower())]
        if len(named) != 1:
            names = alternatives([team_name(t) for t in later])
            qm.say(said("kompakt.zwap.which", teams=names))
            return attack
        action = Zwap(self.team, (self.team, 1), (named[0], 1))
        if not qm.check_or_say(action, said("refused.zwap"), self.team):
            return attack
        qm.commit(action, {})
        now = qm.kompakt.category_at(self.team)
        hidden = qm.privacy.has_view(self.team)
        told = said("kompakt.zwap.phone") if hidden else said("kompakt.zwap.now", category=now)
        team, other = team_name(self.team), team_name(named[0])
        qm.say(said("kompakt.zwap.done", team=team, other=other, told=told))
        if attack is not None:
            attack = self.offer_take_back(attack, said("kompakt.new_token") if hidden else now)
        return attack

    def _why_not(self) -> str:
        if self.qm.kompakt.zwapped:
            return said("kompakt.why.one_zwap")
        return said("kompakt.why.last_team")

    def attack_taken(self, attacker: str, when: str) -> str:
        stake = BEFORE_STAKE if when == "before" else AFTER_STAKE
        stakes = points(stake)
        return said(
            f"kompakt.shout.{when}",
            team=team_name(attacker),
            stake=stakes,
            defender=team_name(self.team),
        )


KompaktQuizmaster.turn_class = KompaktTurn

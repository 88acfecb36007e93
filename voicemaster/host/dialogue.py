"""The quizmaster: a whole game as a dialogue with a Speaker and an Ears.

Every action is written to the record (flushed and fsynced) before its result is said, so a
game can resume after a crash; undo and override rewrite the record's last question line.
Randomness (tiles, cards) comes from streams keyed by the seed and the record's length.
"""

from __future__ import annotations

from typing import Any

from voicemaster.decks import Card
from voicemaster.host import intents, phrases, windows
from voicemaster.host.asking import Answering, AskBack
from voicemaster.host.corrections import take_back
from voicemaster.host.cues import Point
from voicemaster.host.hearing import QuitGame
from voicemaster.host.hosting import Host
from voicemaster.host.listening import AnswerClock, Correction
from voicemaster.host.phrases import said, slot_word, team_name, verb
from voicemaster.host.turn import Retake, Turn
from voicemaster.rules import Playoff, Question, StartRound, Zwap
from voicemaster.rules.actions import Action, Answer
from voicemaster.rules.events import Event
from voicemaster.rules.standard import StandardGame
from voicemaster.speech.base import Expectation, Heard, is_typed

# what came after the last verdict, so that it can no longer be changed
LATER: dict[type[Action], str] = {  # what came after a verdict that stands (said why)
    StartRound: "round",
    Zwap: "zwap",
    Playoff: "playoff",
}


class Quizmaster(Host[StandardGame]):
    hosts: type[Any] = StandardGame  # the standard board's games (standard, ord, familie)
    turn_class: type[Turn] = Turn  # a variant's quizmaster may ask its questions its own way
    retake: Retake | None = None  # a verdict taken back: a new card of its category is asked
    # (card id, team): the card's options were read out to that team (familie); only those
    # answers may name an option by letter, ordinal or part (see Quiz.key)
    told_options: frozenset[tuple[str, str]] = frozenset()

    # --- small services used by turns --------------------------------------------------------
    def standings(self) -> str:
        return phrases.standings(self.game.positions, self.game.settings.track)

    def taken_back(self) -> set[str]:
        """The cards whose verdicts were undone (``undone`` in the record): never asked again."""
        return {str(card) for line in self.log.lines[1:] for card in line.get("undone", ())}

    def draw_card(self, category: str, purpose: str, exclude: set[str] | None = None) -> Card:
        self.quiz.used = self.log.used_cards() | (exclude or set())
        return self.quiz.draw(category, self.rng(purpose))

    def draw_for(
        self, team: str, category: str, purpose: str = "card", exclude: set[str] | None = None
    ) -> Card:
        """The card ``team`` answers (familie draws for the team's audience)."""
        return self.draw_card(category, purpose, exclude)

    def foresee_card(self, team: str, category: str, exclude: set[str]) -> Card | None:
        """The card ``draw_for`` would give now, left undrawn (None: the deck has none).  The
        draw's random stream is keyed by the record, which foreseeing leaves as it is: the
        draw itself gives this card unless a move is recorded first (a zwap)."""
        used = set(self.quiz.used)
        try:
            return self.draw_for(team, category, exclude=exclude)
        except LookupError:
            return None
        finally:
            self.quiz.used = used

    def commit(self, action: Action, extra: dict[str, Any], replace: bool = False) -> list[Event]:
        """Record the action durably, then apply it.  ``replace``: it corrects the last line."""
        self.game.check(action)
        if isinstance(action, Question | Playoff):
            extra = {**self.notes(action), **extra}  # a correction keeps what was meant
        if replace:
            edits = int(self.log.lines[-1].get("edits", 0)) + 1
            obj = {**self.game.encode_action(action), **extra, "edits": edits}
            self.log.rewrite_last(obj)
        else:
            self.log.append_action(self.game, action, extra)
        return self.game.apply(action)

    def tell_options(self, card: Card, teams: tuple[str, ...] | list[str]) -> None:
        """The card's options were read out to ``teams``: their answers may name one."""
        self.told_options = self.told_options | {(card.id, team) for team in teams}

    def heard_options(self, card: Card, team: str) -> bool:
        return (card.id, team) in self.told_options

    def answer_expectation(self, card: Card, team: str) -> Expectation:
        """The window in which ``team`` answers ``card``."""
        return self.quiz.expectation(
            card, self.game.teams, self.listener_commands, self.heard_options(card, team)
        )

    def typed(self) -> bool:
        """Answers come from a keyboard (nothing was misheard, nothing to ask back)."""
        return is_typed(self.ears)

    def judge_answer(
        self,
        text: str,
        card: Card,
        team: str,
        role: str,
        heard: Heard | None = None,
        guarded: bool = False,
    ) -> Answer:
        """right | wrong | pass.  Doubts are asked back, never guessed (see ``asking``);
        ``guarded``: an attacker still waits, so the right answer is never said aloud."""
        return AskBack(self.answering(card, team), card, team, role).verdict(text, heard, guarded)

    def answering(self, card: Card, team: str) -> Answering:
        """What asking ``team``'s answer to ``card`` back needs (see ``AskBack``)."""
        return Answering(
            self.say,
            self.listener,
            self.timing,
            self.typed,
            lambda text: self.quiz.judge(text, card, self.heard_options(card, team)),
            lambda: self.answer_expectation(card, team),
        )

    def answer_window(self, team: str, card: Card, role: Point, prompt: str) -> Answer:
        """An answer without attacks (attackers, play-offs): right | wrong | pass."""
        clock, exp = AnswerClock(self.timing), self.answer_expectation(card, team)
        for _ in range(self.timing.max_utterances):
            intent, heard = self.listener.ask(
                role, team, prompt, clock.timeout, exp, card, retry=clock.retry
            )
            if intent is None or heard is None:
                if clock.silence(self.say):
                    return "pass"
            elif isinstance(intent, intents.Command) and intent.name == "pass":
                return "pass"
            elif isinstance(intent, intents.Speech):
                return self.judge_answer(heard.text, card, team, role, heard)
        return "pass"

    def event_lines(self, events: list[Event]) -> list[str]:
        """What the quizmaster says of these events (a variant says its own words)."""
        return phrases.events(events, self.game.settings.track)

    def back_to(self, team: str, position: int) -> str:
        """A corrected verdict took ``team`` back to ``position``."""
        where = said("where.space", space=position) if position > 0 else said("where.start")
        return said("back_to", goes=verb(team, "goes"), where=where)

    def reveal(self, card: Card, action: Question, events: list[Event]) -> None:
        self.say(
            said("reveal", answer=card.answer, verdict=phrases.verdict(action.team, action.answer))
        )
        if action.attack is not None and action.attack.answer is not None:
            self.say(phrases.verdict(action.attack.team, action.attack.answer))
        lines = phrases.events(events, self.game.settings.track)
        self.say(" ".join(lines) if lines else said("nobody_moves"))
        if self.game.expected() == "round" and not self.game.finished:
            self.say(said("round.ends", round=self.game.round, standings=self.standings()))

    # --- the game ------------------------------------------------------------------------------
    def run(self) -> str:
        """Play until the game ends ("finished") or the players quit ("quit")."""
        try:
            while True:
                try:
                    if self.game.finished:
                        if not self._final_corrections():
                            return "finished"
                    else:
                        self._step()
                except Correction as take:
                    take_back(self, take.right)
        except (QuitGame, EOFError):
            return self.saved()

    def cannot_correct(self, kind: Point, right: bool | None) -> str | None:
        """Only the record's last line can be corrected, and only a question's verdict."""
        last = self.log.last_action()
        if isinstance(last, Question):
            return None
        if not any("question" in line for line in self.log.lines[1:]):
            return said("undo.nothing")
        since = next(
            (said(f"stands.{key}") for kind, key in LATER.items() if isinstance(last, kind)), ""
        )
        return said("stands", since=since)

    def _step(self) -> None:
        expected = self.game.expected()
        self.told_options = frozenset()  # a new question (or a question asked again)
        if expected == "round":
            self.start_round()
        elif expected == "question":
            retake, self.retake = self.retake, None
            self.turn_class(self, retake).play()
        elif expected == "playoff":
            self.playoff()

    def _final_corrections(self) -> bool:
        """After the winner: one last chance to correct.  True when the game goes on."""
        prompt = said("final.corrections")
        self.say(prompt)
        _intent, _heard = self.listener.ask(
            Point.FINAL, None, prompt, self.timing.before, windows.commands()
        )
        return False

    def start_round(self) -> None:
        draw = self.game.draw_round(self.rng("round"))
        if self.game.round == 0:
            self.say(said("round.first", starts=verb(draw.starter, "starts")))
        else:
            self.say(
                said("round.next", round=self.game.round + 1, starts=verb(draw.starter, "starts"))
            )
        slots = {team: self.arrange(team, draw.slots[team]) for team in self.game.teams}
        self.commit(StartRound(draw.starter, slots), {})

    def arrange(self, team: str, drawn: tuple[str, ...]) -> tuple[str, ...]:
        """The team's tiles by slot (1-4): it names the tile for four, three, two points, or
        keeps the rest in the order read out (the first for the most points)."""
        left, chosen = list(drawn), {}
        prompt = said("arrange.first", team=team_name(team), tiles=phrases.kept_order(drawn, 4))
        for points in (4, 3, 2):
            self.say(prompt)
            pick = self._pick_tile(team, left, prompt)
            if pick is None:
                break
            chosen[points] = pick
            left.remove(pick)
            rest = phrases.kept_order(left, points - 1)
            prompt = said("arrange.next", slot=slot_word(points - 1), rest=rest)
        order = iter(left)
        tiles = {p: chosen.get(p) or next(order) for p in (4, 3, 2, 1)}
        self.say(phrases.arrangement(team, tuple(tiles[p] for p in (1, 2, 3, 4))))
        return tuple(tiles[p] for p in (1, 2, 3, 4))

    def _pick_tile(self, team: str, left: list[str], prompt: str) -> str | None:
        """A tile named for the next slot, or None for keep (said, silent, or after three
        replies that name no tile and one last question)."""
        for attempt in range(4):
            _i, heard = self.listener.ask(
                Point.ARRANGE,
                team,
                prompt,
                self.timing.choice,
                windows.arrange(left),
                options=tuple(left),
            )
            if heard is None:
                return None
            picked = intents.choice(heard.text, tuple(left))
            if isinstance(picked, intents.Keep) or (attempt == 3 and intents.yes_no(heard.text)):
                return None
            if picked is not None:
                return picked.category
            if attempt < 2:
                self.say(said("arrange.name_one", tiles=phrases.listing(left)))
            elif attempt == 2:
                prompt = said("arrange.missed", tiles=phrases.listing(left))
                self.say(prompt)
        self.say(said("arrange.kept"))
        return None

    def playoff(self) -> None:
        teams = self.game.playoff_teams
        drawn = self.game.draw_playoff(self.rng("playoff"))
        results: dict[str, Answer] = {}
        cards: list[str] = []
        for team in teams:
            card = self.draw_for(team, drawn[team], f"playoff:{team}", {*cards, *self.taken_back()})
            cards.append(card.id)
            prompt = self.playoff_prompt(team, card)
            self.say(prompt)
            results[team] = self.answer_window(team, card, Point.PLAYOFF, prompt)
        events = self.commit(Playoff(results), {"cards": cards})
        for team, card_id in zip(teams, cards, strict=True):
            asked = self.quiz.card(card_id)
            answer = asked.answer if asked else "?"
            self.say(phrases.playoff_result(team, results[team], answer))
        self.say(" ".join(phrases.events(events, self.game.settings.track)))

    def playoff_prompt(self, team: str, card: Card) -> str:
        return said(
            "playoff.question", team=team_name(team), category=card.category, question=card.question
        )

"""Bezzerwizzer Familie at the table: children's and adults' teams, and the answer options.

Who hears a card's three options follows the rulebook's table (``FamilieGame.options``):

- a children's team defending alone or against children: the options follow the question;
- children defending, adults attacking: the adults answer first -- on a keyboard they type it
  (without echo), by voice the children are asked to cover their ears -- then the options are
  read and the children answer.  Adults may attack only until the options are read;
- adults defending, children attacking: the adults answer, then the options are read to the
  children as their attacker's prompt;
- adults against adults: no options.

Questions are drawn for the answering team's audience (child or adult) where the deck allows.
"""

from __future__ import annotations

import random
from dataclasses import replace
from typing import TYPE_CHECKING, Any, Literal

from voicemaster.host import intents, windows
from voicemaster.host.cues import Point, Retry
from voicemaster.host.dialogue import Quizmaster
from voicemaster.host.intents import Shout
from voicemaster.host.phrases import listing, said, team_name
from voicemaster.host.privacy import Secretly
from voicemaster.host.setup.voice import QUIT, stop_if_quit
from voicemaster.host.turn import PendingAttack, Retake, Turn
from voicemaster.judge.text import normalise_plain
from voicemaster.rules.actions import Action, Answer
from voicemaster.rules.events import Event
from voicemaster.rules.familie import FamilieGame, Options, option_order, recorded_order
from voicemaster.speech.base import Ears, Expectation, Speaker

if TYPE_CHECKING:
    from voicemaster.decks import Card

LETTERS = "ABCDEF"


def options_phrase(card: Card) -> str:
    """ "Is it A, Paris; B, Lyon; or C, Nice?" """
    parts = [
        said("familie.option", letter=LETTERS[i], option=text)
        for i, text in enumerate(card.options)
    ]
    if len(parts) <= 1:
        return ""
    return said(
        "familie.options", first=said("familie.options.join").join(parts[:-1]), last=parts[-1]
    )


class FamilieQuizmaster(Quizmaster):
    turn_class: type[Turn]  # set below (FamilieTurn needs this class first)
    # children may answer by an option's letter: the recognizer should expect it
    listener_commands = (*windows.GENERAL, *(f"option {letter}" for letter in "abc"))

    @property
    def familie(self) -> FamilieGame:
        game = self.game
        assert isinstance(game, FamilieGame)
        return game

    def draw_for(
        self, team: str, category: str, purpose: str = "card", exclude: set[str] | None = None
    ) -> Card:
        """A card of ``category`` for the team's audience (child/adult) where the deck allows;
        unused cards first, of the table's regions and difficulty, as ``Quiz.draw``."""
        kind = self.familie.kinds[team]
        used = self.log.used_cards() | (exclude or set())
        every = sorted(self.quiz.deck.categories().get(category) or [], key=lambda c: c.id)
        cards = self.quiz.allowed(every)
        suited = [c for c in cards if c.audience in (kind, None)]
        for pool in (
            [c for c in suited if c.id not in used],
            [c for c in cards if c.id not in used],
            suited,
            cards,
        ):
            if pool:
                self.quiz.used = set(used)
                card = self.quiz.choose(self.quiz.settings.nearest(pool), self.rng(purpose))
                return replace(card, options=self.option_order(card)) if card.options else card
        raise LookupError(f"the deck has no question for {category}")

    def option_order(self, card: Card) -> tuple[str, ...]:
        """The order ``card``'s options are read in (A, B, C): as a line of the record that
        asked it gives them (an older record's line without them: the deck's order), else
        shuffled by the game's seed for this card, so resume and replay read the same."""
        for line in reversed(self.log.lines[1:]):
            cards = line.get("cards") if isinstance(line.get("cards"), list) else []
            if card.id != line.get("card") and card.id not in cards:
                continue
            recorded = line.get("options")
            if card.id != line.get("card") and isinstance(recorded, list):  # a play-off line
                index = cards.index(card.id)
                recorded = recorded[index] if index < len(recorded) else None
            return recorded_order(recorded, card.options) or card.options
        return option_order(random.Random(f"{self.seed}:options:{card.id}"), card.options)

    def commit(self, action: Action, extra: dict[str, Any], replace: bool = False) -> list[Event]:
        """As on the standard board; a line that asked a card with options records the order
        they were read in (``options``; a play-off line: one list per card, in ``cards``)."""
        asked = self.quiz.card(str(extra.get("card")))
        if asked is not None and asked.options:
            extra = {**extra, "options": list(self.option_order(asked))}
        cards = [self.quiz.card(str(c)) for c in extra.get("cards") or []]
        if any(c is not None and c.options for c in cards):
            orders = [list(self.option_order(c)) if c and c.options else [] for c in cards]
            extra = {**extra, "options": orders}
        return super().commit(action, extra, replace)

    def read_options(self, card: Card, team: str) -> None:
        """Read the options to a defending children's team; the teams the table lets hear them
        as attackers (children's teams) hear them too.  Only answers given after this may name
        an option."""
        if card.options:
            self.say(
                said("familie.options.read", team=team_name(team), options=options_phrase(card))
            )
            game = self.familie
            self.tell_options(
                card, [t for t in game.teams if t == team or game.options(team, t).attacker]
            )

    def playoff_prompt(self, team: str, card: Card) -> str:
        """As on the standard board, with the options read to a children's team."""
        prompt = super().playoff_prompt(team, card)
        if self.familie.options(team).defender and card.options:
            self.tell_options(card, [team])
            return said("familie.with_options", prompt=prompt, options=options_phrase(card))
        return prompt


class FamilieTurn(Turn):
    """One familie question: the standard turn with the options table."""

    qm: FamilieQuizmaster

    def __init__(self, qm: Quizmaster, retake: Retake | None = None) -> None:
        assert isinstance(qm, FamilieQuizmaster)
        super().__init__(qm, retake)
        self.options_read = False
        self.early: Answer | None = None  # the adults' answer, given before the options

    @property
    def kinds(self) -> dict[str, str]:
        return self.qm.familie.kinds

    def table(self, attacker: str | None) -> Options:
        return self.qm.familie.options(self.team, attacker)

    def after_reading(self, card: Card, attack: PendingAttack | None) -> PendingAttack | None:
        """A children's team hears the options now (adults attacking them answer first)."""
        if self.kinds[self.team] == "child" and card.options:
            attack = self.before_options(card, attack)
            if attack is not None and self.table(attack.team).answers_first == "attacker":
                self.early = self.adults_first(card, attack)
            self.qm.read_options(card, self.team)
            self.options_read = True
        return attack

    def before_options(self, card: Card, attack: PendingAttack | None) -> PendingAttack | None:
        """Children defend: adults may attack only until the options are read."""
        game, timing = self.qm.game, self.qm.timing
        adults = [
            t
            for t in game.teams
            if t != self.team and self.kinds[t] == "adult" and game.bezzerwizzers[t] > 0
        ]
        if attack is not None or not adults:
            return attack
        prompt, asked = said("familie.before_options"), False
        self.qm.say(prompt)
        for _ in range(timing.max_utterances):
            intent, heard = self.qm.listener.ask(
                Point.OPTIONS,
                self.team,
                prompt,
                timing.before,
                windows.shouts(game.teams),
                retry=Retry.SHOUT if asked else None,
            )
            if intent is None or (isinstance(intent, intents.Command) and intent.name == "pass"):
                break
            intent, asked = self.settle_shout(intent, heard, asked)
            if isinstance(intent, Shout):
                attack = self.shout(intent, attack, "after")
                if attack is not None:
                    break
        return attack

    def adults_first(self, card: Card, attack: PendingAttack) -> Answer:
        """The attacking adults commit their answer before the children hear the options."""
        qm, who, kids = self.qm, team_name(attack.team), team_name(self.team)
        with qm.privacy.answering(attack.team) as secretly:
            if secretly is Secretly.PHONE:
                prompt = said("familie.private.phone", team=who, children=kids)
            elif secretly is Secretly.TYPED:
                prompt = said("familie.private.keyboard", team=who, children=kids)
            else:
                prompt = said("familie.private.voice", team=who, children=kids)
            qm.say(prompt)
            got = qm.answer_window(attack.team, card, Point.ATTACKER, prompt)
        if secretly is Secretly.PHONE:
            qm.say(said("familie.thanks", team=who))
        else:
            qm.say(said("familie.thanks.listen", team=who, children=kids))
        return got

    def shout(
        self, intent: Shout, attack: PendingAttack | None, when: Literal["before", "after"]
    ) -> PendingAttack | None:
        attacker = intent.team
        if (
            self.options_read
            and attack is None
            and attacker in self.kinds
            and self.table(attacker).answers_first == "attacker"
        ):
            self.qm.say(said("familie.too_late", team=team_name(attacker)))
            return attack
        return super().shout(intent, attack, when)

    def attacker_answer(self, card: Card, attack: PendingAttack) -> Answer:
        """The adults' answer given before the options, or the attacker's answer now (with the
        options when the table lets the attacker hear them)."""
        qm, who = self.qm, team_name(attack.team)
        if self.early is not None:
            qm.say(said("familie.answered_early", team=team_name(self.team), attacker=who))
            return self.early
        prompt = said("your_answer", team=who)
        if self.table(attack.team).attacker and card.options:
            prompt = said("familie.with_options", prompt=prompt, options=options_phrase(card))
            qm.tell_options(card, [attack.team])
        qm.say(said("familie.attacker_turn", team=team_name(self.team), prompt=prompt))
        return qm.answer_window(attack.team, card, Point.ATTACKER, prompt)


FamilieQuizmaster.turn_class = FamilieTurn


# --- set-up: which teams are children's teams ---------------------------------------------------
CHILD_WORDS = ("child", "children", "kids", "kid", "children's", "childrens", "young")
ADULT_WORDS = ("adult", "adults", "grown ups", "grownups", "grown-ups", "grown up", "parents")


def kind_of(text: str) -> str | None:
    """ "children" -> child, "adults" -> adult, else None."""
    norm = normalise_plain(text)
    child = any(intents._has(norm, w) for w in CHILD_WORDS)
    adult = any(intents._has(norm, normalise_plain(w)) for w in ADULT_WORDS)
    if child == adult:
        return None
    return "child" if child else "adult"


def parse_kinds(text: str, teams: list[str]) -> dict[str, str]:
    """``red=child,blue=adult`` -> kinds; ValueError naming what is wrong."""
    kinds: dict[str, str] = {}
    for part in (p.strip() for p in text.split(",") if p.strip()):
        team, sep, word = (s.strip().lower() for s in part.partition("="))
        kind = kind_of(word) if sep else None
        if team not in teams:
            raise ValueError(f"--kinds names {team!r}, which is not a team ({', '.join(teams)})")
        if kind is None:
            raise ValueError(f"--kinds: say {team}=child or {team}=adult, not {part!r}")
        kinds[team] = kind
    return kinds


def alternating_kinds(teams: list[str], seed: int) -> dict[str, str]:
    """Simulated tables: children's and adults' teams mixed (at least one of each)."""
    rng = random.Random(f"{seed}:kinds")
    kinds = {team: rng.choice(("child", "adult")) for team in teams}
    if len(set(kinds.values())) == 1:
        kinds[teams[-1]] = "adult" if kinds[teams[0]] == "child" else "child"
    return kinds


def ask_kinds(speaker: Speaker, ears: Ears, teams: list[str]) -> dict[str, str]:
    """Ask each team by voice (or keyboard) whether it is a children's or an adults' team."""
    say = speaker.say
    kinds: dict[str, str] = {}
    for team in teams:
        kind = None
        for _ in range(3):
            say(said("familie.kind.ask", team=team_name(team)))
            heard = ears.hear(Expectation(commands=("children", "adults", *QUIT)), 20.0)
            if heard is not None:
                stop_if_quit(speaker, heard.text)
            kind = kind_of(heard.text) if heard is not None else None
            if kind is not None:
                break
        kinds[team] = kind or "adult"
        say(said(f"familie.kind.is.{kinds[team]}", team=team_name(team)))
    children = [team_name(t) for t, k in kinds.items() if k == "child"]
    if children:
        say(said("familie.children_hear", teams=listing(children)))
    return kinds

"""One question: announce, the before window (Bezzerwizzer, ZWAP), read, the defender's and
the attacker's answers, knock-back, then record and reveal."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Literal

from voicemaster.host import intents, tiles, windows
from voicemaster.host.cues import Point, Retry
from voicemaster.host.intents import Command, Intent, Shout, Speech, ZwapTiles
from voicemaster.host.listening import AnswerClock
from voicemaster.host.phrases import point_words, possessive, said, team_name
from voicemaster.rules import Attack, Question, Zwap
from voicemaster.rules.actions import Answer, Position
from voicemaster.speech.asr import spotter
from voicemaster.speech.base import Expectation, Heard

if TYPE_CHECKING:
    from voicemaster.decks import Card
    from voicemaster.host.seams import TurnHost


def unclear_shout(heard: Heard | None) -> bool:
    """The recognizer narrowly rejected a shout (``Heard.unclear``): it is asked for again,
    never taken as the defender's answer nor dropped."""
    if heard is None or not heard.unclear or not heard.alternatives:
        return False
    return spotter.WORD in heard.alternatives[0].split()


def repeated_shout(heard: Heard, teams: tuple[str, ...]) -> Shout:
    """A shout heard narrowly again right after "Was that a Bezzerwizzer?": it stands (nobody
    repeats a shout nobody made)."""
    intent = intents.parse(heard.alternatives[0], teams=teams)
    return intent if isinstance(intent, Shout) else Shout(None)


@dataclass(frozen=True)
class PendingAttack:
    team: str
    when: Literal["before", "after"]


@dataclass(frozen=True)
class Retake:
    """A verdict taken back after its answer was read out: a new card of the same category is
    asked (never one of ``undone``, the cards taken back) and replaces the record's last line;
    ``attack``: the Bezzerwizzer that lay on the question."""

    attack: PendingAttack | None
    undone: tuple[str, ...]


class Turn:
    """One question played through: ``qm`` is the quizmaster as a turn sees it (its voice,
    its judge and the record: see ``seams``)."""

    def __init__(self, qm: TurnHost, retake: Retake | None = None) -> None:
        self.qm = qm
        self.retake = retake
        self.team, self.slot = qm.game.current()

    # --- the whole question ------------------------------------------------------------------
    def play(self) -> None:
        qm, team = self.qm, self.team
        if self.retake is not None:
            attack = self.retold(self.retake)
        else:
            qm.say(self.announce())
            attack = self.before_window()
        undone = self.retake.undone if self.retake else ()
        category = qm.game.category_at(team, self.slot)
        card = qm.draw_for(team, category, exclude=qm.taken_back() | set(undone))
        qm.say(said("card.question", question=card.question))
        attack = self.after_reading(card, attack)
        answer, attack = self.defend(card, attack)
        bezzerwizzer = None
        if attack is not None:
            bezzerwizzer = self.attacker(card, attack, answer)
        action = Question(team, answer, bezzerwizzer)
        extra = {"card": card.id, **({"undone": list(undone)} if undone else {})}
        events = qm.commit(action, extra, replace=self.retake is not None)
        qm.reveal(card, action, events)

    def retold(self, retake: Retake) -> PendingAttack | None:
        """After an undo: a new question of the same category.  A Bezzerwizzer called before
        the question still lies on it; one called after the old question is handed back."""
        category = self.qm.game.category_at(self.team, self.slot)
        lines = [said("undo.new_question", team=team_name(self.team), category=category)]
        attack = retake.attack
        if attack is not None:
            who = team_name(attack.team)
            if attack.when == "after":
                lines.append(said("undo.attack_back", team=who))
                attack = None
            else:
                lines.append(said("undo.attack_stays", owner=possessive(attack.team)))
        self.qm.say(" ".join(lines))
        return attack

    def after_reading(self, card: Card, attack: PendingAttack | None) -> PendingAttack | None:
        """Between the question and the defender's answer (familie: the answer options)."""
        return attack

    def announce(self) -> str:
        category = self.qm.game.category_at(self.team, self.slot)
        return said(
            "announce", team=team_name(self.team), points=point_words(self.slot), category=category
        )

    # --- before the question is read -------------------------------------------------------
    def before_window(self) -> PendingAttack | None:
        attack: PendingAttack | None = None
        asked = False
        for _ in range(self.qm.timing.max_utterances):
            expectation = windows.before(self.qm.game, self.team, self.locate)
            intent, heard = self.ask_before(expectation, asked)
            if intent is None or (isinstance(intent, Command) and intent.name == "pass"):
                break
            intent, asked = self.settle_shout(intent, heard, asked)
            if isinstance(intent, Shout):
                attack = self.shout(intent, attack, "before")
            elif isinstance(intent, ZwapTiles):
                attack = self.zwap(intent, attack)
            elif isinstance(intent, Speech) and not asked:
                self.too_early()
        return attack

    def ask_before(
        self, expectation: Expectation, asked: bool
    ) -> tuple[Intent | None, Heard | None]:
        """Listen before the question is read (``asked``: "Was that a Bezzerwizzer?" was),
        its question rendered meanwhile."""
        self.foresee()
        timing, retry = self.qm.timing, Retry.SHOUT if asked else None
        return self.qm.listener.ask(
            Point.BEFORE, self.team, self.announce(), timing.before, expectation, retry=retry
        )

    def foresee(self) -> None:
        """The question is read next unless a move comes first: the card it would be drawn
        from now is foreseen (not drawn: the record and its random streams stay as they
        are) and its question rendered in the background, so that it plays at once."""
        qm, preparer = self.qm, self.qm.preparer
        if preparer is None:
            return
        category = qm.game.category_at(self.team, self.slot)
        card = qm.foresee_card(self.team, category, qm.taken_back())
        if card is not None:
            preparer.prepare(said("card.question", question=card.question))

    def settle_shout(
        self, intent: Intent | None, heard: Heard | None, asked: bool
    ) -> tuple[Intent | None, bool]:
        """(The intent, whether "Was that a Bezzerwizzer?" is now asked): a shout heard
        narrowly is asked for again once; heard narrowly again, it stands."""
        if not isinstance(intent, Speech) or heard is None or not unclear_shout(heard):
            return intent, False
        if asked:
            return repeated_shout(heard, tuple(self.qm.game.teams)), False
        self.qm.say(said("shout.again"))
        return intent, True

    def too_early(self) -> None:
        """Something typed before the question that is no move: most likely an answer."""
        if self.qm.typed():
            self.qm.say(said("typed.too_early"))

    def shout(
        self, intent: Shout, attack: PendingAttack | None, when: Literal["before", "after"]
    ) -> PendingAttack | None:
        qm, attacker = self.qm, intent.team
        if attacker is None:
            qm.say(said("shout.who"))
            return attack
        if attack is not None:
            qm.say(said("shout.taken", team=team_name(attacker), attacker=team_name(attack.team)))
            return attack
        probe = Question(self.team, "wrong", Attack(attacker, when, "wrong"))
        refused = said("refused.bezzerwizzer", team=team_name(attacker))
        if not qm.check_or_say(probe, refused, attacker):
            return attack
        qm.say(self.attack_taken(attacker, when))
        return PendingAttack(attacker, when)

    def attack_taken(self, attacker: str, when: str) -> str:
        worth = 3 if when == "before" else 1
        return said(f"shout.{when}", team=team_name(attacker), worth=worth)

    def zwap(self, intent: ZwapTiles, attack: PendingAttack | None) -> PendingAttack | None:
        qm = self.qm
        if len(intent.categories) != 2:
            qm.say(said("zwap.how"))
            return attack
        named = list(zip(intent.categories, intent.owners, strict=True))
        positions = [self.locate(category, owner) for category, owner in named]
        first, second = positions
        if first is None or second is None:
            category, owner = named[0] if first is None else named[1]
            qm.say(tiles.not_held(qm.game.slots, self.team, category, owner))
            return attack
        action = Zwap(self.team, first, second)
        if not qm.check_or_say(action, said("refused.zwap"), self.team):
            return attack
        qm.commit(action, {})
        now = qm.game.category_at(self.team, self.slot)
        first_tile, second_tile = intent.categories
        team = team_name(self.team)
        qm.say(said("zwap.done", first=first_tile, second=second_tile, team=team, now=now))
        if attack is not None and (self.team, self.slot) in positions:
            attack = self.offer_take_back(attack, now)
        return attack

    def locate(self, category: str, owner: str | None) -> Position | None:
        """The tile ``category`` of ``owner`` on the board now (see ``tiles.locate``)."""
        return tiles.locate(self.qm.game.slots, self.team, category, owner)

    def offer_take_back(self, attack: PendingAttack, now: str) -> PendingAttack | None:
        who = team_name(attack.team)
        prompt = said("zwap.takeback", team=who, now=now)
        self.qm.say(prompt)
        _intent, heard = self.qm.listener.ask(
            Point.TAKEBACK, attack.team, prompt, self.qm.timing.choice, windows.takeback()
        )
        if heard is not None and intents.take_back(heard.text):
            self.qm.say(said("zwap.taken_back", team=who))
            return None
        self.qm.say(said("zwap.stays", owner=possessive(attack.team)))
        return attack

    # --- answers -----------------------------------------------------------------------------
    def defend(
        self, card: Card, attack: PendingAttack | None
    ) -> tuple[Answer, PendingAttack | None]:
        """The defending team's answer (right | wrong | pass) and the attack, if any."""
        qm, clock, asked = self.qm, AnswerClock(self.qm.timing), False
        question = said("card.question", question=card.question)
        for _ in range(qm.timing.max_utterances):
            exp = qm.answer_expectation(card, self.team)
            retry = Retry.SHOUT if asked else clock.retry
            waiting = attack.team if attack is not None else None
            intent, heard = qm.listener.ask(
                Point.DEFENDER, self.team, question, clock.timeout, exp, card, retry,
                attacker=waiting,
            )  # fmt: skip
            intent, asked = self.settle_shout(intent, heard, asked)
            if intent is None or heard is None:
                if clock.silence(qm.say):
                    return "pass", attack
            elif isinstance(intent, Shout):
                attack = self.shout(intent, attack, "after")
            elif isinstance(intent, Command) and intent.name == "pass":
                return "pass", attack
            elif isinstance(intent, ZwapTiles):
                qm.say(said("zwap.too_late"))
            elif isinstance(intent, Speech) and asked:
                continue  # "Was that a Bezzerwizzer?" was asked: listen again
            elif isinstance(intent, Speech):
                guarded = attack is not None
                verdict = qm.judge_answer(heard.text, card, self.team, "defender", heard, guarded)
                return verdict, attack
        return "pass", attack

    def attacker(self, card: Card, attack: PendingAttack, answer: Answer) -> Attack:
        if answer == "right":
            return Attack(attack.team, attack.when)
        got = self.attacker_answer(card, attack)
        knockback = False
        if got == "right" and self.qm.game.in_home_stretch(self.team):
            knockback = self.ask_knockback(attack)
        return Attack(attack.team, attack.when, got, knockback)

    def attacker_answer(self, card: Card, attack: PendingAttack) -> Answer:
        """The defender was not right: the attacker's answer (right | wrong | pass)."""
        qm, who = self.qm, team_name(attack.team)
        qm.say(said("attacker.turn", team=team_name(self.team), attacker=who))
        return qm.answer_window(attack.team, card, Point.ATTACKER, said("your_answer", team=who))

    def ask_knockback(self, attack: PendingAttack) -> bool:
        worth = 3 if attack.when == "before" else 1
        who, victim = team_name(attack.team), team_name(self.team)
        prompt = said("knockback.ask", team=who, victim=victim, worth=worth)
        self.qm.say(prompt)
        _intent, heard = self.qm.listener.ask(
            Point.KNOCKBACK, attack.team, prompt, self.qm.timing.choice, windows.knockback()
        )
        return bool(heard is not None and intents.knock_back(heard.text))

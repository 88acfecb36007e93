"""Corrections of the last verdict: "undo" asks a new question of the same category (the
answer was read out, so the old one is spent), "that was right" and
"that was wrong" rewrite the record's last question line (asking the attacker when a wrong
defender now leaves the attack open)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Protocol

from voicemaster.host.log import LOG_FIELDS
from voicemaster.host.phrases import said
from voicemaster.host.seams import TurnHost
from voicemaster.host.turn import PendingAttack, Retake, Turn
from voicemaster.rules import Attack, IllegalAction, Question
from voicemaster.rules.actions import Answer
from voicemaster.rules.events import Event, Moved

if TYPE_CHECKING:
    from voicemaster.host.log import GameLog
    from voicemaster.host.quiz import Quiz
    from voicemaster.rules.standard import StandardGame


class Correcting(TurnHost, Protocol):
    """What a correction needs of the quizmaster (the standard board's ``Quizmaster`` is one):
    the record and the deck, the game it replays (set back while the verdict is changed), the
    question to ask anew, and the turn that asks the attacker or the knock-back again."""

    log: GameLog
    quiz: Quiz
    game: StandardGame
    retake: Retake | None
    turn_class: type[Turn]

    def replay(self, upto: int | None = None) -> StandardGame: ...

    def event_lines(self, events: list[Event]) -> list[str]: ...

    def back_to(self, team: str, position: int) -> str: ...

    def standings(self) -> str: ...


def take_back(qm: Correcting, right: bool | None) -> None:
    """ "That was right / wrong" (``right``) or "undo" (None) about the record's last question."""
    question = qm.log.last_action()
    if not isinstance(question, Question):
        qm.say(said("correct.nothing"))
        return
    last = qm.log.lines[-1]
    before = qm.replay(len(qm.log.lines) - 1)
    attack = question.attack
    if right is None:
        pending = PendingAttack(attack.team, attack.when) if attack else None
        undone = (*(str(c) for c in last.get("undone", [])), str(last.get("card", "")))
        qm.game, qm.retake = before, Retake(pending, undone)
        return
    _override(qm, before, question, right, last)


def _override(
    qm: Correcting, before: StandardGame, question: Question, right: bool, last: dict[str, Any]
) -> None:
    was = dict(qm.game.positions)  # as the verdict being corrected left them
    qm.game = before
    try:
        new = _corrected(qm, before, question, right, last)
        if new == question:
            qm.game = qm.replay()
            qm.say(said("correct.already.right" if right else "correct.already.wrong"))
            return
        kept = kept_fields(qm, question, last)
        events = qm.commit(new, kept, replace=True)
    except IllegalAction as exc:
        qm.game = qm.replay()
        qm.say(said("correct.refused", why=exc.detail))
        return
    except BaseException:
        qm.game = qm.replay()
        raise
    lines = [said("correct.done"), *qm.event_lines(events), *_moved_back(qm, was, events)]
    qm.say(" ".join(lines))
    qm.say(qm.standings())


def kept_fields(qm: Correcting, question: Question, last: dict[str, Any]) -> dict[str, Any]:
    """What a corrected line keeps of the line it replaces: everything but the action itself
    and what the log writes anew (``LOG_FIELDS``): the card, the cards undone before it, and
    the notes the ears added (a simulated table's, which the host need not know)."""
    own = set(qm.game.encode_action(question)) | set(LOG_FIELDS)
    return {k: v for k, v in last.items() if k not in own}


def _moved_back(qm: Correcting, was: dict[str, int], events: list[Event]) -> list[str]:
    """The moves the correction undid that no new event tells (right -> wrong: "Red goes
    back to space 7")."""
    told = {e.team for e in events if isinstance(e, Moved)}
    now = qm.game.positions
    return [qm.back_to(t, now[t]) for t in now if now[t] != was.get(t) and t not in told]


def _corrected(
    qm: Correcting, before: StandardGame, question: Question, right: bool, last: dict[str, Any]
) -> Question:
    """The last question with its last verdict flipped (asking the attacker if needed)."""
    answer: Answer = "right" if right else "wrong"
    attack, card = question.attack, qm.quiz.card(str(last.get("card", "")))
    if attack is not None and attack.answer is not None:
        knock = False
        if right and before.in_home_stretch(question.team):
            knock = qm.turn_class(qm).ask_knockback(PendingAttack(attack.team, attack.when))
        changed = Attack(attack.team, attack.when, answer, knock)
        return Question(question.team, question.answer, changed)
    if attack is not None and not right and card is not None:
        got = qm.turn_class(qm).attacker(card, PendingAttack(attack.team, attack.when), "wrong")
        return Question(question.team, "wrong", got)
    stripped = Attack(attack.team, attack.when) if attack else None
    return Question(question.team, answer, stripped)

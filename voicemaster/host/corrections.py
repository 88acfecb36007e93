"""Corrections of the last verdict: "undo" asks a new question of the same category (the
answer was read out, so the old one is spent), "that was right" and
"that was wrong" rewrite the record's last question line (asking the attacker when a wrong
defender now leaves the attack open)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from voicemaster.host.phrases import said
from voicemaster.host.turn import PendingAttack, Retake
from voicemaster.rules import Attack, IllegalAction, Question
from voicemaster.rules.actions import Answer
from voicemaster.rules.events import Event, Moved

if TYPE_CHECKING:
    from voicemaster.host.dialogue import Quizmaster
    from voicemaster.rules.standard import StandardGame


def take_back(qm: Quizmaster, right: bool | None) -> None:
    """ "That was right / wrong" (``right``) or "undo" (None) about the record's last question."""
    last = qm.log.lines[-1]
    if "question" not in last:
        qm.say(said("correct.nothing"))
        return
    before = qm.replay(len(qm.log.lines) - 1)
    question = before.decode_action(last)
    assert isinstance(question, Question)
    attack = question.attack
    if right is None:
        pending = PendingAttack(attack.team, attack.when) if attack else None
        undone = (*(str(c) for c in last.get("undone", [])), str(last.get("card", "")))
        qm.game, qm.retake = before, Retake(pending, undone)
        return
    _override(qm, before, question, right, last)


def _override(
    qm: Quizmaster, before: StandardGame, question: Question, right: bool, last: dict[str, Any]
) -> None:
    was = dict(qm.game.positions)  # as the verdict being corrected left them
    qm.game = before
    try:
        new = _corrected(qm, before, question, right, last)
        if new == question:
            qm.game = qm.replay()
            qm.say(said("correct.already.right" if right else "correct.already.wrong"))
            return
        kept = {k: v for k, v in last.items() if k in ("card", "undone", "meant", "misjudged")}
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


def _moved_back(qm: Quizmaster, was: dict[str, int], events: list[Event]) -> list[str]:
    """The moves the correction undid that no new event tells (right -> wrong: "Red goes
    back to space 7")."""
    told = {e.team for e in events if isinstance(e, Moved)}
    now = qm.game.positions
    return [qm.back_to(t, now[t]) for t in now if now[t] != was.get(t) and t not in told]


def _corrected(
    qm: Quizmaster, before: StandardGame, question: Question, right: bool, last: dict[str, Any]
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

"""Record lines of the standard board (see docs/notation.md), to and from actions.

Pure: works on parsed JSON values.  Malformed input raises ValueError with a reason.
"""

from __future__ import annotations

from typing import Any

from voicemaster.rules.actions import (
    ANSWERS,
    WHENS,
    Action,
    Attack,
    Playoff,
    Position,
    Question,
    StartRound,
    Zwap,
)
from voicemaster.rules.notation_base import as_object, line_kind

KINDS = ("round", "zwap", "question", "playoff")


def decode(obj: dict[str, Any]) -> Action:
    kind = line_kind(obj, KINDS)
    body = as_object(obj[kind], kind)
    if kind == "round":
        return _round(body)
    if kind == "zwap":
        return Zwap(_str(body, "team"), _position(body, 0), _position(body, 1))
    if kind == "question":
        return _question(body)
    return Playoff({_team(t): _answer(a, f"playoff {t}") for t, a in body.items()})


def _round(body: dict[str, Any]) -> StartRound:
    slots = as_object(body.get("slots"), "round.slots")
    out: dict[str, tuple[str, ...]] = {}
    for team, tiles in slots.items():
        if not isinstance(tiles, list) or not all(isinstance(c, str) for c in tiles):
            raise ValueError(f"round.slots.{team} must be a list of category names")
        out[_team(team)] = tuple(tiles)
    return StartRound(_str(body, "starter"), out)


def _question(body: dict[str, Any]) -> Question:
    attack = None
    if body.get("bezzerwizzer") is not None:
        bz = as_object(body["bezzerwizzer"], "bezzerwizzer")
        when = bz.get("when")
        if when not in WHENS:
            raise ValueError("bezzerwizzer.when must be 'before' or 'after'")
        answer = bz.get("answer")
        if answer is not None:
            answer = _answer(answer, "bezzerwizzer.answer")
        knockback = bz.get("knockback", False)
        if not isinstance(knockback, bool):
            raise ValueError("bezzerwizzer.knockback must be true or false")
        attack = Attack(_str(bz, "team"), when, answer, knockback)
    return Question(_str(body, "team"), _answer(body.get("answer"), "answer"), attack)


def _position(body: dict[str, Any], index: int) -> Position:
    swap = body.get("swap")
    if not isinstance(swap, list) or len(swap) != 2:
        raise ValueError("zwap.swap must be two [team, slot] pairs")
    pos = swap[index]
    ok = isinstance(pos, list) and len(pos) == 2 and isinstance(pos[0], str)
    if not ok or not isinstance(pos[1], int) or isinstance(pos[1], bool):
        raise ValueError("zwap.swap must be two [team, slot] pairs")
    return (pos[0], pos[1])


def _str(body: dict[str, Any], key: str) -> str:
    value = body.get(key)
    if not isinstance(value, str) or not value:
        raise ValueError(f"{key} must be a team name")
    return value


def _team(value: Any) -> str:
    if not isinstance(value, str) or not value:
        raise ValueError("team names are non-empty strings")
    return value


def _answer(value: Any, where: str) -> Any:
    if value not in ANSWERS:
        raise ValueError(f"{where} must be one of {', '.join(ANSWERS)}")
    return value


def encode(action: Action) -> dict[str, Any]:
    if isinstance(action, StartRound):
        slots = {t: list(tiles) for t, tiles in action.slots.items()}
        return {"round": {"starter": action.starter, "slots": slots}}
    if isinstance(action, Zwap):
        swap = [list(action.first), list(action.second)]
        return {"zwap": {"team": action.team, "swap": swap}}
    if isinstance(action, Playoff):
        return {"playoff": dict(action.results)}
    if not isinstance(action, Question):
        raise ValueError(f"{type(action).__name__} has no standard record line")
    body: dict[str, Any] = {"team": action.team, "answer": action.answer}
    if action.attack is not None:
        a = action.attack
        bz: dict[str, Any] = {"team": a.team, "when": a.when}
        if a.answer is not None:
            bz["answer"] = a.answer
        if a.knockback:
            bz["knockback"] = True
        body["bezzerwizzer"] = bz
    return {"question": body}

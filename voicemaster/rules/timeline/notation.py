"""Record lines of Bezzerwizzer Timeline (see docs/notation.md), to and from actions.

    {"deal": {"line": [{"id": "moon", "year": 1969}, ...], "hands": {"red": [...], ...}}}
    {"zwap": {"team": "red", "swap": ["moon", "wall"]}}
    {"place": {"team": "red", "card": "moon", "gap": 2,
               "bezzerwizzer": [{"team": "blue", "gap": 3}]}}
    {"tiebreak": {"red": {"card": {"id": "ship", "year": 1912}, "gap": 3}, "blue": {...}}}

Pure: works on parsed JSON values.  Malformed input raises ValueError with a reason.
"""

from __future__ import annotations

from typing import Any

from voicemaster.rules.actions import Action
from voicemaster.rules.notation_base import as_object, line_kind
from voicemaster.rules.timeline.types import Deal, Pawn, Place, Tiebreak, TimelineCard, ZwapCards

KINDS = ("deal", "zwap", "place", "tiebreak")


def decode(obj: dict[str, Any]) -> Action:
    kind = line_kind(obj, KINDS)
    body = as_object(obj[kind], kind)
    if kind == "deal":
        hands = as_object(body.get("hands"), "deal.hands")
        return Deal(
            _cards(body.get("line", []), "deal.line"),
            {_name(t, "deal.hands"): _cards(h, f"deal.hands.{t}") for t, h in hands.items()},
        )
    if kind == "zwap":
        swap = body.get("swap")
        if not isinstance(swap, list) or len(swap) != 2:
            raise ValueError("zwap.swap must be two card ids")
        return ZwapCards(_name(body.get("team"), "zwap.team"), _id(swap[0]), _id(swap[1]))
    if kind == "place":
        return _place(body)
    return Tiebreak({_name(t, "tiebreak"): _placement(p, t) for t, p in body.items()})


def _place(body: dict[str, Any]) -> Place:
    pawns = body.get("bezzerwizzer", [])
    if not isinstance(pawns, list):
        raise ValueError("place.bezzerwizzer must be a list of {team, gap}")
    decoded = []
    for pawn in pawns:
        pawn = as_object(pawn, "place.bezzerwizzer")
        decoded.append(Pawn(_name(pawn.get("team"), "bezzerwizzer.team"), _gap(pawn.get("gap"))))
    return Place(
        _name(body.get("team"), "place.team"),
        _id(body.get("card")),
        _gap(body.get("gap")),
        tuple(decoded),
    )


def _placement(value: Any, team: str) -> tuple[TimelineCard, int]:
    body = as_object(value, f"tiebreak.{team}")
    return _card(body.get("card"), f"tiebreak.{team}.card"), _gap(body.get("gap"))


def _cards(value: Any, where: str) -> tuple[TimelineCard, ...]:
    if not isinstance(value, list):
        raise ValueError(f"{where} must be a list of cards")
    return tuple(_card(c, where) for c in value)


def _card(value: Any, where: str) -> TimelineCard:
    body = as_object(value, where)
    year = body.get("year")
    if not isinstance(year, int) or isinstance(year, bool):
        raise ValueError(f"{where}: every card needs a whole-number year")
    return TimelineCard(_id(body.get("id")), year)


def _gap(value: Any) -> int:
    if not isinstance(value, int) or isinstance(value, bool):
        raise ValueError("a gap is a whole number (1: before the first card)")
    return value


def _id(value: Any) -> str:
    if not isinstance(value, str) or not value:
        raise ValueError("card ids are non-empty strings")
    return value


def _name(value: Any, where: str) -> str:
    if not isinstance(value, str) or not value:
        raise ValueError(f"{where} must name a player")
    return value


def _card_json(card: TimelineCard) -> dict[str, Any]:
    return {"id": card.id, "year": card.year}


def encode(action: Action) -> dict[str, Any]:
    if isinstance(action, Deal):
        hands = {t: [_card_json(c) for c in h] for t, h in action.hands.items()}
        return {"deal": {"line": [_card_json(c) for c in action.line], "hands": hands}}
    if isinstance(action, ZwapCards):
        return {"zwap": {"team": action.team, "swap": [action.first, action.second]}}
    if isinstance(action, Place):
        body: dict[str, Any] = {"team": action.team, "card": action.card, "gap": action.gap}
        if action.bezzerwizzers:
            body["bezzerwizzer"] = [{"team": p.team, "gap": p.gap} for p in action.bezzerwizzers]
        return {"place": body}
    if isinstance(action, Tiebreak):
        return {
            "tiebreak": {
                t: {"card": _card_json(c), "gap": g} for t, (c, g) in action.placements.items()
            }
        }
    raise ValueError(f"{type(action).__name__} is no timeline action")

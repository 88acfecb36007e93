"""What simulated teams know beside what they hear: the deck's cards by the answer window a
microphone is given for them, the verdicts a recorded line holds, and the rules a team checks
before it tries a move."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from voicemaster.judge.text import normalise_plain
from voicemaster.rules.familie import FamilieGame
from voicemaster.rules.kompakt import KompaktGame


def recorded_verdicts(line: Mapping[str, Any]) -> dict[str, str]:
    """The verdicts an answer line records, by role as ``meant`` names them."""
    question, playoff = line.get("question"), line.get("playoff")
    if isinstance(playoff, dict):
        return {f"playoff:{team}": str(answer) for team, answer in playoff.items()}
    if not isinstance(question, dict):
        return {}
    verdicts = {"defender": str(question.get("answer"))}
    attack = question.get("bezzerwizzer")
    if isinstance(attack, dict) and attack.get("answer") is not None:
        verdicts["attacker"] = str(attack["answer"])
    return verdicts


def may_zwap(game: Any, team: str) -> bool:
    if isinstance(game, KompaktGame):  # once a turn, never the round's last team
        return bool(game.still_to_play()[1:]) and not game.zwapped
    return bool(game.zwaps[team] > 0)


def hears_options(game: Any, team: str | None, card: Any) -> bool:
    """A children's team hears a familie card's options (every row of the rulebook's table)."""
    kinds = game.kinds if isinstance(game, FamilieGame) else {}
    return bool(card.options) and team is not None and kinds.get(team) == "child"


def answer_index(deck: Any) -> dict[tuple[tuple[str, ...], tuple[str, ...]], Any]:
    """The deck's cards by what an answer window to them expects (answers, rejects)."""
    cards = deck.questions if deck is not None else ()
    index: dict[tuple[tuple[str, ...], tuple[str, ...]], Any] = {}
    for card in cards:
        index.setdefault(((card.answer, *card.accept), tuple(card.reject)), card)
    return index


def by_letter(options: tuple[str, ...], text: str) -> str:
    """The option meant by ``text`` as its letter ("option B") in ``options`` as they were read
    (familie reads them in an order shuffled per game), if it is one of them."""
    for index, option in enumerate(options):
        if normalise_plain(option) == normalise_plain(text):
            return f"option {'ABCDEF'[index]}"
    return text

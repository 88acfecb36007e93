"""The board's picture of the game, kept in the host's thread: the record's lines replayed
into a game of its own, plus the moments no record line holds (a question read, the
listening countdown).  Produces the JSON the page draws (``public``) and a team's view."""

from __future__ import annotations

import time
from dataclasses import dataclass
from typing import Any

from voicemaster.board.views import Played, public_state
from voicemaster.records import game_from_header
from voicemaster.rules import Game
from voicemaster.rules.actions import Playoff, Question, StartRound
from voicemaster.rules.board import RoundGame
from voicemaster.rules.familie import FamilieGame
from voicemaster.rules.kompakt import KompaktGame


@dataclass(frozen=True)
class Asked:
    """A question card as the board may show it once it has been read."""

    id: str
    category: str
    question: str
    answer: str


KEPT_CARDS = 16  # cards read: a play-off's, and one more question's (memory stays flat)


def now_ms() -> int:
    return int(time.time() * 1000)


class BoardModel:
    def __init__(self, lines: list[dict[str, Any]]) -> None:
        self.cards: dict[str, Asked] = {}
        self.listening: dict[str, Any] | None = None
        self.question: dict[str, Any] | None = None
        self.revealed: dict[str, Any] | None = None
        self.attacker: str | None = None  # a Bezzerwizzer team on the question being asked
        self.rebuild(lines)

    # --- the record ---------------------------------------------------------------------------
    def rebuild(self, lines: list[dict[str, Any]]) -> None:
        """Replay every line (a new board, or the last line rewritten by undo or override)."""
        self.game: Game = game_from_header(lines[0])
        self.played: Played = {}
        for line in lines[1:]:
            self.apply(line)

    def apply(self, line: dict[str, Any]) -> None:
        """One new record line."""
        game = self.game
        action = game.decode_action(line)
        if isinstance(action, StartRound):
            self.played = {}
        if isinstance(action, Question) and isinstance(game, RoundGame):
            team, slot = game.current()
            category = game.category_at(team, slot)
            self.played[(team, slot)] = {
                "answer": action.answer,
                "attacked": action.attack is not None,
                "category": category,
            }
        game.apply(action)
        self._reveal(line, action)

    def _reveal(self, line: dict[str, Any], action: object) -> None:
        """Every answer is in once a question's line is written: show the card's answer."""
        if isinstance(action, Question):
            card = self.cards.get(str(line.get("card")))
            attack = line["question"].get("bezzerwizzer")
            self.revealed = {
                "team": action.team,
                "answer": action.answer,
                "attack": attack,
                **(self._card(card) if card else {}),
            }
            self.question, self.attacker = None, None
        elif isinstance(action, Playoff):
            cards = [self.cards.get(str(c)) for c in line.get("cards", [])]
            self.revealed = {
                "playoff": [
                    {"team": team, "answer": answer, **(self._card(card) if card else {})}
                    for (team, answer), card in zip(action.results.items(), cards, strict=False)
                ]
            }
            self.question = None

    @staticmethod
    def _card(card: Asked) -> dict[str, Any]:
        return {"category": card.category, "question": card.question, "solution": card.answer}

    # --- moments ------------------------------------------------------------------------------
    def read(self, team: str, card: Any) -> None:
        """``card`` has been read out to ``team`` (a listening point names it)."""
        asked = Asked(str(card.id), str(card.category), str(card.question), str(card.answer))
        self.cards[asked.id] = asked
        while len(self.cards) > KEPT_CARDS:  # only cards still to be revealed are needed
            del self.cards[next(iter(self.cards))]
        if self.question is None or self.question.get("id") != asked.id:
            self.question = {"id": asked.id, "team": team, "category": asked.category,
                             "text": asked.question}  # fmt: skip

    def listen(self, kind: str, team: str | None, seconds: float) -> None:
        self.listening = {"kind": kind, "team": team, "seconds": seconds, "since": now_ms()}

    # --- what is drawn ------------------------------------------------------------------------
    def public(self) -> dict[str, Any]:
        state = public_state(self.game, self.played)
        state["listening"] = None if self.game.finished else self.listening
        state["question"] = self.question
        state["revealed"] = self.revealed
        state["attacker"] = None if self.game.finished else self.attacker
        return state

    def secret(self, team: str) -> dict[str, Any]:
        """What only ``team`` may see: its kompakt token while the round goes on."""
        game = self.game
        hand = game.hand if isinstance(game, KompaktGame) else {}
        kinds = game.kinds if isinstance(game, FamilieGame) else {}
        token = hand.get(team) if game.expected() == "question" else None
        if token is not None and (team, 1) in self.played:
            token = None  # played: it is on the board for everyone
        return {"team": team, "kind": kinds.get(team), "category": token}

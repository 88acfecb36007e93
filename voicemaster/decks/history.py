"""Which questions a table has heard across games, so the next games ask fresh ones first.

``history.json`` in the data folder numbers the games that use it and keeps, per deck id, the
number of the game that last asked each card::

    {"version": 1, "games": 12, "decks": {"standard-en": {"music-7": 11, "sport-2": 12}}}

A game draws the cards never asked first, then the least recently asked (the lowest game
number).  ``voicemaster play`` uses it (the header's ``history`` holds the game's number);
``voicemaster simulate`` does not, so a seed draws the same cards every time.  The history is
a convenience: a file that cannot be read starts afresh and one that cannot be written is
skipped, with a warning in the log, never stopping a game.
"""

from __future__ import annotations

import json
import logging
from pathlib import Path
from typing import Any

from voicemaster.decks.model import Deck
from voicemaster.files import reason, write_atomically

log = logging.getLogger(__name__)
VERSION = 1


class History:
    def __init__(
        self, path: Path, games: int = 0, decks: dict[str, dict[str, int]] | None = None
    ) -> None:
        self.path = path
        self.games = games
        self.decks: dict[str, dict[str, int]] = decks or {}
        self._warned = False

    @classmethod
    def load(cls, path: Path) -> History:
        try:
            data = json.loads(path.read_text(encoding="utf-8"))
        except (FileNotFoundError, NotADirectoryError):  # none yet (its folder may be a file)
            return cls(path)
        except (OSError, ValueError) as exc:
            why = reason(exc) if isinstance(exc, OSError) else exc
            log.warning("the question history %s cannot be read (%s); starting afresh", path, why)
            return cls(path)
        games, decks = _checked(data)
        return cls(path, games, decks)

    def begin_game(self) -> int:
        """A new game's number (saved at once)."""
        self.games += 1
        self.save()
        return self.games

    def stamp(self, deck_id: str, card_id: str) -> int:
        """The number of the game that last asked the card; 0: never asked."""
        return self.decks.get(deck_id, {}).get(card_id, 0)

    def mark(self, deck_id: str, card_id: str, game: int) -> None:
        """Game number ``game`` asked the card (saved at once)."""
        self.note(deck_id, card_id, game)
        self.save()

    def note(self, deck_id: str, card_id: str, game: int) -> None:
        self.decks.setdefault(deck_id, {})[card_id] = max(game, self.stamp(deck_id, card_id))
        self.games = max(self.games, game)

    def fresh(self, deck: Deck) -> int:
        """How many of the deck's cards were never asked."""
        asked = self.decks.get(deck.deck, {})
        return sum(1 for card in deck.questions if card.id not in asked)

    def save(self) -> bool:
        data = {"version": VERSION, "games": self.games, "decks": self.decks}
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            write_atomically(self.path, json.dumps(data, ensure_ascii=False, sort_keys=True))
        except OSError as exc:
            if not self._warned:
                log.warning("the question history %s cannot be saved: %s", self.path, reason(exc))
                self._warned = True
            return False
        return True

    def view(self, decks: list[Deck], game: int) -> Asked:
        """The history as game number ``game``, drawing from ``decks``, sees it."""
        owner = {card.id: deck.deck for deck in decks for card in deck.questions}
        return Asked(self, owner, game)


class Asked:
    """One game's view: ``stamp`` ranks a card (0: never asked), ``mark`` records cards asked."""

    def __init__(self, history: History, owner: dict[str, str], game: int) -> None:
        self.history = history
        self.owner = owner  # card id -> the id of the deck it comes from
        self.game = game

    def stamp(self, card_id: str) -> int:
        return self.history.stamp(self.owner.get(card_id, ""), card_id)

    def mark(self, card_ids: list[str]) -> None:
        """These cards were asked (saved once)."""
        known = [c for c in card_ids if c in self.owner]
        for card_id in known:
            self.history.note(self.owner[card_id], card_id, self.game)
        if known:
            self.history.save()


def _checked(data: Any) -> tuple[int, dict[str, dict[str, int]]]:
    """The games count and the decks of a loaded file, anything malformed left out."""
    if not isinstance(data, dict):
        return 0, {}
    games = data.get("games")
    decks: dict[str, dict[str, int]] = {}
    raw = data.get("decks")
    for deck_id, cards in raw.items() if isinstance(raw, dict) else ():
        if isinstance(cards, dict):
            decks[str(deck_id)] = {
                str(c): n
                for c, n in cards.items()
                if isinstance(n, int) and not isinstance(n, bool) and n > 0
            }
    newest = max((n for cards in decks.values() for n in cards.values()), default=0)
    return max(games if isinstance(games, int) else 0, newest), decks

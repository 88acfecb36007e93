"""The deck model: cards, decks, and the problems a broken deck file has."""

from __future__ import annotations

from dataclasses import dataclass

DIFFICULTIES = ("easy", "medium", "hard")  # docs/decks.md: the rule of thumb for each
REGIONS = ("uk", "us")  # knowledge a card needs from one country (docs/decks.md)


@dataclass(frozen=True)
class Card:
    """One question, as the quizmaster reads it and the judge checks it."""

    id: str
    category: str
    question: str
    answer: str
    accept: tuple[str, ...] = ()  # other right answers
    reject: tuple[str, ...] = ()  # near misses that must be judged wrong
    options: tuple[str, ...] = ()  # multiple choice (contains the answer) or empty
    audience: str | None = None  # "adult" | "child" (familie)
    year: int | None = None  # timeline cards (negative = BC)
    line: int = 0  # where the card starts in its file (0: unknown), for messages
    difficulty: str | None = None  # one of DIFFICULTIES, None: not tagged yet
    region: tuple[str, ...] = ()  # REGIONS whose knowledge it needs (empty: anywhere)
    echo_ok: str = ""  # why the question may state a right answer (decks/giveaways.py)
    giveaway_ok: tuple[str, ...] = ()  # cards whose answers the question may state


@dataclass(frozen=True)
class Deck:
    """A validated deck: every card belongs to a category of ``variant``."""

    deck: str
    title: str
    language: str
    variant: str
    questions: tuple[Card, ...]
    path: str = ""

    def categories(self) -> dict[str, list[Card]]:
        """Category -> its cards, in the variant's order; every category is present."""
        from voicemaster.decks.variants import deck_categories

        try:
            names: tuple[str, ...] = deck_categories(self.variant)
        except ValueError:
            names = ()
        result: dict[str, list[Card]] = {name: [] for name in names}
        for card in self.questions:
            result.setdefault(card.category, []).append(card)
        return result

    def competitors(self, card: Card) -> tuple[str, ...]:
        """The answers of the other cards of the card's category (distinct, in deck order)."""
        own = card.answer.casefold()
        seen: set[str] = {own}
        result: list[str] = []
        for other in self.questions:
            if other.category != card.category or other.id == card.id:
                continue
            key = other.answer.casefold()
            if key not in seen:
                seen.add(key)
                result.append(other.answer)
        return tuple(result)


@dataclass(frozen=True)
class Problem:
    """One thing wrong with a deck file: ``line`` is 1-based, None where no line applies."""

    path: str
    line: int | None
    message: str

    def __str__(self) -> str:
        if self.line:
            return f"{self.path}:{self.line}: {self.message}"
        return f"{self.path}: {self.message}"

    def to_json(self) -> dict[str, object]:
        return {"path": self.path, "line": self.line, "message": self.message}


class DeckError(Exception):
    """A deck (or several) that cannot be used; ``problems`` lists every problem found."""

    def __init__(self, problems: list[Problem]) -> None:
        self.problems = sorted(problems, key=_order)
        super().__init__("\n".join(str(p) for p in self.problems))


def _order(problem: Problem) -> tuple[str, int]:
    return (problem.path, problem.line or 0)

"""Small builders for rules tests."""

from __future__ import annotations

from voicemaster.rules import Attack, Question, Settings, StartRound
from voicemaster.rules.standard import StandardGame

CATS = StandardGame.categories
RED = ("Music", "Sport", "Film", "History")
BLUE = ("Science", "Design", "Nature", "Politics")
GREEN = ("Series", "Society", "Language", "Literature")


def game(teams: int = 3, track: int = 30, home: int = 5) -> StandardGame:
    names = ("red", "blue", "green", "yellow")[:teams]
    return StandardGame(names, Settings(track=track, home_stretch=home))


def round_action(g: StandardGame, starter: str) -> StartRound:
    tiles = [RED, BLUE, GREEN, ("Business", "Humans", "Geography", "Food & Drink")]
    return StartRound(starter, dict(zip(g.teams, tiles, strict=False)))


def started(teams: int = 3, starter: str = "red", **kw: int) -> StandardGame:
    g = game(teams, **kw)
    g.apply(round_action(g, starter))
    return g


def q(team: str, answer: str = "right", attack: Attack | None = None) -> Question:
    return Question(team, answer, attack)  # type: ignore[arg-type]


def play_through(g: StandardGame, answer: str = "wrong") -> None:
    """Answer every remaining question of the round with ``answer``."""
    while g.expected() == "question":
        team, _ = g.current()
        g.apply(q(team, answer))

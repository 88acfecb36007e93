"""What the quizmaster says in a timeline game: the line with numbered gaps, hands, reveals.
Pure."""

from __future__ import annotations

from collections.abc import Sequence

from voicemaster.decks.variants import spoken_year
from voicemaster.host.phrases import listing, possessive, team_name
from voicemaster.host.timeline.intents import WORDS
from voicemaster.rules.events import Event, GameWon, Moved
from voicemaster.rules.timeline.types import (
    CardPlaced,
    LineThinned,
    PawnResolved,
    TiebreakPlayed,
    TiebreakStarted,
)


def word(n: int) -> str:
    return WORDS[n] if 0 <= n < len(WORDS) else str(n)


def gap_place(titles: Sequence[str], gap: int) -> str:
    """Where gap ``gap`` lies: before X, between X and Y, after Z."""
    if gap <= 1:
        return f"before {titles[0]}"
    if gap > len(titles):
        return f"after {titles[-1]}"
    return f"between {titles[gap - 2]} and {titles[gap - 1]}"


def read_line(titles: Sequence[str], years: Sequence[int]) -> str:
    """Every gap, each card's year at its first mention."""
    if not titles:
        return "The line is empty."
    dated = [f"{t}, {spoken_year(y)}" for t, y in zip(titles, years, strict=True)]
    parts = [f"Gap one: before {dated[0]}."]
    for gap in range(2, len(titles) + 1):
        parts.append(f"Gap {word(gap)}: between {titles[gap - 2]} and {dated[gap - 1]}.")
    parts.append(f"Gap {word(len(titles) + 1)}: after {titles[-1]}.")
    return " ".join(parts)


def read_hand(team: str, titles: Sequence[str]) -> str:
    cards = [f"card {word(i)}: {t}" for i, t in enumerate(titles, 1)]
    return f"{team_name(team)}, your cards: {'; '.join(cards)}."


def placed(event: CardPlaced, title: str) -> str:
    year = spoken_year(event.card.year)
    if event.right:
        return f"{title}: {year}. Right! The card stays on the line."
    return f"{title}: {year}. Not right: the card leaves the game."


def pawn(event: PawnResolved, lost: bool = True) -> str:
    """A pawn's outcome; ``lost``: a wrong pawn cost a point (never below the start)."""
    who = team_name(event.team)
    if event.outcome == "returned":
        where = f"gap {word(event.gap)}"
        fits = f"{possessive(event.team)} Bezzerwizzer on {where} fits too"
        return f"{fits}: no points, the pawn goes back."
    if event.outcome == "right":
        return (
            f"{possessive(event.team)} Bezzerwizzer on gap {word(event.gap)} is right: plus three."
        )
    cost = "minus one" if lost else f"{who} has no point to lose"
    return f"{possessive(event.team)} Bezzerwizzer on gap {word(event.gap)} is wrong: {cost}."


def moved(event: Moved) -> str:
    unit = "point" if event.after == 1 else "points"
    return f"{team_name(event.team)} now has {event.after} {unit}."


def events(evts: Sequence[Event], title_of: dict[str, str]) -> list[str]:
    out: list[str] = []
    for event in evts:
        if isinstance(event, CardPlaced):
            out.append(placed(event, title_of.get(event.card.id, event.card.id)))
        elif isinstance(event, PawnResolved):
            lost = any(
                isinstance(e, Moved) and e.team == event.team and e.reason == "penalty"
                for e in evts
            )
            out.append(pawn(event, lost))
        elif isinstance(event, Moved):
            out.append(moved(event))
        elif isinstance(event, LineThinned):
            kept = [title_of.get(c.id, c.id) for c in event.line]
            out.append(f"The line is thinned to four cards: {listing(kept)}.")
        elif isinstance(event, TiebreakStarted):
            who = listing([team_name(t) for t in event.teams])
            out.append(f"{who} are level: one more card each decides.")
        elif isinstance(event, TiebreakPlayed) and len(event.remaining) > 1:
            out.append(f"Still level: {listing([team_name(t) for t in event.remaining])}.")
        elif isinstance(event, GameWon):
            out.append(f"{team_name(event.winner)} wins the game! Congratulations!")
    return out


def standings(positions: dict[str, int], lap: int) -> str:
    order = sorted(positions.items(), key=lambda item: (-item[1], list(positions).index(item[0])))
    parts = [f"{team_name(t)} {p}" for t, p in order]
    return f"Points: {listing(parts)}. A lap is {lap}."


def placed_short(title: str, year: int, right: bool) -> str:
    verdict = "right" if right else "not right"
    return f"{title}: {spoken_year(year)}. That is {verdict}."

"""What the quizmaster says in a timeline game: the line with numbered gaps, hands, reveals
(the catalogue's "timeline." phrases).  Pure."""

from __future__ import annotations

from collections.abc import Sequence

from voicemaster.decks.variants import spoken_year
from voicemaster.host.phrases import listing, possessive, said, team_name
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
        return said("timeline.gap.before", title=titles[0])
    if gap > len(titles):
        return said("timeline.gap.after", title=titles[-1])
    return said("timeline.gap.between", first=titles[gap - 2], second=titles[gap - 1])


def read_line(titles: Sequence[str], years: Sequence[int]) -> str:
    """Every gap, each card's year at its first mention."""
    if not titles:
        return said("timeline.line.empty")
    dated = [
        said("timeline.dated", title=t, year=spoken_year(y))
        for t, y in zip(titles, years, strict=True)
    ]
    parts = [said("timeline.line.first", card=dated[0])]
    for gap in range(2, len(titles) + 1):
        first, second = titles[gap - 2], dated[gap - 1]
        parts.append(said("timeline.line.between", gap=word(gap), first=first, second=second))
    parts.append(said("timeline.line.last", gap=word(len(titles) + 1), title=titles[-1]))
    return " ".join(parts)


def read_hand(team: str, titles: Sequence[str]) -> str:
    cards = [said("timeline.hand.card", number=word(i), title=t) for i, t in enumerate(titles, 1)]
    return said("timeline.hand", team=team_name(team), cards=said("timeline.hand.join").join(cards))


def placed(event: CardPlaced, title: str) -> str:
    year = spoken_year(event.card.year)
    key = "timeline.placed.right" if event.right else "timeline.placed.wrong"
    return said(key, title=title, year=year)


def pawn(event: PawnResolved, lost: bool = True) -> str:
    """A pawn's outcome; ``lost``: a wrong pawn cost a point (never below the start)."""
    owner, gap = possessive(event.team), word(event.gap)
    if event.outcome in ("returned", "right"):
        return said(f"timeline.pawn.{event.outcome}", owner=owner, gap=gap)
    cost = (
        said("timeline.pawn.cost")
        if lost
        else said("timeline.pawn.no_cost", team=team_name(event.team))
    )
    return said("timeline.pawn.wrong", owner=owner, gap=gap, cost=cost)


def moved(event: Moved) -> str:
    key = "timeline.points.1" if event.after == 1 else "timeline.points"
    return said(key, team=team_name(event.team), points=event.after)


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
            out.append(said("timeline.thinned", titles=listing(kept)))
        elif isinstance(event, TiebreakStarted):
            who = listing([team_name(t) for t in event.teams])
            out.append(said("timeline.tiebreak", teams=who))
        elif isinstance(event, TiebreakPlayed) and len(event.remaining) > 1:
            still = listing([team_name(t) for t in event.remaining])
            out.append(said("timeline.still_level", teams=still))
        elif isinstance(event, GameWon):
            out.append(said("timeline.won", team=team_name(event.winner)))
    return out


def standings(positions: dict[str, int], lap: int) -> str:
    order = sorted(positions.items(), key=lambda item: (-item[1], list(positions).index(item[0])))
    parts = [said("standing", team=team_name(t), position=p) for t, p in order]
    return said("timeline.standings", teams=listing(parts), lap=lap)


def placed_short(title: str, year: int, right: bool) -> str:
    key = "timeline.placed_short.right" if right else "timeline.placed_short.wrong"
    return said(key, title=title, year=spoken_year(year))

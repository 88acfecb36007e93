"""What the quizmaster says: events and states as sentences.  Pure."""

from __future__ import annotations

from collections.abc import Sequence

from voicemaster.rules.events import Event, GameWon, Moved, PlayoffRoundPlayed, PlayoffStarted

POINT_WORDS = {1: "one point", 2: "two points", 3: "three points", 4: "four points"}
SLOT_WORDS = {1: "one", 2: "two", 3: "three", 4: "four"}


def team_name(team: str) -> str:
    return team.capitalize() if team.islower() else team


def listing(items: Sequence[str]) -> str:
    items = list(items)
    if len(items) <= 1:
        return "".join(items)
    return f"{', '.join(items[:-1])} and {items[-1]}"


def standings(positions: dict[str, int], track: int) -> str:
    order = sorted(positions.items(), key=lambda item: (-item[1], list(positions).index(item[0])))
    parts = [f"{team_name(t)} {p}" for t, p in order]
    return f"Standings: {listing(parts)}. The finish is at {track}."


def arrangement(team: str, tiles: Sequence[str]) -> str:
    parts = [f"{tile} for {SLOT_WORDS[i]}" for i, tile in enumerate(tiles, 1)]
    return f"{team_name(team)}: {listing(parts)}."


def verdict_words(answer: str) -> str:
    """ "that is right" | "that is not right" | "that is a pass" """
    word = {"right": "right", "wrong": "not right", "pass": "a pass"}.get(answer, answer)
    return f"that is {word}"


def verdict(team: str, answer: str) -> str:
    return f"{team_name(team)}: {verdict_words(answer)}."


def playoff_result(team: str, answer: str, right_answer: str) -> str:
    """ "Red: the answer was Pangaea; that is right." (the team named once)"""
    return f"{team_name(team)}: the answer was {right_answer}; {verdict_words(answer)}."


def moved(event: Moved, track: int) -> str:
    who = team_name(event.team)
    where = (
        "the finish"
        if event.after >= track
        else "the start"
        if event.after <= 0
        else f"space {event.after}"
    )
    if event.reason == "right":
        return f"{who} moves to {where}."
    if event.reason == "bezzerwizzer":
        return f"{who}'s Bezzerwizzer pays off: {who} moves to {where}."
    if event.reason == "penalty":
        return f"{who}'s Bezzerwizzer missed: {who} drops back to {where}."
    return f"{who} is sent back to {where}."


def events(evts: Sequence[Event], track: int) -> list[str]:
    out: list[str] = []
    for event in evts:
        if isinstance(event, Moved):
            out.append(moved(event, track))
        elif isinstance(event, PlayoffStarted):
            out.append(
                f"{listing([team_name(t) for t in event.teams])} reached the finish "
                "together: a play-off decides."
            )
        elif isinstance(event, PlayoffRoundPlayed) and len(event.remaining) > 1:
            out.append(
                f"Still in the play-off: {listing([team_name(t) for t in event.remaining])}."
            )
        elif isinstance(event, GameWon):
            out.append(f"{team_name(event.winner)} wins the game! Congratulations!")
    return out

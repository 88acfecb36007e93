"""What the quizmaster says: events and states as sentences.  Pure."""

from __future__ import annotations

import re
from collections.abc import Sequence

from voicemaster.rules.events import Event, GameWon, Moved, PlayoffRoundPlayed, PlayoffStarted

POINT_WORDS = {1: "one point", 2: "two points", 3: "three points", 4: "four points"}
SLOT_WORDS = {1: "one", 2: "two", 3: "three", 4: "four"}
# a move the rules refuse, said to the team that tried it ({who}), by the rule it breaks;
# another rule: "<what was refused>: <the rule's reason>."
REFUSALS = {
    "bezzerwizzer-tile": "Sorry {who}, you have no Bezzerwizzer left.",
    "attack-own-question": "{who}, you cannot bezzerwizz your own question.",
    "zwap-tile": "Sorry {who}, you have used your zwap this round.",
    "zwap-token": "Sorry {who}, you have used your zwap this round.",
    "zwap-two-tiles": "{who}, a zwap swaps two different tiles.",
    "zwap-closed-tile": "Sorry {who}, that tile has been played: a zwap takes open tiles only.",
    "bezzerwizzer-pawn": "Sorry {who}, you have no Bezzerwizzer pawn left.",
    "bezzerwizzer-own-card": "{who}, you cannot bezzerwizz your own card.",
    "bezzerwizzer-one-pawn": "{who}, you have a pawn on this card already.",
    "bezzerwizzer-different-gap": "Sorry {who}, that gap is taken: every pawn needs its own gap.",
    "zwap-unplayed-card": "{who}, a zwap swaps two cards still in hand.",
    "zwap-different-hands": "{who}, a zwap swaps cards from two different hands.",
}


def team_name(team: str) -> str:
    return team.capitalize() if team.islower() else team


def plural(team: str) -> bool:
    """A team name ending in s is said as a plural: "the Tigers start"."""
    return team.lower().endswith("s")


def possessive(team: str) -> str:
    """ "Red's", "Tigers'" (the team's name as said)."""
    name = team_name(team)
    return f"{name}'" if plural(team) else f"{name}'s"


def verb(team: str, singular: str, plural_form: str) -> str:
    """ "Red starts", "Tigers start": the verb that agrees with the team's name."""
    return f"{team_name(team)} {plural_form if plural(team) else singular}"


def refusal(
    rule: str,
    detail: str,
    who: str,
    prefix: str,
    teams: Sequence[str] = (),
    said: dict[str, str] = REFUSALS,
) -> str:
    """What the quizmaster says when the rules refuse ``who``'s move: "Sorry Blue, you have no
    Bezzerwizzer left." (``said``: the sentences by rule); an unlisted rule as "<prefix>:
    <its reason>." with the teams' names as said and the game's words in plain case."""
    if rule in said:
        return said[rule].format(who=team_name(who))
    for team in teams:
        detail = re.sub(rf"\b{re.escape(team)}\b", team_name(team), detail)
    detail = detail.replace("BEZZERWIZZER", "Bezzerwizzer").replace("ZWAP", "zwap")
    return f"{prefix}: {detail}."


def listing(items: Sequence[str]) -> str:
    items = list(items)
    if len(items) <= 1:
        return "".join(items)
    return f"{', '.join(items[:-1])} and {items[-1]}"


def standings(positions: dict[str, int], track: int) -> str:
    order = sorted(positions.items(), key=lambda item: (-item[1], list(positions).index(item[0])))
    parts = [f"{team_name(t)} {p}" for t, p in order]
    return f"Standings: {listing(parts)}. The finish is at {track}."


def kept_order(tiles: Sequence[str], top: int) -> str:
    """Tiles as they would be kept: "Music for four, Sport for three and Film for two"."""
    return listing([f"{tile} for {SLOT_WORDS[top - i]}" for i, tile in enumerate(tiles)])


def arrangement(team: str, tiles: Sequence[str]) -> str:
    """ "Red: Music for four, Sport for three, Film for two and Nature for one." (``tiles``
    by slot, one to four; said from four down, the order a team keeps)."""
    return f"{team_name(team)}: {kept_order(tuple(reversed(tiles)), len(tiles))}."


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
    where = (
        "the finish"
        if event.after >= track
        else "the start"
        if event.after <= 0
        else f"space {event.after}"
    )
    moves = verb(event.team, "moves", "move")
    if event.reason == "right":
        return f"{moves} to {where}."
    if event.reason == "bezzerwizzer":
        return f"{possessive(event.team)} Bezzerwizzer pays off: {moves} to {where}."
    if event.reason == "penalty":
        drops = verb(event.team, "drops", "drop")
        return f"{possessive(event.team)} Bezzerwizzer missed: {drops} back to {where}."
    return f"{verb(event.team, 'is', 'are')} sent back to {where}."


def fixed_phrases(teams: Sequence[str], track: int = 30) -> list[str]:
    """The sentences said again and again in a game of ``teams`` (a speaker renders them
    ahead): the verdicts and the moves, the clock's words."""
    said = ["Time is up.", "Ten seconds.", "Nobody moves."]
    for team in teams:
        said += [verdict(team, answer) for answer in ("right", "wrong", "pass")]
    for space in range(1, track):
        said += [f"{verb(team, 'moves', 'move')} to space {space}." for team in teams]
    return said


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
            out.append(f"{verb(event.winner, 'wins', 'win')} the game! Congratulations!")
    return out

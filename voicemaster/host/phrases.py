"""What the quizmaster says: events and states as sentences, each from the catalogue of the
game's locale (``locales``: English unless a game's deck says otherwise).  Pure."""

from __future__ import annotations

import re
from collections.abc import Sequence

from voicemaster.locales import ENGLISH, Locale
from voicemaster.rules.events import Event, GameWon, Moved, PlayoffRoundPlayed, PlayoffStarted

_SPOKEN = [ENGLISH]  # the locale the quizmaster speaks in (one game per process at a time)


def use_locale(locale: Locale) -> None:
    """Speak in ``locale`` from now on (a game sets its deck's)."""
    _SPOKEN[0] = locale


def spoken_locale() -> Locale:
    return _SPOKEN[0]


def said(key: str, **fields: object) -> str:
    """The catalogue's phrase ``key`` with its fields filled in: "Time is up."."""
    return _SPOKEN[0].say(key, **fields)


def point_words(points: int) -> str:
    """ "one point", "three points" (1 to 4)."""
    return said(f"points.{points}")


def slot_word(slot: int) -> str:
    """A slot's number as said: "one" to "four"."""
    return said(f"slot.{slot}")


def team_name(team: str) -> str:
    return team.capitalize() if team.islower() else team


def plural(team: str) -> bool:
    """A team name ending in s is said as a plural: "the Tigers start"."""
    return team.lower().endswith("s")


def possessive(team: str) -> str:
    """ "Red's", "Tigers'" (the team's name as said)."""
    name = team_name(team)
    return said("team.possessive_plural" if plural(team) else "team.possessive", name=name)


def verb(team: str, key: str) -> str:
    """ "Red starts", "Tigers start": the team's name and the verb that agrees with it (the
    catalogue's "<key>.singular" or "<key>.plural": "starts.singular")."""
    return said(f"{key}.{'plural' if plural(team) else 'singular'}", team=team_name(team))


def refusal(
    rule: str,
    detail: str,
    who: str,
    prefix: str,
    teams: Sequence[str] = (),
    keys: dict[str, str] | None = None,
) -> str:
    """What the quizmaster says when the rules refuse ``who``'s move: "Sorry Blue, you have no
    Bezzerwizzer left." (the catalogue's "refusal.<rule>", or the key ``keys`` gives a rule);
    a rule the catalogue lacks as "<prefix>: <its reason>." with the teams' names as said and
    the game's words in plain case."""
    key = (keys or {}).get(rule, f"refusal.{rule}")
    if key in spoken_locale().phrases:
        return said(key, who=team_name(who))
    for team in teams:
        detail = re.sub(rf"\b{re.escape(team)}\b", team_name(team), detail)
    detail = detail.replace("BEZZERWIZZER", "Bezzerwizzer").replace("ZWAP", "zwap")
    return said("refusal.other", prefix=prefix, detail=detail)


def listing(items: Sequence[str]) -> str:
    items = list(items)
    if len(items) <= 1:
        return "".join(items)
    return said("list.pair", first=said("list.join").join(items[:-1]), last=items[-1])


def alternatives(items: Sequence[str]) -> str:
    """ "Blue, Green or Yellow": ``listing`` with "or"."""
    items = list(items)
    if len(items) <= 1:
        return "".join(items)
    return said("list.or_pair", first=said("list.join").join(items[:-1]), last=items[-1])


def standings(positions: dict[str, int], track: int) -> str:
    order = sorted(positions.items(), key=lambda item: (-item[1], list(positions).index(item[0])))
    parts = [said("standing", team=team_name(t), position=p) for t, p in order]
    return said("standings", teams=listing(parts), track=track)


def kept_order(tiles: Sequence[str], top: int) -> str:
    """Tiles as they would be kept: "Music for four, Sport for three and Film for two"."""
    return listing(
        [said("tile.kept", tile=tile, slot=slot_word(top - i)) for i, tile in enumerate(tiles)]
    )


def arrangement(team: str, tiles: Sequence[str]) -> str:
    """ "Red: Music for four, Sport for three, Film for two and Nature for one." (``tiles``
    by slot, one to four; said from four down, the order a team keeps)."""
    return said(
        "arrangement", team=team_name(team), tiles=kept_order(tuple(reversed(tiles)), len(tiles))
    )


def verdict_words(answer: str) -> str:
    """ "that is right" | "that is not right" | "that is a pass" """
    if answer in ("right", "wrong", "pass"):
        return said(f"verdict.{answer}")
    return said("verdict.other", answer=answer)


def verdict(team: str, answer: str) -> str:
    return said("verdict", team=team_name(team), verdict=verdict_words(answer))


def playoff_result(team: str, answer: str, right_answer: str) -> str:
    """ "Red: the answer was Pangaea; that is right." (the team named once)"""
    return said(
        "playoff.result", team=team_name(team), answer=right_answer, verdict=verdict_words(answer)
    )


def moved(event: Moved, track: int) -> str:
    where = (
        said("where.finish")
        if event.after >= track
        else said("where.start")
        if event.after <= 0
        else said("where.space", space=event.after)
    )
    moves = verb(event.team, "moves")
    if event.reason == "right":
        return said("moved.right", moves=moves, where=where)
    if event.reason == "bezzerwizzer":
        return said("moved.bezzerwizzer", owner=possessive(event.team), moves=moves, where=where)
    if event.reason == "penalty":
        drops = verb(event.team, "drops")
        return said("moved.penalty", owner=possessive(event.team), drops=drops, where=where)
    return said("moved.back", is_=verb(event.team, "is"), where=where)


def fixed_phrases(teams: Sequence[str], track: int = 30) -> list[str]:
    """The sentences said again and again in a game of ``teams`` (a speaker renders them
    ahead): the verdicts and the moves, the clock's words."""
    lines = [said("clock.up"), said("clock.ten"), said("nobody_moves")]
    for team in teams:
        lines += [verdict(team, answer) for answer in ("right", "wrong", "pass")]
    for space in range(1, track):
        where = said("where.space", space=space)
        lines += [said("moved.right", moves=verb(team, "moves"), where=where) for team in teams]
    return lines


def events(evts: Sequence[Event], track: int) -> list[str]:
    out: list[str] = []
    for event in evts:
        if isinstance(event, Moved):
            out.append(moved(event, track))
        elif isinstance(event, PlayoffStarted):
            out.append(said("playoff.started", teams=listing([team_name(t) for t in event.teams])))
        elif isinstance(event, PlayoffRoundPlayed) and len(event.remaining) > 1:
            out.append(
                said("playoff.still", teams=listing([team_name(t) for t in event.remaining]))
            )
        elif isinstance(event, GameWon):
            out.append(said("game.won", wins=verb(event.winner, "wins")))
    return out

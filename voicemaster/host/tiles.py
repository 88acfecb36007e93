"""The category tiles on the board as a turn names them ("zwap my Music with Blue's Film"):
where a tile lies, and why a named tile was not found.  ``slots``: each team's tiles in slot
order, as the game holds them now."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from voicemaster.host.phrases import listing, possessive, said, team_name
from voicemaster.rules.actions import Position

Slots = Mapping[str, Sequence[str]]


def holders(slots: Slots, category: str) -> list[Position]:
    """Where ``category`` lies on the board (familie: a category may lie twice)."""
    return [(t, s) for t, tiles in slots.items() for s, c in enumerate(tiles, 1) if c == category]


def locate(slots: Slots, team: str, category: str, owner: str | None) -> Position | None:
    """The tile ``category`` of ``owner`` ("my": ``team``, the turn's; None: anyone's), or None
    when that team does not hold it (never another team's tile of that name)."""
    owner = team if owner == "my" else owner
    found = [p for p in holders(slots, category) if owner is None or p[0] == owner]
    return found[0] if found else None


def not_held(slots: Slots, team: str, category: str, owner: str | None) -> str:
    """Why ``team``'s zwap did not find a tile: "Sorry Blue, Geography is not your tile: it
    belongs to Red." """
    names = listing(list(dict.fromkeys(team_name(t) for t, _ in holders(slots, category))))
    if not names:
        return said("zwap.nobody_holds", tile=category)
    if owner in ("my", team):
        whose = said("zwap.not_yours", team=team_name(team), tile=category)
    else:
        whose = said("zwap.not_theirs", tile=category, owner=possessive(str(owner)))
    return said("zwap.belongs", whose=whose, teams=names)

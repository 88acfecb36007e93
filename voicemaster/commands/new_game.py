"""What `play` and `simulate` both make a new game's header of: the options given on the command
line, and the header fields a rule set needs from the players."""

from __future__ import annotations

from typing import Any

from voicemaster.commands import variants
from voicemaster.host.setup.errors import SetupError
from voicemaster.host.setup.headers import HeaderOptions
from voicemaster.rules import DEFAULT, rule_sets
from voicemaster.settings import GameOptions
from voicemaster.speech.base import Ears, Speaker


def header_options(game: GameOptions) -> HeaderOptions:
    """The options a new game's header is made of."""
    return HeaderOptions(
        variant=game.variant or DEFAULT,
        track=game.track,
        home_stretch=game.home_stretch,
        seed=game.seed,
        mode=game.mode,
        draw=game.draw,
    )


def variant_extra(
    game: GameOptions, teams: list[str], ask: tuple[Speaker, Ears] | None
) -> dict[str, Any]:
    """Header fields a rule set needs from the players (``Variant.players``: familie's kinds
    from ``--kinds``, else asked when ``ask`` gives a speaker and ears, else mixed for a
    simulated table)."""
    players = variants.find(game.variant or DEFAULT).players
    if players is None:
        if game.kinds:
            raise SetupError(f"--kinds is for {taking_kinds()}")
        return {}
    try:
        return players(game.kinds, teams, game.seed or 0, ask)
    except ValueError as exc:
        raise SetupError(str(exc)) from None


def taking_kinds() -> str:
    """The rule sets whose teams are children's or adults' teams (--kinds)."""
    return " and ".join(r.name for r in rule_sets() if r.kinds)

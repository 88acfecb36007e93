"""What `play` and `simulate` both make a new game's header of: the options given on the command
line, and the header fields a rule set needs from the players."""

from __future__ import annotations

from typing import Any

from voicemaster.host.setup.errors import SetupError
from voicemaster.host.setup.headers import HeaderOptions
from voicemaster.settings import GameOptions
from voicemaster.speech.base import Ears, Speaker


def header_options(game: GameOptions) -> HeaderOptions:
    """The options a new game's header is made of."""
    return HeaderOptions(
        variant=game.variant or "standard",
        track=game.track,
        home_stretch=game.home_stretch,
        seed=game.seed,
        mode=game.mode,
        draw=game.draw,
    )


def variant_extra(
    game: GameOptions, teams: list[str], ask: tuple[Speaker, Ears] | None
) -> dict[str, Any]:
    """Header fields a rule set needs from the players: familie's kinds (``--kinds``, else asked
    when ``ask`` gives a speaker and ears, else mixed for a simulated table)."""
    kinds = game.kinds
    if game.variant != "familie":
        if kinds:
            raise SetupError("--kinds is for familie")
        return {}
    from voicemaster.host.familie import dialogue as familie

    if kinds:
        try:
            given = familie.parse_kinds(kinds, teams)  # teams left out: adults' teams
            return {"kinds": {team: given.get(team, "adult") for team in teams}}
        except ValueError as exc:
            raise SetupError(str(exc)) from None
    if ask is not None:
        return {"kinds": familie.ask_kinds(ask[0], ask[1], teams)}
    return {"kinds": familie.alternating_kinds(teams, game.seed or 0)}

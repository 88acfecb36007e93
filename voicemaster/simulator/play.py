"""A simulated game played to its end: the summary printed, and why it stopped without a
winner said on stderr."""

from __future__ import annotations

import json
import sys
from collections.abc import Callable
from typing import Any

from voicemaster.host.log import GameLog
from voicemaster.simulator.table import MAX_PLAYOFF_ROUNDS, SimTable


def capped_note(table: SimTable, skill: float) -> str | None:
    """Why a simulation stopped without a winner (said on stderr), or None."""
    if not table.capped:
        return None
    return (
        f"the play-off was stopped after {MAX_PLAYOFF_ROUNDS} rounds without a winner: with "
        f"skill {skill:g} the tied teams kept answering alike"
    )


def play_out(
    run: Callable[[], object],
    log: GameLog,
    table: SimTable,
    skill: float,
    summarise: Callable[[], dict[str, Any]],
) -> int:
    """Play the simulated game to its end (``run``; the record is closed either way), say on
    stderr why it stopped without a winner, print the summary as JSON."""
    try:
        run()
    finally:
        log.close()
    note = capped_note(table, skill)
    if note is not None:
        print(f"voicemaster: {note}", file=sys.stderr)
    print(json.dumps(summarise()))
    return 0

"""`voicemaster replay FILE`: validate a game record by replaying it, print its summary."""

from __future__ import annotations

import json
import sys

from voicemaster.settings import ReplaySettings


def cmd_replay(settings: ReplaySettings) -> int:
    from voicemaster.records import RecordError, read_record

    try:
        record = read_record(settings.file)
    except RecordError as exc:
        where = f"{settings.file}:{exc.line}" if exc.line else settings.file
        print(f"{where}: {exc.reason}", file=sys.stderr)
        return 2
    game = record.game
    if not settings.quiet:
        print(f"{len(record.actions)} actions replayed ({game.name}, {len(game.teams)} teams)")
    print(json.dumps(game.summary()))
    return 0

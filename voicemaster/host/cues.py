"""The listening points and the cue each one gives the ears: which window opens, for whom,
and where the game stands (a live board shows it; simulated teams act on it)."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import Any


class Point(StrEnum):
    """A listening point: what the quizmaster listens for there (a ``Cue``'s kind)."""

    BEFORE = "before"  # a Bezzerwizzer or a zwap, before the question is read
    DEFENDER = "answer"  # the defending team's answer (the cue kind "answer" stays as recorded)
    ATTACKER = "attacker"  # the attacking team's answer
    PLAYOFF = "playoff"  # a tied team's play-off answer
    OPTIONS = "options"  # familie: the adults' Bezzerwizzer before the options are read
    ARRANGE = "arrange"  # a tile for the next slot, or keep the order
    CONFIRM = "confirm"  # "Did you say ...?"
    SURE = "sure"  # a command that changes or ends the game, asked back
    KNOCKBACK = "knockback"  # forward, or send the defender back
    TAKEBACK = "takeback"  # a Bezzerwizzer taken back after a zwap, or kept
    FINAL = "final"  # corrections after the winner
    PAUSED = "paused"  # only resume and quit
    PLACE = "place"  # timeline: a card and a gap
    WHICH_GAP = "which-gap"  # timeline: the gap for a card already named
    BEZZERWIZZER = "bezzerwizzer"  # timeline: other players' pawns on a placement
    PAWN_GAP = "pawn-gap"  # timeline: the gap for a pawn
    TIEBREAK = "tiebreak"  # timeline: a tie-break card's gap


class Retry(StrEnum):
    """Why a listening point listens once more for what it asked (a ``Cue``'s ``retry``)."""

    LATE = "late"  # "Ten seconds.": the last seconds of an answer's time
    AGAIN = "again"  # "Please say it again.": an answer in doubt, heard once more
    SHOUT = "shout"  # "Was that a Bezzerwizzer?": a shout heard only narrowly


class Sure(StrEnum):
    """A command that changes or ends the game, asked back at ``Point.SURE`` (its value: the
    command as the players say it)."""

    UNDO = "undo"
    RIGHT = "that was right"
    WRONG = "that was wrong"
    QUIT = "quit"


@dataclass(frozen=True)
class Cue:
    """Which listening window opens: what a microphone or a board beside it may know of it.
    A live board shows it; simulated teams act on it (they follow the game on its record)."""

    kind: Point
    team: str | None  # the team asked (None: anyone)
    lines: int  # the record's length so far
    edits: int = 0  # corrections on the record's last line
    attempt: int = 0  # how often this point has listened already
    card: Any = None  # the question card, when one is being asked (the board shows it)
    options: tuple[str, ...] = ()  # e.g. the tiles still to arrange
    attacker: str | None = None  # a Bezzerwizzer team waiting on this question (a board shows it)
    retry: Retry | None = None  # why this point listens once more (answers, shouts)
    asked: str | None = None  # CONFIRM: the words asked back in "Did you say ...?"
    command: Sure | None = None  # SURE: the command asked back
    gap: int | None = None  # timeline BEZZERWIZZER, PAWN_GAP: the gap the card was placed in

"""What can be said at each listening point: the help said there, the commands that work
everywhere, and the questions asked back before a command that changes the game is done."""

from __future__ import annotations

from voicemaster import lexicon
from voicemaster.host.cues import Point
from voicemaster.host.phrases import said
from voicemaster.speech.base import Expectation

# the help said at a listening point: the catalogue's "help.<point>", where it has one
HELP = frozenset({
    Point.BEFORE, Point.DEFENDER, Point.ATTACKER, Point.PLAYOFF, Point.OPTIONS, Point.ARRANGE,
    Point.CONFIRM, Point.SURE, Point.KNOCKBACK, Point.TAKEBACK, Point.FINAL, Point.PLACE,
    Point.WHICH_GAP, Point.BEZZERWIZZER, Point.PAWN_GAP, Point.TIEBREAK,
})  # fmt: skip
# while paused only resume and quit count (in every form intents.parse knows)
PAUSED = Expectation(commands=(*lexicon.COMMANDS["resume"], *lexicon.COMMANDS["quit"]))
# a command that changes or ends the game, heard by voice, is asked back first ("sure" cue):
# answers and tile names are heard as "undo", "that was right" or "quit" often enough that
# acting on them at once would spoil games (docs/tuning.md)
SURE = {
    "undo": "sure.undo",
    "that was right": "sure.right",
    "that was wrong": "sure.wrong",
    "quit": "sure.quit",
}  # the catalogue's keys
YES_NO = Expectation(commands=(*lexicon.AFFIRM, *lexicon.DENY))
NOT_DONE = "sure.not_done"  # the catalogue's key
PASS_KINDS = (
    Point.BEFORE,
    Point.DEFENDER,
    Point.ATTACKER,
    Point.PLAYOFF,
    Point.OPTIONS,
    Point.BEZZERWIZZER,
)
ALWAYS = ("repeat", "score", "help", "pause", "undo", "that was right", "that was wrong", "quit")


def help_text(kind: Point) -> str:
    """What can be said at a listening point of ``kind``: its own moves, then every command."""
    words = (*(("pass",) if kind in PASS_KINDS else ()), *ALWAYS)
    spoken = said("help.or", first=said("list.join").join(words[:-1]), last=words[-1])
    own = said(f"help.{Point(kind).value}") if kind in HELP else ""
    return said("help", own=own, commands=spoken).strip()

"""What can be said at each listening point: the help said there, the commands that work
everywhere, and the questions asked back before a command that changes the game is done."""

from __future__ import annotations

from voicemaster import lexicon
from voicemaster.host.cues import Point
from voicemaster.speech.base import Expectation

HELP: dict[Point, str] = {
    Point.BEFORE: "Other teams: say Bezzerwizzer and your team to attack. "
    "The team whose turn it is may say zwap and the tiles. Say pass to hear the question now.",
    Point.ANSWER: "Say your answer, or pass. "
    "Other teams may still say Bezzerwizzer and their team.",
    Point.ATTACKER: "Say your answer, or pass.",
    Point.PLAYOFF: "Say your answer, or pass.",
    Point.OPTIONS: "Adults: say Bezzerwizzer and your team now, or pass.",
    Point.ARRANGE: "Name a tile, or say keep it to take the order as read.",
    Point.CONFIRM: "Say yes or no.",
    Point.SURE: "Say yes or no.",
    Point.KNOCKBACK: "Say forward to move yourselves, or back to send the other team back.",
    Point.TAKEBACK: "Say take back to take your Bezzerwizzer back, or keep it.",
    Point.FINAL: "Say that was right, that was wrong or undo; or nothing.",
    Point.PLACE: "Say a card and a gap, for example: card two, gap three; or name a neighbour: "
    "card two goes after the first card on the line. Also: repeat the line, my cards, "
    "or zwap my card one with Blue's card two.",
    Point.WHICH_GAP: "Say a gap number, for example: gap three.",
    Point.BEZZERWIZZER: "Other players: say Bezzerwizzer, your colour and a gap; or pass.",
    Point.PAWN_GAP: "Say a gap number, for example: gap three.",
    Point.TIEBREAK: "Say a gap number, for example: gap three.",
}
# while paused only resume and quit count (in every form intents.parse knows)
PAUSED = Expectation(commands=(*lexicon.COMMANDS["resume"], *lexicon.COMMANDS["quit"]))
# a command that changes or ends the game, heard by voice, is asked back first ("sure" cue):
# answers and tile names are heard as "undo", "that was right" or "quit" often enough that
# acting on them at once would spoil games (docs/tuning.md)
SURE = {
    "undo": "Take back the last verdict and ask a new question?",
    "that was right": "Change the last verdict to right?",
    "that was wrong": "Change the last verdict to not right?",
    "quit": "Stop the game here? It is saved.",
}
YES_NO = Expectation(commands=(*lexicon.AFFIRM, *lexicon.DENY))
NOT_DONE = "All right, nothing changes. I am listening again."
PASS_KINDS = (
    Point.BEFORE,
    Point.ANSWER,
    Point.ATTACKER,
    Point.PLAYOFF,
    Point.OPTIONS,
    Point.BEZZERWIZZER,
)
ALWAYS = ("repeat", "score", "help", "pause", "undo", "that was right", "that was wrong", "quit")


def help_text(kind: Point) -> str:
    """What can be said at a listening point of ``kind``: its own moves, then every command."""
    words = (*(("pass",) if kind in PASS_KINDS else ()), *ALWAYS)
    spoken = f"{', '.join(words[:-1])} or {words[-1]}"
    return f"{HELP.get(kind, '')} You can also say: {spoken}.".strip()

"""Words the game listens for that are not answers, as data: one list per meaning feeds the
recognizers' windows and prompts (``host.windows``, ``speech.asr.prompting``), the host's parser
(``host.intents``) and the judge's reading of a free answer (``judge.reply``).

Each list is written as people say it (apostrophes kept: "don't know"); every reader brings
it into its own form (the judge drops the apostrophe, a grammar spells it out).  The first
form of each command is the one the windows' grammars hold (``COMMAND_WORDS``) and the help
text names; the other forms are read when a free transcript (Whisper, a typed line) holds
them.  ``tests/test_lexicon.py`` checks that every phrase a window's parser accepts can be
heard there.

Choices made where two lists once disagreed (the host's parser and the judge each had one):

* "okay" is not a yes.  It opens an utterance ("okay, Paris": the parser drops it) and keeps
  the order read at the arrangement (``KEEP``); the judge no longer reads it as a yes either.
* "not quite" is a no for both readers (the judge read it as neither).
* The judge's other yes and no words ("absolutely", "indeed", "aye", "true", "incorrect",
  "false", ...) went: no window could hear them and nothing in the game reads them (a
  confirmation is read by the host's parser).  Adding one means adding it to ``AFFIRM`` or
  ``DENY``, and so to the confirmation windows' grammar: a change to measure on audio.
* "pass" has two lists: ``PASS``, the command that works in every window, holds only ways to
  pass that are never a reply or an answer; ``PASS_ANSWERS`` adds what passes only where an
  answer is due ("no", "nope", "sorry", "nothing", "next": in a yes/no window "no" is a reply).
* ``BARE_YES`` / ``BARE_NO`` (``REPLIES``) are never an answer to a quiz question: a window
  that does not ask for yes or no treats them as misheard.
"""

from __future__ import annotations

# -- yes and no: whole replies, as the confirmation windows hold them
BARE_YES = ("yes", "yeah", "yep", "yup")
BARE_NO = ("no", "nope", "nah")
REPLIES = BARE_YES + BARE_NO
AFFIRM = (*BARE_YES, "correct", "right", "that's right", "exactly", "sure")
DENY = (*BARE_NO, "wrong", "not quite", "that's wrong", "negative")

# -- passing: the command (any window), and what else passes where an answer is due
PASS = ("pass", "we pass", "skip", "no idea", "i don't know", "dont know", "don't know")
PASS_ANSWERS = (
    *PASS, "i pass", "we will pass", "we'll pass", "skip it", "next", "next question",
    "i have no idea", "we have no idea", "we don't know", "i do not know", "dunno", "i dunno",
    "no clue", "i have no clue", "not a clue", "i don't have a clue", "not sure",
    "i'm not sure", "i give up", "we give up", "give up", "no answer", "nothing",
    "i don't remember", "can't remember", "i can't remember", "i forgot", "i forget",
    "clueless", "no", "nope", "beats me", "search me", "pass on that", "i don't know pass",
    "sorry", "no sorry", "i don't know sorry", "sorry i don't know", "sorry no idea",
)  # fmt: skip

# -- the commands that work in every window, each with its forms (the first one is prompted)
COMMANDS: dict[str, tuple[str, ...]] = {
    "repeat": ("repeat", "say again", "say that again", "again please", "once more"),
    "pass": PASS,
    "pause": ("pause", "wait a moment", "hold on"),
    "resume": ("resume", "continue", "go on", "carry on", "unpause"),
    "score": ("score", "scores", "standings", "what's the score", "who is winning"),
    "help": ("help", "what can i say", "commands"),
    "undo": ("undo", "scratch that", "take back the verdict"),
    "quit": ("quit", "stop the game", "save and quit", "exit", "end the game"),
}
# the verdict overridden after all: "that was right" (True) or "that was wrong" (False)
WAS_RIGHT = ("that was right", "that was correct")
WAS_WRONG = ("that was wrong", "that was incorrect")
OVERRIDES: dict[str, bool] = {**dict.fromkeys(WAS_RIGHT, True), **dict.fromkeys(WAS_WRONG, False)}

# -- the moves of particular windows
KEEP = ("keep", "keep it", "keep them", "as read", "that order", "fine", "ok", "okay")
TAKE_BACK = ("take back", "take it back", "withdraw", "take our bezzerwizzer back", "back please")
KNOCK_BACK = ("back", "knock back", "knock them back", "send them back", "move them back")
FORWARD = ("forward", "forwards", "move forward", "ourselves", "us", "advance")
ZWAP_WORDS = ("zwap", "swap", "swop", "zwop", "switch")

# -- the shout: the one word the grammars hold, and how a free transcript may spell it
SHOUT = "bezzerwizzer"
SHOUTS = (
    SHOUT, "bezzer wizzer", "better wizard", "buzzer wizard", "bezzer wizard", "buzzer wizzer",
    "bezerwizzer", "bezzerwizer", "besserwisser", "better wizzer",
)  # fmt: skip

# -- what the windows' grammars and prompts hold of the above
# one form of each command, the overrides, and yes, no and keep (where a window asks for them)
COMMAND_WORDS = (
    *(forms[0] for forms in COMMANDS.values()),
    WAS_RIGHT[0],
    WAS_WRONG[0],
    BARE_YES[0],
    BARE_NO[0],
    KEEP[0],
)
# the commands Whisper's prompt names in an answer window: the short ones people use mid-game
PROMPTED_COMMANDS = ("pass", "repeat", "score", "help")
YES_NO = (BARE_YES[0], BARE_NO[0])  # a window holding both is prompted "Yes or no?"

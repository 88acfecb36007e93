"""Words the game listens for that are not answers, as data: one list feeds both the
recognizers' windows and the host's parser.

``AFFIRM`` / ``DENY`` start with the bare replies (``REPLIES``), which are never an answer to a
quiz question: a window that does not ask for yes or no treats them as misheard.
"""

from __future__ import annotations

BARE_YES = ("yes", "yeah", "yep", "yup")
BARE_NO = ("no", "nope", "nah")
REPLIES = BARE_YES + BARE_NO
AFFIRM = (*BARE_YES, "correct", "right", "that's right", "exactly", "sure")
DENY = (*BARE_NO, "wrong", "not quite", "that's wrong", "negative")

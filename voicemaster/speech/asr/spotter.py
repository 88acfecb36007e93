"""Hearing a "Bezzerwizzer!" shout, alone or with a team name, in any utterance.

Both recognizers put the shout phrases into every window's grammar (see ``shout_phrases``) and
give the word a pronunciation; ``find_shout`` then reads the shout and its team from what was
heard.  ``spot`` runs the whole check on one recording with a given recognizer.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from voicemaster.lexicon import SHOUT
from voicemaster.speech.asr.grammar import sanitise, words
from voicemaster.speech.asr.policy import GRAMMAR
from voicemaster.speech.base import Expectation, Recognizer

WORD = SHOUT
# Pronunciations (CMU ARPAbet): the English reading, a Dutch/German-ish one, a clipped one.
PRONUNCIATIONS = (
    "B EH Z ER W IH Z ER",
    "B EH Z AH W IH Z AH",
    "B EH S ER W IH S ER",
    "B EH Z W IH Z ER",
)
# Verification threshold for a shout phrase (the policy's table; see docs/hearing.md)
ACCEPT_LLR = GRAMMAR.shout_llr
# What a free decoder (no such word in its vocabulary) tends to make of the shout.
_SOUNDALIKE = re.compile(
    r"\b(?:bezzer ?wizzer|besser ?wisser|bes+er ?wis+er|bezz?er ?wiz+er)\b", re.IGNORECASE
)
# How an open-vocabulary transcript (Whisper) spells the shout it half heard: one word ending
# in "wizzer" or "wisser" ("passerwizzer", "venturewizzer"); "wiser" and "wizard" are not.
_OPEN_SOUNDALIKE = re.compile(r"\b\w{0,10}wi(?:zz|ss)(?:er|a)s?\b", re.IGNORECASE)


def variants() -> tuple[str, ...]:
    """Dictionary names for the pronunciations: bezzerwizzer, bezzerwizzer(2), ..."""
    return tuple(WORD if i == 0 else f"{WORD}({i + 1})" for i in range(len(PRONUNCIATIONS)))


def shout_phrases(teams: Sequence[str]) -> tuple[str, ...]:
    """Grammar phrases for a shout: alone, "bezzerwizzer TEAM" and "TEAM bezzerwizzer"."""
    phrases = [WORD]
    for team in sanitise(teams):
        phrases += [f"{WORD} {team}", f"{team} {WORD}"]
    return tuple(phrases)


def canonical(text: str) -> str:
    """``text`` with the spellings a free transcript gives the shout ("Bezzer Wizzer",
    "Besserwisser") written as the one word."""
    return _OPEN_SOUNDALIKE.sub(WORD, _SOUNDALIKE.sub(WORD, text))


def find_shout(text: str, teams: Sequence[str], reach: int = 0) -> tuple[bool, str | None]:
    """Whether ``text`` holds a shout, and the team named right before or after it (or, with
    ``reach``, the one team named up to that many words apart: "red man bezzerwizzer", a word
    Whisper made of the shout's first sounds)."""
    spoken = _SOUNDALIKE.sub(WORD, " ".join(sanitise([text])))
    tokens = spoken.split()
    if WORD not in tokens:
        return False, None
    at = tokens.index(WORD)
    names = {" ".join(words(team)): team for team in teams if words(team)}
    for name in sorted(names, key=len, reverse=True):
        size = len(name.split())
        after = " ".join(tokens[at + 1 : at + 1 + size])
        before = " ".join(tokens[max(0, at - size) : at])
        if name in (after, before):
            return True, names[name]
    near = f" {' '.join(tokens[max(0, at - reach) : at + 1 + reach])} "
    named = [team for name, team in names.items() if reach and f" {name} " in near]
    return True, named[0] if len(named) == 1 else None


def spot(
    pcm: bytes, teams: Sequence[str], recognizer: Recognizer
) -> tuple[bool, str | None, float]:
    """(found, team or None, seconds into ``pcm`` where the shout starts) for one recording
    heard by ``recognizer`` (0 s where it cannot tell)."""
    heard = recognizer.recognize(pcm, Expectation(teams=tuple(teams)))
    if not heard.bezzerwizzer:
        return False, None, 0.0
    return True, heard.team, heard.shout_s

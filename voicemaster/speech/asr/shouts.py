"""A shout read from Whisper's scores: "Bezzerwizzer <team>" forced onto the utterance.

Whisper's free transcript misses shouts said by some voices ("Bezzerwizzer blue" written
"and with a blue", "red Bezzerwizzer" as "rant bezzerwizzer").  Where the transcript may be
such a shout (:func:`worth_scoring`), the recognizer scores each shout phrase as the transcript
of the same audio (forced alignment on the encoder output it already has, after the same
prompt) beside the transcript itself, and reports the scores (``Signals.shouts``,
``Signals.shout_own``).  :func:`heard` decides, without I/O: a shout with its team when one
team's phrase stands clearly ahead of every other team's, and the shout (that phrase or the
bare word) comes near the transcript's own score.  Each phrase ends in "!", so the bare
"Bezzerwizzer!" does not score as well as "Bezzerwizzer blue!" on a shout with a team (its end
mark is then unlikely).

The limits were set on synthetic shouts and answers; docs/hearing.md has the measurements.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, replace

from voicemaster.lexicon import SHOUT
from voicemaster.speech.asr.grammar import spoken
from voicemaster.speech.base import Expectation, Heard, Signals

# A word of a transcript that may be the shout half heard: the shout, and how Whisper writes
# its second half ("and with a blue", "man the wither", "blue bats whizzer", "wits of red");
# 3 of the 2,200 answers of the standard deck hold one of these words
_SOUNDS_LIKE = re.compile(rf"\b(?:{SHOUT}|with|wither|wits?|wh?izz?\w*)\b")
# A shout misheard is written in at most this many words ("rent man the bezzerwizzer"); a
# longer transcript (a question read aloud, talk at the table) is never scored as one
MAX_WORDS = 6


@dataclass(frozen=True)
class ShoutLimits:
    """When the scored shout phrases make a shout with a team (summed token log-probability)."""

    # the shout (the team's best phrase, or the bare word) scores at least the transcript's
    # own score minus this: the audio is nearly as much that shout as what Whisper wrote
    gap: float = 4.0
    # the team's best phrase stands this far ahead of every phrase of another team
    margin: float = 3.0
    # ... and scores at least this: a phrase forced onto unrelated audio scores far lower
    floor: float = -14.0


LIMITS = ShoutLimits()


def team_words(teams: Sequence[str]) -> set[str]:
    return {w for team in teams for w in spoken(team).split()}


def worth_scoring(text: str, teams: Sequence[str], phrases: Sequence[str] = ()) -> bool:
    """Whether the normalised transcript ``text`` of a window that hears ``teams`` may be a
    shout not read whole: not one of the window's ``phrases``, and holding the shout, a team's
    name or a word that sounds like half the shout ("and with a blue"), in a few words."""
    if not teams or not text or len(text.split()) > MAX_WORDS:
        return False
    if text in {spoken(p) for p in phrases}:
        return False
    said = set(text.split())
    return bool(said & team_words(teams)) or bool(_SOUNDS_LIKE.search(text))


def phrases(teams: Sequence[str]) -> list[tuple[str, str | None]]:
    """The shout phrases to score (as Whisper writes them) and their teams: the bare word,
    then "Bezzerwizzer <team>!" and "<team> Bezzerwizzer!" for each team."""
    word = SHOUT.capitalize()
    out: list[tuple[str, str | None]] = [(f"{word}!", None)]
    for team in teams:
        out += [(f"{word} {team}!", team), (f"{team} {SHOUT}!".capitalize(), team)]
    return out


def scored_team(signals: Signals, teams: Sequence[str], limits: ShoutLimits = LIMITS) -> (
    str | None
):  # fmt: skip
    """The team whose shout the scores hold, or None."""
    if not signals.shouts:
        return None
    team_of = dict(phrases(teams))
    best: dict[str | None, float] = {}
    for phrase, score in signals.shouts:
        if phrase in team_of:
            team = team_of[phrase]
            best[team] = max(best.get(team, float("-inf")), score)
    ranked = sorted(((s, t) for t, s in best.items() if t is not None), reverse=True)
    if not ranked:
        return None
    top, team = ranked[0]
    runner_up = ranked[1][0] if len(ranked) > 1 else float("-inf")
    shout = max(top, best.get(None, float("-inf")))
    if top < limits.floor or shout < signals.shout_own - limits.gap:
        return None
    return team if top - runner_up >= limits.margin else None


def heard(report: Heard, expectation: Expectation, limits: ShoutLimits = LIMITS) -> Heard | None:
    """``report`` as the shout with its team that Whisper's scores hold, when the transcript
    did not already read it whole; None otherwise (the policy decides as before)."""
    if report.signals is None or (report.bezzerwizzer and report.team):
        return None
    team = scored_team(report.signals, expectation.teams, limits)
    if team is None:
        return None
    text = f"{SHOUT} {spoken(team)}"
    return replace(report, text=text, alternatives=(text, report.text), bezzerwizzer=True,
                   team=team, unclear=False, narrow=False, guessed=False)  # fmt: skip

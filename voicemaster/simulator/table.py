"""Simulated teams around the table: they hear the quizmaster's cues and answer.

Every decision comes from ``random.Random(f"{seed}:{lines}:{edits}:{kind}:...")`` where
``lines`` is the record's length, so a game resumed from its record ends exactly like the
uninterrupted one.  What a team meant is written into each question line (``meant``), and the
verdicts the line records that differ from it are counted there (``misjudged``): the table
learns them from the line itself, as the record gets it, not from the quizmaster.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Mapping
from typing import Any

from voicemaster.host.asking import phrase_key
from voicemaster.host.cues import Cue, Point, Retry, Sure
from voicemaster.host.hearing import QuitGame
from voicemaster.host.intents import parse
from voicemaster.host.listening import sure_of
from voicemaster.host.log import GameLog
from voicemaster.host.phrases import team_name
from voicemaster.judge.text import normalise_plain
from voicemaster.rules import Game
from voicemaster.rules.kompakt import KompaktGame
from voicemaster.simulator.knowledge import (
    answer_index,
    by_letter,
    hears_options,
    may_zwap,
    recorded_verdicts,
)
from voicemaster.speech.base import Expectation, Heard

ANSWER_KINDS = (Point.DEFENDER, Point.ATTACKER, Point.PLAYOFF)
MAX_PLAYOFF_ROUNDS = 25  # then the simulation stops: the tied teams keep answering alike
CHATTER = ("repeat", "score", "help")


def cue_key(cue: Cue) -> str:
    """A cue's particulars as one text ("" for none): its retry, the words asked back, the
    command asked back, or the gap.  The random streams of the simulated teams are keyed on
    it (as on the one string a cue carried before), so records replay and simulate alike."""
    for particular in (cue.retry, cue.asked, cue.command, cue.gap):
        if particular is not None:
            return str(particular)
    return ""


class SimTable:
    """The simulated teams as one pair of ears: ``cue`` tells them which window is open,
    ``hear`` decides and says it.  They follow the game on the record it writes (replayed,
    as anyone at the table could from the board) and know the deck: the card being answered
    is the one whose answers the microphone's window expects."""

    def __init__(self, log: GameLog, seed: int, skill: float, deck: Any = None) -> None:
        self.log = log
        self.deck = deck
        self.seed = seed
        self.skill = skill
        self._next: str | None = None
        # team -> its answer to this question: said again when asked, and what "Did you say"
        # is checked against (forgotten with the question, so a resumed game goes on alike)
        self._last: dict[str, str] = {}
        self._prior: str | None = None  # what was said at the listening point before this one
        self._next_said: str | None = None  # what is said at this one
        self.meant: dict[str, str] = {}  # role -> what the team said meant (once it was heard)
        self._meaning: tuple[str, str] | None = None  # (role, meant) of the words at this point
        self.said_meaning: tuple[str, str] | None = None  # (role, meant) of the last answer said
        self._asked: Counter[tuple[Any, ...]] = Counter()
        self.again = 0
        self._pending: tuple[Cue, random.Random] | None = None  # a point decided when heard
        self._retaking: tuple[int, int] | None = None  # (lines, edits) when "undo" was confirmed
        self._replayed: tuple[tuple[int, int, bool], Game] | None = None
        self.game: Any = None  # the game as the record leaves it at this point
        self.card: Any = None  # the card answered at the last answer window
        self.read: tuple[str, ...] = ()  # its options in the order read (familie), if heard
        self._cards = answer_index(deck)
        self.capped = False  # stopped after MAX_PLAYOFF_ROUNDS play-off rounds
        # the teams answer yes to every "Did you say ...?" (``simulate --yes-sayer``)
        self.yes_sayer = bool((log.header.simulation or {}).get("yes_sayer", False))

    # --- the ears interface -------------------------------------------------------------------
    def cue(self, cue: Cue) -> None:
        game = self.game = self._game(cue)
        if not game.finished and self.playoff_rounds() >= MAX_PLAYOFF_ROUNDS:
            self.capped = True
            raise QuitGame()  # the record is saved; the summary shows no winner
        self._meaning, self._pending, self.said_meaning = None, None, None
        # a listening point asked again (a window that listens on after a shout) decides anew
        point = (cue.lines, cue.edits, cue.kind, cue.team, cue.attempt, cue_key(cue))
        again = self._asked[point]
        self._asked[point] += 1
        self.again = again  # how often this very point was heard before (a new take each time)
        rng = random.Random(
            f"{self.seed}:{cue.lines}:{cue.edits}:{cue.kind}:{cue.team}:{cue.attempt}:"
            f"{len(cue.options)}:{cue_key(cue)}" + (f":{again}" if again else "")
        )
        if cue.kind == Point.SURE:  # "Take back the last verdict?": yes when that command was said
            command = None if self._next_said is None else sure_of(parse(self._next_said))
            said = command is not None and command is cue.command
            self._next = "yes" if said else "no"
            if said and cue.command is Sure.UNDO:  # the question is asked anew from the old state
                self._retaking = (cue.lines, cue.edits)
            return
        self._pending = (cue, rng)

    def hear(self, expectation: Expectation, timeout: float) -> Heard | None:
        text = self.say_next(expectation)
        return None if text is None else Heard(text=text, confidence=1.0)

    def say_next(self, expectation: Expectation) -> str | None:
        """The words for this point, decided now and said: what they meant counts from here
        on (an answer a team typed on its phone instead was never said by the table)."""
        if self._pending is not None:
            (cue, rng), self._pending = self._pending, None
            if expectation.answers:
                # the card of the window, or the cue's when the window was narrowed by a
                # phrase the team denied ("Did you say adverb?" "No": a reject left out)
                found = self._cards.get((expectation.answers, expectation.rejects))
                self.card = found if found is not None else cue.card
                self.read = expectation.options  # the card's options as read to the team
            self._prior = self._next_said
            self._next = self._next_said = self.decide(cue, rng)
        text, self._next = self._next, None
        if self._meaning is not None:
            role, meant = self._meaning
            self.meant[role], self._meaning = meant, None
            self.said_meaning = (role, meant)
        return text

    def annotate(self, line: Mapping[str, Any]) -> dict[str, Any]:
        """The notes on an answer line as it is recorded: what each team meant, and how many
        of the line's verdicts differ from it."""
        verdicts = recorded_verdicts(line)
        misjudged = sum(
            1 for role, meant in self.meant.items() if verdicts.get(role, meant) != meant
        )
        out: dict[str, Any] = {"meant": dict(self.meant), "misjudged": misjudged}
        self.meant, self._last = {}, {}
        return out

    def close(self) -> None:
        """The game is over (a table that writes something closes it; see ``AudioTable``)."""

    def _game(self, cue: Cue) -> Game:
        """The game at this point, replayed from the record; while a question taken back is
        asked anew, as the record leaves it without its last line."""
        retaking = self._retaking == (cue.lines, cue.edits)
        key = (cue.lines, cue.edits, retaking)
        if self._replayed is None or self._replayed[0] != key:
            self._replayed = (key, self.log.replay(cue.lines - 1 if retaking else cue.lines))
        return self._replayed[1]

    def playoff_rounds(self) -> int:
        """Play-off (or tie-break) rounds played one after another at the record's end."""
        count = 0
        for line in reversed(self.log.lines[1:]):
            if "playoff" not in line and "tiebreak" not in line:
                break
            count += 1
        return count

    # --- decisions ----------------------------------------------------------------------------
    def decide(self, cue: Cue, rng: random.Random) -> str | None:
        if (
            cue.retry is Retry.SHOUT
        ):  # "Was that a Bezzerwizzer?": a team that shouted says it again
            shouted = self._prior is not None and self._prior.startswith("Bezzerwizzer")
            return self._prior if shouted else None
        if cue.kind in (Point.BEFORE, Point.ARRANGE, Point.FINAL) and cue.attempt == 0:
            correction = self._correction(rng)
            if correction is not None:
                return correction
        if cue.kind == Point.PAUSED:
            return "resume"
        if cue.kind in ANSWER_KINDS:
            return self._answer_time(cue, rng)
        if cue.kind == Point.BEFORE:
            return self._before(cue, rng)
        if cue.kind == Point.OPTIONS:  # familie: adults may attack until the options are read
            return self._shout(cue, rng, 0.15) if cue.attempt == 0 else None
        if cue.kind == Point.ARRANGE:
            return "keep it" if rng.random() < 0.5 or not cue.options else rng.choice(cue.options)
        if cue.kind == Point.CONFIRM:  # a yes-sayer says yes to anything it is asked
            return "yes" if self.yes_sayer or self._was_said(cue) else "no"
        if cue.kind == Point.KNOCKBACK:
            return rng.choice(("back", "forward"))
        if cue.kind == Point.TAKEBACK:
            return rng.choice(("take it back", "keep it"))
        return None

    def _correction(self, rng: random.Random) -> str | None:
        """Correct the quizmaster when its last verdict was not what the team meant."""
        last = self.log.lines[-1]
        body = last.get("question")
        if not isinstance(body, dict):
            return None
        meant: dict[str, str] = last.get("meant", {})
        attack = body.get("bezzerwizzer") or {}
        role, said = (
            ("attacker", attack.get("answer"))
            if attack.get("answer")
            else ("defender", body.get("answer"))
        )
        wanted = meant.get(role)
        if wanted is not None and said is not None and (wanted == "right") != (said == "right"):
            return "that was right" if wanted == "right" else "that was wrong"
        if rng.random() < 0.02:
            return "undo"
        return None

    def _before(self, cue: Cue, rng: random.Random) -> str | None:
        game, team = self.game, cue.team
        roll = rng.random()
        others = [t for t in game.teams if t != team and game.bezzerwizzers[t] > 0]
        if cue.attempt < 2 and roll < 0.12 and others:
            return f"Bezzerwizzer {rng.choice(others)}"
        if cue.attempt < 2 and roll < 0.2 and may_zwap(game, str(team)):
            return self._zwap(cue, rng)
        if cue.attempt == 0 and roll < 0.23:
            return rng.choice((*CHATTER, "pause"))
        return None

    def _shout(self, cue: Cue, rng: random.Random, chance: float) -> str | None:
        game = self.game
        others = [t for t in game.teams if t != cue.team and game.bezzerwizzers[t] > 0]
        if others and rng.random() < chance:
            return f"Bezzerwizzer {rng.choice(others)}"
        return None

    def _zwap(self, cue: Cue, rng: random.Random) -> str | None:
        game, team = self.game, cue.team
        if isinstance(game, KompaktGame):  # a blind zwap with a team still to play
            return f"zwap with {team_name(rng.choice(game.still_to_play()[1:]))}"
        tiles = [(t, s) for t in game.teams for s in range(1, 5) if game.is_open(t, s)]
        if len(tiles) < 2:
            return None
        (t1, s1), (t2, s2) = rng.sample(tiles, 2)
        first, second = game.slots[t1][s1 - 1], game.slots[t2][s2 - 1]
        own = "my" if t1 == team else f"{team_name(t1)}'s"
        return f"zwap {own} {first} with {team_name(t2)}'s {second}"

    def _answer_time(self, cue: Cue, rng: random.Random) -> str | None:
        game, card = self.game, self.card
        if card is None:
            return None
        if cue.retry is Retry.AGAIN:  # asked to say it again: the team answers, nobody shouts
            return self._answer(cue, card, rng)
        roll = rng.random()
        if cue.kind == Point.DEFENDER and cue.attempt == 0:
            others = [t for t in game.teams if t != cue.team and game.bezzerwizzers[t] > 0]
            if roll < 0.08 and others:
                return f"Bezzerwizzer {rng.choice(others)}"
            if roll < 0.11:
                return rng.choice(CHATTER)
        if cue.attempt == 0 and 0.11 <= roll < 0.13:
            return None  # thinking in silence: the quizmaster warns, then listens again
        return self._answer(cue, card, rng)

    def _answer(self, cue: Cue, card: Any, rng: random.Random) -> str:
        role = self._role_key(cue.kind, cue.team or "")
        if cue.retry is Retry.AGAIN and cue.team in self._last:
            return self._last[cue.team]  # asked to say it again: the same words
        roll, meant = rng.random(), "pass"
        rights = [card.answer, *card.accept]
        right_forms = {normalise_plain(r) for r in rights}
        wrongs = [
            w
            for w in (*card.reject, *self._competitors(card))
            if normalise_plain(w) not in right_forms
        ]
        if roll < self.skill:
            meant, text = "right", str(rng.choice(rights))
        elif roll > 0.95 or not wrongs:
            text = "pass"
        else:
            meant, text = "wrong", str(rng.choice(wrongs))
        if meant != "pass" and hears_options(self.game, cue.team, card) and rng.random() < 0.3:
            text = by_letter(self.read or card.options, text)  # familie: "option B"
        self._meaning = (role, meant)
        self._last[cue.team or ""] = text
        return text

    def _competitors(self, card: Any) -> list[str]:
        return list(self.deck.competitors(card))[:4] if self.deck is not None else []

    def _was_said(self, cue: Cue) -> bool:
        """ "Did you say <asked>?": the team's last words (numbers said either way), or another
        form of the same right answer ("Hanukkah" for "Chanukah")."""
        said = self._last.get(cue.team or "")
        if said is None:
            return False
        rights = [] if self.card is None else [self.card.answer, *self.card.accept]
        forms = {phrase_key(r) for r in rights}
        asked = phrase_key(cue.asked or "")
        return (phrase_key(said) in forms and asked in forms) or phrase_key(said) == asked

    @staticmethod
    def _role_key(kind: str, team: str) -> str:
        if kind in ("answer", "defender"):
            return "defender"
        if kind == "attacker":
            return "attacker"
        return f"playoff:{team}"

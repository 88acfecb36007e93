"""One listening point: hear (faults survived by ``hearing``) and handle the commands that
work everywhere (repeat, score, help, pause/resume, quit, undo, override); the answer clock."""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, replace

from voicemaster import lexicon
from voicemaster.host import intents
from voicemaster.host.cues import Cue, Point, Retry, Sure
from voicemaster.host.hearing import Hearing, NotCaught, QuitGame
from voicemaster.host.intents import Command, Intent, Override
from voicemaster.host.phrases import said, team_name
from voicemaster.host.point_words import (
    PAUSED,
    SURE,
    YES_NO,
    help_text,
)
from voicemaster.host.privacy import Privacy
from voicemaster.rules import Game
from voicemaster.speech.base import Ears, Expectation, Heard, Speaker, is_typed

Refuse = Callable[[Point, "bool | None"], "str | None"]


class Correction(Exception):
    """The players confirmed a correction of the last verdict: undo (``right`` is None) or
    override ("that was right": True, "... wrong": False).  Raised from any listening point up
    to the dialogue that can make it (not to be confused with ``intents.TakeBack``, a team
    taking its Bezzerwizzer back)."""

    def __init__(self, right: bool | None) -> None:
        super().__init__("take back" if right is None else f"override {right}")
        self.right = right


@dataclass
class Timing:
    before: float = 5.0  # the window for a Bezzerwizzer before the question is read
    thinking: float = 30.0  # a team's time to answer
    warning: float = 10.0  # "ten seconds" is said this long before the time runs out
    choice: float = 20.0  # arranging tiles, knock-back, take-back, yes/no
    pause: float = 600.0  # how long one pause listens for "resume" before asking again
    mic_retry: float = 2.0  # seconds between looks for a lost microphone
    max_utterances: int = 8  # per listening point: then it closes as if silent


@dataclass
class AnswerClock:
    """An answer's thinking time: silence first brings a warning ("Ten seconds."), silence
    after it is a pass ("Time is up.")."""

    timing: Timing
    warned: bool = False

    @property
    def timeout(self) -> float:
        """How long the next listening waits."""
        timing = self.timing
        return timing.warning if self.warned else timing.thinking - timing.warning

    @property
    def retry(self) -> Retry | None:
        """``Retry.LATE`` once the warning was said."""
        return Retry.LATE if self.warned else None

    def silence(self, say: Callable[[str], None]) -> bool:
        """Nothing was said: True when the time is up (said so), else the warning is said."""
        if self.warned:
            say(said("clock.up"))
            return True
        say(said("clock.ten"))
        self.warned = True
        return False


class Listener:
    def __init__(
        self,
        speaker: Speaker,
        ears: Ears,
        timing: Timing,
        context: Callable[[], tuple[Game, int, int]],
        standings: Callable[[], str],
        sleep: Callable[[float], None] = time.sleep,
        recover: Callable[[], None] | None = None,
        refuse: Refuse | None = None,
        sure_questions: dict[str, str] = SURE,
        privacy: Privacy | None = None,
    ) -> None:
        # (listening kind, right or None for undo) -> why that correction cannot be made now
        self.refuse = refuse
        self.sure_questions = sure_questions  # a command as asked back ("sure"), by command
        self.speaker = speaker
        self.timing = timing
        self.context = context  # () -> (game, record lines, edits of the last line)
        self.standings = standings
        self.privacy = privacy or Privacy()  # a live board's team codes, told when asked
        # the ears with their faults handled; ``recover``: e.g. reopen the microphone
        self.hearing = Hearing(self.say, ears, timing.mic_retry, sleep, recover)

    @property
    def ears(self) -> Ears:
        return self.hearing.ears

    @ears.setter
    def ears(self, ears: Ears) -> None:
        self.hearing.ears = ears

    def say(self, text: str) -> None:
        self.speaker.say(text)

    def ask(
        self,
        kind: Point,
        team: str | None,
        prompt: str,
        timeout: float,
        expectation: Expectation | None = None,
        card: object = None,
        retry: Retry | None = None,
        options: tuple[str, ...] = (),
        attacker: str | None = None,
        asked: str | None = None,
        gap: int | None = None,
    ) -> tuple[Intent | None, Heard | None]:
        """Listen until something other than a general command is said, or silence; ``retry``,
        ``asked`` and ``gap`` go to the cue (see ``Cue``)."""
        expectation = expectation or Expectation(commands=lexicon.COMMAND_WORDS)
        game = self.context()[0]
        categories, teams = game.categories, game.teams
        for attempt in range(self.timing.max_utterances):
            _game, lines, edits = self.context()
            cue = Cue(
                kind, team, lines, edits, attempt, card, options, attacker, retry, asked, gap=gap
            )
            try:
                heard = self.hearing.hear(cue, expectation, timeout)
            except NotCaught:
                return self.hearing.not_caught(kind)
            if heard is None:
                return None, None
            intent = intents.parse(
                heard.text,
                teams=teams,
                categories=categories,
                shout_flag=heard.bezzerwizzer,
                shout_team=heard.team,
            )
            if isinstance(intent, Override) or intent in (Command("undo"), Command("quit")):
                expectation = self._correct(intent, kind, team, expectation)
                continue
            if not self._general(intent, kind, prompt, team):
                return intent, heard
        return None, None

    def _correct(
        self, intent: Intent, kind: Point, team: str | None, expectation: Expectation
    ) -> Expectation:
        """Undo, override or quit at a listening point: asked back and made (raises), or why it
        cannot be made is said; either way the window goes on without that command."""
        why = self._cannot(intent, kind)
        if why is None:
            self._act(intent, team)  # raises when the players confirm it
        else:
            self.say(why)  # nothing to take back: the listening point goes on
        return without_command(expectation, intent)  # not heard again here

    def _general(self, intent: Intent, kind: Point, prompt: str, team: str | None) -> bool:
        """Handle a command that works everywhere; False when the intent is for the caller."""
        if isinstance(intent, intents.AskCode):
            self.say(code_reply(self.privacy, intent.team or team))
            return True
        if not isinstance(intent, Command):
            return False
        name = intent.name
        if name == "repeat":
            self.say(prompt)
        elif name == "score":
            self.say(self.standings())
        elif name == "help":
            self.say(help_text(kind))
        elif name == "pause":
            self._pause()
        elif name == "resume":
            self.say(said("pause.not_paused"))
        else:
            return False  # "pass" belongs to the caller
        return True

    def _cannot(self, intent: Intent, kind: Point) -> str | None:
        """Why an undo or override cannot be made at a listening point of ``kind`` (said
        instead of asking it back), or None."""
        if self.refuse is None or intent == Command("quit"):
            return None
        return self.refuse(kind, intent.right if isinstance(intent, Override) else None)

    def _act(self, intent: Intent, team: str | None = None) -> None:
        """Undo, override or quit, once the players confirm it (typed: at once); ``team``: the
        team the listening point was for (most likely who spoke)."""
        command = sure_of(intent)
        if command is None or not self.sure(said(self.sure_questions[command]), command, team):
            self.say(said("sure.not_done"))
            return
        if command is Sure.QUIT:
            raise QuitGame()
        raise Correction(intent.right if isinstance(intent, Override) else None)

    def sure(self, question: str, command: Sure, team: str | None = None) -> bool:
        """Yes to ``question``, asked once more when neither yes nor no was made out; a
        keyboard needs no confirmation."""
        if is_typed(self.ears):
            return True
        again = said("yes_or_no.again", question=question)
        for attempt, asked in enumerate((question, again)):
            self.say(asked)
            _game, lines, edits = self.context()
            cue = Cue(Point.SURE, team, lines, edits, attempt, command=command)
            try:
                heard = self.hearing.hear(cue, YES_NO, self.timing.choice)
            except NotCaught:
                self.hearing.not_caught(Point.SURE)
                return False  # the recognizer keeps failing: nothing changes
            reply = yes_or_no(heard, narrowly=attempt > 0)
            if reply is not None:
                return reply
        return False

    def _pause(self) -> None:
        self.say(said("pause.paused"))
        while True:
            _game, lines, edits = self.context()
            try:
                heard = self.hearing.hear(
                    Cue(Point.PAUSED, None, lines, edits),
                    PAUSED,
                    self.timing.pause,
                )
            except NotCaught:
                self.hearing.not_caught(Point.PAUSED)
                continue
            if heard is None:
                continue
            intent = intents.parse(heard.text)
            if intent == Command("quit"):
                self._act(intent)
                continue
            if isinstance(intent, Command) and intent.name == "resume":
                self.say(said("pause.resumed"))
                return


def sure_of(intent: Intent) -> Sure | None:
    """The command asked back before it is made: undo, an override or quit (else None)."""
    if isinstance(intent, Override):
        return Sure.RIGHT if intent.right else Sure.WRONG
    if intent == Command("undo"):
        return Sure.UNDO
    return Sure.QUIT if intent == Command("quit") else None


def code_reply(privacy: Privacy, team: str | None) -> str:
    """A team's board code, said when it asks (the board shows the codes only at set-up and
    while paused); ``team``: the team named, else the one the listening point is for."""
    if privacy.views is None:
        return said("code.no_board")
    if team is None:
        return said("code.which_team")
    code = privacy.views.code_of(team)
    if code is None:
        return said("code.expired")
    return said("code.yours", team=team_name(team), code=said("code.join").join(code))


def yes_or_no(heard: Heard | None, narrowly: bool) -> bool | None:
    """Yes, no, or None (not made out); ``narrowly``: also a narrowly rejected yes or no."""
    if heard is None:
        return None
    said = intents.yes_no(heard.text)
    if said is None and narrowly and heard.unclear and heard.alternatives:
        said = intents.yes_no(heard.alternatives[0])
    return said


def without_command(expectation: Expectation, intent: Intent) -> Expectation:
    """The window without the phrases of a command the players just denied ("Take back the
    last verdict?" "No"): otherwise the same words said again may be heard as that command
    again and again, until the window closes as silence (docs/tuning.md)."""
    kept = tuple(c for c in expectation.commands if intents.parse(c) != intent)
    return replace(expectation, commands=kept)

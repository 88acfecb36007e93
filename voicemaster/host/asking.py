"""From a heard answer to a verdict the quizmaster is sure of: doubts are settled, not guessed,
and never by saying a right answer aloud (docs/hearing.md, "Settling a doubt").

One hearing leads to one of three steps (``next_step``, the decision table):

* **taken**: the words are clear (not unclear, narrow or guessed, and the judge is sure), so
  the verdict stands; a narrowly rejected "pass" over words that are not right is a pass too
  (a pass scores as a wrong answer does; see docs/tuning.md).
* **asked**: the words in doubt would be judged wrong, or the judge is unsure of them:
  "Did you say <those words>?".  Saying them reveals nothing, and since only phrases that are
  not right are ever asked, a "yes" can never make an answer right: it lets a wrong verdict
  stand.  "No" (or neither yes nor no) hears the answer again, and a phrase clearly denied is
  left out of the window.
* **again**: the words in doubt would be judged right, or the recognizer is not sure of them at
  all (``Heard.unclear``), or another team still waits to answer the same question
  (``guarded``: every doubt is heard again, so the choice of question gives nothing away):
  "Sorry, I did not hear that clearly. Please say your answer again." — the same words
  whatever the doubt.  The answer heard again must stand on its own: once an answer has been
  heard again, a hearing that is still in doubt and would be right counts as not right (the
  ears' ``Heard`` already carries any second opinion of the speech layer) — unless its words
  are the recognizer's own transcript, narrow only (``policy.written``): two hearings, the
  second in Whisper's own words, count; a guess on the retake never does.  Words judged not
  right whose right form Whisper weighed itself (another of its transcripts, or an answer
  scored above its own transcript: ``policy.beam_doubt``) are such a doubt on the first
  hearing: heard again, never taken as wrong at once nor asked back.

Three hearings and two "Did you say ...?" per answer at most.  Typed answers are never asked
back.  ``commands/hear.py`` and the speech benchmark report the same ``next_step``.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import Literal

from voicemaster.decks import Card
from voicemaster.host import intents, windows
from voicemaster.host.cues import Point, Retry
from voicemaster.host.listening import Listener, Timing, yes_or_no
from voicemaster.host.phrases import said
from voicemaster.host.quiz import Judged, sure
from voicemaster.judge.text import normalise_digits
from voicemaster.locales import ENGLISH
from voicemaster.rules.actions import Answer
from voicemaster.speech.asr import policy
from voicemaster.speech.base import Expectation, Heard

# the English asking-again lines, as the simulator's transcript and the tests read them
SAY_AGAIN = ENGLISH.say("asking.say_again")
THEN_AGAIN = ENGLISH.say("asking.then_again")
MAX_HEARINGS, MAX_ASKS = 3, 2  # per answer: the first hearing and two more; two ask-backs
Decision = Literal["taken", "asked", "again"]


@dataclass(frozen=True)
class Step:
    """What the quizmaster does with one hearing: take ``judged``, ask ``ask`` back, or ask
    for the answer again."""

    decision: Decision
    judged: Judged
    ask: str | None = None  # with "asked": the words of "Did you say ...?"


@dataclass(frozen=True)
class Stage:
    """Where one answer's hearings stand when the next is weighed: whether it may still be
    heard again with ``SAY_AGAIN`` (not yet heard again, hearings left) and asked back, the
    hearing before a retake, and whether the judge takes other words as right (for a right
    form in Whisper's beam; None: not weighed)."""

    retake_left: bool = True
    ask_left: bool = True
    earlier: Heard | None = None
    right: Callable[[str], bool] | None = None


FIRST = Stage()  # a first hearing, nothing asked yet, without the beam's right forms


def next_step(judged: Judged, heard: Heard, guarded: bool, stage: Stage = FIRST) -> Step:
    """The step for one hearing (``judged``: its words judged) at ``stage``; ``guarded``:
    another team waits for this verdict."""
    if half_heard_pass(judged, heard):
        return Step("taken", Judged("pass", "pass", "pass, heard narrowly"))
    right = stage.right
    if stage.retake_left and right is not None and beam_doubted(judged, heard, right):
        return Step("again", judged)  # never asked back: that would say the right form
    if not in_doubt(judged, heard):
        return Step("taken", judged)
    if judged.answer != "right" and not heard.unclear and not guarded and stage.ask_left:
        return Step("asked", judged, heard.text)  # wrong or unsure: saying it reveals nothing
    if stage.retake_left:
        return Step("again", judged)
    if judged.answer == "right" and written_once(heard, stage.earlier):
        return Step("taken", judged)  # heard again, and written so by the recognizer itself
    return Step("taken", not_right(judged))


def beam_doubted(judged: Judged, heard: Heard, right: Callable[[str], bool]) -> bool:
    """Whether words judged not right are a doubt, not a verdict: Whisper weighed a right form
    itself (``policy.beam_doubt``).  Only heard again: the retake must stand on its own.  A
    command said plainly ("pass") stays a command."""
    if judged.answer == "right" or isinstance(intents.parse(heard.text), intents.Command):
        return False
    return policy.beam_doubt(heard, right) is not None


def written_once(heard: Heard, earlier: Heard | None) -> bool:
    """Whether a retake's words (in doubt) stand: the recognizer wrote them itself on the
    retake, or on the take before, which heard the same words (a guess alone never stands:
    a competitor's audio is guessed as the window's answer, never written so)."""
    if policy.written(heard):
        return True
    if earlier is None or heard.unclear or earlier.unclear:
        return False
    return policy.written(earlier) and phrase_key(earlier.text) == phrase_key(heard.text)


def in_doubt(judged: Judged, heard: Heard) -> bool:
    """The recognizer's doubt (unclear, narrow or a guess) or the judge's (unsure)."""
    return judged.answer == "unsure" or policy.in_doubt(heard)


def not_right(judged: Judged) -> Judged:
    """A hearing still in doubt when nothing is left to ask: what is not clearly right is
    not right."""
    if judged.answer != "right":
        return judged
    return Judged("wrong", "", "right words heard only in doubt, and heard again")


@dataclass(frozen=True)
class Answering:
    """What asking one team's answer to one card back needs of the quizmaster: its voice and
    listening, the judge of that card, and the card's answer window."""

    say: Callable[[str], None]
    listener: Listener
    timing: Timing
    typed: Callable[[], bool]  # the answer came from a keyboard: nothing to ask back
    judge: Callable[[str], Judged]
    window: Callable[[], Expectation]


class AskBack:
    """One team's answer to one card, asked back where the quizmaster is not sure."""

    def __init__(self, answering: Answering, card: Card, team: str, role: str) -> None:
        self.answering, self.card, self.team, self.role = answering, card, team, role
        self.denied: set[str] = set()  # phrases the team said "no" to: not offered again

    def judge(self, text: str) -> Judged:
        return self.answering.judge(text)

    def right(self, text: str) -> bool:
        return self.judge(text).answer == "right"

    def verdict(self, text: str, heard: Heard | None, guarded: bool) -> Answer:
        """right | wrong | pass; what is not clearly right counts as not right."""
        judged = self.judge(text)
        if not self.answering.typed():
            judged = self.settle(judged, heard or Heard(text), guarded)
        return sure(judged.answer)

    def settle(self, judged: Judged, heard: Heard, guarded: bool) -> Judged:
        """The verdict once the doubts are settled (silence when asked again: a pass): each
        hearing's step (``next_step``) taken, asked back or heard again, within the caps."""
        hearings, asks, retaken, earlier = 1, 0, False, None
        while True:
            retake_left = not retaken and hearings < MAX_HEARINGS
            stage = Stage(retake_left, asks < MAX_ASKS, earlier, self.right)
            step = next_step(judged, heard, guarded, stage)
            if step.decision == "taken":
                return step.judged
            prompt = said("asking.say_again")
            if step.ask is not None:
                asks += 1
                reply = self.confirmed(step.ask)
                if reply:
                    return judged  # never right: only words that are not right are asked
                if reply is False:
                    self.denied.add(phrase_key(step.ask))
                if hearings == MAX_HEARINGS:
                    return Judged("wrong", "", "denied, and no hearing left")
                prompt = said("asking.then_again")
            again = self.listen_again(prompt)
            if again is None:
                return Judged("pass", "", "silent when asked again")
            earlier, heard, judged = heard, again, self.judge(again.text)
            hearings, retaken = hearings + 1, True

    def listen_again(self, prompt: str) -> Heard | None:
        """Ask the team to say its answer again and listen for it (None: silence)."""
        answering, card = self.answering, self.card
        answering.say(prompt)
        kind = Point.DEFENDER if self.role == "defender" else Point(self.role)
        exp = without(answering.window(), self.denied)
        _i, heard = answering.listener.ask(
            kind,
            self.team,
            said("card.question", question=card.question),
            answering.timing.choice,
            exp,
            card,
            Retry.AGAIN,
        )
        return heard

    def confirmed(self, text: str) -> bool | None:
        """ "Did you say <text>?": True (yes), False (a clear no) or None (not made out).

        Asked once more when neither yes nor no was made out, or a no only narrowly: a no
        takes the phrase out of the window, and a yes misheard as no is mostly heard only
        narrowly, a real no seldom (docs/tuning.md).  The second time a yes or no
        the recognizer rejected narrowly counts (after "Did you say" people answer yes or no),
        but a narrow no again leaves the phrase in the window (None)."""
        answering, prompt = self.answering, said("asking.did_you_say", text=text)
        for again, asked in enumerate((prompt, said("yes_or_no.again", question=prompt))):
            answering.say(asked)
            _i, heard = answering.listener.ask(
                Point.CONFIRM,
                self.team,
                asked,
                answering.timing.choice,
                windows.confirm(),
                self.card,
                asked=text,
            )
            reply = yes_or_no(heard, narrowly=again > 0)
            if reply is False and heard is not None and heard.narrow:
                if again:
                    return None
                continue
            if reply is not None:
                return reply
        return None


def half_heard_pass(judged: Judged, heard: Heard) -> bool:
    """Words judged wrong where the recognizer narrowly rejected "pass": a pass."""
    if judged.answer != "wrong" or not heard.unclear or not heard.alternatives:
        return False
    return intents.parse(heard.alternatives[0]) == intents.Command("pass")


def without(expectation: Expectation, denied: set[str]) -> Expectation:
    """The window without the phrases the team denied ("Did you say X?" "No"), so the
    recognizer cannot force the answer said again onto the same wrong phrase."""
    if not denied:
        return expectation

    def keep(phrases: tuple[str, ...]) -> tuple[str, ...]:
        return tuple(p for p in phrases if phrase_key(p) not in denied)

    return replace(
        expectation,
        answers=keep(expectation.answers),
        rejects=keep(expectation.rejects),
        options=keep(expectation.options),
        competitors=keep(expectation.competitors),
    )


def phrase_key(text: str) -> str:
    """A phrase as heard and as written alike ("8" and "eight", "Coca-Cola" and "coca cola")."""
    return normalise_digits(text)

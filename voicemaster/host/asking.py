"""From a heard answer to a verdict the quizmaster is sure of: doubts are asked, not guessed.

* The judge is unsure (a partial match): "Did you say <the words heard>?"
* The recognizer accepted its phrase only narrowly (``Heard.narrow``): the same question,
  with the phrase it heard, so a right answer heard as another one is not marked wrong.
* The recognizer is not sure of the words (``Heard.unclear``: a phrase rejected narrowly, no
  path through the grammar, or Whisper's own doubt), right or not: "Please say your answer again",
  without a hint; when the first hearing held a phrase that would be right and the second is
  still unclear, that phrase is asked back: "Did you say <that phrase>?".

A narrowly rejected "pass" whose words are not right counts as a pass (a pass scores as a wrong
answer does, and such hearings are passes; see docs/tuning.md).

"Yes" lets the words stand; "no" asks for the answer again, and the phrase clearly denied is
left out of the window, so the recognizer cannot land on it again; the answer heard again is
settled like the first (three hearings and two ask-backs at most).  Neither yes nor no made
out, or a no only narrowly: asked once more (see ``AskBack.confirmed``).  Typed answers are
never asked back.  ``guarded``: another team still waits to answer the same question (an
attacker), so the quizmaster never says the right answer aloud: a right phrase heard narrowly
stands as heard, and an unclear one counts as not right (players can say "that was right").
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace

from voicemaster.decks import Card
from voicemaster.host import intents, windows
from voicemaster.host.channels import Point
from voicemaster.host.intents import normalize
from voicemaster.host.listening import Listener, Timing, yes_or_no
from voicemaster.host.quiz import Judged, sure
from voicemaster.judge.numbers import words_to_digits
from voicemaster.rules.actions import Answer
from voicemaster.speech.base import Expectation, Heard

SAY_AGAIN = "Sorry, I did not hear that clearly. Please say your answer again."
THEN_AGAIN = "Then please say your answer again."
MAX_HEARINGS, MAX_ASKS = 3, 2  # per answer: the first hearing and two more; two ask-backs


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

    def verdict(self, text: str, heard: Heard | None, guarded: bool) -> Answer:
        """right | wrong | pass; what is not clearly right counts as not right."""
        judged = self.judge(text)
        if not self.answering.typed():
            judged = self.settle(judged, heard or Heard(text), guarded)
        return sure(judged.answer)

    def settle(self, judged: Judged, heard: Heard, guarded: bool) -> Judged:
        """The verdict once the doubts are settled (silence when asked again: a pass).

        At most three hearings and two "Did you say ...?" per answer: an unclear hearing is
        asked for again once (``SAY_AGAIN``), a doubtful phrase is asked back, and after a
        "no" the answer is heard again."""
        hearings, asks, retaken = 1, 0, False
        hint: str | None = None  # a right phrase an unclear hearing held
        while True:
            if guarded and heard.guessed:
                heard = unasked(heard)
                judged = self.judge(heard.text)
            hint = self.right_alternative(heard) or hint
            if half_heard_pass(judged, heard):
                return Judged("pass", "pass", "pass, heard narrowly")
            if not retaken and hearings < MAX_HEARINGS and self.unclear(heard):
                prompt = SAY_AGAIN
            else:
                phrase = self.doubt(judged, heard, guarded, hint if retaken else None)
                if phrase is None or asks == MAX_ASKS:
                    return judged
                asks += 1
                said = self.confirmed(phrase)
                if said:
                    return judged if phrase == heard.text else self.judge(phrase)
                if said is False:
                    self.denied.add(phrase_key(phrase))
                hint = None
                if hearings == MAX_HEARINGS:
                    return Judged("wrong", "", "denied, and no hearing left")
                prompt = THEN_AGAIN
            again = self.listen_again(prompt)
            if again is None:
                return Judged("pass", "", "silent when asked again")
            heard, judged, hearings, retaken = again, self.judge(again.text), hearings + 1, True

    def unclear(self, heard: Heard) -> bool:
        """The recognizer is not sure of the words (``Heard.unclear``): asked for again before
        anything is judged on them, right words too (an open-vocabulary recognizer prompted
        with the answer can land on it: "Ayrton Senna" heard as "Argentina")."""
        return heard.unclear

    def doubt(self, judged: Judged, heard: Heard, guarded: bool, hint: str | None) -> str | None:
        """The phrase to ask back ("Did you say ...?"), if the verdict is in doubt; ``hint``: a
        right phrase an earlier hearing held, the answer since heard again."""
        if judged.answer == "unsure":
            return heard.text  # the judge's doubt: the team's own words
        if judged.answer == "wrong" and heard.unclear and hint and not guarded:
            return hint  # a right phrase rejected narrowly, and the retake unclear too
        may_ask = judged.answer == "wrong" or (judged.answer == "right" and not guarded)
        return heard.text if heard.narrow and may_ask else None

    def right_alternative(self, heard: Heard) -> str | None:
        """The phrase the recognizer rejected narrowly (``Heard.unclear``), if it is right."""
        if not heard.unclear:
            return None
        for alt in heard.alternatives:
            if alt != heard.text and self.judge(alt).answer == "right":
                return alt
        return None

    def listen_again(self, prompt: str) -> Heard | None:
        """Ask the team to say its answer again and listen for it (None: silence)."""
        answering, card = self.answering, self.card
        answering.say(prompt)
        kind = Point.ANSWER if self.role == "defender" else Point(self.role)
        exp = without(answering.window(), self.denied)
        _i, heard = answering.listener.ask(
            kind, self.team, card.question, answering.timing.choice, exp, card, "again"
        )
        return heard

    def confirmed(self, text: str) -> bool | None:
        """ "Did you say <text>?": True (yes), False (a clear no) or None (not made out).

        Asked once more when neither yes nor no was made out, or a no only narrowly: a no
        takes the phrase out of the window, and a yes misheard as no is mostly heard only
        narrowly, a real no seldom (docs/tuning.md).  The second time a yes or no
        the recognizer rejected narrowly counts (after "Did you say" people answer yes or no),
        but a narrow no again leaves the phrase in the window (None)."""
        answering, prompt = self.answering, f"Did you say {text}?"
        for again, asked in enumerate((prompt, f"{prompt} Please say yes or no.")):
            answering.say(asked)
            _i, heard = answering.listener.ask(
                Point.CONFIRM,
                self.team,
                asked,
                answering.timing.choice,
                windows.confirm(),
                self.card,
                text,
            )
            said = yes_or_no(heard, narrowly=again > 0)
            if said is False and heard is not None and heard.narrow:
                if again:
                    return None
                continue
            if said is not None:
                return said
        return None


def unasked(heard: Heard) -> Heard:
    """A guess (``Heard.guessed``) that cannot be asked back, because another team waits and
    asking would say the right answer aloud: heard as the words Whisper wrote, unclearly, so it
    is asked for again and never judged right on the guess."""
    written = heard.alternatives[1] if len(heard.alternatives) > 1 else heard.text
    return replace(heard, text=written, unclear=True, narrow=False, guessed=False)


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
    return " ".join(words_to_digits(normalize(text).split()))

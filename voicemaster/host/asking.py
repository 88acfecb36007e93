"""From a heard answer to a verdict the quizmaster is sure of: doubts are asked, not guessed.

* The judge is unsure (a partial match): "Did you say <the words heard>?"
* The recognizer accepted its phrase only narrowly (``Heard.narrow``): the same question,
  with the phrase it heard, so a right answer heard as another one is not marked wrong.
* The recognizer rejected a phrase that would be right, but narrowly (``Heard.unclear``):
  "Please say your answer again", without a hint; still unclear the second time, the quizmaster
  asks "Did you say <that phrase>?".

A narrowly rejected "pass" whose words are not right counts as a pass (a pass scores as a wrong
answer does; in 16 simulated games all 6 such hearings were a pass).

"Yes" lets the words stand; "no" asks for the answer again (twice at most), and the phrase
denied is left out of the window, so the recognizer cannot land on it again.  Neither yes nor
no made out: asked once more, and then a narrowly rejected yes or no counts.  Typed answers are
never asked back.  ``guarded``: another team still waits to answer the same question (an
attacker), so the quizmaster never says the right answer aloud: a right phrase heard narrowly
stands as heard, and an unclear one counts as not right (players can say "that was right").
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from voicemaster.decks import Card
from voicemaster.host import intents, windows
from voicemaster.host.intents import normalize
from voicemaster.host.quiz import Judged
from voicemaster.judge.numbers import words_to_digits
from voicemaster.speech.base import Expectation, Heard

if TYPE_CHECKING:
    from voicemaster.host.dialogue import Quizmaster

SAY_AGAIN = "Sorry, I did not hear that clearly. Please say your answer again."
THEN_AGAIN = "Then please say your answer again."


class AskBack:
    """One team's answer to one card, asked back where the quizmaster is not sure."""

    def __init__(self, qm: Quizmaster, card: Card, team: str, role: str) -> None:
        self.qm, self.card, self.team, self.role = qm, card, team, role
        self.denied: set[str] = set()  # phrases the team said "no" to: not offered again

    def judge(self, text: str) -> Judged:
        qm = self.qm
        return qm.quiz.judge(text, self.card, qm.heard_options(self.card, self.team))

    def verdict(self, text: str, heard: Heard | None, guarded: bool) -> str:
        """right | wrong | pass; what is not clearly right counts as not right."""
        judged = self.judge(text)
        if heard is not None and not self.qm.typed():
            got = self._recheck(judged, heard, guarded)
            if got is None:
                return "pass"
            text, judged = got
        if judged.answer == "unsure" and not self.qm.typed():
            judged = self.ask_back(text, judged)
        return judged.answer if judged.answer != "unsure" else "wrong"

    def _recheck(self, judged: Judged, heard: Heard, guarded: bool) -> tuple[str, Judged] | None:
        """The words and verdict after the recognizer's doubts are settled (None: silence)."""
        if half_heard_pass(judged, heard):
            return "pass", Judged("pass", "pass", "pass, heard narrowly")
        if judged.answer == "wrong" and self.right_alternative(heard) is not None:
            again = self.listen_again(SAY_AGAIN)
            if again is None:
                return None
            heard, judged = again, self.judge(again.text)
            if half_heard_pass(judged, heard):
                return "pass", Judged("pass", "pass", "pass, heard narrowly")
            phrase = self.right_alternative(heard)
            if judged.answer == "wrong" and phrase is not None and not guarded:
                return phrase, self.ask_back(phrase, self.judge(phrase))
        may_ask = judged.answer == "wrong" or (judged.answer == "right" and not guarded)
        if heard.narrow and may_ask:
            return heard.text, self.ask_back(heard.text, judged)
        return heard.text, judged

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
        qm, card = self.qm, self.card
        qm.say(prompt)
        kind = "answer" if self.role == "defender" else self.role
        exp = without(qm.answer_expectation(card, self.team), self.denied)
        _i, heard = qm.listener.ask(
            kind, self.team, card.question, qm.timing.choice, exp, card, "again"
        )
        return heard

    def ask_back(self, text: str, judged: Judged) -> Judged:
        """ "Did you say <text>?": yes keeps ``judged``; no hears the answer again."""
        for _ in range(2):
            if self.confirmed(text):
                return judged
            self.denied.add(phrase_key(text))
            again = self.listen_again(THEN_AGAIN)
            if again is None:
                return Judged("pass", "", "silent when asked again")
            text, judged = again.text, self.judge(again.text)
            if judged.answer != "unsure":
                break
        return judged

    def confirmed(self, text: str) -> bool:
        """ "Did you say <text>?", asked once more when neither yes nor no was made out; the
        second time a yes or no the recognizer rejected narrowly counts (after "Did you say"
        people answer yes or no)."""
        qm, prompt = self.qm, f"Did you say {text}?"
        for again, asked in enumerate((prompt, f"{prompt} Please say yes or no.")):
            qm.say(asked)
            _i, heard = qm.listener.ask(
                "confirm", self.team, asked, qm.timing.choice, windows.confirm(), self.card, text
            )
            said = yes_or_no(heard, narrowly=again > 0)
            if said is not None:
                return said
        return False


def half_heard_pass(judged: Judged, heard: Heard) -> bool:
    """Words judged wrong where the recognizer narrowly rejected "pass": a pass."""
    if judged.answer != "wrong" or not heard.unclear or not heard.alternatives:
        return False
    return intents.parse(heard.alternatives[0]) == intents.Command("pass")


def yes_or_no(heard: Heard | None, narrowly: bool) -> bool | None:
    """Yes, no, or None (not made out); ``narrowly``: also a narrowly rejected yes or no."""
    if heard is None:
        return None
    said = intents.yes_no(heard.text)
    if said is None and narrowly and heard.unclear and heard.alternatives:
        said = intents.yes_no(heard.alternatives[0])
    return said


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

"""judge(): from what was heard to a verdict.

The steps: what kind of utterance (silence, pass, negation, hedge, self-correction, a
multiple-choice letter) -> normalise and expand -> an option named by letter, position or a
part only it has -> match against the key's forms -> decide against every competitor;
"the red one" is judged again as "red".
"""

from __future__ import annotations

from voicemaster.judge.choice import by_letter, by_part, which_one
from voicemaster.judge.counting import without_counted
from voicemaster.judge.forms import Expanded, Form, expand, make_form
from voicemaster.judge.match import decide
from voicemaster.judge.model import AnswerKey, Verdict
from voicemaster.judge.reply import (
    after_correction,
    before_negation,
    is_hedge,
    is_negation,
    is_pass,
    lite,
    strip_pass_opener,
    without_backing_band,
)
from voicemaster.judge.text import drop_framing, finish, tokens


def _pass(reason: str) -> Verdict:
    return Verdict("pass", 0.0, None, reason)


def _judge_heard(toks: list[str], heard: Form, key: AnswerKey, ex: Expanded) -> Verdict:
    """The options (by letter, position or a part only one option has), then the matcher; a
    number said with the noun its question counts is judged as the number ("seven dwarfs")."""
    if key.options:
        verdict = by_letter(toks, heard, key) or by_part(heard, key)
        if verdict is not None:
            return verdict
    verdict = decide(heard, ex)
    if verdict.verdict != "right" and ex.numeric_answer:
        number = without_counted(heard.toks, ex.counted)
        if number is not None:
            return decide(make_form(heard.source, number, "spoken"), ex)
    return verdict


def judge(spoken: str, key: AnswerKey) -> Verdict:
    """Judge what a team said against the card's answer key."""
    ex = expand(key)
    toks = lite(spoken)
    if not toks:
        said = make_form(spoken, tokens(spoken, key=True), "spoken")  # "ER" is no filler
        if said.compact and said.compact in ex.right_exact:
            return decide(said, ex)
        return _pass("nothing was said")
    whole = make_form(spoken, finish(toks), "spoken")
    if whole.compact in ex.right_exact and whole.compact not in ex.other_exact:
        return decide(whole, ex)
    if is_pass(toks) or is_pass(drop_framing(toks)):
        return _pass("not an answer")
    toks = strip_pass_opener(after_correction(toks))
    if is_pass(toks) or is_pass(drop_framing(toks)):
        return _pass("not an answer")
    if is_negation(toks):
        return _pass("a negation names no answer")
    toks = before_negation(toks)
    if not ex.says_or and is_hedge(drop_framing(toks)):
        return _pass("a hedge names more than one answer")
    heard = make_form(spoken, finish(toks), "spoken")
    if not heard.toks:
        return _pass("nothing was said")
    verdict = _judge_heard(toks, heard, key, ex)
    other = _read_otherwise(toks, spoken, key, ex) if verdict.verdict != "right" else None
    if other is not None:
        return other
    return _read_without_and(toks, spoken, key, ex, verdict)


def _reread(words: list[str], spoken: str, key: AnswerKey, ex: Expanded) -> Verdict:
    """``words`` (a reading of ``spoken``) judged on their own."""
    return _judge_heard(words, make_form(spoken, finish(words), "spoken"), key, ex)


def _read_otherwise(toks: list[str], spoken: str, key: AnswerKey, ex: Expanded) -> Verdict | None:
    """The verdict of another reading of words judged not right, where one decides: "Bob
    Marley and the Wailers" is right when "Bob Marley" is; "the red one" is judged as "red"."""
    solo = without_backing_band(drop_framing(toks))
    if solo is not None:
        alt = _reread(solo, spoken, key, ex)
        if alt.verdict == "right":
            return alt
    framed = which_one(drop_framing(toks), key)
    if framed is not None:
        words, sure = framed
        alt = _reread(words, spoken, key, ex)
        if sure or alt.verdict == "right":
            return alt
    return None


def _read_without_and(
    toks: list[str], spoken: str, key: AnswerKey, ex: Expanded, verdict: Verdict
) -> Verdict:
    """Words begun with "and" read both ways.  A recognizer writes a spoken "an" as "and"
    ("and obtuse angle"), and a leading "and" says nothing more: right when the words
    without it are right.  But "and arctic" also sounds like "Antarctic": where the words
    without "and" are a reject or another answer of the card ("Arctic"), a verdict that rests
    on the sound of the whole is not clear, so it is unsure (asked back in the team's words)."""
    if len(toks) < 2 or toks[0] != "and":
        return verdict
    alt = _reread(toks[1:], spoken, key, ex)
    if alt.verdict == "right":
        return alt
    named_other = alt.verdict == "wrong" and any(f.source == alt.matched for f in ex.others)
    if verdict.verdict == "right" and named_other:
        return Verdict("unsure", 0.5, verdict.matched, f"also {alt.matched!r} after 'and'")
    return verdict

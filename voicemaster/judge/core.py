"""judge(): from what was heard to a verdict.

The steps: what kind of utterance (silence, pass, negation, hedge, self-correction, a
multiple-choice letter) -> normalise and expand -> match against the key's forms -> decide
against every competitor.
"""

from __future__ import annotations

from voicemaster.judge.forms import Expanded, Form, expand, forms_of, make_form
from voicemaster.judge.intent import (
    after_correction,
    before_negation,
    choice_index,
    is_hedge,
    is_negation,
    is_pass,
    lite,
    strip_pass_opener,
)
from voicemaster.judge.match import decide
from voicemaster.judge.model import AnswerKey, Verdict
from voicemaster.judge.text import drop_framing, finish, tokens


def _pass(reason: str) -> Verdict:
    return Verdict("pass", 0.0, None, reason)


def _choice(toks: list[str], spoken: Form, key: AnswerKey, ex: Expanded) -> Verdict | None:
    """A multiple-choice answer given by letter or position ("B", "the second one")."""
    option_texts = {f.compact for text in key.options for f in forms_of(text) if f.kind == "full"}
    if spoken.compact in option_texts:
        return None  # the option's own text: the ordinary matcher decides
    index = choice_index(toks)
    if index is None:
        return None
    if not -len(key.options) <= index < len(key.options):
        return Verdict("wrong", 0.0, None, f"there is no option {index + 1}")
    option = key.options[index]
    chosen = forms_of(option)
    if chosen and chosen[0].compact in ex.right_exact:
        return Verdict("right", 1.0, option, f"chose option {'ABCDEF'[index % 6]}")
    return Verdict("wrong", 0.0, option, f"chose option {'ABCDEF'[index % 6]}, not the answer")


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
    if key.options:
        verdict = _choice(toks, heard, key, ex)
        if verdict is not None:
            return verdict
    return decide(heard, ex)

"""The second opinion: when it is asked, and what the policy decides from two hearings."""

from __future__ import annotations

from dataclasses import replace

from voicemaster.speech.asr import policy, second_opinion
from voicemaster.speech.base import Expectation, Heard, Signals

WINDOW = Expectation(
    answers=("Danube",),
    competitors=("Volga", "Rhine"),
    commands=("pass", "repeat"),
    teams=("red", "blue"),
)
NARROW = (policy.LIMITS.unclear_logprob + policy.LIMITS.narrow_logprob) / 2
CLEAR = -0.1
UNCLEAR = policy.LIMITS.unclear_logprob - 0.3


def _heard(text: str, logprob: float, shout: bool = False, team: str | None = None) -> Heard:
    return Heard(text, (text,), bezzerwizzer=shout, team=team, signals=Signals(logprob))


def _both(first: Heard, second: Heard) -> Heard:
    return policy.review(replace(first, second=second), WINDOW)


def test_a_narrow_phrase_heard_clearly_again_is_taken_on_trust() -> None:
    first = _heard("danube", NARROW)
    assert policy.review(first, WINDOW).narrow
    settled = _both(first, _heard("danube", CLEAR))
    assert (settled.text, settled.narrow, settled.unclear) == ("danube", False, False)


def test_two_hearings_that_disagree_stay_in_doubt() -> None:
    settled = _both(_heard("danube", NARROW), _heard("volga", CLEAR))
    assert settled.text == "danube" and settled.narrow
    # a second opinion in doubt itself confirms nothing
    assert _both(_heard("danube", NARROW), _heard("danube", NARROW)).narrow


def test_an_unclear_hearing_stays_unclear_and_a_clear_one_stays_as_it_was() -> None:
    assert _both(_heard("danube", UNCLEAR), _heard("danube", CLEAR)).unclear
    clear = _both(_heard("volga", CLEAR), _heard("danube", CLEAR))
    assert (clear.text, clear.narrow) == ("volga", False)


def test_a_guess_is_confirmed_only_by_the_same_phrase_heard_clearly() -> None:
    # "the danny" is none of the window's answers; scored, "danube" comes close: a guess
    signals = Signals(CLEAR, scores=(("danube", -1.5), ("volga", -6.0)), own=-1.0)
    first = Heard("the danny", ("the danny",), signals=signals)
    guessed = policy.review(first, WINDOW)
    assert guessed.guessed and guessed.text == "danube"
    confirmed = _both(first, _heard("danube", CLEAR))
    assert (confirmed.text, confirmed.guessed, confirmed.narrow) == ("danube", False, False)
    assert _both(first, _heard("rhine", CLEAR)).guessed


def test_a_shout_heard_whole_by_the_second_opinion() -> None:
    # "Bezzerwizzer red" as tiny.en wrote it for an espeak-ng voice
    first = _heard("danube with a red", CLEAR)
    assert policy.wants_second(policy.review(first, WINDOW), WINDOW)
    shout = _both(first, _heard("bezzerwizzer red", CLEAR, shout=True, team="red"))
    assert (shout.bezzerwizzer, shout.team, shout.narrow) == (True, "red", False)
    # the team must be the one the first hearing had: no shout is made up from a bare answer
    assert not _both(_heard("danube", CLEAR), _heard("bezzerwizzer red", CLEAR, True, "red")).team
    other = _both(first, _heard("bezzerwizzer blue", CLEAR, shout=True, team="blue"))
    assert not other.bezzerwizzer
    # a shout without its team gets the team the second opinion heard clearly
    bare = _both(_heard("bezzerwizzer", CLEAR, shout=True), _heard("bezzerwizzer blue", CLEAR,
                                                                       True, "blue"))  # fmt: skip
    assert (bare.bezzerwizzer, bare.team) == (True, "blue")


def test_a_second_opinion_is_asked_only_where_the_first_is_in_doubt() -> None:
    asked: list[bytes] = []

    class Again:
        name = "again"

        def hear(self, pcm: bytes, expectation: Expectation) -> Heard:
            asked.append(pcm)
            return _heard("danube", CLEAR)

        def wants(self, heard: Heard, expectation: Expectation) -> bool:
            return policy.wants_second(heard, expectation)

    clear = second_opinion.consult(_heard("danube", CLEAR), b"\0\0", WINDOW, Again())
    assert clear.second is None and not asked
    narrow = second_opinion.consult(_heard("danube", NARROW), b"\1\1", WINDOW, Again())
    assert narrow.second is not None and asked == [b"\1\1"]
    assert not policy.review(narrow, WINDOW).narrow
    # nothing heard, or no second opinion at all: nothing asked
    assert second_opinion.consult(_heard("", CLEAR), b"", WINDOW, Again()).second is None
    assert second_opinion.consult(_heard("danube", NARROW), b"", WINDOW, None).second is None
    assert len(asked) == 1


def test_in_a_window_of_shouts_alone_only_a_possible_shout_is_asked_about() -> None:
    shouts = Expectation(teams=("red", "blue"))
    talk = policy.review(_heard("which river flows through four capitals", UNCLEAR), shouts)
    assert talk.unclear and not policy.wants_second(talk, shouts)
    assert policy.wants_second(policy.review(_heard("the red one", UNCLEAR), shouts), shouts)


# ------------------------------------------------------------------- vouching (no prompt)

GAP, MARGIN = policy.LIMITS.vouch_gap, policy.LIMITS.vouch_margin
ACCEPTS = replace(WINDOW, answers=("Danube", "Donau"), rejects=("Danube Delta",))


def _bare(own: float, **scores: float) -> Heard:
    """A vouching hearing: the unprompted transcript's own score, and each phrase's."""
    pairs = tuple((phrase.replace("_", " "), score) for phrase, score in scores.items())
    signals = Signals(-0.5, scores=pairs, own=own, prompted=False)
    return Heard("the danny ube", signals=signals)


def _vouched(first: Heard, bare: Heard, window: Expectation = WINDOW) -> Heard:
    return policy.review(replace(first, second=bare), window)


def test_a_narrow_phrase_the_unprompted_hearing_vouches_for_is_taken() -> None:
    narrow = _heard("danube", NARROW)
    assert policy.wants_vouch(policy.review(narrow, WINDOW), WINDOW)
    near = _bare(-3.0, danube=-3.0 - GAP + 0.1, volga=-3.0 - GAP - MARGIN, pass_=-20.0)
    taken = _vouched(narrow, near)
    assert (taken.text, taken.narrow, taken.guessed) == ("danube", False, False)


def test_no_vouching_far_below_the_transcript_or_near_a_rival() -> None:
    far = _bare(-3.0, danube=-3.0 - GAP - 0.1, volga=-30.0)
    assert _vouched(_heard("danube", NARROW), far).narrow
    close = _bare(-3.0, danube=-3.0, volga=-3.0 - MARGIN + 0.1)
    assert _vouched(_heard("danube", NARROW), close).narrow
    # a near miss of the card is a rival too (a "Danube Delta" said must not make "danube")
    delta = _bare(-3.0, danube=-3.0, volga=-30.0, danube_delta=-3.5)
    assert _vouched(_heard("danube", NARROW), delta, ACCEPTS).narrow
    unscored = _bare(-3.0, volga=-30.0)
    assert _vouched(_heard("danube", NARROW), unscored).narrow


def test_a_right_answers_other_forms_are_not_its_rivals() -> None:
    forms = _bare(-3.0, danube=-3.0, donau=-3.2, volga=-30.0, danube_delta=-30.0)
    assert not _vouched(_heard("danube", NARROW), forms, ACCEPTS).narrow
    # ... but for a wrong phrase every other phrase is
    wrong = _bare(-3.0, volga=-3.0, rhine=-3.2, danube=-30.0)
    assert _vouched(_heard("volga", NARROW), wrong).narrow


def test_vouching_settles_a_guess_but_never_an_unclear_hearing_or_a_shout() -> None:
    signals = Signals(CLEAR, scores=(("danube", -1.5), ("volga", -6.0)), own=-1.0)
    guess = Heard("the danny", ("the danny",), signals=signals)
    assert policy.review(guess, WINDOW).guessed
    sure = _bare(-3.0, danube=-3.0, volga=-30.0)
    taken = _vouched(guess, sure)
    assert (taken.text, taken.guessed, taken.narrow) == ("danube", False, False)
    assert _vouched(_heard("danube", UNCLEAR), sure).unclear
    unclear = policy.review(_heard("danube", UNCLEAR), WINDOW)
    assert not policy.wants_vouch(unclear, WINDOW)
    shout = policy.review(_heard("bezzerwizzer", NARROW, shout=True), WINDOW)
    assert not policy.wants_vouch(shout, WINDOW)
    assert not policy.wants_vouch(policy.review(_heard("danube", CLEAR), WINDOW), WINDOW)


# ---------------------------------------------------- a grammar recognizer (pocketsphinx)


def _grammar(text: str, narrow: bool = False, unclear: bool = False) -> Heard:
    """A grammar recognizer's report: its phrase and its fusion's flags, no signals."""
    return Heard(text, (text,), 0.8, narrow=narrow, unclear=unclear)


def test_a_right_form_in_doubt_heard_clearly_by_the_grammar_is_taken() -> None:
    taken = _both(_heard("danube", NARROW), _grammar("danube"))
    assert (taken.text, taken.narrow, taken.guessed) == ("danube", False, False)
    # the grammar's own doubt confirms nothing, nor does another phrase
    assert _both(_heard("danube", NARROW), _grammar("danube", narrow=True)).narrow
    assert _both(_heard("danube", NARROW), _grammar("danube", unclear=True)).narrow
    assert _both(_heard("danube", NARROW), _grammar("volga")).narrow
    # a phrase its verification rejected (without free decoding: neither narrow nor unclear)
    rejected = replace(_grammar("danube"), confidence=policy.GRAMMAR.accepted - 0.1)
    assert _both(_heard("danube", NARROW), rejected).narrow


def test_the_grammar_confirms_no_wrong_phrase_no_unclear_hearing_and_no_shout() -> None:
    # a competitor heard narrowly stays in doubt: it is asked back as today
    assert _both(_heard("volga", NARROW), _grammar("volga")).narrow
    assert _both(_heard("danube", UNCLEAR), _grammar("danube")).unclear
    shout = _both(_heard("bezzerwizzer", NARROW, shout=True), _grammar("bezzerwizzer"))
    assert shout.narrow and shout.bezzerwizzer
    # the variant that settles unclear hearings too, only on the same right form
    unclear = policy.review(_heard("danube", UNCLEAR), WINDOW)
    assert not policy.confirmed(unclear, _grammar("danube"), WINDOW, unclear=True).unclear
    assert policy.confirmed(unclear, _grammar("volga"), WINDOW, unclear=True).unclear


def test_a_guess_of_the_answer_is_confirmed_by_the_grammar_hearing_it_clearly() -> None:
    signals = Signals(CLEAR, scores=(("danube", -1.5), ("volga", -6.0)), own=-1.0)
    guess = Heard("the danny", ("the danny",), signals=signals)
    taken = _both(guess, _grammar("danube"))
    assert (taken.text, taken.guessed, taken.narrow) == ("danube", False, False)


def test_the_grammar_is_asked_only_about_a_right_form_in_doubt() -> None:
    asked: list[str] = []

    class Grammar(second_opinion.GrammarOpinion):
        def __init__(self) -> None:
            self.name = "grammar"

        def hear(self, pcm: bytes, expectation: Expectation) -> Heard:
            asked.append(pcm.decode())
            return _grammar("danube")

    for text, logprob in (("danube", CLEAR), ("volga", NARROW), ("danube", UNCLEAR)):
        assert second_opinion.consult(_heard(text, logprob), b"x", WINDOW, Grammar()).second is None
    got = second_opinion.consult(_heard("danube", NARROW), b"y", WINDOW, Grammar())
    assert got.second is not None and asked == ["y"]
    assert not policy.review(got, WINDOW).narrow

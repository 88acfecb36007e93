"""What was heard: one place turns a recognizer's report into a decision.

Recognizers only report (a transcript, and Whisper's signals or the grammar fusion's
flags); this module decides, without I/O, whether an utterance was

* ``nothing``: no speech worth an answer (a cough, a knock, room noise): keep listening;
* ``unclear``: words, but the recognizer is not sure of them: ask for them again;
* ``command``: one of the window's commands, said plainly;
* ``phrase``: words to judge (``narrow`` when a verdict resting on them is better asked back).

Every threshold is in :data:`LIMITS`; ``docs/hearing.md`` tells where the values come from.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import Literal

from rapidfuzz import fuzz

from voicemaster.judge.numbers import words_to_digits
from voicemaster.lexicon import REPLIES
from voicemaster.speech.asr import shouts
from voicemaster.speech.asr.grammar import spoken
from voicemaster.speech.base import Expectation, Heard, Signals

Kind = Literal["phrase", "unclear", "nothing", "command"]


@dataclass(frozen=True)
class Limits:
    """The thresholds of the policy (Whisper's signals; see docs/hearing.md)."""

    # no speech: Whisper's no-speech probability over this, with a low log-probability
    no_speech: float = 0.6
    no_speech_logprob: float = -0.8
    # unclear: mean token log-probability under this (about one token in three doubted)
    unclear_logprob: float = -1.0
    # a loop (the same words over and over): compression ratio over this
    loop_compression: float = 2.4
    # narrow: a transcript accepted, but with a log-probability under this
    narrow_logprob: float = -0.7
    # a transcript this long (words) is not an answer but talk at the table
    max_words: int = 12
    # a phrase of the window among Whisper's other transcripts, this close to its best (mean
    # token log-probability) and over the floor, is taken instead of a doubtful best that is
    # not in the window (under snap_below), narrowly: "hey" for a real "eight"
    snap_margin: float = 0.35
    snap_floor: float = -1.3
    snap_below: float = -0.5
    # a guess: the transcript is none of the window's answers (and at most guess_words long),
    # but the best-scored answer, scored as the transcript, comes within guess_gap of the
    # transcript's own score and guess_margin ahead of the next answer: taken narrowly
    guess_gap: float = 2.0
    guess_margin: float = 0.5
    guess_floor: float = -5.0  # ... and scores at least this itself
    guess_words: int = 3
    # a clear transcript this alike the best-scored answer (rapidfuzz ratio, 0..1) is judged
    # as written, not guessed: "george is simenon" for "Georges Simenon"
    guess_alike: float = 0.85
    # farther from the transcript (up to wide_gap) an answer is guessed only when it stands
    # wide_margin ahead of every other answer and scores at least wide_floor: "bye" for a
    # real "five" that scored 3 below the transcript
    wide_gap: float = 4.0
    wide_margin: float = 3.0
    wide_floor: float = -4.5
    # vouching (a second opinion without the prompt, speech/asr/second_opinion.py): a doubtful
    # phrase is taken on trust when, scored as the transcript without the prompt, it comes
    # within vouch_gap of the unprompted transcript's own score and vouch_margin ahead of
    # every other phrase of the window (a right answer's other forms are not its rivals)
    vouch_gap: float = 2.0
    vouch_margin: float = 3.0


LIMITS = Limits()


@dataclass(frozen=True)
class GrammarLimits:
    """The thresholds of the grammar recognizers (pocketsphinx verified against its phone
    loop, vosk fused with free decoding); applied by :mod:`voicemaster.speech.asr.fusion`."""

    accept_llr: float = -5.0  # log-likelihood ratio a small window's phrase needs
    accept_llr_large: float = -16.0  # ... a window of ``large`` phrases or more
    small: int = 16  # phrases: the threshold moves from accept_llr ...
    large: int = 48  # ... to accept_llr_large between these sizes
    llr_scale: float = 8.0  # llr units from the threshold to a confidence of about 0.73
    min_cover: float = 0.6  # share of the speech the phrase's words must cover
    agree: float = 0.8  # agreement from which vosk's free decoding confirms the phrase
    unclear_llr: float = 28.0  # a phrase rejected by less than this is unclear, not wrong
    narrow_llr: float = 11.0  # a phrase accepted by less than this is narrow
    shout_llr: float = 10.0  # a shout phrase needs this (stricter than answers)
    vosk_sure: float = 0.8  # vosk word confidence from which the phrase is taken as heard
    early_confidence: float = 0.5  # confidence from which a complete phrase ends early
    accepted: float = 0.5  # confidence of a phrase the verification accepted (fusion.verify)


GRAMMAR = GrammarLimits()


@dataclass(frozen=True)
class Decision:
    kind: Kind
    text: str  # the words to act on ("" for nothing)
    narrow: bool = False  # a phrase, but a verdict on it is better asked back
    guess: bool = False  # the window's answer Whisper preferred only when asked about it
    why: str = ""  # which limit decided, for logs and benchmarks


def command_of(text: str, expectation: Expectation) -> str | None:
    """The window's command ``text`` is, said plainly ("Pass." is "pass"), if any."""
    said = spoken(text)
    for command in expectation.commands:
        if said and spoken(command) == said:
            return command
    return None


def judge_signals(text: str, signals: Signals, limits: Limits = LIMITS) -> Decision:
    """Whisper's transcript and signals -> nothing, unclear, or a phrase (perhaps narrow)."""
    if not text:
        return Decision("nothing", "", why="no words")
    if signals.no_speech > limits.no_speech and signals.logprob < limits.no_speech_logprob:
        return Decision("nothing", "", why=f"no speech {signals.no_speech:.2f}")
    if signals.echo:
        return Decision("unclear", text, why="the prompt read back")
    if signals.compression > limits.loop_compression:
        return Decision("unclear", text, why=f"loop {signals.compression:.1f}")
    if signals.logprob < limits.unclear_logprob:
        return Decision("unclear", text, why=f"logprob {signals.logprob:.2f}")
    if len(text.split()) > limits.max_words:
        return Decision("unclear", text, why="too long for an answer")
    narrow = signals.logprob < limits.narrow_logprob or bool(signals.collapsed)
    return Decision("phrase", text, narrow=narrow, why=f"logprob {signals.logprob:.2f}")


def window_phrases(expectation: Expectation) -> set[str]:
    """The window's phrases as Whisper's transcripts are normalised."""
    return {spoken(p) for p in expectation.phrases()} - {""}


def snapped(text: str, signals: Signals, expectation: Expectation, limits: Limits = LIMITS) -> (
    tuple[str, float] | None
):  # fmt: skip
    """The window's phrase Whisper weighed nearly as likely as its best transcript, when the
    best is not one of the window's phrases."""
    phrases = window_phrases(expectation)
    if not phrases or text in phrases or signals.logprob >= limits.snap_below:
        return None
    floor = max(limits.snap_floor, signals.logprob - limits.snap_margin)
    return next(
        ((alt, lp) for alt, lp in signals.nbest[1:] if alt in phrases and lp >= floor), None
    )


def _one_number(text: str) -> bool:
    """A single number heard: the number said, never turned into the window's ("7" heard
    clearly in a window prompted with "5" scored "5" within the gap)."""
    said = words_to_digits(text.split())
    return len(said) == 1 and said[0].isdigit()


def _begins(text: str, phrase: str) -> bool:
    """Whether ``text`` begins with the words of ``phrase``, numbers as digits ("thirty two
    degrees" begins with "32"): Whisper wrote the answer, and more.  Counting ("one five")
    ends with it instead."""
    said, words = words_to_digits(text.split()), words_to_digits(phrase.split())
    return bool(words) and said[: len(words)] == words


def _alike(text: str, phrase: str, limits: Limits) -> bool:
    """Whether ``text`` begins with ``phrase`` or is spelt nearly as it ("george is simenon"
    for "georges simenon")."""
    return _begins(text, phrase) or fuzz.ratio(text, phrase) >= 100 * limits.guess_alike


def guessed(text: str, signals: Signals, limits: Limits = LIMITS) -> tuple[str, float] | None:
    """The window's answer Whisper finds nearly as likely as its own transcript when each is
    scored as the transcript (``Signals.scores``), clearly ahead of the other answers (the
    farther below the transcript, the farther ahead it must be): "bye" for a real "five".
    None when the transcript is itself an answer (nothing was scored)."""
    if not signals.scores or len(text.split()) > limits.guess_words or _one_number(text):
        return None
    ranked = sorted(signals.scores, key=lambda scored: -scored[1])
    best, top = ranked[0]
    if signals.logprob >= limits.narrow_logprob and _alike(text, best, limits):
        return None  # the answer was heard clearly: the judge reads the transcript
    runner_up = ranked[1][1] if len(ranked) > 1 else float("-inf")
    gap = signals.own - top
    if gap <= limits.guess_gap:
        floor, margin = limits.guess_floor, limits.guess_margin
    else:
        floor, margin = limits.wide_floor, limits.wide_margin
    if gap > limits.wide_gap or top < floor or top - runner_up < margin:
        return None
    return best, top


def only_team_names(text: str, expectation: Expectation) -> bool:
    """Whether ``text`` is nothing but team names: the prompt's names read back, as no
    answer outside the window is ("Rat" heard as "red" in a window that hears shouts)."""
    names = {w for team in expectation.teams for w in spoken(team).split()} | {"team", "teams"}
    said = text.split()
    return bool(expectation.teams) and bool(said) and set(said) <= names


def _window_words(text: str, signals: Signals, expectation: Expectation) -> Decision | None:
    """What the window's own phrases settle: a repeated phrase said once that the window
    expects ("four four" -> "four"; "nineteen nineteen" stays when it is expected), or team
    names alone, or a bare yes or no, that it does not (a "pass" was heard as "yes")."""
    phrases = window_phrases(expectation)
    if text in phrases:
        return None
    if signals.collapsed in phrases:
        return Decision("phrase", signals.collapsed, narrow=True, why="a repetition read once")
    if only_team_names(text, expectation):
        return Decision("unclear", text, why="team names alone")
    if text in REPLIES:
        return Decision("unclear", text, why="a bare reply where none is asked for")
    return None


def _whisper(heard: Heard, signals: Signals, expectation: Expectation, limits: Limits) -> Decision:
    decision = judge_signals(heard.text, signals, limits)
    if decision.kind == "nothing" or heard.bezzerwizzer:
        return decision
    phrases = window_phrases(expectation)
    if decision.kind == "phrase" and signals.collapsed and heard.text in phrases:
        # a repetition the window expects is said on purpose ("fifty fifty")
        return replace(decision, narrow=signals.logprob < limits.narrow_logprob)
    # a repetition of one of the window's phrases is heard, read once, not guessed
    guess = None if signals.collapsed in phrases else guessed(heard.text, signals, limits)
    if guess is not None:
        return Decision("phrase", guess[0], narrow=True, guess=True, why=f"guess {guess[1]:.2f}")
    settled = _window_words(heard.text, signals, expectation)
    if settled is not None:
        return settled
    snap = snapped(heard.text, signals, expectation, limits)
    if snap is None:
        return decision
    return Decision("phrase", snap[0], narrow=True, why=f"window phrase at {snap[1]:.2f}")


def decide(heard: Heard, expectation: Expectation, limits: Limits = LIMITS) -> Decision:
    """The decision on one utterance in the window ``expectation``."""
    if heard.signals is not None:
        decision = _whisper(heard, heard.signals, expectation, limits)
    elif not heard.text.strip() and not heard.bezzerwizzer:
        decision = Decision("nothing", "", why="no words")
    elif heard.unclear:
        decision = Decision("unclear", heard.text, why="grammar phrase rejected narrowly")
    else:
        decision = Decision("phrase", heard.text, narrow=heard.narrow, why="grammar")
    if decision.kind == "phrase" and (command := command_of(decision.text, expectation)):
        return Decision("command", command, decision.narrow, decision.guess, decision.why)
    return decision


def review(heard: Heard, expectation: Expectation, limits: Limits = LIMITS) -> Heard:
    """``heard`` with the decision written into the flags the host reads (``unclear``,
    ``narrow``; nothing: no text).  A shout stands only on a clear phrase.  With a second
    opinion attached (``Heard.second``), both are reviewed and :func:`settle` decides."""
    if heard.signals is None:
        return heard
    first = _reviewed(heard, expectation, limits)
    if heard.second is None:
        return first
    if heard.second.signals is None:  # a grammar recognizer's report: its own flags
        return confirmed(first, heard.second, expectation)
    if not heard.second.signals.prompted:
        return vouched(first, heard.second.signals, expectation, limits)
    return settle(first, _reviewed(heard.second, expectation, limits), expectation)


def _reviewed(heard: Heard, expectation: Expectation, limits: Limits) -> Heard:
    assert heard.signals is not None
    if (shout := shouts.heard(heard, expectation)) is not None:
        return shout  # the shout phrases' scores name a team (speech/asr/shouts.py)
    decision = decide(heard, expectation, limits)
    if decision.kind == "nothing":
        return replace(heard, text="", alternatives=(), bezzerwizzer=False, team=None)
    unclear = decision.kind == "unclear"
    text = heard.text if decision.kind == "command" and not decision.guess else decision.text
    phrases = window_phrases(expectation)
    others = [alt for alt, _lp in heard.signals.nbest if alt in phrases and alt != text]
    return replace(
        heard,
        text=text,
        alternatives=tuple(dict.fromkeys([text, heard.text, *others])),
        unclear=unclear,
        narrow=decision.narrow and not unclear,
        guessed=decision.guess,
        bezzerwizzer=heard.bezzerwizzer and not unclear,
        team=heard.team if not unclear else None,
    )


def beam_doubt(heard: Heard, right: Callable[[str], bool], scored: bool = True) -> Heard | None:
    """A reviewed hearing whose words are not right, made a doubt of the right form Whisper
    weighed itself: another of its transcripts (n-best), or one of the window's answers that,
    scored as the transcript, beats the transcript's own score ("do you want to best it",
    n-best "buena vista").  ``right``: whether the judge takes a form as right.  The doubt
    is narrow and guessed, so it is heard again, and neither it nor a retake after it stands
    on it (:func:`written` is False for it); ``scored``: the answers scored count too.
    None: no such form, or nothing to doubt (no Whisper signals, no words, unclear already,
    a shout)."""
    signals = heard.signals
    if signals is None or not heard.text or heard.unclear or heard.bezzerwizzer:
        return None
    ahead = [answer for answer, score in signals.scores if scored and score > signals.own]
    forms = dict.fromkeys([*(alt for alt, _lp in signals.nbest), *ahead])
    form = next((f for f in forms if f and f != heard.text and right(f)), None)
    if form is None:
        return None
    return replace(heard, text=form, alternatives=(form, heard.text), narrow=True, guessed=True)


# ---------------------------------------------------------------------------- second opinion


def in_doubt(heard: Heard) -> bool:
    """Whether a reviewed hearing is one the host would not take on trust."""
    return heard.narrow or heard.guessed or heard.unclear


def written(heard: Heard) -> bool:
    """Whether a reviewed hearing's words are the transcript Whisper wrote itself (its best,
    a repetition read once), neither a guess nor another of its transcripts nor unclear."""
    signals = heard.signals
    if signals is None or not signals.nbest or heard.guessed or heard.unclear:
        return False
    return bool(heard.text) and heard.text == signals.nbest[0][0]


def clear(heard: Heard) -> bool:
    """A reviewed hearing with words, taken on trust."""
    return bool(heard.text) and not in_doubt(heard)


def _team_words(expectation: Expectation) -> set[str]:
    return {w for team in expectation.teams for w in spoken(team).split()}


def shout_candidate(heard: Heard, expectation: Expectation) -> bool:
    """Whether a reviewed hearing may be a shout the first hearing did not read whole: in a
    window that hears shouts, a shout without its team, or a team's name among other words
    ("danube with a red" for "Bezzerwizzer red")."""
    if not expectation.teams or not heard.text:
        return False
    if heard.bezzerwizzer:
        return heard.team is None
    return bool(set(heard.text.split()) & _team_words(expectation))


def wants_second(heard: Heard, expectation: Expectation) -> bool:
    """Whether a second opinion on the same audio is worth its time: the reviewed first
    hearing is in doubt in a window with phrases to hear (a window of shouts alone has
    none: only a shout counts there), or may be a shout."""
    if not heard.text and not heard.bezzerwizzer:
        return False
    doubt = in_doubt(heard) and bool(expectation.phrases())
    return doubt or shout_candidate(heard, expectation)


def wants_vouch(heard: Heard, expectation: Expectation) -> bool:
    """Whether a vouching hearing (:func:`vouched`) could settle a reviewed hearing: a phrase
    in doubt (narrow or guessed, not unclear, no shout) in a window with answers."""
    doubt = (heard.narrow or heard.guessed) and not heard.unclear and not heard.bezzerwizzer
    return doubt and bool(heard.text) and bool(expectation.answers)


def _shout_settled(first: Heard, second: Heard) -> Heard | None:
    """A shout with its team heard clearly by the second opinion, where the first heard a
    shout without a team or the team's name without the shout."""
    if not (second.bezzerwizzer and second.team and clear(second)):
        return None
    if first.bezzerwizzer and first.team is None:
        return replace(first, team=second.team)
    if second.team.lower() in first.text.split():
        whole = (second.text,)
        return replace(first, text=second.text, alternatives=whole, unclear=False, narrow=False,
                       guessed=False, bezzerwizzer=True, team=second.team)  # fmt: skip
    return None


def settle(first: Heard, second: Heard, expectation: Expectation) -> Heard:
    """The decision from two reviewed hearings of the same audio: a doubtful phrase that the
    second opinion hears clearly as the same phrase is taken on trust; a shout the second
    opinion hears with its team is a shout.  Anything else stays as the first decided."""
    shout = _shout_settled(first, second) if shout_candidate(first, expectation) else None
    if shout is not None:
        return shout
    if not in_doubt(first) or not clear(second) or second.bezzerwizzer:
        return first
    if first.unclear or second.text != first.text:
        return first
    return replace(first, narrow=False, guessed=False)


def vouch_figures(
    phrase: str, bare: Signals, expectation: Expectation
) -> tuple[float, float] | None:
    """How far ``phrase``, scored without the prompt, is below the unprompted transcript's own
    score, and how far ahead of the window's other phrases (None: it was not scored)."""
    scores = dict(bare.scores)
    if phrase not in scores:
        return None
    answers = {spoken(a) for a in expectation.answers}
    kin = answers if phrase in answers else {phrase}
    rivals = [score for other, score in scores.items() if other not in kin]
    ahead = scores[phrase] - max(rivals, default=scores[phrase] - 99.0)
    return bare.own - scores[phrase], ahead


def vouched(first: Heard, bare: Signals, expectation: Expectation, limits: Limits) -> Heard:
    """``first`` taken on trust when the vouching hearing (``bare``: the same audio without the
    prompt) finds its phrase about as likely as its own transcript and clearly ahead of the
    window's other phrases: the prompt did not pull it in.  Anything else stays as it was."""
    if not (first.narrow or first.guessed) or first.unclear or first.bezzerwizzer:
        return first
    figures = vouch_figures(first.text, bare, expectation)
    if figures is None:
        return first
    behind, ahead = figures
    if behind > limits.vouch_gap or ahead < limits.vouch_margin:
        return first
    return replace(first, narrow=False, guessed=False)


# ------------------------------------------------------------- a grammar recognizer's opinion


def answer_phrases(expectation: Expectation) -> set[str]:
    """The window's right forms as every recognizer's words are compared."""
    return {spoken(a) for a in expectation.answers} - {""}


def wants_grammar(heard: Heard, expectation: Expectation, unclear: bool = False) -> bool:
    """Whether a grammar recognizer's hearing (:func:`confirmed`) could settle a reviewed
    hearing: a phrase in doubt (narrow or a guess; unclear too with ``unclear``), no shout,
    whose words are one of the window's right forms."""
    doubt = heard.narrow or heard.guessed or (unclear and heard.unclear)
    if not doubt or heard.bezzerwizzer:
        return False
    return spoken(heard.text) in answer_phrases(expectation)


def confirmed(
    first: Heard, grammar: Heard, expectation: Expectation, unclear: bool = False
) -> Heard:
    """``first`` (reviewed) taken on trust when a grammar recognizer heard the same audio
    *clearly* (its fusion's flags: accepted, not narrow, not unclear; no shout) as the words of
    ``first``, and those words are a right form of the window: two recognizers, one free and
    one held to the window's phrases, agree.  Anything else stays as the first decided."""
    if not wants_grammar(first, expectation, unclear):
        return first
    doubt = grammar.narrow or grammar.unclear or grammar.guessed or grammar.bezzerwizzer
    if doubt or grammar.confidence < GRAMMAR.accepted:  # in doubt, or its phrase rejected
        return first
    if spoken(grammar.text) != spoken(first.text):
        return first
    return replace(first, narrow=False, guessed=False, unclear=False)

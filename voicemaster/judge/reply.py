"""What kind of reply an utterance is: a pass, a negation, a hedge, a correction, a choice,
yes/no (the words of a pass and of yes and no come from ``voicemaster.lexicon``).

These work on "lite" tokens: folded, tokenised, fillers dropped, but numbers and letters kept
as said ("the second one", "option bee").
"""

from __future__ import annotations

from voicemaster.judge.text import drop_fillers, drop_framing, fold, tokenise
from voicemaster.lexicon import AFFIRM, DENY, PASS_ANSWERS


def lite(text: str) -> list[str]:
    """Folded tokens without fillers (numbers and letters still as said)."""
    return drop_fillers(tokenise(fold(text)))


PASSES = frozenset(tuple(lite(p)) for p in PASS_ANSWERS)
_PASS_OPENERS = tuple(sorted((p for p in PASSES if len(p) > 1), key=len, reverse=True))
_CORRECTIONS = (("i", "mean"), ("i", "meant"), ("no", "wait"), ("wait",), ("actually",),
                ("or", "rather"), ("no", "no"), ("scratch", "that"), ("correction",),
                ("sorry",), ("no",))  # fmt: skip
_NEGATION_LEAD = frozenset({"definitely", "certainly", "surely", "its", "it", "is"})
NEGATORS = frozenset({"not", "isnt", "wasnt", "never", "aint", "neither"})
_LETTERS: dict[str, int] = {
    "a": 0, "ay": 0, "eh": 0, "b": 1, "bee": 1, "be": 1, "c": 2, "see": 2, "sea": 2, "cee": 2,
    "si": 2, "d": 3, "dee": 3, "e": 4, "ee": 4, "f": 5, "eff": 5,
}  # fmt: skip
_ORDINALS: dict[str, int] = {
    "first": 0, "1st": 0, "second": 1, "2nd": 1, "third": 2, "3rd": 2, "fourth": 3, "4th": 3,
    "fifth": 4, "5th": 4, "sixth": 5, "6th": 5,
}  # fmt: skip
_CARDINALS: dict[str, int] = {
    "one": 0, "1": 0, "two": 1, "to": 1, "too": 1, "2": 1, "three": 2, "3": 2, "four": 3,
    "for": 3, "4": 3, "five": 4, "5": 4, "six": 5, "6": 5,
}  # fmt: skip
_CHOICE_WORDS = frozenset({"option", "letter", "answer", "choice", "number"})
_AFFIRM = frozenset(tuple(lite(p)) for p in AFFIRM)  # a whole reply: "not quite"
_DENY = frozenset(tuple(lite(p)) for p in DENY)
_YES = frozenset(p[0] for p in _AFFIRM if len(p) == 1)  # a word of a longer reply
_NO = frozenset(p[0] for p in _DENY if len(p) == 1)


def after_correction(toks: list[str]) -> list[str]:
    """A self-correction keeps what follows it: "Paris, no wait, Lyon" -> "Lyon"."""
    for k in range(len(toks) - 1, 0, -1):
        for marker in _CORRECTIONS:
            n = len(marker)
            if tuple(toks[k : k + n]) == marker and k + n < len(toks):
                return toks[k + n :]
    return toks


def strip_pass_opener(toks: list[str]) -> list[str]:
    """ "I don't know, maybe Paris" -> "maybe Paris"."""
    for opener in _PASS_OPENERS:
        n = len(opener)
        if len(toks) > n and tuple(toks[:n]) == opener:
            return toks[n:]
    return toks


def is_pass(toks: list[str]) -> bool:
    return not toks or tuple(toks) in PASSES


def is_negation(toks: list[str]) -> bool:
    """ "not Jupiter", "it's not Jupiter", "definitely not Mars"."""
    toks = drop_framing(toks)
    for k, tok in enumerate(toks[:3]):
        if tok in NEGATORS:
            return all(t in _NEGATION_LEAD for t in toks[:k])
    return False


def before_negation(toks: list[str]) -> list[str]:
    """ "Saturn, not Jupiter" -> "Saturn"."""
    for k, tok in enumerate(toks):
        if k > 0 and tok in NEGATORS:
            head = toks[:k]
            while head and head[-1] in ("but", "and", "its", "it", "is"):
                head = head[:-1]
            return head or toks
    return toks


def without_backing_band(toks: list[str]) -> list[str] | None:
    """ "Bob Marley and the Wailers" -> "Bob Marley": a singer named with the band behind
    them (one to three words after "and the", ending in a plural or "band", no "of": not "the
    Goblet of Fire").  None when the words end otherwise.  The judge takes the shorter form
    only when it is then right."""
    for k in range(1, len(toks) - 2):
        if toks[k : k + 2] != ["and", "the"]:
            continue
        tail = toks[k + 2 :]
        plural = tail[-1] == "band" or (tail[-1].endswith("s") and not tail[-1].endswith("ss"))
        if 1 <= len(tail) <= 3 and plural and "of" not in tail:
            return toks[:k]
    return None


def is_hedge(toks: list[str]) -> bool:
    """Two answers at once: "Paris or London", "either Iran or Iraq"."""
    if "or" not in toks:
        return False
    parts: list[list[str]] = [[]]
    for tok in toks:
        if tok == "or":
            parts.append([])
        elif tok != "either":
            parts[-1].append(tok)
    return sum(1 for p in parts if p) >= 2


def choice_index(toks: list[str]) -> int | None:
    """Which option a multiple-choice answer names: "B", "option bee", "the second one"."""
    toks = [
        t for t in drop_framing(toks) if t not in ("the", "please", "one", "go", "with")
    ] or toks
    if len(toks) == 2 and toks[0] in _CHOICE_WORDS:
        word = toks[1]
        return _LETTERS.get(word, _CARDINALS.get(word))
    if len(toks) == 2 and toks[1] in _CHOICE_WORDS:
        return _ORDINALS.get(toks[0])
    if toks == ["last"]:
        return -1
    if len(toks) == 1:
        word = toks[0]
        return _LETTERS.get(word, _ORDINALS.get(word))
    return None


def yes_no(spoken: str) -> bool | None:
    """A confirmation: True for "yes", "yeah", "that's right"; False for "no", "nope",
    "wrong", "that's not right"; None when it is neither (or both)."""
    toks = lite(spoken)
    if tuple(toks) in _AFFIRM or tuple(toks) in _DENY:
        return tuple(toks) in _AFFIRM
    yes = no = False
    for k, tok in enumerate(toks):
        negated = k > 0 and toks[k - 1] in NEGATORS
        if tok in _YES:
            no, yes = (True, yes) if negated else (no, True)
        elif tok in _NO or tok in NEGATORS and k + 1 == len(toks):
            no = True
    if yes == no:
        return None
    return yes

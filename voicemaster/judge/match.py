"""Scoring one spoken form against the forms of a key, and the decision against competitors."""

from __future__ import annotations

from rapidfuzz import fuzz, process

from voicemaster.judge.forms import Expanded, Form
from voicemaster.judge.known import known_thing
from voicemaster.judge.model import Verdict
from voicemaster.judge.names import DESCRIPTORS, FIRST_NAMES, UNITS
from voicemaster.judge.phonetic import phonetic_key

T_RIGHT = 0.88  # at least this similar to a right form to be right
T_UNSURE = 0.72  # at least this similar to be worth a "Did you say ...?"
MARGIN = 0.08  # how much closer to the answer than to any competitor a fuzzy match must be
_SHORT = 4  # forms this short tolerate only an identical sound


def _extension(a: str, b: str) -> bool:
    """One word is the other plus a syllable: "niger"/"nigeria", "guinea"/"guineabissau"."""
    short, long_ = (a, b) if len(a) < len(b) else (b, a)
    return len(long_) - len(short) >= 2 and (long_.startswith(short) or long_.endswith(short))


def _more_sounds(s: Form, f: Form) -> bool:
    """One says the other's sounds plus more at the start or end: another word, not a slip
    ("alkaloid"/"alkali", "Georgian"/"Georgia", "Bolivia"/"Olivia", "Kenyan"/"Kenya")."""
    if len(s.toks) != len(f.toks):
        return False
    for a in (s.phon, s.phon_alt):
        for b in (f.phon, f.phon_alt):
            short, long_ = (a, b) if len(a) < len(b) else (b, a)
            if len(short) < 2 or len(short) >= len(long_):
                continue
            if long_.startswith(short):
                extra = long_[len(short) :]
            elif long_.endswith(short):
                extra = long_[: -len(short)]
            else:
                continue
            # a vowel alone is often spelling ("wasabe"); a sound or two letters more is not
            if extra.strip("A") or abs(len(s.compact) - len(f.compact)) >= 2:
                return True
    return False


def _other_person(s: Form, f: Form) -> bool:
    """Another person of the same surname or first name: "Pierre Curie" for "Marie Curie",
    "Stephen King" for "Stephen Hawking"."""
    if len(s.toks) < 2 or len(f.toks) < 2 or f.toks[0] not in FIRST_NAMES:
        return False
    if s.toks[-1] == f.toks[-1]:
        a, b = s.toks[0], f.toks[0]
        return a != b and a in FIRST_NAMES and phonetic_key(a) != phonetic_key(b)
    if s.toks[0] == f.toks[0]:
        a, b = s.toks[-1], f.toks[-1]
        if phonetic_key(a) == phonetic_key(b):
            return False
        return abs(len(a) - len(b)) >= 2 or fuzz.ratio(a, b) < 60
    return False


def _contained(s: Form, f: Form) -> float:
    """The form inside a longer answer: "the planet Jupiter" (right), "Paris France" (unsure)."""
    n = len(f.toks)
    if n >= len(s.toks):
        return 0.0
    for k in range(len(s.toks) - n + 1):
        if s.toks[k : k + n] == f.toks:
            extra = s.toks[:k] + s.toks[k + n :]
            if all(t in DESCRIPTORS for t in extra):
                return 0.95
            return 0.75 if f.kind == "full" else 0.0
    return 0.0


def similarity(s: Form, f: Form) -> float:
    """How likely the spoken form `s` is a saying of the key form `f` (0..1)."""
    if s.numbers != f.numbers:
        return 0.0  # a different number is a different answer
    if s.compact == f.compact:
        return 1.0
    if f.numeric:  # "fifty percent" for 50%, but not "26.2 kilometres" for 26.2 miles
        extra = set(s.toks) - set(f.toks)
        has_unit = any(not t[:1].isdigit() for t in f.toks)
        return 0.96 if all(t in UNITS for t in extra) and not (extra and has_unit) else 0.3
    if _other_person(s, f):
        return 0.4
    char = fuzz.ratio(s.compact, f.compact) / 100.0
    if _extension(s.compact, f.compact):
        char = min(char, 0.6)
    same_sound = bool({s.phon, s.phon_alt} & {f.phon, f.phon_alt})
    if not same_sound and _more_sounds(s, f):
        return max(min(char, 0.6), _contained(s, f))
    if min(len(f.compact), len(s.compact)) <= _SHORT:  # "lurk" is no slip for "Lurch"
        score = 0.8 if s.phon == f.phon and char >= 0.5 else char * 0.7
    elif same_sound and (char >= 0.7 or len(s.toks) == len(f.toks)):
        score = max(char, 0.9 if len(f.compact) >= 6 else 0.8)
    elif same_sound:  # the same sounds split into other words: "Indonesian", "bow house"
        score = max(char, 0.75)
    else:
        phon = fuzz.ratio(s.phon, f.phon) / 100.0
        score = char if phon < 0.9 else (char + phon) / 2
    return max(score, _contained(s, f))


def _best(s: Form, forms: tuple[Form, ...]) -> tuple[float, Form | None]:
    best, which = 0.0, None
    for form in forms:
        score = similarity(s, form)
        if score > best:
            best, which = score, form
    return best, which


def _best_other(s: Form, ex: Expanded) -> tuple[float, Form | None]:
    """The closest reject/option/competitor; a C-speed pre-filter keeps this cheap."""
    if s.compact in ex.other_exact and s.numbers == ex.other_exact[s.compact].numbers:
        return 1.0, ex.other_exact[s.compact]
    hits = process.extract(
        s.compact, ex.other_compacts, scorer=fuzz.ratio, score_cutoff=45, limit=None
    )
    near = tuple(ex.others[k] for _, _, k in hits)
    for key in {s.phon, s.phon_alt}:
        near += tuple(f for f in ex.others_by_sound.get(key, ()) if f not in near)
    return _best(s, near)


def _known_name(s: Form, ex: Expanded) -> tuple[str, bool] | None:
    """A real name on the knowledge list (country, capital, planet, element): the name, and
    whether it is a spelling of the answer ("Kiev" for Kyiv) rather than another thing
    ("Australia" for Austria).  A common word that sounds exactly like it is left alone
    ("Chile" may be "chilli" misheard), but a place that sounds like another place is not
    ("Mali"/"Malawi")."""
    core = [t for t in s.toks if t not in DESCRIPTORS] or list(s.toks)
    name = "".join(core)
    thing = known_thing(name)
    if thing is None:
        return None
    for form in ex.right:
        theirs = known_thing(form.compact)
        if theirs == thing:
            return " ".join(core), True
        if form.compact == name:
            return None
        if theirs is None and {s.phon, s.phon_alt} & {form.phon, form.phon_alt}:
            return None
    return " ".join(core), False


def decide(s: Form, ex: Expanded) -> Verdict:
    """Right only when clearly closer to a right form than to any competitor."""
    right, rform = _best(s, ex.right)
    other, oform = _best_other(s, ex)
    trap = next((t for t in ex.traps if s.compact == t.compact), None)
    if right < 1.0 and trap is not None:
        why = "a first name alone" if trap.toks[0] in FIRST_NAMES else "only the generic part"
        return Verdict("wrong", 0.1, None, why)
    against = _against_other(right, rform, other, oform)
    if against is not None:
        return against
    if rform is None:
        return Verdict("wrong", 0.0, None, "no resemblance to the answer")
    return _by_resemblance(s, ex, (right, rform), other)


def _against_other(
    right: float, rform: Form | None, other: float, oform: Form | None
) -> Verdict | None:
    """The verdict when a competitor (or a partial form) fits at least as well, else None."""
    if oform is None:
        return None
    if right >= 1.0 and rform is not None and rform.kind == "full" and oform.kind != "full":
        return Verdict("right", 1.0, rform.source, "exactly a form the card accepts")
    if other < right:
        return None
    if right >= 1.0:
        source = rform.source if rform else None
        return Verdict("unsure", 0.5, source, f"fits both the answer and {oform.source!r}")
    why = f"closer to {oform.source!r}"
    return Verdict("wrong", round(min(right, 1 - other) / 2, 3), oform.source, why)


def _by_resemblance(s: Form, ex: Expanded, best: tuple[float, Form], other: float) -> Verdict:
    """The verdict from how closely the words resemble the best right form."""
    right, rform = best
    known = _known_name(s, ex) if right < 1.0 else None
    if known is not None and known[1] and other < 1.0:
        return Verdict("right", 0.95, rform.source, f"{known[0]!r} is a spelling of the answer")
    if known is not None and not known[1]:
        why = f"{known[0]!r} is another real name, not the answer"
        return Verdict("wrong", round(min(right, 0.5) / 2, 3), None, why)
    if right >= 1.0:
        kind = "the answer" if rform.kind == "full" else "a distinctive part of the answer"
        return Verdict("right", 1.0, rform.source, f"exactly {kind}")
    if right >= T_RIGHT and right - other >= MARGIN:
        return Verdict("right", round(right, 3), rform.source, "sounds like the answer")
    if right >= T_UNSURE:
        return Verdict("unsure", round(right, 3), rform.source, "close, but not clearly")
    return Verdict("wrong", round(right, 3), rform.source, "not close enough to the answer")

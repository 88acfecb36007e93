"""Spelled-out letters and formulas: "I B M" -> "ibm", "F D R" -> "fdr", "H 2 O" -> "h2o"."""

from __future__ import annotations

# How a recogniser writes a letter's name when it hears one said alone.
LETTER_NAMES: dict[str, str] = {
    "ay": "a", "bee": "b", "be": "b", "cee": "c", "see": "c", "sea": "c", "dee": "d",
    "ee": "e", "eff": "f", "gee": "g", "aitch": "h", "eye": "i", "jay": "j", "kay": "k",
    "el": "l", "ell": "l", "em": "m", "en": "n", "pee": "p", "cue": "q", "queue": "q",
    "ar": "r", "ess": "s", "tee": "t", "tea": "t", "you": "u", "vee": "v", "ex": "x",
    "why": "y",
    "zed": "z", "zee": "z",
}  # fmt: skip
# Short words a digit is never glued to ("war 2" stays apart anyway: only <= 2 letters glue).
_SHORT_WORDS = frozenset(
    {"of", "in", "on", "at", "to", "is", "it", "by", "or", "as", "be", "we", "he", "me", "my",
     "no", "so", "up", "us", "an", "do", "go", "if", "am", "oh", "ok", "and", "the"}
)  # fmt: skip


def _is_single(token: str) -> bool:
    return len(token) == 1 and token.isalnum()


# "W" said aloud is two words to a recogniser ("double u b yeats" for "W. B. Yeats").
DOUBLE_U = ("double u", "double you")


def name_letters(tokens: list[str]) -> list[str]:
    """A letter's name next to a single letter or digit is that letter ("eff d r", "you 2",
    "double u b")."""
    tokens = _pair_double_u(tokens)
    out = list(tokens)
    for k, token in enumerate(tokens):
        if token not in LETTER_NAMES and token not in DOUBLE_U:
            continue
        before = k > 0 and _is_single(tokens[k - 1])
        after = k + 1 < len(tokens) and _is_single(tokens[k + 1])
        if before or after:
            out[k] = "w" if token in DOUBLE_U else LETTER_NAMES[token]
    return [word for token in out for word in token.split()]  # an unpaired "double u" as said


def _pair_double_u(tokens: list[str]) -> list[str]:
    """ "double" and "u" (or "you") as one token, so it can stand for the letter W."""
    out: list[str] = []
    for token in tokens:
        if out and out[-1] == "double" and f"double {token}" in DOUBLE_U:
            out[-1] = f"double {token}"
        else:
            out.append(token)
    return out


def join_letters(tokens: list[str]) -> list[str]:
    """Join runs of single letters/digits that contain a letter ("i b m" -> "ibm", "h 2 o")."""
    out: list[str] = []
    run: list[str] = []
    for token in [*tokens, ""]:
        if token and _is_single(token):
            run.append(token)
            continue
        if len(run) >= 2 and any(t.isalpha() for t in run):
            out.append("".join(run))
        else:
            out.extend(run)
        run = []
        if token:
            out.append(token)
    return out


def glue_formula_digits(tokens: list[str]) -> list[str]:
    """A single digit after a one- or two-letter symbol joins it: "co 2" -> "co2"."""
    out: list[str] = []
    for token in tokens:
        if (
            out
            and len(token) == 1
            and token.isdigit()
            and len(out[-1]) <= 3
            and out[-1][:1].isalpha()
            and out[-1] not in _SHORT_WORDS
            and sum(ch.isalpha() for ch in out[-1]) <= 2
        ):
            out[-1] += token
        else:
            out.append(token)
    return out


def spell_out(tokens: list[str]) -> list[str]:
    """The whole letters step."""
    return glue_formula_digits(join_letters(name_letters(tokens)))

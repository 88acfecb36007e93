"""Which card a spoken fragment names: titles matched fuzzily (rapidfuzz) after the host's
normalisation, fillers and small words left out, so "berlin wall" finds "The fall of the
Berlin Wall".  Pure."""

from __future__ import annotations

from collections.abc import Sequence

from rapidfuzz import fuzz

from voicemaster.judge.text import normalise_plain

FILLER = set(
    [
        "i",
        "we",
        "think",
        "guess",
        "say",
        "would",
        "d",
        "id",
        "it",
        "this",
        "that",
        "goes",
        "go",
        "going",
        "comes",
        "come",
        "came",
        "is",
        "was",
        "happened",
        "put",
        "place",
        "places",
        "putting",
        "the",
        "a",
        "an",
        "card",
        "our",
        "my",
        "please",
        "um",
        "uh",
        "ok",
        "okay",
        "so",
        "then",
        "in",
        "into",
        "on",
        "belongs",
        "belong",
    ]
)
SMALL_WORDS = {"of", "and", "to", "at", "for", "from", "by", "with", "its", "his", "her", "their"}
CUTOFF = 78.0


class Title(str):
    """A card's title that also knows the card's other names (its deck ``accept`` forms), so
    "the Somme" or "fall of Babylon" find it.  Said and printed as the title."""

    forms: tuple[str, ...]

    def __new__(cls, title: str, forms: Sequence[str] = ()) -> Title:
        made = super().__new__(cls, title)
        made.forms = tuple(forms)
        return made


def forms_of(title: str) -> tuple[str, ...]:
    """A title's other names (none for a plain string)."""
    return title.forms if isinstance(title, Title) else ()


def content_words(text: str) -> list[str]:
    """The words that name something: normalised, fillers and small words left out."""
    words = (w.removesuffix("'s").replace("'", "") for w in normalise_plain(text).split())
    return [w for w in words if w and w not in FILLER and w not in SMALL_WORDS]


def match_title(fragment: str, titles: Sequence[str]) -> int | None:
    """The index of the title ``fragment`` names best, or None (too short, too far).

    Titles and speech lose the same fillers; a title's ``accept`` forms count as the title
    (see ``Title``).  The best coverage of the said words wins; ties go to the closer
    token-set match, then the closer whole match, then the shorter name, then the earlier card.
    """
    words = content_words(fragment)
    if not words or len("".join(words)) < 3 or not titles:
        return None
    best: tuple[tuple[float, ...], int] | None = None
    for index, title in enumerate(titles):
        for form in (title, *forms_of(title)):
            score = _score(words, content_words(form))
            if best is None or score > best[0]:
                best = (score, index)
    return best[1] if best is not None and best[0][0] >= CUTOFF else None


def _score(words: list[str], form: list[str]) -> tuple[float, ...]:
    """(match, token set, whole, shortness): match is the mean closeness of each said word to
    its nearest word of the form, or the whole strings' closeness when that is higher (words
    run together or split apart by the recogniser)."""
    if not form:
        return (0.0, 0.0, 0.0, 0.0)
    said, name = " ".join(words), " ".join(form)
    cover = sum(max(fuzz.ratio(w, t) for t in form) for w in words) / len(words)
    whole = fuzz.ratio(said.replace(" ", ""), name.replace(" ", ""))
    return (max(cover, whole), fuzz.token_set_ratio(said, name), whole, -float(len(name)))

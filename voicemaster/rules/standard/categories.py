"""The categories of the standard board and of the word edition (ord)."""

from __future__ import annotations

STANDARD: tuple[str, ...] = (
    "Arts & Theatre",
    "Business",
    "Design",
    "Film",
    "Food & Drink",
    "Geography",
    "History",
    "Humans",
    "Language",
    "Literature",
    "Music",
    "Nature",
    "Politics",
    "Science",
    "Series",
    "Society",
    "Sport",
    "Tech & Gaming",
    "Tradition & Beliefs",
    "TV & Radio",
)

# The word edition's categories are not printed in its rulebook: these are ours.  Every
# answer in them can be said aloud; none is a spelling contest.
ORD: tuple[str, ...] = (
    "Idioms",
    "Proverbs",
    "Synonyms",
    "Opposites",
    "Word Origins",
    "Foreign Words",
    "Abbreviations",
    "Quotations",
    "First Names",
    "Place Names",
    "Grammar",
    "Rhymes",
    "Slang",
    "Collective Nouns",
    "Compound Words",
    "Definitions",
    "Nicknames",
    "Brand Names",
    "Languages",
    "Similes",
)

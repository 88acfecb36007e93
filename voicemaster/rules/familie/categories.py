"""The family edition's ten categories (two tokens each in the bag)."""

from __future__ import annotations

FAMILIE: tuple[str, ...] = (
    "Film & TV",
    "Music",
    "Leisure",
    "Nature & Science",
    "Geography",
    "History",
    "Literature & Art",
    "Society",
    "Sport",
    "Language",
)

"""How a game record names its decks and its cards, so the record outlives the checkout.

A deck inside a deck folder (the bundled ``decks/``, then ``decks/`` in the data folder) is
named by its path there (``standard-en.yaml``); one outside keeps its absolute path.  A card is
identified by its id, and its content by a short hash, so a resumed game can tell when a card
it already asked has changed since.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Sequence
from pathlib import Path

from voicemaster.decks.model import Card

DECKS_FOLDER = "decks"  # the folder name older records' absolute paths went through


def deck_ref(path: str | Path, folders: Sequence[Path]) -> str:
    """``path`` as a header names it: relative to the first deck folder holding it, else
    absolute."""
    full = Path(path).resolve()
    for folder in folders:
        try:
            return full.relative_to(folder.resolve()).as_posix()
        except ValueError:
            continue
    return str(full)


def deck_key(ref: str) -> str:
    """What two names of one deck share: an older record's absolute path into some ``decks/``
    folder (a checkout since moved) names the deck by the part after it."""
    parts = Path(ref).parts
    if Path(ref).is_absolute() and DECKS_FOLDER in parts[:-1]:
        last = len(parts) - 1 - parts[::-1].index(DECKS_FOLDER)
        return "/".join(parts[last + 1 :])
    return ref


def find_deck(ref: str, folders: Sequence[Path]) -> Path | None:
    """The file a header's deck name stands for, or None.  An absolute path that is gone is
    looked for by its name in the deck folders (a moved checkout)."""
    path = Path(ref)
    if path.is_absolute() and path.is_file():
        return path
    name = deck_key(ref)
    if Path(name).is_absolute():
        return None
    for folder in folders:
        if (folder / name).is_file():
            return folder / name
    return None


def card_digest(card: Card) -> str:
    """A short hash of what the card says and accepts (not where it sits in its file)."""
    content = [
        card.category,
        card.question,
        card.answer,
        list(card.accept),
        list(card.reject),
        list(card.options),
        card.audience,
        card.year,
    ]
    text = json.dumps(content, ensure_ascii=False, separators=(",", ":"))
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:10]

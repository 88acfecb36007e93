"""Question decks: the model, safe loading and validation, importers (docs/decks.md)."""

from voicemaster.decks.loader import (
    check_paths,
    deck_files,
    deck_from_dict,
    deck_from_stream,
    load_deck,
    load_decks,
)
from voicemaster.decks.model import Card, Deck, DeckError, Problem
from voicemaster.decks.schema import MAX_ANSWER_WORDS
from voicemaster.decks.variants import deck_categories
from voicemaster.decks.yamlread import MAX_BYTES

__all__ = [
    "MAX_ANSWER_WORDS",
    "MAX_BYTES",
    "Card",
    "Deck",
    "DeckError",
    "Problem",
    "check_paths",
    "deck_categories",
    "deck_files",
    "deck_from_dict",
    "deck_from_stream",
    "load_deck",
    "load_decks",
]

"""A game's decks: the default deck of a rule set, where decks named in a header are found,
loading and joining them, and whether they serve the game.

Decks are named in a record's header by their path inside a deck folder (the bundled
``decks/``, then ``decks/`` in the data folder), so a moved or upgraded checkout still finds
them; a deck outside those folders keeps its absolute path."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from pathlib import Path

from voicemaster.decks import Deck, load_deck
from voicemaster.decks.refs import card_digest, deck_ref, find_deck
from voicemaster.host.setup.errors import SetupError
from voicemaster.locales import ENGLISH, UnknownLanguage, locale_for
from voicemaster.places import Places, bundled_decks
from voicemaster.rules import DEFAULT, Game, find_rules

DEFAULT_DECK = ENGLISH.deck("standard")


def default_deck(variant: str = DEFAULT) -> str:
    """A rule set's default deck (its ``RuleSet.deck``) in the English locale's name."""
    return ENGLISH.deck(find_rules(variant).deck)


def deck_folders(places: Places | None = None) -> tuple[Path, ...]:
    """Where decks named in a header are looked for: the bundled decks, the data folder's."""
    bundled = bundled_decks()
    return (bundled,) if places is None else (bundled, places.data / "decks")


def deck_paths(
    given: list[str] | None, variant: str = DEFAULT, folders: tuple[Path, ...] | None = None
) -> list[str]:
    if given:
        return list(given)
    default = default_deck(variant)
    found = find_deck(Path(default).name, folders or deck_folders())
    if found is None:
        raise SetupError(f"no {variant} deck: {default} is missing; give a deck with --deck FILE")
    return [str(found)]


def deck_refs(paths: list[str], folders: tuple[Path, ...]) -> list[str]:
    """How a header names these decks (see the module's docstring)."""
    return [deck_ref(path, folders) for path in paths]


def resolve_decks(refs: list[str], folders: tuple[Path, ...], saved: bool = False) -> list[str]:
    """The files of the decks a header names; SetupError naming a deck that is not found
    (``saved``: a saved game's, which ``--deck`` may give anew)."""
    found = []
    for ref in refs:
        path = find_deck(ref, folders)
        if path is None and Path(ref).is_absolute():
            if saved and not Path(ref).exists():
                raise SetupError(
                    f"the game's deck {ref} is gone; give its new place with --deck FILE"
                )
            path = Path(ref)  # a deck given by its path: loading it says what is wrong
        if path is None:
            where = " or ".join(str(f) for f in folders)
            raise SetupError(f"the game's deck {ref} is not in {where}; is the deck still there?")
        found.append(str(path))
    return found


def timeline_deck_problem(deck: Deck, teams: int) -> str | None:
    """Why ``deck`` cannot serve a timeline game of ``teams`` players (too few cards with a
    year), or None."""
    cards = sum(1 for card in deck.questions if card.year is not None)
    need = 4 + 8 * teams + 4 * teams  # the line, two hands each, four tie-break rounds
    if cards < need:
        return (
            f"the deck {deck.deck} has {cards} timeline cards; {teams} players need at least "
            f"{need}: give a timeline deck with --deck"
        )
    return None


def check_deck_serves(deck: Deck, game: Game) -> None:
    """SetupError unless the deck has a question for every category the game can draw (a
    timeline game: enough cards with a year), and unless a locale speaks the deck's language."""
    try:
        locale_for(deck.language)
    except UnknownLanguage as exc:
        raise SetupError(f"deck {deck.deck}: {exc}") from None
    if find_rules(game.name).dated:
        problem = timeline_deck_problem(deck, len(game.teams))
        if problem is not None:
            raise SetupError(problem)
        return
    have = {category for category, cards in deck.categories().items() if cards}
    missing = [c for c in game.categories if c not in have]
    if missing:
        shown = ", ".join(missing[:5]) + (" ..." if len(missing) > 5 else "")
        raise SetupError(
            f"deck {deck.deck} ({deck.variant}) has no questions for {len(missing)} "
            f"{game.name} categories: {shown}; give a {game.name} deck with --deck"
        )


def load_decks(paths: list[str]) -> Deck:
    """One deck from one or more files (their cards joined)."""
    return join_decks([load_deck(p) for p in paths])


def join_decks(decks: list[Deck]) -> Deck:
    """One deck of these decks' cards (SetupError when two share card ids)."""
    first = decks[0]
    cards = tuple(card for deck in decks for card in deck.questions)
    ids = [card.id for card in cards]
    if len(set(ids)) != len(ids):
        raise SetupError("two decks share card ids; use one of them")
    return replace(first, deck="+".join(d.deck for d in decks), questions=cards)


def digests(deck: Deck) -> Callable[[str], str | None]:
    """A card id's content hash in ``deck`` (None for a card it does not have)."""
    cards = {card.id: card for card in deck.questions}

    def digest(card_id: str) -> str | None:
        card = cards.get(card_id)
        return None if card is None else card_digest(card)

    return digest

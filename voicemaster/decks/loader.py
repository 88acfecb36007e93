"""Layered deck loaders: from a dict <- from a stream <- from files and folders.

Each raises ``DeckError`` listing every problem found; nothing else escapes for bad input.
"""

from __future__ import annotations

import os
from collections.abc import Iterable
from pathlib import Path
from typing import IO, Any

from voicemaster.decks.model import Deck, DeckError, Problem
from voicemaster.decks.schema import check_deck
from voicemaster.decks.yamlread import MAX_BYTES, Parsed, ReadError, parse, read_text

DECK_SUFFIXES = (".yaml", ".yml")


def deck_from_dict(data: Any, path: str = "<dict>") -> Deck:
    """A deck from plain data (as ``yaml.safe_load`` gives it)."""
    deck, problems = check_deck(data, path)
    if deck is None:
        raise DeckError(problems)
    return deck


def deck_from_stream(stream: IO[Any], path: str = "<stream>") -> Deck:
    """A deck from a text or binary stream of YAML; problems carry line numbers."""
    return parsed_deck(stream, path)[0]


def parsed_deck(stream: IO[Any], path: str = "<stream>") -> tuple[Deck, Parsed]:
    """``deck_from_stream``'s deck and the parse it came from (the line of every key)."""
    try:
        parsed = parse(read_text(stream))
    except ReadError as exc:
        raise DeckError([Problem(path, exc.line, exc.message)]) from None
    deck, problems = check_deck(parsed.data, path, parsed.lines)
    problems += [Problem(path, line, message) for line, message in parsed.problems]
    if deck is None or problems:
        raise DeckError(problems)
    return deck, parsed


def load_deck(path: str | os.PathLike[str]) -> Deck:
    """A deck from a YAML file (at most ``MAX_BYTES``, checked before reading)."""
    name = os.fspath(path)
    try:
        if os.path.isdir(name):
            raise DeckError([Problem(name, None, "a folder, not a deck file")])
        if os.stat(name).st_size > MAX_BYTES:
            limit = MAX_BYTES // (1024 * 1024)
            raise DeckError([Problem(name, None, f"the file is too large (over {limit} MB)")])
        with open(name, "rb") as stream:
            return deck_from_stream(stream, name)
    except OSError as exc:
        reason = exc.strerror or str(exc)
        raise DeckError([Problem(name, None, f"cannot read the file: {reason}")]) from None


def deck_files(paths: Iterable[str | os.PathLike[str]]) -> tuple[list[str], list[Problem]]:
    """The deck files named by ``paths`` (folders: every *.yaml/*.yml inside, sorted)."""
    files: list[str] = []
    problems: list[Problem] = []
    for path in paths:
        name = os.fspath(path)
        if os.path.isdir(name):
            found = sorted(
                str(p) for p in Path(name).rglob("*") if p.suffix in DECK_SUFFIXES and p.is_file()
            )
            if not found:
                problems.append(Problem(name, None, "no deck files (*.yaml, *.yml) in the folder"))
            files += found
        elif os.path.exists(name):
            files.append(name)
        else:
            problems.append(Problem(name, None, "no such file or folder"))
    return files, problems


def check_paths(paths: Iterable[str | os.PathLike[str]]) -> tuple[list[Deck], list[Problem]]:
    """Every deck that loads, and every problem of the others (and of clashing deck ids)."""
    files, problems = deck_files(paths)
    decks: list[Deck] = []
    owner: dict[str, str] = {}
    for name in dict.fromkeys(files):  # each file once
        try:
            deck = load_deck(name)
        except DeckError as exc:
            problems += exc.problems
            continue
        if deck.deck in owner:
            problems.append(
                Problem(name, None, f"deck id {deck.deck!r} is also used by {owner[deck.deck]}")
            )
        owner.setdefault(deck.deck, name)
        decks.append(deck)
    return decks, problems


def load_decks(paths: Iterable[str | os.PathLike[str]]) -> list[Deck]:
    """Every deck named by ``paths``; DeckError with all problems of all files."""
    decks, problems = check_paths(paths)
    if problems:
        raise DeckError(problems)
    return decks

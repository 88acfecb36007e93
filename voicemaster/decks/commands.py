"""``voicemaster deck check|import|stats``: handlers called by voicemaster.cli."""

from __future__ import annotations

import argparse
import json
import os
import sys
from typing import Any

from voicemaster.decks.history import History
from voicemaster.decks.importing import ImportResult, deck_dict, deck_id_for, write_deck
from voicemaster.decks.loader import check_paths
from voicemaster.decks.model import Deck, DeckError, Problem

EXAMPLES_SHOWN = 10  # skipped questions listed one by one after an import


def summary(deck: Deck) -> dict[str, Any]:
    counts = {name: len(cards) for name, cards in deck.categories().items()}
    return {
        "path": deck.path,
        "deck": deck.deck,
        "variant": deck.variant,
        "questions": len(deck.questions),
        "categories": counts,
    }


def _report(problems: list[Problem], as_json: bool) -> int:
    for problem in sorted(problems, key=lambda p: (p.path, p.line or 0)):
        print(problem, file=sys.stderr)
    if as_json:
        print(json.dumps({"ok": False, "problems": [p.to_json() for p in problems]}))
    return 2


def _safely_checked(paths: list[str]) -> tuple[list[Deck], list[Problem]]:
    try:
        return check_paths(paths)
    except Exception as exc:  # a bug must still not print a traceback at a user
        where = ", ".join(paths)
        return [], [Problem(where, None, f"could not check ({type(exc).__name__}: {exc})")]


def cmd_check(args: argparse.Namespace) -> int:
    decks, problems = _safely_checked(list(args.paths))
    if problems:
        return _report(problems, args.json)
    for deck in decks:
        counts = summary(deck)["categories"]
        filled = sum(1 for n in counts.values() if n)
        fewest = min(counts, key=lambda name: counts[name])
        print(
            f"{deck.path}: ok: deck {deck.deck} ({deck.variant}), {len(deck.questions)} "
            f"questions, {filled} of {len(counts)} categories, fewest: {fewest} "
            f"({counts[fewest]})"
        )
    if args.json:
        print(json.dumps({"ok": True, "decks": [summary(deck) for deck in decks]}))
    return 0


def cmd_stats(args: argparse.Namespace) -> int:
    """Questions per category, and how many of them no game has asked yet (the question
    history in the data folder: ``voicemaster play`` draws those first)."""
    decks, problems = _safely_checked([args.path])
    if problems:
        return _report(problems, False)
    history = History.load(args.places.history)
    for deck in decks:
        print(f"{deck.path}: deck {deck.deck} ({deck.variant}), {len(deck.questions)} questions")
        categories = deck.categories()
        width = max(len(name) for name in categories)
        for name, cards in categories.items():
            extras = sum(1 for card in cards if card.reject)
            fresh = sum(1 for card in cards if not history.stamp(deck.deck, card.id))
            print(f"  {name:<{width}}  {len(cards):5}   ({extras} with reject)  {fresh:5} fresh")
        fresh = history.fresh(deck)
        share = f" ({100 * fresh // len(deck.questions)}%)" if deck.questions else ""
        print(f"  {'total':<{width}}  {len(deck.questions):5}   {fresh} fresh{share}")
        print(f"  fresh: never asked in a game that keeps the history ({history.path})")
    return 0


def cmd_import(args: argparse.Namespace) -> int:
    from voicemaster.decks.csvdeck import read_csv
    from voicemaster.decks.opentdb import read_opentdb

    reader = read_opentdb if args.source == "opentdb" else read_csv
    try:
        result = reader(args.file)
        if not result.questions:
            _print_skipped(result)
            raise DeckError([Problem(args.file, None, "no question could be imported")])
        deck_id = args.deck_id or deck_id_for(args.output)
        title = f"imported from {os.path.basename(args.file)}"
        data = deck_dict(result.questions, deck_id, title)
        header = f"Imported by `voicemaster deck import --from {args.source}` from {args.file}"
        deck = write_deck(data, args.output, header)
    except DeckError as exc:
        return _report(exc.problems, False)
    print(
        f"imported {len(deck.questions)} questions from {args.file} into {args.output} "
        f"(deck {deck.deck}); skipped {len(result.skipped)}"
    )
    _print_skipped(result)
    return 0


def _print_skipped(result: ImportResult) -> None:
    for reason, count in result.reasons().most_common():
        print(f"  skipped {count}: {reason}")
    for where, reason in result.skipped[:EXAMPLES_SHOWN]:
        print(f"  {where}: skipped: {reason}")
    if len(result.skipped) > EXAMPLES_SHOWN:
        print(f"  ... and {len(result.skipped) - EXAMPLES_SHOWN} more skipped")

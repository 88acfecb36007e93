"""`voicemaster deck check|import|stats|tag`: validate, convert, count and tag question decks."""

from __future__ import annotations

import json
import os
import sys
import time
from collections import Counter
from pathlib import Path
from typing import Any

from voicemaster.decks.drawing import spread
from voicemaster.decks.history import History
from voicemaster.decks.importing import ImportResult, deck_dict, deck_id_for, write_deck
from voicemaster.decks.loader import check_paths
from voicemaster.decks.model import DIFFICULTIES, REGIONS, Card, Deck, DeckError, Problem
from voicemaster.decks.refs import find_deck
from voicemaster.decks.review import per_thousand, review
from voicemaster.decks.tagging import parse_tags, read_text, tag_text
from voicemaster.files import write_atomically
from voicemaster.places import bundled_decks
from voicemaster.settings import (
    DeckCheckSettings,
    DeckImportSettings,
    DeckStatsSettings,
    DeckTagSettings,
)

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


def located(paths: list[str]) -> list[str]:
    """The decks to read: each path given, where no such file or folder is here the bundled
    deck of its name (``standard-en.yaml``, ``decks/standard-en.yaml``); none given: the
    bundled decks."""
    if not paths:
        return [str(bundled_decks())]
    return [
        path if Path(path).exists() else str(find_deck(Path(path).name, [bundled_decks()]) or path)
        for path in paths
    ]


def _safely_checked(paths: list[str]) -> tuple[list[Deck], list[Problem]]:
    try:
        return check_paths(located(paths))
    except Exception as exc:  # a bug must still not print a traceback at a user
        where = ", ".join(paths)
        return [], [Problem(where, None, f"could not check ({type(exc).__name__}: {exc})")]


def _warn(problems: list[Problem]) -> None:
    for problem in problems:
        where = f"{problem.path}:{problem.line}" if problem.line else problem.path
        print(f"{where}: warning: {problem.message}", file=sys.stderr)


def cmd_check(settings: DeckCheckSettings) -> int:
    """Every problem (exit 2), else a summary per deck; warnings (cards without difficulty,
    answers hard to say or hear) on stderr either way, and the time per 1,000 cards."""
    start = time.perf_counter()
    decks, problems = _safely_checked(list(settings.paths))
    loaded = time.perf_counter()
    found = review(decks, settings.strict)
    reviewed = time.perf_counter()
    _warn(found.warnings)
    if problems or found.errors:
        return _report(problems + found.errors, settings.json)
    for deck in decks:
        counts = summary(deck)["categories"]
        filled = sum(1 for n in counts.values() if n)
        fewest = min(counts, key=lambda name: counts[name])
        print(
            f"{deck.path}: ok: deck {deck.deck} ({deck.variant}), {len(deck.questions)} "
            f"questions, {filled} of {len(counts)} categories, fewest: {fewest} "
            f"({counts[fewest]})"
        )
    cards = sum(len(deck.questions) for deck in decks)
    timing = {
        "load": round(per_thousand(loaded - start, cards), 4),
        "review": round(per_thousand(reviewed - loaded, cards), 4),
    }
    print(
        f"checked {cards} questions in {reviewed - start:.2f} s: loading {timing['load']:.3f} s "
        f"and reviewing {timing['review']:.3f} s per 1,000 questions; "
        f"{len(found.warnings)} warnings"
    )
    if settings.json:
        report = {
            "ok": True,
            "decks": [summary(deck) for deck in decks],
            "warnings": [p.to_json() for p in found.warnings],
            "seconds_per_1000": timing,
        }
        print(json.dumps(report))
    return 0


def cmd_stats(settings: DeckStatsSettings) -> int:
    """Questions per category, and how many of them no game has asked yet (the question
    history in the data folder: ``voicemaster play`` draws those first)."""
    decks, problems = _safely_checked([settings.path])
    if problems:
        return _report(problems, False)
    history = History.load(settings.places.history)
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
        _print_spread(deck, categories, width)
    return 0


def _percent(count: int, total: int) -> str:
    return f"{round(100 * count / total) if total else 0}%"


def _share(count: int, total: int) -> str:
    """ "   22  40%": a count and its share of ``total``, in a column."""
    return f"{count:5} {_percent(count, total):>4}"


def _print_spread(deck: Deck, categories: dict[str, list[Card]], width: int) -> None:
    """Difficulty per category and overall (count and share), then the regions."""
    heads = "  ".join(f"{name:>10}" for name in (*DIFFICULTIES, "untagged"))
    print(f"  {'difficulty':<{width + 2}}  {heads}")
    for name, cards in [*categories.items(), ("total", list(deck.questions))]:
        cells = "  ".join(_share(n, len(cards)) for n in spread(cards).values())
        print(f"    {name:<{width}}  {cells}")
    total = len(deck.questions)
    regions = Counter(region for card in deck.questions for region in card.region)
    anywhere = sum(1 for card in deck.questions if not card.region)
    shown = [f"{name} {regions[name]} ({_percent(regions[name], total)})" for name in REGIONS]
    print(f"  region: {', '.join(shown)}; anywhere {anywhere} ({_percent(anywhere, total)})")


def cmd_import(settings: DeckImportSettings) -> int:
    from voicemaster.decks.csvdeck import read_csv
    from voicemaster.decks.opentdb import read_opentdb

    reader = read_opentdb if settings.source == "opentdb" else read_csv
    if os.path.lexists(settings.output) and not settings.force:
        print(
            f"voicemaster: {settings.output} exists; give another -o, or --force to overwrite it",
            file=sys.stderr,
        )
        return 2
    try:
        result = reader(settings.file)
        if not result.questions:
            _print_skipped(result)
            raise DeckError([Problem(settings.file, None, "no question could be imported")])
        deck_id = settings.deck_id or deck_id_for(settings.output)
        title = f"imported from {os.path.basename(settings.file)}"
        data = deck_dict(result.questions, deck_id, title)
        header = (
            f"Imported by `voicemaster deck import --from {settings.source}` from {settings.file}"
        )
        deck = write_deck(data, settings.output, header)
    except DeckError as exc:
        return _report(exc.problems, False)
    print(
        f"imported {len(deck.questions)} questions from {settings.file} into {settings.output} "
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


def _problems(problems: list[Problem]) -> int:
    """Every problem on stderr, one line each; the exit status 2."""
    for problem in problems:
        print(problem, file=sys.stderr)
    return 2


def cmd_tag(settings: DeckTagSettings) -> int:
    """Difficulty and region from a TSV file into a deck (:mod:`voicemaster.decks.tagging`)."""
    deck = Path(settings.path)
    try:
        tags = parse_tags(read_text(Path(settings.tags)), settings.tags)
        result = tag_text(read_text(deck), tags, settings.path)
        if not settings.dry_run and result.added + result.changed:
            write_atomically(deck, result.text)
    except DeckError as exc:
        return _problems(exc.problems)
    except OSError as exc:
        cannot = f"cannot write: {exc.strerror or exc}"
        return _problems([Problem(settings.path, None, cannot)])
    verb = "would tag" if settings.dry_run else "tagged"
    print(
        f"{settings.path}: {verb} {result.added + result.changed} questions ({result.added} new, "
        f"{result.changed} changed), {result.same} already so; "
        f"{len(result.untagged)} questions have no line in {settings.tags}"
    )
    if result.unknown:
        shown = ", ".join(result.unknown[:5]) + (" ..." if len(result.unknown) > 5 else "")
        print(f"{settings.tags}: warning: {len(result.unknown)} tags name no question: {shown}")
    return 0

"""Checking deck data (plain dicts and lists) and turning it into a ``Deck``.

Every problem is collected, never just the first, by a ``checker.Checker``: ``lines`` maps a
value's place in the data (``("questions", 3, "answer")``) to its line in the file, when the
data came from one.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from voicemaster.decks.checker import Checker, kind, suggest, text_of
from voicemaster.decks.model import DIFFICULTIES, REGIONS, Card, Deck, Problem
from voicemaster.decks.variants import CardRules, card_rules, deck_categories, spoken_year
from voicemaster.decks.yamlread import LinePath

MAX_ANSWER_WORDS = 6  # an answer must be said in one breath
MAX_PROBLEMS = 1000  # per file: checking stops after so many (a garbage file, not a typo)
DECK_REQUIRED = ("deck", "title", "language", "variant", "questions")
DECK_OPTIONAL = ("description", "author", "license", "source", "version")
CARD_FIELDS = (
    "id",
    "category",
    "question",
    "answer",
    "accept",
    "reject",
    "options",
    "audience",
    "year",
    "difficulty",
    "region",
    "echo_ok",
    "giveaway_ok",
    "source",
    "note",
)
LIST_FIELDS = ("accept", "reject", "options", "giveaway_ok")
CHOICES = {"audience": ("adult", "child"), "difficulty": DIFFICULTIES}
ID = re.compile(r"[A-Za-z0-9][A-Za-z0-9._-]{0,63}")
LANGUAGE = re.compile(r"[a-z]{2,3}(-[A-Za-z0-9]{2,8})*")


def _same(text: str) -> str:
    return " ".join(text.casefold().split())


def check_deck(
    data: Any, path: str, lines: Mapping[LinePath, int] | None = None
) -> tuple[Deck | None, list[Problem]]:
    """The deck in ``data`` and every problem found (the deck is None if there are any)."""
    c = Checker(path, lines)
    if data is None:
        c.add((), "the file is empty")
        return None, c.problems
    if not isinstance(data, dict):
        c.add(
            (),
            f"not a deck: expected a mapping with {', '.join(DECK_REQUIRED)}, found {kind(data)}",
        )
        return None, c.problems
    c.unknown(data, DECK_REQUIRED + DECK_OPTIONAL, ())
    head = {key: c.text(data, key, ()) for key in DECK_REQUIRED[:4]}
    if head["deck"] and not ID.fullmatch(head["deck"]):
        c.add(("deck",), f"deck id {head['deck']!r} may use only letters, digits, '.', '_', '-'")
    if head["language"] and not LANGUAGE.fullmatch(head["language"]):
        c.add(("language",), f"language {head['language']!r} is no language code (like en, da)")
    categories: tuple[str, ...] | None = None
    if head["variant"]:
        try:
            categories = deck_categories(head["variant"])
        except ValueError as exc:
            c.add(("variant",), str(exc))
    rules = card_rules(head["variant"])
    cards = _cards(c, data.get("questions"), "questions" in data, rules, categories)
    if c.problems:
        return None, c.problems
    variant = head["variant"].lower()
    return Deck(head["deck"], head["title"], head["language"], variant, cards, path), []


def _cards(
    c: Checker, items: Any, present: bool, rules: CardRules, categories: tuple[str, ...] | None
) -> tuple[Card, ...]:
    if not present:
        c.add((), "missing field 'questions'")
        return ()
    if not isinstance(items, list):
        c.add(("questions",), f"'questions' must be a list of questions, not {kind(items)}")
        return ()
    if not items:
        c.add(("questions",), "the deck has no questions")
        return ()
    cards: list[Card] = []
    first_line: dict[str, int | None] = {}
    for n, item in enumerate(items):
        ident = text_of(item.get("id")) if isinstance(item, dict) else None
        if ident and ident.casefold() in first_line:
            at = first_line[ident.casefold()]
            c.add(
                ("questions", n, "id"),
                f"duplicate id {ident!r}" + (f" (first at line {at})" if at else ""),
            )
        elif ident:
            first_line[ident.casefold()] = c.line(("questions", n))
        card = _card(c, item, ("questions", n), rules, categories)
        if card is not None:
            cards.append(card)
        if len(c.problems) >= MAX_PROBLEMS:
            c.add(
                (),
                f"stopped after {len(c.problems)} problems, at question #{n + 1} of "
                f"{len(items)}; fix these first",
            )
            break
    return tuple(cards)


def _card(
    c: Checker, item: Any, where: LinePath, rules: CardRules, categories: tuple[str, ...] | None
) -> Card | None:
    number = where[-1] + 1
    if not isinstance(item, dict):
        c.add(where, f"question #{number} must be a mapping of fields, not {kind(item)}")
        return None
    raw_id = text_of(item.get("id"))
    what = f"question {raw_id}: " if raw_id else f"question #{number}: "
    before = len(c.problems)
    c.unknown(item, CARD_FIELDS, where, what)
    fields = {key: c.text(item, key, where, what) for key in rules.required if key != "year"}
    if fields["id"] and not ID.fullmatch(fields["id"]):
        c.add((*where, "id"), f"{what}the id may use only letters, digits, '.', '_', '-'")
    year = _year(c, item, where, what, "year" in rules.required)
    if "category" not in rules.required:
        fields["category"] = _optional_category(c, item, where, what, rules)
    elif categories is not None and fields["category"]:
        _known_category(c, fields["category"], categories, (*where, "category"), what)
    if "answer" not in fields:
        fields["answer"] = text_of(item.get("answer")) or ""
        if not fields["answer"] and rules.answer_from_year and year is not None:
            fields["answer"] = spoken_year(year)
    lists = {key: c.texts(item, key, where, what) for key in LIST_FIELDS}
    _check_answer(c, fields["answer"], lists, where, what)
    choices = {key: _choice(c, item, key, where, what) for key in CHOICES}
    region = _region(c, item, where, what)
    echo_ok = _reason(c, item, "echo_ok", where, what)
    if len(c.problems) > before:
        return None
    return Card(
        id=fields["id"],
        category=fields["category"],
        question=fields["question"],
        answer=fields["answer"],
        accept=tuple(lists["accept"]),
        reject=tuple(lists["reject"]),
        options=tuple(lists["options"]),
        audience=choices["audience"],
        year=year,
        line=c.line(where) or 0,
        difficulty=choices["difficulty"],
        region=region,
        echo_ok=echo_ok,
        giveaway_ok=tuple(lists["giveaway_ok"]),
    )


def _known_category(
    c: Checker, name: str, categories: tuple[str, ...], where: LinePath, what: str
) -> None:
    if name in categories:
        return
    hint = suggest(name, categories, 0.5)
    c.add(where, f"{what}unknown category {name!r}{hint}")


def _optional_category(
    c: Checker, item: Mapping[Any, Any], where: LinePath, what: str, rules: CardRules
) -> str:
    default = rules.default_category or ""
    value = item.get("category")
    if value is None:
        return default
    text = text_of(value)
    if text != default:
        c.add((*where, "category"), f"{what}category must be {default!r} or left out")
    return default


def _year(
    c: Checker, item: Mapping[Any, Any], where: LinePath, what: str, required: bool
) -> int | None:
    value = item.get("year")
    if value is None:
        if required:
            c.add(where, f"{what}missing field 'year' (a timeline card needs one)")
        return None
    if isinstance(value, bool) or not isinstance(value, int):
        c.add((*where, "year"), f"{what}'year' must be a whole number (negative for BC)")
        return None
    if value == 0:
        c.add((*where, "year"), f"{what}there is no year 0 (1 BC is -1, AD 1 is 1)")
        return None
    return value


def _choice(
    c: Checker, item: Mapping[Any, Any], key: str, where: LinePath, what: str
) -> str | None:
    value = item.get(key)
    if value is None:
        return None
    allowed = CHOICES[key]
    if value not in allowed:
        c.add((*where, key), f"{what}'{key}' must be one of {', '.join(allowed)}, not {value!r}")
        return None
    return str(value)


def _reason(c: Checker, item: Mapping[Any, Any], key: str, where: LinePath, what: str) -> str:
    """A mark such as ``echo_ok: a pun by design``: it must say why ("" when left out)."""
    if key not in item:
        return ""
    text = text_of(item[key])
    if not text or isinstance(item[key], int | float):
        c.add((*where, key), f"{what}'{key}' must say why, as text (not {kind(item[key])})")
        return ""
    return text


def _region(c: Checker, item: Mapping[Any, Any], where: LinePath, what: str) -> tuple[str, ...]:
    """``region: uk``, or a list (``[uk, us]``: the card needs both); () when left out."""
    value = item.get("region")
    if value is None:
        return ()
    entries = value if isinstance(value, list) else [value]
    if not entries:
        c.add((*where, "region"), f"{what}'region' is an empty list (leave it out instead)")
    found: list[str] = []
    for entry in entries:
        if isinstance(entry, str) and entry in REGIONS:
            found += [] if entry in found else [entry]
            continue
        shown = repr(entry) if isinstance(entry, str) else kind(entry)
        c.add(
            (*where, "region"),
            f"{what}'region' must be {' or '.join(REGIONS)} (or a list of them), not {shown}",
        )
    return tuple(found)


def _check_answer(
    c: Checker, answer: str, lists: Mapping[str, list[str]], where: LinePath, what: str
) -> None:
    if not answer:
        return
    words = len(answer.split())
    if words > MAX_ANSWER_WORDS:
        c.add(
            (*where, "answer"),
            f"{what}the answer has {words} words (at most "
            f"{MAX_ANSWER_WORDS}, to be said in one breath)",
        )
    right = {_same(answer)} | {_same(a) for a in lists["accept"]}
    wrong = [r for r in lists["reject"] if _same(r) in right]
    if wrong:
        c.add((*where, "reject"), f"{what}{wrong[0]!r} is both a right answer and in 'reject'")
    options = lists["options"]
    if not options:
        return
    if len(options) < 2:
        c.add((*where, "options"), f"{what}'options' needs at least two choices")
    if _same(answer) not in {_same(o) for o in options}:
        c.add((*where, "options"), f"{what}'options' does not contain the answer {answer!r}")
    if len({_same(o) for o in options}) < len(options):
        c.add((*where, "options"), f"{what}'options' lists a choice twice")

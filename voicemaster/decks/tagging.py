"""Difficulty and region into a deck file (``voicemaster deck tag TAGS.tsv DECK.yaml``).

A tag file has one line per card, ``id<TAB>difficulty<TAB>region`` (the region empty or left
out for a card answerable anywhere, ``uk``, ``us`` or ``uk,us``); blank lines, lines starting
with ``#`` and a header line starting with ``id`` are skipped.

The deck file is edited line by line, never re-written from its data, so its comments, quoting
and line breaks stay as they are: a card's ``difficulty:`` and ``region:`` lines are put right
after its ``category:`` line (after its ``id:`` line when it has none), at that key's
indentation, or replace the lines it already has.  The result is loaded again and compared
with the deck before: every card must be as it was but for its tags, or nothing is written.
"""

from __future__ import annotations

import io
import re
from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from pathlib import Path

from voicemaster.decks.drawing import parse_regions
from voicemaster.decks.loader import deck_from_stream, parsed_deck
from voicemaster.decks.model import DIFFICULTIES, Deck, DeckError, Problem
from voicemaster.decks.yamlread import LinePath, ReadError, decode

KEY_LINE = re.compile(
    r"^(?P<lead>[ \t]*(?:-[ \t]+)*)(?P<key>[A-Za-z_]+)[ \t]*:(?P<rest>.*?)(?P<eol>\r?\n)?$"
)
TAG_KEYS = ("difficulty", "region")


@dataclass(frozen=True)
class Tag:
    """One line of a tag file."""

    card_id: str
    difficulty: str
    region: tuple[str, ...]
    line: int

    def yaml_lines(self, indent: str, eol: str) -> dict[str, str | None]:
        """The deck lines this tag wants, by key (None: no such line)."""
        region = None
        if self.region:
            value = self.region[0] if len(self.region) == 1 else f"[{', '.join(self.region)}]"
            region = f"{indent}region: {value}{eol}"
        return {"difficulty": f"{indent}difficulty: {self.difficulty}{eol}", "region": region}


@dataclass
class Tagged:
    """A tagged deck text and what changed."""

    text: str
    added: int = 0  # cards that had no tags
    changed: int = 0  # cards whose tags changed
    same: int = 0  # cards already tagged so
    untagged: list[str] = field(default_factory=list)  # card ids without a tag line
    unknown: list[str] = field(default_factory=list)  # tag ids without a card


def parse_tags(text: str, path: str) -> dict[str, Tag]:
    """The tags of a TSV text by card id; DeckError listing every bad line."""
    tags: dict[str, Tag] = {}
    problems: list[Problem] = []
    for number, raw in enumerate(text.splitlines(), 1):
        fields = [f.strip() for f in raw.split("\t")]
        if not raw.strip() or raw.lstrip().startswith("#") or fields[0].lower() == "id":
            continue
        try:
            tag = _tag(fields, number)
        except ValueError as exc:
            problems.append(Problem(path, number, str(exc)))
            continue
        if tag.card_id in tags:
            first = tags[tag.card_id].line
            problems.append(
                Problem(path, number, f"{tag.card_id!r} is tagged twice (line {first})")
            )
        tags.setdefault(tag.card_id, tag)
    if problems:
        raise DeckError(problems)
    return tags


def _tag(fields: list[str], line: int) -> Tag:
    if len(fields) not in (2, 3) or not fields[0]:
        raise ValueError(f"expected id<TAB>difficulty<TAB>region, found {len(fields)} fields")
    difficulty = fields[1].lower()
    if difficulty not in DIFFICULTIES:
        known = ", ".join(DIFFICULTIES)
        raise ValueError(f"{fields[0]}: difficulty must be one of {known}, not {fields[1]!r}")
    region_text = fields[2] if len(fields) == 3 else ""
    try:
        region = tuple(sorted(parse_regions(region_text))) if region_text else ()
    except ValueError as exc:
        raise ValueError(f"{fields[0]}: {exc}") from None
    return Tag(fields[0], difficulty, region, line)


def tag_text(text: str, tags: Mapping[str, Tag], path: str) -> Tagged:
    """The deck ``text`` with ``tags`` written in; DeckError when the deck is broken, a card's
    lines cannot be placed, or the result differs from the deck in anything but its tags."""
    before, parsed = parsed_deck(io.StringIO(text), path)
    lines = text.splitlines(keepends=True)
    result = Tagged(text)
    edits: list[tuple[int, int, list[str]]] = []  # (first index, lines replaced, new lines)
    problems: list[Problem] = []
    for n, card in enumerate(before.questions):
        tag = tags.get(card.id)
        if tag is None:
            result.untagged.append(card.id)
            continue
        try:
            found = _card_edits(lines, parsed.lines, ("questions", n), tag)
        except ValueError as exc:
            problems.append(Problem(path, card.line or None, f"question {card.id}: {exc}"))
            continue
        if not found:
            result.same += 1
        elif card.difficulty is None and not card.region:
            result.added += 1
        else:
            result.changed += 1
        edits += found
    if problems:
        raise DeckError(problems)
    ids = {card.id for card in before.questions}
    result.unknown = [card_id for card_id in tags if card_id not in ids]
    for first, replaced, new in sorted(edits, reverse=True):
        lines[first : first + replaced] = new
    result.text = "".join(lines)
    try:
        after = deck_from_stream(io.StringIO(result.text), path)
    except DeckError as exc:
        broken = exc.problems[0]
        where = f"line {broken.line}: " if broken.line else ""
        message = f"tagging would break the deck, so nothing is written ({where}{broken.message})"
        raise DeckError([Problem(path, None, message)]) from None
    _verify(before, after, tags)
    return result


def _card_edits(
    lines: list[str], where: Mapping[LinePath, int], card: LinePath, tag: Tag
) -> list[tuple[int, int, list[str]]]:
    """The edits that give one card the tag's lines (index = line number - 1)."""
    anchor = where.get((*card, "category")) or where.get((*card, "id"))
    if anchor is None:
        raise ValueError("has neither a category nor an id line to put its tags after")
    indent, eol = _key_place(lines[anchor - 1])
    wanted = tag.yaml_lines(indent, eol)
    edits: list[tuple[int, int, list[str]]] = []
    inserts: list[str] = []
    for key in TAG_KEYS:
        line, new = where.get((*card, key)), wanted[key]
        if line is None:
            inserts += [new] if new is not None else []
            continue
        old = lines[line - 1]
        lead, _ = _key_place(old, raw=True)
        replacement = None if new is None else lead + new[len(indent) :]
        if replacement != old:
            edits.append((line - 1, 1, [replacement] if replacement is not None else []))
    if inserts:
        edits.append((anchor, 0, inserts))
    return edits


def _key_place(line: str, raw: bool = False) -> tuple[str, str]:
    """The indentation of the key on ``line`` (as spaces; ``raw``: as written, "- " kept)
    and the line's ending.  ValueError when the line holds no ``key: value``."""
    match = KEY_LINE.match(line)
    if match is None or not match.group("rest").strip():
        text = line.strip()
        shown = text[:40] + ("..." if len(text) > 40 else "")
        raise ValueError(f"line {shown!r} is not one 'key: value' (tags need a block mapping)")
    lead = match.group("lead")
    eol = match.group("eol") or "\n"
    return (lead if raw else " " * len(lead.expandtabs())), eol


def _verify(before: Deck, after: Deck, tags: Mapping[str, Tag]) -> None:
    """DeckError unless ``after`` is ``before`` with the tags (and moved lines)."""
    problems: list[Problem] = []
    if len(before.questions) != len(after.questions):
        problems.append(Problem(before.path, None, "the tagged deck has other questions"))
    for old, new in zip(before.questions, after.questions, strict=False):
        tag = tags.get(old.id)
        expected = (
            old if tag is None else replace(old, difficulty=tag.difficulty, region=tag.region)
        )
        if replace(expected, line=new.line) != new:
            problems.append(
                Problem(before.path, new.line, f"question {old.id}: changed by tagging")
            )
    if problems:
        raise DeckError(problems[:10])


def read_text(path: Path) -> str:
    """A UTF-8 text file; DeckError when it cannot be read."""
    try:
        return decode(path.read_bytes())
    except ReadError as exc:
        raise DeckError([Problem(str(path), exc.line, exc.message)]) from None
    except OSError as exc:
        raise DeckError([Problem(str(path), None, f"cannot read: {exc.strerror or exc}")]) from None

"""Importing questions from CSV (layout in docs/decks.md).

A header row names the columns (any order): ``category``, ``question`` and ``answer`` are
required; ``id``, ``accept``, ``reject``, ``options``, ``audience``, ``year``, ``difficulty``
are optional.  List cells separate their items with ``|``.  Comma-separated, UTF-8.
"""

from __future__ import annotations

import csv
import io
import re
from typing import Any

from voicemaster.decks.importing import Candidate, ImportResult, admit, read_source, stable_id
from voicemaster.decks.model import DeckError, Problem

REQUIRED = ("category", "question", "answer")
OPTIONAL = ("id", "accept", "reject", "options", "audience", "year", "difficulty")
LISTS = ("accept", "reject", "options")
SEPARATOR = "|"


def read_csv(path: str) -> ImportResult:
    """The questions of a CSV file.  DeckError if its header is unusable."""
    text = read_source(path)
    reader = csv.reader(io.StringIO(text, newline=""), strict=True)
    try:
        header = [h.strip().casefold() for h in next(reader, [])]
        _check_header(path, header)
        candidates: list[Candidate] = []
        for row in reader:
            if any(cell.strip() for cell in row):
                where = f"{path}:{reader.line_num}"
                candidates.append(Candidate(where, row_fields(header, row)))
    except csv.Error as exc:
        line = reader.line_num or None
        raise DeckError([Problem(path, line, f"not valid CSV: {exc}")]) from None
    return admit(candidates)


def _check_header(path: str, header: list[str]) -> None:
    missing = [name for name in REQUIRED if name not in header]
    unknown = [name for name in header if name not in REQUIRED + OPTIONAL]
    twice = sorted({name for name in header if header.count(name) > 1})
    problems = []
    if missing:
        problems.append(f"the header row lacks the column(s) {', '.join(missing)}")
    if unknown:
        problems.append(
            f"unknown column(s) {', '.join(map(repr, unknown))} "
            f"(known: {', '.join(REQUIRED + OPTIONAL)})"
        )
    if twice:
        problems.append(f"column(s) named twice: {', '.join(twice)}")
    if problems:
        raise DeckError([Problem(path, 1, message) for message in problems])


def row_fields(header: list[str], row: list[str]) -> dict[str, Any]:
    """One row as deck fields (not yet checked); cells beyond the header are ignored."""
    cells = {name: " ".join(value.split()) for name, value in zip(header, row, strict=False)}
    fields: dict[str, Any] = {}
    for name in ("id", *REQUIRED):
        if cells.get(name):
            fields[name] = cells[name]
    if "id" not in fields:
        fields = {"id": stable_id(cells.get("category", ""), cells.get("question", "")), **fields}
    for name in LISTS:
        items = [item.strip() for item in cells.get(name, "").split(SEPARATOR)]
        if any(items):
            fields[name] = [item for item in items if item]
    for name in ("audience", "difficulty"):
        if cells.get(name):
            fields[name] = cells[name].lower()
    year = cells.get("year", "")
    if year:
        fields["year"] = int(year) if re.fullmatch(r"[-+]?[0-9]{1,6}", year) else year
    return fields

"""What every importer shares: admitting candidate questions, building and writing the deck."""

from __future__ import annotations

import hashlib
import os
import re
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

import yaml

from voicemaster.decks.model import Deck, DeckError, Problem
from voicemaster.decks.schema import MAX_ANSWER_WORDS, check_deck
from voicemaster.decks.variants import deck_categories

MAX_SOURCE_BYTES = 50 * 1024 * 1024  # an import source may not be larger
VARIANT = "standard"  # imported decks serve the standard categories


@dataclass(frozen=True)
class Candidate:
    """A question an importer found, before it is admitted: ``where`` is FILE:LINE or FILE#n."""

    where: str
    fields: dict[str, Any]
    skip: str | None = None  # a reason the importer already found to skip it


@dataclass
class ImportResult:
    questions: list[dict[str, Any]] = field(default_factory=list)
    skipped: list[tuple[str, str]] = field(default_factory=list)  # (where, reason)

    def reasons(self) -> Counter[str]:
        return Counter(reason for _, reason in self.skipped)


def stable_id(category: str, question: str) -> str:
    """An id that stays the same when the same question is imported again: film-3fa2c1d9e0."""
    words = re.findall(r"[a-z0-9]+", category.casefold())
    slug = words[0][:12] if words else "q"
    digest = hashlib.sha1(" ".join(question.casefold().split()).encode()).hexdigest()[:10]
    return f"{slug}-{digest}"


def admit(candidates: list[Candidate], variant: str = VARIANT) -> ImportResult:
    """Keep the candidates that make valid cards; count the others by reason."""
    categories = set(deck_categories(variant))
    result = ImportResult()
    ids: set[str] = set()
    for candidate in candidates:
        reason = candidate.skip or _reject_reason(candidate.fields, categories, ids, variant)
        if reason:
            result.skipped.append((candidate.where, reason))
        else:
            ids.add(str(candidate.fields["id"]).casefold())
            result.questions.append(candidate.fields)
    return result


def _reject_reason(
    fields: dict[str, Any], categories: set[str], ids: set[str], variant: str
) -> str | None:
    if not all(fields.get(key) for key in ("category", "question", "answer")):
        return "incomplete (no category, question or answer)"
    if fields["category"] not in categories:
        return f"unknown category {fields['category']!r}"
    if len(str(fields["answer"]).split()) > MAX_ANSWER_WORDS:
        return f"answer over {MAX_ANSWER_WORDS} words"
    if str(fields.get("id", "")).casefold() in ids:
        return f"duplicate of an earlier question (id {fields['id']!r})"
    _, problems = check_deck(deck_dict([fields], "probe", "probe", variant), "")
    if problems:
        return problems[0].message.partition(": ")[2] or problems[0].message
    return None


def deck_dict(
    questions: list[dict[str, Any]],
    deck_id: str,
    title: str,
    variant: str = VARIANT,
    language: str = "en",
) -> dict[str, Any]:
    return {
        "deck": deck_id,
        "title": title,
        "language": language,
        "variant": variant,
        "questions": questions,
    }


def deck_id_for(output: str) -> str:
    """A deck id from the output file's name: ``my decks/Film Quiz.yaml`` -> ``film-quiz``."""
    stem = os.path.splitext(os.path.basename(output))[0]
    return re.sub(r"[^a-z0-9._-]+", "-", stem.casefold()).strip("-._") or "imported"


class _Dumper(yaml.SafeDumper):
    """Block style for the deck, flow style ``[a, b]`` for lists of texts."""


def _represent_list(dumper: yaml.SafeDumper, data: list[Any]) -> yaml.Node:
    flow = all(isinstance(item, str | int | float) for item in data)
    return dumper.represent_sequence("tag:yaml.org,2002:seq", data, flow_style=flow)


_Dumper.add_representer(list, _represent_list)


def write_deck(data: dict[str, Any], output: str, header: str) -> Deck:
    """Check the deck data, write it as YAML, and load it back (so it surely passes)."""
    from voicemaster.decks.loader import load_deck

    _, problems = check_deck(data, output)
    if problems:
        raise DeckError(problems)
    text = yaml.dump(data, Dumper=_Dumper, sort_keys=False, allow_unicode=True, width=100)
    comment = "".join(f"# {line}\n" for line in header.splitlines())
    try:
        with open(output, "w", encoding="utf-8") as out:
            out.write(comment + text)
    except OSError as exc:
        raise DeckError([Problem(output, None, f"cannot write: {exc.strerror or exc}")]) from None
    return load_deck(output)


def read_source(path: str) -> str:
    """The text of an import source (UTF-8, at most ``MAX_SOURCE_BYTES``)."""
    try:
        if os.path.getsize(path) > MAX_SOURCE_BYTES:
            limit = MAX_SOURCE_BYTES // (1024 * 1024)
            raise DeckError([Problem(path, None, f"the file is too large (over {limit} MB)")])
        with open(path, "rb") as stream:
            raw = stream.read(MAX_SOURCE_BYTES + 1)
    except OSError as exc:
        raise DeckError([Problem(path, None, f"cannot read: {exc.strerror or exc}")]) from None
    if b"\x00" in raw:
        raise DeckError([Problem(path, None, "a binary file, not UTF-8 text")])
    try:
        return raw.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        line = raw[: exc.start].count(b"\n") + 1
        raise DeckError([Problem(path, line, "not UTF-8 text; save the file as UTF-8")]) from None

"""Collecting a deck's problems, each with its line in the file, and reading text fields.

``lines`` maps a value's place in the data (``("questions", 3, "answer")``) to its line in the
file, when the data came from one.
"""

from __future__ import annotations

import difflib
import functools
from collections.abc import Mapping
from typing import Any

from voicemaster.decks.model import Problem
from voicemaster.decks.yamlread import LinePath


def kind(value: Any) -> str:
    """What a value is, for messages: "a mapping", "a list", "true/false", "empty", "int"."""
    names = {dict: "a mapping", list: "a list", bool: "true/false", type(None): "empty"}
    return names.get(type(value), type(value).__name__)


def text_of(value: Any) -> str | None:
    """Text of a scalar (numbers count as text), whitespace tidied; None if it is no text."""
    if isinstance(value, str):
        return " ".join(value.split())
    if isinstance(value, int | float) and not isinstance(value, bool):
        return str(value)
    return None


@functools.lru_cache(maxsize=1024)
def suggest(name: str, choices: tuple[str, ...], cutoff: float) -> str:
    """ " (did you mean 'X'?)" for the nearest choice, or "" (cached: typos repeat)."""
    near = difflib.get_close_matches(name, choices, n=1, cutoff=cutoff)
    return f" (did you mean '{near[0]}'?)" if near else ""


class Checker:
    """Collects the problems of one deck's data."""

    def __init__(self, path: str, lines: Mapping[LinePath, int] | None = None) -> None:
        self.path = path
        self.lines = lines or {}
        self.problems: list[Problem] = []

    def line(self, where: LinePath) -> int | None:
        while where:
            if where in self.lines:
                return self.lines[where]
            where = where[:-1]
        return None  # the deck as a whole: no line

    def add(self, where: LinePath, message: str) -> None:
        self.problems.append(Problem(self.path, self.line(where), message))

    def text(self, data: Mapping[Any, Any], key: str, where: LinePath, what: str = "") -> str:
        """A required text field ("" after reporting a problem)."""
        here = (*where, key)
        if key not in data:
            self.add(where, f"{what}missing field '{key}'")
            return ""
        value = data[key]
        text = text_of(value)
        if text is None and value is not None:
            hint = " (write it in quotes)" if isinstance(value, bool) else ""
            self.add(here, f"{what}'{key}' must be text, not {kind(value)}{hint}")
            return ""
        if not text:
            self.add(here, f"{what}'{key}' is empty")
            return ""
        return text

    def texts(self, data: Mapping[Any, Any], key: str, where: LinePath, what: str) -> list[str]:
        """An optional list of texts (a single text counts as a list of one)."""
        value = data.get(key)
        if value is None:
            return []
        items = value if isinstance(value, list) else [value]
        result: list[str] = []
        for n, item in enumerate(items):
            text = text_of(item)
            if text is None:
                self.add(
                    (*where, key, n),
                    f"{what}'{key}' must be a list of texts, not hold {kind(item)}",
                )
            elif not text:
                self.add((*where, key, n), f"{what}'{key}' has an empty item")
            else:
                result.append(text)
        return result

    def unknown(
        self, data: Mapping[Any, Any], known: tuple[str, ...], where: LinePath, what: str = ""
    ) -> None:
        for key in data:
            if key not in known:
                hint = suggest(str(key), known, 0.6)
                self.add((*where, key), f"{what}unknown field {str(key)!r}{hint}")

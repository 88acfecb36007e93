"""Reading untrusted YAML safely and quickly, remembering where every value was.

The text is checked before parsing (size, NUL bytes, UTF-8), then built from the parser's
event stream (libyaml when available) rather than constructed by PyYAML, so that

- aliases are refused outright (no "billion laughs"), and so are tags other than the
  standard ones (no Python objects) and nesting deeper than ``MAX_DEPTH``;
- plain scalars follow the YAML 1.2 core schema: ``yes``, ``no``, ``on``, ``off`` and
  dates stay text (an answer "No" is the text "No", not False);
- every mapping entry and list item records its line, and duplicate keys are reported.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import IO, Any

import yaml

MAX_BYTES = 2 * 1024 * 1024  # a deck file may not be larger (checked before parsing)
MAX_DEPTH = 32  # nesting levels of lists and mappings
MAX_DUPLICATES = 1000  # duplicate keys reported per file

Key = Any  # a mapping key (a plain scalar) or a list index
LinePath = tuple[Key, ...]

_Loader: Any = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
_STD = "tag:yaml.org,2002:"
_INT = re.compile(r"[-+]?[0-9]+")
_FLOAT = re.compile(r"[-+]?(\.[0-9]+|[0-9]+(\.[0-9]*)?)([eE][-+]?[0-9]+)?")
_MAYBE_NOT_TEXT = frozenset("0123456789+-.~nNtTfF")
_SPECIAL: dict[str, Any] = {
    "": None,
    "~": None,
    "null": None,
    "Null": None,
    "NULL": None,
    "true": True,
    "True": True,
    "TRUE": True,
    "false": False,
    "False": False,
    "FALSE": False,
}


class ReadError(Exception):
    """A file that cannot be read as YAML at all: ``line`` is 1-based or None."""

    def __init__(self, line: int | None, message: str) -> None:
        super().__init__(message)
        self.line = line
        self.message = message


@dataclass
class Parsed:
    data: Any
    lines: dict[LinePath, int] = field(default_factory=dict)
    problems: list[tuple[int, str]] = field(default_factory=list)  # non-fatal: duplicate keys


def read_text(stream: IO[Any], limit: int = MAX_BYTES) -> str:
    """At most ``limit`` bytes (or characters) of a binary or text stream, checked."""
    content = stream.read(limit + 1)
    if len(content) > limit:
        raise ReadError(None, f"the file is too large (over {limit // (1024 * 1024)} MB)")
    if isinstance(content, bytes):
        return decode(content)
    if not isinstance(content, str):
        raise ReadError(None, "the stream gave neither text nor bytes")
    if "\x00" in content:
        raise ReadError(None, "a binary file (it contains NUL characters), not YAML text")
    return content


def decode(raw: bytes) -> str:
    """UTF-8 text from bytes; ReadError for binary data or another encoding."""
    if b"\x00" in raw:
        hint = " or UTF-16 text" if raw[:2] in (b"\xff\xfe", b"\xfe\xff") else ""
        raise ReadError(None, f"a binary file{hint}, not UTF-8 YAML text")
    try:
        return raw.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        line = raw[: exc.start].count(b"\n") + 1
        bad = raw[exc.start]
        raise ReadError(
            line, f"not UTF-8 text (byte 0x{bad:02x}); save the file as UTF-8"
        ) from None


def parse(text: str) -> Parsed:
    """The data of a single YAML document, with lines.  ReadError when it cannot be read."""
    builder = _Builder()
    try:
        for event in yaml.parse(text, Loader=_Loader):
            builder.feed(event)
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        line = mark.line + 1 if mark else None
        what = exc.problem or exc.context or "unreadable"
        where = f" ({exc.context})" if exc.context and exc.problem else ""
        raise ReadError(line, f"YAML syntax error: {what}{where}") from None
    except yaml.reader.ReaderError as exc:
        line = text.encode("utf-8", "replace")[: exc.position].count(b"\n") + 1
        raise ReadError(line, f"YAML syntax error: {exc.reason} (#x{exc.character:04x})") from None
    except yaml.YAMLError as exc:
        raise ReadError(None, f"YAML syntax error: {exc}") from None
    return Parsed(builder.root, builder.lines, builder.problems)


@dataclass
class _Frame:
    container: dict[Key, Any] | list[Any]
    path: LinePath
    key: Key = None
    has_key: bool = False


class _Builder:
    """Plain Python data from parser events (see the module docstring)."""

    def __init__(self) -> None:
        self.stack: list[_Frame] = []
        self.root: Any = None
        self.documents = 0
        self.lines: dict[LinePath, int] = {}
        self.problems: list[tuple[int, str]] = []

    def feed(self, event: Any) -> None:  # a yaml.Event (its marks are always set here)
        kind = type(event)
        if kind is yaml.ScalarEvent:  # the common case first
            line = event.start_mark.line + 1
            self._value(_scalar(event, line), line)
        elif kind is yaml.MappingEndEvent or kind is yaml.SequenceEndEvent:
            self.stack.pop()
        elif kind is yaml.MappingStartEvent or kind is yaml.SequenceStartEvent:
            self._start(event, event.start_mark.line + 1)
        elif kind is yaml.AliasEvent:
            line = event.start_mark.line + 1
            raise ReadError(line, f"aliases (*{event.anchor}) are not allowed in decks")
        elif kind is yaml.DocumentStartEvent:
            self.documents += 1
            if self.documents > 1:
                line = event.start_mark.line + 1
                raise ReadError(line, "more than one YAML document (---) in the file")

    def _start(self, event: yaml.CollectionStartEvent, line: int) -> None:
        mapping = isinstance(event, yaml.MappingStartEvent)
        if event.tag not in (None, "!", _STD + ("map" if mapping else "seq")):
            raise ReadError(line, f"the tag {event.tag} is not allowed in decks")
        if len(self.stack) >= MAX_DEPTH:
            raise ReadError(line, f"nested more than {MAX_DEPTH} levels deep")
        container: dict[Key, Any] | list[Any] = {} if mapping else []
        path = self._value(container, line)
        self.stack.append(_Frame(container, path))

    def _value(self, value: Any, line: int) -> LinePath:
        """Put a value where it belongs; returns its path."""
        if not self.stack:
            self.root = value
            self.lines[()] = line
            return ()
        top = self.stack[-1]
        if isinstance(top.container, list):
            path = (*top.path, len(top.container))
            top.container.append(value)
            self.lines[path] = line
            return path
        if not top.has_key:
            if isinstance(value, dict | list):
                raise ReadError(line, "a mapping key must be plain text, not a list or mapping")
            top.key, top.has_key = value, True
            path = (*top.path, value)
            if value in top.container and len(self.problems) < MAX_DUPLICATES:
                self.problems.append((line, f"duplicate key {value!r}"))
            self.lines[path] = line  # the key's line: where a reader looks
            return path
        top.has_key = False
        top.container[top.key] = value
        return (*top.path, top.key)


def _scalar(event: yaml.ScalarEvent, line: int) -> Any:
    tag, value = event.tag, event.value
    if tag == _STD + "str" or tag == "!" or (tag is None and not event.implicit[0]):
        return value
    if tag is None:
        return _plain(value)
    resolved = _plain(value)
    wanted = {"int": int, "float": float, "bool": bool, "null": type(None)}
    kind = tag.removeprefix(_STD)
    if tag.startswith(_STD) and kind in wanted and type(resolved) is wanted[kind]:
        return resolved
    raise ReadError(line, f"the tag {tag} is not allowed here")


def _plain(value: str) -> Any:
    if value and value[0] not in _MAYBE_NOT_TEXT:
        return value
    if value in _SPECIAL:
        return _SPECIAL[value]
    if len(value) <= 40 and _INT.fullmatch(value):  # no 5 MB integers
        return int(value)
    if len(value) <= 40 and _FLOAT.fullmatch(value):
        return float(value)
    return value

"""Judging cases given as JSON Lines (the `judge` command, the labelled set, the benchmark).

A line: `id`, `spoken`, `answer`, optional `aliases`, `rejects`, `options`, `category`,
`competitors`, `question` (the question asked: a number may be said with the noun it
counts).  The answers of the other lines of the same category become competitors.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace
from typing import Any

from voicemaster.judge.model import AnswerKey


@dataclass(frozen=True)
class Case:
    """One spoken answer to judge, with its key; `extra` keeps the line's other fields."""

    id: Any
    spoken: str
    key: AnswerKey
    category: str | None
    extra: dict[str, Any]


@dataclass(frozen=True)
class BadLine:
    """A line that could not be read: reported, and the rest still run.  ``line``: its number
    in the input (1 for the first line), when known."""

    id: Any
    error: str
    line: int | None = None


def string_list(obj: dict[str, Any], name: str) -> tuple[str, ...]:
    """A JSON field that holds one string or a list of strings (absent: empty)."""
    value = obj.get(name)
    if value is None:
        return ()
    if isinstance(value, str):
        return (value,)
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        raise ValueError(f"'{name}' must be a list of strings")
    return tuple(value)


# the keys a line may hold: what the judge reads, and a labelled set's labels ("expect": the
# verdict a reader expects, echoed in the output so agreement can be counted; "rule")
LABELS = ("expect", "rule")
JUDGE_KEYS = (
    "id", "spoken", "answer", "aliases", "rejects", "options", "category", "competitors",
    "question", *LABELS,
)  # fmt: skip
JUDGE_REQUIRED = ("spoken", "answer")


def key_problem(obj: dict[str, Any], known: Sequence[str], required: Sequence[str]) -> str | None:
    """Why a line's keys are wrong (an unknown key, a missing one), or None: a key misspelt
    (``"heard"`` for ``"spoken"``) must not be taken as nothing said."""
    unknown = [k for k in obj if k not in known]
    if unknown:
        return f"unknown key {unknown[0]!r} (the keys are {', '.join(known)})"
    missing = [k for k in required if k not in obj]
    return f"missing key {missing[0]!r}" if missing else None


def parse_line(text: str, line: int | None = None, strict: bool = False) -> Case | BadLine:
    """One JSON line to a case (or the reason it is not one, with the line number ``line``);
    ``strict``: only the judge's keys, ``spoken`` and ``answer`` required (the command)."""
    found = _parse(text.rstrip("\r\n"), strict)
    return replace(found, line=line) if isinstance(found, BadLine) else found


def _parse(text: str, strict: bool = False) -> Case | BadLine:
    """``text``: one line without its line break (else an error at its end would be reported
    at column 1 of the line after it, and an open string as a control character)."""
    try:
        obj = json.loads(text)
    except json.JSONDecodeError as exc:
        why = exc.msg.removesuffix(" at")  # "Unterminated string starting at"
        return BadLine(None, f"not JSON: {why[:1].lower()}{why[1:]} at column {exc.colno}")
    if not isinstance(obj, dict):
        return BadLine(None, "a line must be a JSON object")
    ident = obj.get("id")
    wrong_keys = key_problem(obj, JUDGE_KEYS, JUDGE_REQUIRED) if strict else None
    if wrong_keys is not None:
        return BadLine(ident, wrong_keys)
    spoken, answer, category = obj.get("spoken"), obj.get("answer"), obj.get("category")
    if spoken is None:
        spoken = ""
    if not isinstance(spoken, str):
        return BadLine(ident, "'spoken' must be a string")
    if not isinstance(answer, str) or not answer.strip():
        return BadLine(ident, "'answer' must be a non-empty string")
    if category is not None and not isinstance(category, str):
        return BadLine(ident, "'category' must be a string")
    question = obj.get("question", "")
    if not isinstance(question, str):
        return BadLine(ident, "'question' must be a string")
    try:
        key = AnswerKey(
            answer=answer,
            accept=string_list(obj, "aliases"),
            reject=string_list(obj, "rejects"),
            options=string_list(obj, "options"),
            competitors=string_list(obj, "competitors"),
            question=question,
        )
    except ValueError as exc:
        return BadLine(ident, str(exc))
    return Case(ident, spoken, key, category, obj)


def with_competitors(cases: list[Case | BadLine]) -> list[Case | BadLine]:
    """Add the answers of the same category's other questions to each key's competitors."""
    answers: dict[str, list[str]] = {}
    for case in cases:
        if isinstance(case, Case) and case.category:
            seen = answers.setdefault(case.category, [])
            if case.key.answer not in seen:
                seen.append(case.key.answer)
    out: list[Case | BadLine] = []
    for case in cases:
        if isinstance(case, Case) and case.category:
            mine = {case.key.answer, *case.key.accept}
            more = tuple(a for a in answers[case.category] if a not in mine)
            key = replace(case.key, competitors=tuple(dict.fromkeys(case.key.competitors + more)))
            case = replace(case, key=key)
        out.append(case)
    return out


def read_cases(lines: Iterable[str], strict: bool = False) -> list[Case | BadLine]:
    """Every non-blank line, in order, with category competitors filled in; a bad line knows
    its line number (blank lines counted)."""
    numbered = enumerate(lines, 1)
    cases = [parse_line(text, number, strict) for number, text in numbered if text.strip()]
    return with_competitors(cases)

"""`voicemaster judge --jsonl FILE`: judge spoken answers given as JSON Lines.

Every line gets an output line, in order; a malformed line gets an error object there and a
``FILE:LINE: reason`` line on stderr, and the command then exits with status 2 (as `deck
check` does)."""

from __future__ import annotations

import json
import sys
from typing import Any, TextIO

from voicemaster.judge.cases import BadLine, Case, read_cases
from voicemaster.judge.core import judge
from voicemaster.settings import JudgeSettings


def result(case: Case | BadLine) -> dict[str, Any]:
    """The output object for one input line."""
    if isinstance(case, BadLine):
        ident = {"id": case.id} if case.id is not None else {}
        return {**ident, "error": case.error, "line": case.line}
    try:
        verdict = judge(case.spoken, case.key)
    except Exception as exc:  # a bug must not stop the other lines
        return {"id": case.id, "error": f"internal error: {type(exc).__name__}: {exc}"}
    label = {"expect": case.extra["expect"]} if "expect" in case.extra else {}
    return {
        "id": case.id,
        "correct": verdict.correct,
        "verdict": verdict.verdict,
        "score": verdict.score,
        "matched": verdict.matched,
        "reason": verdict.reason,
        **label,
    }


def _run(stream: TextIO, out: TextIO, name: str) -> int:
    """Judge every line of ``stream`` onto ``out``; the malformed lines, reported on stderr as
    ``name:LINE: reason``, make the exit status 2."""
    bad = 0
    for case in read_cases(stream, strict=True):
        out.write(json.dumps(result(case), ensure_ascii=False) + "\n")
        if isinstance(case, BadLine):
            bad += 1
            print(f"{name}:{case.line}: {case.error}", file=sys.stderr)
    return 2 if bad else 0


def cmd_judge(settings: JudgeSettings) -> int:
    path = settings.jsonl
    try:
        if path == "-":
            return _run(sys.stdin, sys.stdout, "<stdin>")
        with open(path, encoding="utf-8-sig") as stream:  # a byte order mark is no error
            return _run(stream, sys.stdout, path)
    except OSError as exc:
        print(f"voicemaster judge: cannot read {path}: {exc.strerror or exc}", file=sys.stderr)
        return 2
    except UnicodeDecodeError:
        print(f"voicemaster judge: {path} is not UTF-8 text", file=sys.stderr)
        return 2

"""`voicemaster judge --jsonl FILE`: judge spoken answers given as JSON Lines."""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any, TextIO

from voicemaster.judge.cases import BadLine, Case, read_cases
from voicemaster.judge.core import judge


def result(case: Case | BadLine) -> dict[str, Any]:
    """The output object for one input line."""
    if isinstance(case, BadLine):
        return (
            {"id": case.id, "error": case.error} if case.id is not None else {"error": case.error}
        )
    try:
        verdict = judge(case.spoken, case.key)
    except Exception as exc:  # a bug must not stop the other lines
        return {"id": case.id, "error": f"internal error: {type(exc).__name__}: {exc}"}
    return {
        "id": case.id,
        "correct": verdict.correct,
        "verdict": verdict.verdict,
        "score": verdict.score,
        "matched": verdict.matched,
        "reason": verdict.reason,
    }


def _run(stream: TextIO, out: TextIO) -> None:
    for case in read_cases(stream):
        out.write(json.dumps(result(case), ensure_ascii=False) + "\n")


def cmd_judge(args: argparse.Namespace) -> int:
    path: str = args.jsonl
    try:
        if path == "-":
            _run(sys.stdin, sys.stdout)
        else:
            with open(path, encoding="utf-8") as stream:
                _run(stream, sys.stdout)
    except OSError as exc:
        print(f"voicemaster judge: cannot read {path}: {exc.strerror or exc}", file=sys.stderr)
        return 2
    except UnicodeDecodeError:
        print(f"voicemaster judge: {path} is not UTF-8 text", file=sys.stderr)
        return 2
    return 0

"""The labelled set: tests/judge/*.jsonl, read the way the `judge` command reads its input."""

from __future__ import annotations

from pathlib import Path

from voicemaster.judge.cases import BadLine, Case, read_cases

HERE = Path(__file__).resolve().parent


def load_labelled() -> list[Case]:
    """Every labelled case; the files are read as one input, so each category's answers
    are competitors of the category's other questions."""
    lines: list[str] = []
    for path in sorted(HERE.glob("*.jsonl")):
        lines += path.read_text(encoding="utf-8").splitlines()
    cases = read_cases(lines)
    bad = [c for c in cases if isinstance(c, BadLine)]
    if bad:
        raise ValueError(f"malformed labelled lines: {bad}")
    return [c for c in cases if isinstance(c, Case)]


def accepted_ok(expect: str, verdict: str, strict: bool = False) -> bool:
    """Right must be judged right; wrong must not be (unsure counts as not accepted);
    pass must be judged pass.  A `strict` case must get exactly its verdict: a strict
    "wrong" may not be "unsure" (a "yes" to "Did you say ...?" would score it)."""
    if strict:
        return verdict == expect
    if expect == "right":
        return verdict == "right"
    if expect == "pass":
        return verdict == "pass"
    return verdict != "right"

"""`voicemaster judge --jsonl`: order, fields, malformed lines, stdin, a missing file."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from voicemaster.cli import main

LINES = [
    '{"id": 1, "spoken": "nineteen sixty nine", "answer": "1969"}',
    "not json at all",
    '{"id": 3, "spoken": "Australia", "answer": "Austria", "category": "Geography"}',
    '{"id": 4, "spoken": "Australia", "answer": "Australia", "category": "Geography"}',
    '{"id": 5, "spoken": "B", "answer": "Mars", "options": ["Venus", "Mars"]}',
    '{"id": 6, "spoken": "x", "answer": "x", "aliases": 3}',
    "[1, 2]",
    '{"id": 8, "spoken": "pass", "answer": "Paris"}',
    '{"id": 9, "spoken": "hi"}',
    "",
    '{"id": 10, "spoken": "F D R", "answer": "Franklin D. Roosevelt", "aliases": ["FDR"]}',
]


def _run(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> list[dict[str, object]]:
    path = tmp_path / "in.jsonl"
    path.write_text("\n".join(LINES) + "\n", encoding="utf-8")
    assert main(["judge", "--jsonl", str(path)]) == 2  # malformed lines: a non-zero exit
    return [json.loads(line) for line in capsys.readouterr().out.splitlines()]


def test_judge_command_in_order_with_errors(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = _run(tmp_path, capsys)
    assert len(out) == 10  # the blank line is skipped, every other line answered
    assert out[0] == {"id": 1, "correct": True, "verdict": "right", "score": 1.0,
                      "matched": "1969", "reason": out[0]["reason"]}  # fmt: skip
    assert "error" in out[1] and "id" not in out[1]
    assert out[2]["correct"] is False and out[2]["matched"] == "Australia"  # a category rival
    assert out[3]["correct"] is True
    assert out[4]["correct"] is True and out[4]["matched"] == "Mars"
    assert out[5]["id"] == 6 and "aliases" in str(out[5]["error"])
    assert "error" in out[6]
    assert out[7]["verdict"] == "pass" and out[7]["correct"] is False
    assert out[8]["id"] == 9 and "answer" in str(out[8]["error"])
    assert out[9]["correct"] is True


def test_judge_command_stdin_and_missing_file(tmp_path: Path) -> None:
    cmd = [sys.executable, "-m", "voicemaster", "judge", "--jsonl"]
    done = subprocess.run([*cmd, "-"], input="\n".join(LINES[:3]), capture_output=True,
                          text=True, check=False)  # fmt: skip
    assert done.returncode == 2 and "Traceback" not in done.stderr
    assert done.stderr.splitlines() == ["<stdin>:2: not JSON: expecting value at column 1"]
    assert [json.loads(x).get("id") for x in done.stdout.splitlines()] == [1, None, 3]
    missing = subprocess.run([*cmd, str(tmp_path / "nope.jsonl")], capture_output=True,
                             text=True, check=False)  # fmt: skip
    assert missing.returncode == 2 and "cannot read" in missing.stderr
    assert "Traceback" not in missing.stderr


def test_malformed_lines_name_file_line_and_column(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Each malformed line on stderr as FILE:LINE: reason (blank lines counted), the column
    where the line goes wrong, and exit status 2; the good lines are still judged."""
    path = tmp_path / "in.jsonl"
    good = '{"id": 1, "spoken": "Paris", "answer": "Paris"}'
    lines = [good, "", '{"id": 2, "spoken":', '{"id": 3, "spoken": "abc', "[1]", '{"id": 6}']
    path.write_text("\ufeff" + "\n".join(lines) + "\n", encoding="utf-8")  # a BOM is fine
    assert main(["judge", "--jsonl", str(path)]) == 2
    captured = capsys.readouterr()
    assert captured.err.splitlines() == [
        f"{path}:3: not JSON: expecting value at column 20",
        f"{path}:4: not JSON: unterminated string starting at column 21",
        f"{path}:5: a line must be a JSON object",
        f"{path}:6: missing key 'spoken'",
    ]
    out = [json.loads(line) for line in captured.out.splitlines()]
    assert out[0]["correct"] is True and [o.get("line") for o in out[1:]] == [3, 4, 5, 6]


def test_a_clean_file_exits_zero(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "in.jsonl"
    path.write_text('{"id": 1, "spoken": "Paris", "answer": "Paris"}\n', encoding="utf-8")
    assert main(["judge", "--jsonl", str(path)]) == 0
    assert capsys.readouterr().err == ""

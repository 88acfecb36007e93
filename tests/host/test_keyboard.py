"""Keyboard play through a pseudo-terminal: `python -m voicemaster play --input keyboard`."""

from __future__ import annotations

import json
import os
import pty
import select
import subprocess
import sys
import time
from pathlib import Path

from tests.helpers.host import DECK

ROOT = Path(__file__).resolve().parents[2]


class Terminal:
    def __init__(self, args: list[str], cwd: Path) -> None:
        self.master, slave = pty.openpty()
        env = {**os.environ, "PYTHONPATH": str(ROOT)}
        self.proc = subprocess.Popen(
            args, stdin=slave, stdout=slave, stderr=slave, cwd=cwd, env=env, close_fds=True
        )
        os.close(slave)
        self.seen = ""

    def expect(self, text: str, timeout: float = 30.0) -> str:
        deadline = time.monotonic() + timeout
        while text not in self.seen:
            left = deadline - time.monotonic()
            assert left > 0, f"waited for {text!r}; the screen shows:\n{self.seen[-2000:]}"
            ready, _, _ = select.select([self.master], [], [], left)
            if ready:
                try:
                    chunk = os.read(self.master, 4096).decode("utf-8", "replace")
                except OSError:
                    chunk = ""
                assert chunk, f"the program ended before {text!r}:\n{self.seen[-2000:]}"
                self.seen += chunk
        found, self.seen = self.seen, self.seen[self.seen.index(text) + len(text) :]
        return found

    def type(self, line: str) -> None:
        os.write(self.master, (line + "\n").encode())

    def close(self) -> int:
        try:
            code = self.proc.wait(timeout=30)
        finally:
            os.close(self.master)
        return code


def keyboard_play(*options: str) -> list[str]:
    """The command line of a typed, printed game with these options."""
    base = ["-m", "voicemaster", "play", "--input", "keyboard", "--output", "text"]
    return [sys.executable, *base, *options]


def test_keyboard_game_through_a_pty(tmp_path: Path) -> None:
    record = tmp_path / "kb.jsonl"
    options = ["--teams", "2", "--track", "10", "--seed", "3", "--deck", str(DECK)]
    term = Terminal(
        keyboard_play(*options, "--record", str(record)),
        tmp_path,
    )
    try:
        term.expect("drawn by lot")
        for _ in range(2):  # each team keeps its tiles as read
            term.expect("Which one for four points? Or say keep it.")
            term.expect("> ")
            term.type("keep")
        term.expect("for one point")
        term.expect("> ")
        term.type("score")
        term.expect("Standings: ")
        term.expect("> ")
        term.type("")  # nobody attacks: the question is read
        term.expect("> ")
        term.type("pass")
        term.expect("that is a pass")
        term.expect("> ")
        term.type("quit")
        term.expect("The game is saved")
        out = term.expect("}")
    finally:
        code = term.close()
    assert code == 0
    result = json.loads(out[out.index("{") :])
    assert result["outcome"] == "quit" and result["record"] == str(record)
    lines = [json.loads(line) for line in record.read_text().splitlines()]
    assert "round" in lines[1] and lines[2]["question"]["answer"] == "pass"


def test_play_resume_continues_the_saved_game(tmp_path: Path) -> None:
    record = tmp_path / "kb.jsonl"
    first = Terminal(
        keyboard_play("--teams", "2", "--seed", "3", "--deck", str(DECK), "--record", str(record)),
        tmp_path,
    )
    try:
        first.expect("Or say keep it.")
        first.expect("> ")
        first.type("quit")
        first.expect("The game is saved")
    finally:
        assert first.close() == 0
    second = Terminal(
        keyboard_play("--resume", str(record)),
        tmp_path,
    )
    try:
        second.expect("drawn by lot")
        second.expect("> ")
        second.type("quit")
        second.expect("The game is saved")
    finally:
        assert second.close() == 0

"""The one error type for illegal actions."""

from __future__ import annotations


class IllegalAction(Exception):
    """An action the rules forbid.  ``rule`` names the rule broken (a short slug)."""

    def __init__(self, rule: str, detail: str) -> None:
        super().__init__(f"{rule}: {detail}")
        self.rule = rule
        self.detail = detail

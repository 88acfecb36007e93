"""docs/rulebook-choices.md says what the rules do where the rulebooks are silent: it must stay
true to the code (team counts, the names of rules, code and tests it points to)."""

from __future__ import annotations

import re
from pathlib import Path

from voicemaster.rules import VARIANTS, find_variant

ROOT = Path(__file__).resolve().parents[2]
DOC = (ROOT / "docs" / "rulebook-choices.md").read_text()


def test_the_team_counts_are_the_rules_own() -> None:
    rows = re.findall(r"^\| (`[a-z`, ]+`) \| (\d)–(\d)", DOC, re.M)
    said = {name: (int(low), int(high)) for names, low, high in rows for name in names.split("`")}
    said.pop("", None), said.pop(", ", None)
    assert set(said) == {v.name for v in VARIANTS}
    for name, counts in said.items():
        variant = find_variant(name)
        assert (variant.min_teams, variant.max_teams) == counts, name


def test_every_test_named_exists() -> None:
    named = re.findall(r"`(tests/[\w/]+\.py)::(\w+)`", DOC)
    assert len(named) >= 8
    for path, test in named:
        assert f"def {test}(" in (ROOT / path).read_text(), f"{path}::{test}"


def test_every_rule_and_piece_of_code_named_exists() -> None:
    rules_code = "".join(p.read_text() for p in (ROOT / "voicemaster" / "rules").rglob("*.py"))
    for rule in re.findall(r"[Rr]ule `([a-z-]+)`", DOC):
        assert f'"{rule}"' in rules_code, rule
    for owner, name in re.findall(r"`([A-Z]\w+)\.(\w+)`", DOC):
        assert re.search(rf"class {owner}\b", rules_code), owner
        assert re.search(rf"\b{name}\b", rules_code), f"{owner}.{name}"
    for name, module in re.findall(r"`(\w+)` \(`(voicemaster/rules/[\w/]+\.py)`", DOC):
        assert re.search(rf"\b{name}\b", (ROOT / module).read_text()), f"{module}: {name}"

"""A rule set is asked for its descriptor, never for its name: outside the registries (the
rule sets' own packages under ``rules/`` and ``commands/variants.py``) no code compares a
variant's name, keys a table by it, or falls back to one.  And the rule sets' packages and the
timeline dialogue import each other in no circle, type-only imports included."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from tests import test_architecture as arch
from voicemaster.rules import variant_names

PACKAGE = Path(__file__).resolve().parents[1] / "voicemaster"
REGISTRIES = ("rules/", "commands/variants.py")
NAMES = set(variant_names())


def _names_in(node: ast.AST | None) -> list[str]:
    """Variant names written as constants in ``node`` (one, or a tuple, list or set of them)."""
    if isinstance(node, ast.Constant) and node.value in NAMES:
        return [str(node.value)]
    if isinstance(node, ast.Tuple | ast.List | ast.Set):
        return [name for item in node.elts for name in _names_in(item)]
    return []


def _uses(tree: ast.AST) -> list[tuple[int, str]]:
    """(line, name) of every comparison with, fallback to, or table keyed by a variant name."""
    found: list[tuple[int, str]] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Compare):
            parts: list[ast.expr] = [node.left, *node.comparators]
        elif isinstance(node, ast.BoolOp):
            parts = list(node.values)
        elif isinstance(node, ast.Dict):
            parts = [k for k in node.keys if k is not None]
        elif isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.Lambda):
            args = node.args
            parts = [*args.defaults, *(d for d in args.kw_defaults if d is not None)]
        else:
            continue
        found += [(node.lineno, n) for p in parts for n in _names_in(p)]
    return found


def test_no_variant_name_is_compared_outside_the_registries() -> None:
    found = []
    for path in sorted(PACKAGE.rglob("*.py")):
        where = path.relative_to(PACKAGE).as_posix()
        if where.startswith(REGISTRIES):
            continue
        tree = ast.parse(path.read_text(encoding="utf-8"))
        found += [f"{where}:{line}: {name!r}" for line, name in _uses(tree)]
    assert not found, found


def test_the_check_sees_each_kind_of_use() -> None:
    code = """
if game.name == "kompakt": pass
ok = variant in ("familie", "ord")
chosen = variant or "standard"
DECKS = {"timeline": "t.yaml"}
def deck(variant="standard"): pass
fine = deck_categories("standard")
"""
    found = sorted(_uses(ast.parse(code)))
    assert found == [(2, "kompakt"), (3, "familie"), (3, "ord"), (4, "standard")] + [
        (5, "timeline"),
        (6, "standard"),
    ]


def test_no_circle_in_the_rules_or_the_timeline_dialogue_type_only_imports_included(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(arch, "_type_checking", lambda tree: set())  # count them all
    graph = arch._graph()
    inside = ("voicemaster.rules", "voicemaster.host.timeline")
    part = {
        m: {t for t in ts if t.startswith(inside)}
        for m, ts in graph.items()
        if m.startswith(inside)
    }
    assert "voicemaster.rules.standard.sampling" in part  # the rule sets' packages were read
    assert arch._cycle(part) is None, " -> ".join(arch._cycle(part) or [])

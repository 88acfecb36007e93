"""The layers as the README draws them: the module import graph has no circles, and no layer
imports one above it (the dialogue calls down, never back up)."""

from __future__ import annotations

import ast
from pathlib import Path

PACKAGE = Path(__file__).resolve().parents[1] / "voicemaster"

# what each top-level part of the package may import (besides itself); cli and commands sit on top
ALLOWED = {
    "lexicon": set(),
    "files": set(),
    "places": set(),
    "rules": set(),
    "judge": {"lexicon"},
    "records": {"rules", "files"},
    "locales": {"judge", "lexicon"},
    "decks": {"judge", "rules", "files", "lexicon"},
    "speech": {"judge", "lexicon", "locales", "files"},
    "audio_sim": {"speech", "files"},
    "host": {
        "decks",
        "judge",
        "lexicon",
        "locales",
        "places",
        "records",
        "rules",
        "speech",
        "files",
    },
    "simulator": {
        "audio_sim",
        "host",
        "decks",
        "judge",
        "lexicon",
        "locales",
        "records",
        "rules",
        "speech",
        "files",
    },
    "board": {
        "host",
        "decks",
        "judge",
        "lexicon",
        "locales",
        "records",
        "rules",
        "speech",
        "files",
    },
}


def _module(path: Path) -> str:
    parts = list(path.relative_to(PACKAGE.parent).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _type_checking(tree: ast.AST) -> set[int]:
    """Nodes under ``if TYPE_CHECKING:`` (annotations only: no import at run time)."""
    nodes: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test):
            nodes.update(id(inner) for inner in ast.walk(node))
    return nodes


def _imports(path: Path, modules: set[str]) -> set[str]:
    """The package's modules ``path`` imports, at module level or inside functions."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    skip, me, found = _type_checking(tree), _module(path), set()
    for node in ast.walk(tree):
        if id(node) in skip or not isinstance(node, ast.Import | ast.ImportFrom):
            continue
        if isinstance(node, ast.Import):
            names = [alias.name for alias in node.names]
        else:
            base = node.module or ""
            if node.level:
                up = me.split(".") if path.name == "__init__.py" else me.split(".")[:-1]
                base = ".".join(up[: len(up) - node.level + 1] + ([base] if base else []))
            # a submodule by its own name, any other name as its module
            full = [f"{base}.{alias.name}" for alias in node.names]
            names = [name if name in modules else base for name in full]
        for name in names:
            while name and name not in modules:
                name = name.rpartition(".")[0]
            if name and name != me:
                found.add(name)
    return found


def _graph() -> dict[str, set[str]]:
    paths = {_module(p): p for p in PACKAGE.rglob("*.py")}
    return {name: _imports(path, set(paths)) for name, path in paths.items()}


def _cycle(graph: dict[str, set[str]]) -> list[str] | None:
    """One import circle, or None."""
    state: dict[str, int] = {}  # 1: on the current path, 2: done
    path: list[str] = []

    def visit(node: str) -> list[str] | None:
        state[node] = 1
        path.append(node)
        for nxt in sorted(graph[node]):
            if state.get(nxt) == 1:
                return path[path.index(nxt) :] + [nxt]
            if nxt not in state and (found := visit(nxt)):
                return found
        path.pop()
        state[node] = 2
        return None

    for start in sorted(graph):
        if start not in state and (found := visit(start)):
            return found
    return None


def _part(module: str) -> str:
    parts = module.split(".")
    return parts[1] if len(parts) > 1 else parts[0]


def test_the_module_import_graph_has_no_circles() -> None:
    graph = _graph()
    assert len(graph) > 100  # the whole package was read
    assert _cycle(graph) is None, " -> ".join(_cycle(graph) or [])


def test_no_layer_imports_one_above_it() -> None:
    wrong = sorted(
        f"{module} imports {target}"
        for module, targets in _graph().items()
        for target in targets
        if _part(module) in ALLOWED
        and _part(target) != _part(module)
        and _part(target) not in ALLOWED[_part(module)] | {"voicemaster", "__version__"}
    )
    assert not wrong, wrong


# the rooms of speech/: what each may import of speech/ besides itself (its base types, audio
# helpers and pinned model files stay at speech/ level, shared by all; mic_ears joins the rooms)
SPEECH_ROOMS = {"capture": set(), "asr": set(), "voice": set()}


def _room(module: str) -> str:
    parts = module.split(".")
    return parts[2] if len(parts) > 3 and parts[1] == "speech" else ""


def test_the_speech_rooms_do_not_import_each_other() -> None:
    graph = _graph()
    rooms = {_room(module) for module in graph} - {""}
    assert rooms == set(SPEECH_ROOMS)
    wrong = sorted(
        f"{module} imports {target}"
        for module, targets in graph.items()
        if _room(module)
        for target in targets
        if _room(target) not in {"", _room(module)} | SPEECH_ROOMS[_room(module)]
    )
    assert not wrong, wrong


def test_the_checker_sees_a_circle_and_an_upward_import() -> None:
    assert _cycle({"a": {"b"}, "b": {"c"}, "c": {"a"}}) == ["a", "b", "c", "a"]
    assert _cycle({"a": {"b"}, "b": set()}) is None
    graph = _graph()
    assert "voicemaster.speech.asr.policy" in graph["voicemaster.speech.mic_ears"]
    assert not any(_part(t) == "host" for t in graph["voicemaster.speech.mic_ears"])

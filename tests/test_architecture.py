"""The package's modules import one another in one direction only: no module imports,
directly or through others, a module that imports it back. Every import counts, at module
level, inside functions or under ``TYPE_CHECKING`` alike. Only the binding package,
``badugi_fast._binding``, touches the compiled core (docs/guide/development.md, "Layers")."""

from __future__ import annotations

import ast
from pathlib import Path

PACKAGE = Path(__file__).resolve().parent.parent / "badugi_fast"


def module_name(path: Path) -> str:
    parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def imports(path: Path, modules: set[str]) -> set[str]:
    """The package's modules that ``path`` imports, anywhere in it (a package's
    ``__init__`` is not counted when a submodule of it is named)."""
    found = set()
    package = module_name(path) if path.name == "__init__.py" else module_name(path.parent)
    for node in ast.walk(ast.parse(path.read_text())):
        names: list[str] = []
        if isinstance(node, ast.Import):
            names = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = package.rsplit(".", node.level - 1)[0] if node.level > 1 else package
                base = f"{anchor}.{base}" if base else anchor
            names = [f"{base}.{alias.name}" for alias in node.names] + [base]
        for name in names:
            while name and name not in modules:
                name = name.rpartition(".")[0]
            if name:
                found.add(name)
    found.discard(module_name(path))
    return found


def import_graph() -> dict[str, set[str]]:
    paths = sorted(PACKAGE.rglob("*.py"))
    modules = {module_name(path) for path in paths}
    graph = {module_name(path): imports(path, modules) for path in paths}
    for name, targets in graph.items():  # a package's __init__ re-exports its modules:
        graph[name] = {t for t in targets if not name.startswith(f"{t}.")}  # not a cycle
    return graph


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """Every strongly connected group of more than one module (Tarjan's algorithm)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    found: list[list[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        for target in graph.get(node, ()):
            if target not in index:
                visit(target)
                low[node] = min(low[node], low[target])
            elif target in stack:
                low[node] = min(low[node], index[target])
        if low[node] == index[node]:
            group = []
            while True:
                member = stack.pop()
                group.append(member)
                if member == node:
                    break
            if len(group) > 1:
                found.append(sorted(group))

    for node in sorted(graph):
        if node not in index:
            visit(node)
    return found


def test_no_module_imports_one_that_imports_it_back() -> None:
    assert cycles(import_graph()) == []


def test_the_cycle_finder_finds_a_cycle() -> None:
    assert cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]


def mentions_core(path: Path) -> bool:
    """Whether a module imports ``badugi_fast._core`` or names it in a string (for
    ``importlib``), anywhere in it."""
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.Import):
            names = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            names = [base, *(f"{base}.{alias.name}" for alias in node.names)]
        elif isinstance(node, ast.Constant) and isinstance(node.value, str):
            names = [node.value]
        else:
            continue
        if any(name.rsplit(".", 1)[-1] == "_core" for name in names):
            return True
    return False


def test_only_the_binding_touches_the_core() -> None:
    touching = {
        module_name(path)
        for path in PACKAGE.rglob("*.py")
        if not module_name(path).startswith("badugi_fast._binding") and mentions_core(path)
    }
    assert touching == set()
    assert mentions_core(PACKAGE / "_binding" / "hand.py")  # the check sees an import


def test_the_core_check_sees_every_form(tmp_path: Path) -> None:
    forms = [
        "from badugi_fast._core import lib",
        "from .._core import ffi",
        "from badugi_fast import _core",
        "import badugi_fast._core",
        "def f():\n    import importlib\n    return importlib.import_module('badugi_fast._core')",
    ]
    for number, form in enumerate(forms):
        path = tmp_path / f"m{number}.py"
        path.write_text(form + "\n")
        assert mentions_core(path), form
    (tmp_path / "clean.py").write_text("from badugi_fast._binding import hand\n")
    assert not mentions_core(tmp_path / "clean.py")

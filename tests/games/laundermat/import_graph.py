"""The import graph of one Python package, and its cycles, for any package's tests:

    from tests.games.laundermat.import_graph import find_cycles
    assert find_cycles(Path(".../src/laundermat/rooms")) == []

The graph is read from the source with `ast`; nothing is imported. An edge A → B means module
A names module B of the same package in an import statement anywhere in its file:

- at the top, inside functions and classes (a deferred import is still a dependency: it only
  hides the cycle from the interpreter until the call);
- inside `if TYPE_CHECKING:` blocks too. Decision: they count. A type-only cycle still means
  two modules each need the other to be understood and changed; the engine keeps none, and a
  package that wants one must say so by passing `type_checking=False`.

Relative imports are resolved against the importing module; `from . import x` is an edge to
the submodule `x` when there is one, else to the package itself (its `__init__`). Importing a
submodule is not counted as importing its parent packages' `__init__` (the interpreter does,
but every package that re-exports its modules would then be one big cycle).
"""

from __future__ import annotations

import ast
from pathlib import Path


def package_name(package: Path) -> str:
    """The dotted name of a package directory, found by walking up its `__init__.py` files."""
    parts = [package.name]
    parent = package.parent
    while (parent / "__init__.py").exists():
        parts.append(parent.name)
        parent = parent.parent
    return ".".join(reversed(parts))


def _modules(package: Path) -> dict[str, Path]:
    root = package_name(package)
    found: dict[str, Path] = {}
    for path in sorted(package.rglob("*.py")):
        relative = path.relative_to(package).with_suffix("").parts
        if relative[-1] == "__init__":
            relative = relative[:-1]
        found[".".join((root, *relative))] = path
    return found


def _is_type_checking(test: ast.expr) -> bool:
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING"
    )


def _type_checking_nodes(tree: ast.AST) -> set[int]:
    """ids of the import nodes inside `if TYPE_CHECKING:` bodies."""
    inside: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.If) and _is_type_checking(node.test):
            for statement in node.body:
                inside.update(id(n) for n in ast.walk(statement))
    return inside


def _targets(node: ast.Import | ast.ImportFrom, module: str, is_package: bool) -> list[str]:
    """Dotted names an import statement refers to (modules, or modules plus a name)."""
    if isinstance(node, ast.Import):
        return [alias.name for alias in node.names]
    if node.level:
        # The package a relative import starts from: the module's own package, then up.
        base = module.split(".") if is_package else module.split(".")[:-1]
        base = base[: len(base) - (node.level - 1)]
        origin = ".".join(base + ([node.module] if node.module else []))
    else:
        origin = node.module or ""
    return [origin] + [f"{origin}.{alias.name}" for alias in node.names]


def import_graph(package: Path, *, type_checking: bool = True) -> dict[str, set[str]]:
    """Each module of `package` (dotted name) → the modules of `package` it imports."""
    modules = _modules(package)
    graph: dict[str, set[str]] = {name: set() for name in modules}
    for name, path in modules.items():
        tree = ast.parse(path.read_text(), filename=str(path))
        skip = set() if type_checking else _type_checking_nodes(tree)
        for node in ast.walk(tree):
            if not isinstance(node, ast.Import | ast.ImportFrom) or id(node) in skip:
                continue
            names = _targets(node, name, path.name == "__init__.py")
            if isinstance(node, ast.ImportFrom):
                origin, *imported = names
                submodules = [n for n in imported if n in modules]
                # `from pkg import a, b`: edges to the submodules named; any other name is
                # read from `pkg` itself.
                if len(submodules) < len(imported) and origin in modules:
                    graph[name].add(origin)
                graph[name].update(submodules)
            else:
                graph[name].update(n for n in names if n in modules)
        graph[name].discard(name)
    return graph


def find_cycles(package: Path, *, type_checking: bool = True) -> list[list[str]]:
    """Every import cycle among the modules of `package`: one list per strongly connected
    group of modules (Tarjan), sorted; empty when the graph is acyclic."""
    graph = import_graph(package, type_checking=type_checking)
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    groups: list[list[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for nxt in sorted(graph[node]):
            if nxt not in index:
                visit(nxt)
                low[node] = min(low[node], low[nxt])
            elif nxt in on_stack:
                low[node] = min(low[node], index[nxt])
        if low[node] == index[node]:
            group = []
            while True:
                member = stack.pop()
                on_stack.discard(member)
                group.append(member)
                if member == node:
                    break
            if len(group) > 1:
                groups.append(sorted(group))

    for node in sorted(graph):
        if node not in index:
            visit(node)
    return sorted(groups)

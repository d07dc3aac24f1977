"""No import cycle inside the engine (issue point 3), checked on the source by `import_graph`,
which counts deferred imports and `TYPE_CHECKING` imports too."""

from __future__ import annotations

from pathlib import Path

import pytest

from .import_graph import find_cycles, import_graph, package_name

TYPE_ONLY = "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    {}\n"
ENGINE = Path(__file__).resolve().parents[3] / "src" / "laundermat" / "games" / "laundermat"


def test_the_engine_has_no_import_cycle() -> None:
    assert find_cycles(ENGINE) == []


def test_the_engine_graph_is_the_one_we_mean() -> None:
    """The arrows the design promises: only `flow` (and `game` through it) knows the phase
    modules as a whole; no phase module imports `flow` or `game`."""
    graph = import_graph(ENGINE)
    e = "laundermat.games.laundermat."
    assert graph[e + "game"] >= {e + "flow", e + "context"}
    assert graph[e + "flow"] >= {e + p for p in ("draft", "vault", "purchase", "bribery")}
    for phase in ("draft", "vault", "purchase", "bribery", "scoring", "additions"):
        assert not graph[e + phase] & {e + "flow", e + "game", e + "legal", e + "views"}, phase


def make_package(root: Path, files: dict[str, str]) -> Path:
    package = root / "pkg"
    for name, text in files.items():
        path = package / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text)
    for folder in {p.parent for p in package.rglob("*.py")}:
        (folder / "__init__.py").touch()
    return package


@pytest.mark.parametrize(
    ("files", "cycle"),
    [
        # a top-level relative import and one deferred into a function
        (
            {"a.py": "from . import b\n", "b.py": "def f():\n    from .a import x\n"},
            ["pkg.a", "pkg.b"],
        ),
        # a type-only import counts (the documented decision)
        (
            {
                "a.py": "from .b import B\n",
                "b.py": TYPE_ONLY.format("from .a import A"),
            },
            ["pkg.a", "pkg.b"],
        ),
        # absolute imports, a subpackage and `..` resolved; three modules in one cycle
        (
            {
                "a.py": "import pkg.sub.c\n",
                "sub/c.py": "from .. import b\n",
                "b.py": "from pkg import a\n",
            },
            ["pkg.a", "pkg.b", "pkg.sub.c"],
        ),
        # a name read from the package's __init__, which imports the module back
        (
            {"__init__.py": "from .a import x\n", "a.py": "from . import VERSION\n"},
            ["pkg", "pkg.a"],
        ),
    ],
    ids=["deferred", "type_checking", "absolute_and_parent", "init"],
)
def test_the_check_finds_each_kind_of_cycle(
    tmp_path: Path, files: dict[str, str], cycle: list[str]
) -> None:
    assert find_cycles(make_package(tmp_path, files)) == [cycle]


def test_an_acyclic_package_passes_and_type_checking_can_be_left_out(tmp_path: Path) -> None:
    package = make_package(
        tmp_path,
        {
            "__init__.py": "from .a import x\nfrom .b import y\n",
            "a.py": "from .b import y\nimport os\n",
            "b.py": TYPE_ONLY.format("from .a import x"),
        },
    )
    assert package_name(package) == "pkg"
    assert find_cycles(package, type_checking=False) == []
    assert find_cycles(package) == [["pkg.a", "pkg.b"]]

"""The house's shape (issue 14): no import cycle anywhere under src/laundermat, and no module
over 400 lines in src/, tests/ or benchmarks/ (static/js: tests/js/imports.test.mjs)."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.games.laundermat.import_graph import find_cycles

ROOT = Path(__file__).resolve().parents[1]
SRC = ROOT / "src" / "laundermat"
PACKAGES = sorted(p.parent for p in SRC.rglob("__init__.py"))


@pytest.mark.parametrize("package", PACKAGES, ids=lambda p: str(p.relative_to(SRC.parent)))
def test_no_import_cycle(package: Path) -> None:
    assert find_cycles(package) == []


@pytest.mark.parametrize("tree", ["src", "tests", "benchmarks"])
def test_no_module_over_400_lines(tree: str) -> None:
    long = {
        str(path.relative_to(ROOT)): n
        for path in (ROOT / tree).rglob("*.py")
        if (n := len(path.read_text().splitlines())) > 400
    }
    assert long == {}

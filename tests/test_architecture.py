"""The house's shape (issue 14): no module over 400 lines in src/, tests/ or benchmarks/
(static/js: tests/js/imports.test.mjs). The layers, the games' independence and the absence of
import cycles are import-linter's contracts (pyproject.toml, `make lint`)."""

from __future__ import annotations

from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


@pytest.mark.parametrize("tree", ["src", "tests", "benchmarks"])
def test_no_module_over_400_lines(tree: str) -> None:
    long = {
        str(path.relative_to(ROOT)): n
        for path in (ROOT / tree).rglob("*.py")
        if (n := len(path.read_text().splitlines())) > 400
    }
    assert long == {}

"""The engine imports nothing impure: no asyncio, database, network, clock or global random."""

import ast
import pathlib

ENGINE = pathlib.Path(__file__).parents[2] / "src" / "laundermat" / "engine"
FORBIDDEN = {
    "asyncio",
    "random",
    "time",
    "datetime",
    "socket",
    "sqlite3",
    "sqlalchemy",
    "os",
    "threading",
    "subprocess",
    "http",
    "urllib",
    "fastapi",
    "starlette",
    "websockets",
    "uvicorn",
    "secrets",
    "uuid",
    "logging",
    "io",
    "pathlib",
}


def imported_modules(path: pathlib.Path) -> set[str]:
    tree = ast.parse(path.read_text())
    names: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names.update(alias.name.split(".")[0] for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            names.add(node.module.split(".")[0])
    return names


def test_engine_modules_import_nothing_impure() -> None:
    files = sorted(ENGINE.glob("*.py"))
    assert len(files) > 5
    for path in files:
        bad = imported_modules(path) & FORBIDDEN
        assert not bad, f"{path.name} imports {sorted(bad)}"


def test_the_check_would_catch_an_impure_import(tmp_path: pathlib.Path) -> None:
    sample = tmp_path / "sample.py"
    sample.write_text("import random\nfrom time import monotonic\n")
    assert imported_modules(sample) & FORBIDDEN == {"random", "time"}

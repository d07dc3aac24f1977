"""A game's rules import nothing impure: no asyncio, database, network, clock or global random.

The modules around the rules (the definition, the bots, the coach, the invariants) are handed a
`random.Random` by `simulate` and the rooms, so they may import `random`; nothing else."""

import ast
import pathlib

import pytest

GAMES = pathlib.Path(__file__).resolve().parents[2] / "src" / "laundermat" / "games"
AROUND_THE_RULES = {"__init__.py", "bots.py", "coach.py", "heuristic.py", "invariants.py"}
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


@pytest.mark.parametrize("game", ["laundermat", "goblin"])
def test_a_games_modules_import_nothing_impure(game: str) -> None:
    files = sorted((GAMES / game).glob("*.py"))
    assert len(files) > 10
    for path in files:
        allowed = {"random"} if path.name in AROUND_THE_RULES else set()
        bad = imported_modules(path) & (FORBIDDEN - allowed)
        assert not bad, f"{game}/{path.name} imports {sorted(bad)}"


def test_the_check_would_catch_an_impure_import(tmp_path: pathlib.Path) -> None:
    sample = tmp_path / "sample.py"
    sample.write_text("import random\nfrom time import monotonic\n")
    assert imported_modules(sample) & FORBIDDEN == {"random", "time"}

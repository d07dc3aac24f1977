"""Every rule id of the canonical rules is named by at least one Goblin test, and the engine
imports nothing impure (no clock, network, storage or global random)."""

from __future__ import annotations

import ast
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[3]
RULES = ROOT.parent / "shared" / "rules" / "goblin-laundromat.md"
ENGINE = ROOT / "src" / "laundermat" / "games" / "goblin"
# The adapter, bots and invariants run beside the engine (they take a caller's Random).
NOT_ENGINE = {"__init__.py", "bots.py", "coach.py", "invariants.py"}
IMPURE = {"asyncio", "random", "time", "datetime", "socket", "sqlite3", "sqlalchemy", "os"}
IMPURE |= {"threading", "subprocess", "http", "urllib", "fastapi", "uvicorn", "secrets", "uuid"}


def rule_ids(text: str) -> set[str]:
    return set(re.findall(r"\*\*(G[A-Z]+-\d+)\b", text))


# The ids as of the rules this engine implements, so the check still runs where the shared
# rules file is not beside the repository; where it is, the two must agree.
KNOWN_IDS = {
    *(f"GGEN-{i}" for i in range(1, 6)),
    *(f"GCARD-{i}" for i in range(1, 5)),
    *(f"GSETUP-{i}" for i in range(1, 7)),
    *(f"GFILL-{i}" for i in range(1, 6)),
    *(f"GMARKET-{i}" for i in range(1, 3)),
    *(f"GWASH-{i}" for i in range(1, 9)),
    *(f"GPOTION-{i}" for i in range(1, 3)),
    "GROUND-1",
    *(f"GSCORE-{i}" for i in range(1, 8)),
    "GPUBLIC-1",
    "GPUBLIC-2",
    "GPRIVATE-1",
    "GPRIVATE-2",
}


def test_the_known_ids_are_the_rules_ids() -> None:
    if RULES.exists():
        assert rule_ids(RULES.read_text()) == KNOWN_IDS
    assert len(KNOWN_IDS) == 44


def test_every_rule_id_is_named_by_a_test() -> None:
    ids = KNOWN_IDS | (rule_ids(RULES.read_text()) if RULES.exists() else set())
    tests = "\n".join(p.read_text() for p in Path(__file__).parent.glob("*.py"))
    named = {i for i in ids if re.search(rf"\b{i}\b", tests)}  # literally, as written
    assert ids - named == set()


def test_the_id_check_reads_ids_as_the_rules_write_them() -> None:
    assert rule_ids("- **GWASH-3 Counting.** x **GSCORE-10 y") == {"GWASH-3", "GSCORE-10"}


def imported(path: Path) -> set[str]:
    names: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.Import):
            names.update(a.name.split(".")[0] for a in node.names)
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            names.add(node.module.split(".")[0])
    return names


def test_the_engine_is_pure() -> None:
    files = [p for p in ENGINE.glob("*.py") if p.name not in NOT_ENGINE]
    assert len(files) >= 10
    for path in files:
        assert not imported(path) & IMPURE, path.name

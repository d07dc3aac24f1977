"""The benchmark commands keep working: each runs in a tiny configuration and prints its
figures (they are not run anywhere else by the suite, and twice an API change broke one
unnoticed). No figure is judged here: speed is measured by the commands, not by tests."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from tests import own_postgres
from tests.cluster.services import PG_URL, require_postgresql

ROOT = Path(__file__).resolve().parents[1]

COMMANDS = {
    "engine": ["benchmarks.engine_bench", "--games", "3", "--repeat", "1"],
    "views": ["benchmarks.view_bench", "--games", "1", "--repeat", "1", "--by-phase"],
    "rooms": ["benchmarks.room_bench", "--rooms", "2", "--commands", "40", "--repeat", "1"],
    "store": ["benchmarks.store_bench", "--commands", "40", "--rooms", "2"],
    # PostgreSQL too, with fenced appends by both write paths (store/pg_log.py and before).
    "store_fenced": [
        *("benchmarks.store_bench", "--commands", "40", "--rooms", "2"),
        *("--postgres", PG_URL, "--fenced", "1"),
    ],
    "send": ["benchmarks.send_bench", "--pushes", "50", "--rounds", "1"],
    # Against this tree's own file: the loading of another publish.py and the bytes check.
    "push": [
        *("benchmarks.push_bench", "--games", "1"),
        *("--against", "src/laundermat/rooms/publish.py"),
    ],
    "wide_row": ["benchmarks.wide_row_bench", "--snapshot-kib", "4", "--commits", "20"],
    "capacity": ["benchmarks.capacity", "--help"],
    # The peers benchmark's Python side: the uvicorn floor and this server on SQLite, from this
    # tree and from HEAD's src/ (as --baseline REV does), two rooms each (~1 min under load).
    # The Node peers and granian install themselves, so they are not run here.
    "peers": [
        *("benchmarks.peers", "--kinds", "floor-uvicorn,ours-sqlite", "--runs", "1"),
        *("--rooms", "2", "--warmup", "1", "--seconds", "2", "--baseline", "HEAD"),
    ],
    # Its fixed-rate mode, on this server with the memory store, in bursts of six picks with
    # coalesced pushes (issue 34 §2; the seats' turns are the run above).
    "peers_fixed": [
        *("benchmarks.peers", "--plan", "fixed", "--kinds", "ours-memory", "--runs", "1"),
        *("--rooms", "3", "--rate", "5", "--warmup", "1", "--seconds", "2"),
        *("--burst", "--tick-ms", "20"),
    ],
    # Instructions per command's cProfile stages and CPU split, floor and pick6, six commands
    # (its callgrind tool starts each server under valgrind: minutes, so not here).
    "instructions": [
        *("benchmarks.instructions", "--tools", "profile,cpu", "--commands", "6"),
        *("--cpu-commands", "6", "--warmup", "1", "--idle", "0"),
    ],
    # Its laundermat kind, CPU alone: one game of six socket bots, counted without a warm-up.
    "instructions_laundermat": [
        *("benchmarks.instructions", "--kinds", "floor,laundermat", "--tools", "cpu"),
        *("--cpu-commands", "6", "--idle", "0", "--warmup", "0"),
    ],
    # Goblin tables of 4 through the whole capacity harness, in miniature (~20 s).
    "goblin_tables_capacity": [
        *("benchmarks.capacity", "--game", "goblin:4", "--only", "games", "--steps", "3"),
        *("--step-seconds", "2", "--warmup", "1", "--saturate-rooms", "2"),
        *("--saturate-seconds", "2", "--idle-sockets", "8"),
    ],
    "goblin": ["benchmarks.engine_bench", "--game", "goblin", "--games", "3", "--repeat", "1"],
    # One cold visit of this tree's home page in Chromium on the emulated slow link (~5 s).
    "first_paint": ["benchmarks.first_paint", "--runs", "1", "--baseline", "none"],
    "goblin_rooms": ["benchmarks.goblin_rooms", "--rooms", "2", "--commands", "40"],
    # nginx, Redis, PostgreSQL and replicas, each part tiny (about 40 s on a quiet machine). At
    # the load generator's default nice 10 (inherited by the replicas it forks) the suite's
    # other workers starved it: 350-480 s; its figures are not judged here.
    "cluster": ["benchmarks.cluster_bench", "--tiny", "--loadgen-nice", "0"],
    # CPU per command by process: one serve, then 2 replicas, on a private PostgreSQL (~50 s).
    "cluster_cpu": ["benchmarks.cluster_cpu", "--tiny"],
}
TIMEOUTS = {"cluster": 480, "cluster_cpu": 300}
# Its private PostgreSQL runs as the `postgres` user through runuser, which is in /usr/sbin.
PATHS = {"cluster_cpu": "/usr/bin:/bin:/usr/sbin"}


@pytest.mark.parametrize(
    "name",
    [
        pytest.param(n, marks=pytest.mark.timeout(600)) if n in TIMEOUTS else n
        for n in sorted(COMMANDS)
    ],
)
def test_the_benchmark_runs(name: str, tmp_path: Path) -> None:
    if name in ("cluster", "store_fenced"):
        require_postgresql()
    if name == "cluster_cpu" and own_postgres.skip_reason():
        pytest.skip(own_postgres.skip_reason() or "")
    done = subprocess.run(
        [sys.executable, "-m", *COMMANDS[name]],
        cwd=tmp_path if name.startswith("store") else ROOT,
        env={"PYTHONPATH": f"{ROOT / 'src'}:{ROOT}", "PATH": PATHS.get(name, "/usr/bin:/bin")},
        capture_output=True,
        text=True,
        timeout=TIMEOUTS.get(name, 240),
    )
    assert done.returncode == 0, done.stderr[-2000:]
    if not name.endswith("capacity"):  # a JSON line of figures
        assert json.loads(done.stdout.strip().splitlines()[-1])

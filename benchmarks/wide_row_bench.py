"""SQLite's inline command commit (store/sqlite_log.py `_append`) when the game's row is wide.

A game's row holds its latest snapshot (tens of KiB late in a game) beside its deadline and
window. Each command's commit updates the deadline and window, but only when they changed:
most commands keep their window. This measures one command's commit, the way the inline
path makes it, on games whose rows carry a `--snapshot-kib` snapshot, three ways in the same
run: the deadline unchanged (skipped), changed at every commit (the row is rewritten, as
before the skip for every command), and no game update at all (the floor).

    .venv/bin/python -m benchmarks.wide_row_bench --snapshot-kib 60 --commits 5000
"""

from __future__ import annotations

import argparse
import json
import random
import sqlite3
import tempfile
import time
from pathlib import Path

from sqlalchemy import create_engine

from laundermat.store.sqlite_log import _append
from laundermat.store.tables import metadata

GAMES = 200


def _database(path: Path, snapshot_kib: int) -> sqlite3.Connection:
    engine = create_engine(f"sqlite:///{path}")
    metadata.create_all(engine)  # the tables as the migrations make them, for this file
    engine.dispose()
    db = sqlite3.connect(path, timeout=0)
    for pragma in ("journal_mode=WAL", "synchronous=NORMAL", "wal_autocheckpoint=0"):
        db.execute(f"PRAGMA {pragma}")
    snapshot = json.dumps({"events": "x" * (snapshot_kib * 1024)})
    db.executemany(
        "INSERT INTO games (id, room_code, game, game_number, seed, player_ids, names,"
        " settings, snapshot_seq, snapshot, finished, started_ms)"
        " VALUES (?, ?, 'laundermat', 1, 1, '[]', '[]', '{}', 0, ?, 0, 0)",
        [(g, f"R{g:04d}", snapshot) for g in range(1, GAMES + 1)],
    )
    db.commit()
    return db


def measure(db: sqlite3.Connection, commits: int, mode: str, seqs: dict[int, int]) -> float:
    """µs per commit; `mode`: unchanged, changed or none (no game update)."""
    rng = random.Random(1)
    command = json.dumps({"type": "select", "card": 12})
    start = time.perf_counter()
    for i in range(commits):
        game = rng.randint(1, GAMES)
        seqs[game] += 1
        deadline = {"unchanged": 0, "changed": seqs[game], "none": None}[mode]
        timers = [] if deadline is None else [(1_700_000_000_000 + deadline, deadline, game)]
        _append(db, [(game, seqs[game], command, "p0", f"c{seqs[game]}")], timers, [], [])
        if i % 256 == 255:  # the thread's connection checkpoints as the server's does
            db.execute("PRAGMA wal_checkpoint(PASSIVE)")
    return (time.perf_counter() - start) / commits * 1e6


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--snapshot-kib", type=int, default=60)
    parser.add_argument("--commits", type=int, default=5000)
    parser.add_argument("--rounds", type=int, default=3, help="each mode this many times")
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory(prefix="wide-row-") as tmp:
        db = _database(Path(tmp) / "bench.db", args.snapshot_kib)
        seqs = {g: 0 for g in range(1, GAMES + 1)}
        measure(db, 500, "unchanged", seqs)  # every game's deadline set once: a warm file
        figures: dict[str, list[float]] = {"unchanged": [], "changed": [], "none": []}
        for _ in range(args.rounds):
            for mode, times in figures.items():
                times.append(round(measure(db, args.commits, mode, seqs), 1))
        db.close()
    print(
        json.dumps(
            {
                "snapshot_kib": args.snapshot_kib,
                "us_per_commit_best": {mode: min(t) for mode, t in figures.items()},
                "us_per_commit_all": figures,
            }
        )
    )


if __name__ == "__main__":
    main()

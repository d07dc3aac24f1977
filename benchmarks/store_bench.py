"""Persistence: durable command commits per second and p99 commit latency.

`--rooms R` also measures R rooms committing at once, where group commit lets them share
transactions (each caller still awaits its own durable commit). `--snapshots K` repeats that
with K other rooms appending a command that carries a snapshot every 10 ms meanwhile (a playing
room's snapshot rides in its command's commit), where commands once waited out SQLite's busy
handler (docs/benchmarks.md: its figures there are from when a snapshot was a write of its own).

Measures `Store.append_command` (one transaction per command, as the room does) on SQLite and,
when --postgres is given, on PostgreSQL, against a raw `sqlite3` loop doing the same insert +
update + commit with the same pragmas, in the same run.

    .venv/bin/python -m benchmarks.store_bench --commands 2000 \
        --postgres postgresql+asyncpg://postgres@127.0.0.1:5432/test

`--pace S`: the many-rooms runs commit a command every S seconds per room (open loop, as
playing rooms do) rather than as fast as they can: latency at a given rate.
"""

from __future__ import annotations

import argparse
import asyncio
import itertools
import json
import random
import secrets
import sqlite3
import statistics
import tempfile
import time
from pathlib import Path
from typing import Any

from sqlalchemy import text

from laundermat.rooms.records import CommandWrite, Fence
from laundermat.store import PlayerRecord, RoomRecord, Store
from laundermat.store.engine import make_engine

COMMAND = {"type": "buy_addition", "seat": 3, "addition": "pawn_shop", "bills": [12, 40, 41]}


def summarise(latencies: list[float], seconds: float) -> dict[str, Any]:
    ordered = sorted(latencies)
    return {
        "commits_per_second": round(len(latencies) / seconds),
        "p50_ms": round(statistics.median(ordered) * 1000, 3),
        "p99_ms": round(ordered[int(len(ordered) * 0.99) - 1] * 1000, 3),
    }


def raw_sqlite(path: Path, n: int) -> dict[str, Any]:
    conn = sqlite3.connect(path, isolation_level=None)
    conn.execute("PRAGMA journal_mode=WAL")
    conn.execute("PRAGMA synchronous=NORMAL")
    conn.execute(
        "CREATE TABLE commands (game_id INT, seq INT, command TEXT, PRIMARY KEY (game_id, seq))"
    )
    conn.execute("CREATE TABLE games (id INT PRIMARY KEY, deadline_ms INT, window_id INT)")
    conn.execute("INSERT INTO games VALUES (1, NULL, NULL)")
    payload = json.dumps(COMMAND)
    latencies = []
    start = time.perf_counter()
    for seq in range(1, n + 1):
        t0 = time.perf_counter()
        conn.execute("BEGIN")
        conn.execute("INSERT INTO commands VALUES (1, ?, ?)", (seq, payload))
        conn.execute("UPDATE games SET deadline_ms = ?, window_id = ? WHERE id = 1", (seq, seq))
        conn.execute("COMMIT")
        latencies.append(time.perf_counter() - t0)
    seconds = time.perf_counter() - start
    conn.close()
    return summarise(latencies, seconds)


async def store_loop(
    url: str,
    schema: str | None,
    n: int,
    rooms: int = 1,
    snapshots: int = 0,
    pace: float = 0.0,
    fenced: str = "",
) -> dict[str, Any]:
    """`rooms` concurrent rooms each append n / rooms commands, one after another, while
    `snapshots` other rooms append a command with a snapshot every 10 ms. `pace`: each room
    waits about that long (0.5-1.5x, so rooms do not move in step) before each command, as
    playing rooms do, instead of appending the next at once. `fenced` (PostgreSQL): each room
    is claimed and every append carries its fencing token, as a replica's do, written by
    "statement" (one statement per group commit, store/pg_log.py) or "transaction" (the
    SQLAlchemy transaction it replaced: pre-ping, BEGIN, lock, insert, update, COMMIT)."""
    store = await Store.open(url, schema)
    if fenced == "transaction":
        store._pg_log = None  # the path before pg_log.py, kept for other databases
    try:
        game_ids, fences = await _start_games(store, rooms + snapshots, fenced)
        latencies: list[float] = []

        async def one_room(game_id: int) -> None:
            rng = random.Random(game_id)
            fence = fences[game_id]
            for seq in range(1, n // rooms + 1):
                if pace:
                    await asyncio.sleep(pace * (0.5 + rng.random()))
                t0 = time.perf_counter()
                await store.append_command(
                    CommandWrite(game_id, seq, COMMAND, seq, seq), fence=fence
                )
                latencies.append(time.perf_counter() - t0)

        saves: list[float] = []
        state = {"cards": list(range(2000)), "log": ["an entry of the game's log"] * 100}

        async def snapshotting(game_id: int) -> None:
            for seq in itertools.count(1):
                t0 = time.perf_counter()
                write = CommandWrite(game_id, seq, COMMAND, seq, seq, snapshot=state)
                await store.append_command(write)
                saves.append(time.perf_counter() - t0)
                await asyncio.sleep(0.01)

        savers = [asyncio.create_task(snapshotting(g)) for g in game_ids[rooms:]]
        start, cpu = time.perf_counter(), time.process_time()
        try:
            await asyncio.gather(*(one_room(g) for g in game_ids[:rooms]))
        finally:
            for saver in savers:
                saver.cancel()
            await asyncio.gather(*savers, return_exceptions=True)
        out = summarise(latencies, time.perf_counter() - start)
        # This process's CPU per commit (the store's share of a replica's core).
        out["cpu_ms_per_commit"] = round((time.process_time() - cpu) / len(latencies) * 1e3, 3)
        if saves:
            out["max_ms"] = round(max(latencies) * 1000, 3)
            out["snapshots_saved"] = len(saves)
            out["snapshot_p99_ms"] = summarise(saves, 1)["p99_ms"]
        return out
    finally:
        await store.close()


async def _start_games(
    store: Store, count: int, fenced: str
) -> tuple[list[int], dict[int, Fence | None]]:
    """`count` rooms, each with a game started (claimed first when `fenced`): the games' ids,
    and each game's fence."""
    game_ids = []
    fences: dict[int, Fence | None] = {}
    for i in range(count):
        code = f"B{i:05d}"
        player = PlayerRecord("p1", "a", "h", 0, 0)
        room = RoomRecord(code, "playing", {}, "p1", [player], 1, 0, 0, "laundermat")
        fence = None
        if fenced:
            token = await store.claim_new(room)
            assert token is not None
            fence = Fence(code, token)
        game_ids.append(await store.start_game(room, 1, ["p1"], None, None, fence=fence))
        fences[game_ids[-1]] = fence
    return game_ids, fences


async def drop_schema(url: str, schema: str) -> None:
    engine = make_engine(url)
    async with engine.begin() as conn:
        await conn.execute(text(f'DROP SCHEMA IF EXISTS "{schema}" CASCADE'))
    await engine.dispose()


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--commands", type=int, default=2000)
    parser.add_argument("--postgres", help="a PostgreSQL URL to measure too")
    parser.add_argument("--rooms", type=int, default=100, help="concurrent rooms (group commit)")
    parser.add_argument("--snapshots", type=int, default=0, help="rooms saving snapshots meanwhile")
    parser.add_argument("--pace", type=float, default=0.0, help="seconds between a room's commands")
    parser.add_argument(
        "--fenced",
        type=int,
        default=0,
        help="PostgreSQL: also this many rounds of fenced appends, one statement per group "
        "commit against the SQLAlchemy transaction, alternating",
    )
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        baseline = raw_sqlite(Path(tmp) / "raw.db", args.commands)
        sqlite_store = asyncio.run(store_loop(f"sqlite:///{tmp}/store.db", None, args.commands))
        sqlite_many = asyncio.run(
            store_loop(f"sqlite:///{tmp}/many.db", None, args.commands, args.rooms, 0, args.pace)
        )
        if args.snapshots:
            busy = asyncio.run(
                store_loop(
                    f"sqlite:///{tmp}/busy.db", None, args.commands, args.rooms, args.snapshots
                )
            )
    out: dict[str, Any] = {
        "raw_sqlite3": baseline,
        "store_sqlite": sqlite_store,
        f"store_sqlite_{args.rooms}_rooms": sqlite_many,
    }
    if args.snapshots:
        out[f"store_sqlite_{args.rooms}_rooms_{args.snapshots}_snapshotting"] = busy
    sqlite_many["ratio_to_raw"] = round(
        sqlite_many["commits_per_second"] / baseline["commits_per_second"], 3
    )
    out["store_sqlite"]["ratio_to_raw"] = round(
        sqlite_store["commits_per_second"] / baseline["commits_per_second"], 3
    )
    if args.postgres:
        schema = f"bench_{secrets.token_hex(4)}"
        try:
            pg = asyncio.run(store_loop(args.postgres, schema, args.commands))
            pg_many = asyncio.run(
                store_loop(args.postgres, schema + "m", args.commands, args.rooms, 0, args.pace)
            )
        finally:
            asyncio.run(drop_schema(args.postgres, schema + "m"))
            asyncio.run(drop_schema(args.postgres, schema))
        pg["ratio_to_raw_sqlite"] = round(
            pg["commits_per_second"] / baseline["commits_per_second"], 3
        )
        out["store_postgresql"] = pg
        pg_many["ratio_to_raw_sqlite"] = round(
            pg_many["commits_per_second"] / baseline["commits_per_second"], 3
        )
        out[f"store_postgresql_{args.rooms}_rooms"] = pg_many
        for i in range(args.fenced):
            for path in ("statement", "transaction"):
                name = f"bench_{secrets.token_hex(4)}"
                try:
                    run = store_loop(
                        args.postgres, name, args.commands, args.rooms, 0, args.pace, path
                    )
                    out[f"store_postgresql_{args.rooms}_rooms_fenced_{path}_{i}"] = asyncio.run(run)
                finally:
                    asyncio.run(drop_schema(args.postgres, name))
    print(json.dumps(out))


if __name__ == "__main__":
    main()

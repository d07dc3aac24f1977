"""The SQLite group commit beside a busy event loop: in aiosqlite's thread or inline.

`--rooms` rooms each append one command at a time (paced: one every `--pace` seconds, as the
capacity benchmark's rooms do) while a "busy" task keeps the event loop's thread on the
CPU for `--busy` of the time in slices of `--slice-ms` (what building and sending views
does at high load). For each mode, interleaved `--rounds` times: commit latency (call to
durable) p50/p99, batches written inline and in the thread, and the writer thread's CPU.

Thread mode is the store as it was: every batch in aiosqlite's thread, where the sqlite3
module releases the GIL around each statement step and must take it back from the loop.

    taskset -c 1 .venv/bin/python -m benchmarks.gil_bench --rooms 1000 --busy 0.7
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import tempfile
import time
from pathlib import Path
from typing import Any

from laundermat.rooms.records import CommandWrite, PlayerRecord, RoomRecord
from laundermat.store import Store, sqlite_log

from .store_bench import summarise


def thread_cpu() -> dict[str, float]:
    """CPU seconds of the loop's thread ("loop": the main one) and of all the others."""
    out = {"loop": 0.0, "others": 0.0}
    tick = os.sysconf("SC_CLK_TCK")
    for task in Path(f"/proc/{os.getpid()}/task").iterdir():
        stat = (task / "stat").read_text().rsplit(")", 1)[1].split()
        key = "loop" if task.name == str(os.getpid()) else "others"
        out[key] += (int(stat[11]) + int(stat[12])) / tick
    return out


async def busy(share: float, slice_s: float, stop: asyncio.Event) -> None:
    """Hold the loop's thread for `share` of the time, `slice_s` at a time."""
    while not stop.is_set():
        end = time.perf_counter() + slice_s
        while time.perf_counter() < end:
            pass
        await asyncio.sleep(slice_s * (1 - share) / share)


async def run(mode: str, args: argparse.Namespace) -> dict[str, Any]:
    sqlite_log.INLINE = mode == "inline"
    tmp = tempfile.mkdtemp(prefix="gil-bench-")
    store = await Store.open(f"sqlite+aiosqlite:///{Path(tmp) / 'bench.db'}")
    game_ids = []
    for i in range(args.rooms):
        player = PlayerRecord("p1", "a", "h", 0, 0)
        room = RoomRecord(f"G{i:05d}", "playing", {}, "p1", [player], 1, 0, 0, "laundermat")
        game_ids.append(await store.start_game(room, 1, ["p1"], None, None))
    latencies: list[float] = []
    stop = asyncio.Event()
    end = time.perf_counter() + args.seconds

    async def one_room(game_id: int) -> None:
        seq = 0
        await asyncio.sleep(random.random() * args.pace)
        while time.perf_counter() < end:
            seq += 1
            t0 = time.perf_counter()
            write = CommandWrite(game_id, seq, {"type": "timeout", "window": seq}, 1, seq)
            await store.append_command(write)
            latencies.append(time.perf_counter() - t0)
            await asyncio.sleep(args.pace)

    burner = asyncio.create_task(busy(args.busy, args.slice_ms / 1000, stop))
    cpu0, wall0 = thread_cpu(), time.perf_counter()
    await asyncio.gather(*(one_room(g) for g in game_ids))
    cpu1, wall = thread_cpu(), time.perf_counter() - wall0
    stop.set()
    await burner
    log = store._sqlite_log
    await store.close()
    figures = summarise(latencies, wall)
    figures.update(
        mode=mode,
        inline_batches=log.inline_batches if log else None,
        thread_batches=log.thread_batches if log else None,
        loop_thread_cpu_s=round(cpu1["loop"] - cpu0["loop"], 2),
        other_threads_cpu_s=round(cpu1["others"] - cpu0["others"], 2),
    )
    return figures


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--rooms", type=int, default=1000)
    parser.add_argument("--pace", type=float, default=2.0)
    parser.add_argument("--seconds", type=float, default=15.0)
    parser.add_argument("--busy", type=float, default=0.7, help="share of the loop kept busy")
    parser.add_argument("--slice-ms", type=float, default=2.0)
    parser.add_argument("--rounds", type=int, default=2)
    args = parser.parse_args(argv)
    for _ in range(args.rounds):
        for mode in ("thread", "inline"):
            print(json.dumps(asyncio.run(run(mode, args))), flush=True)


if __name__ == "__main__":
    main()

"""Scale-out figures (issue 10): nginx in front of `laundermat serve` replicas on PostgreSQL
and Redis, all on this machine's loopback (tests/cluster/harness.py starts them).

    .venv/bin/python -m benchmarks.cluster_bench                  # every part, ~15 minutes
    .venv/bin/python -m benchmarks.cluster_bench --parts failover --kills 20
    .venv/bin/python -m benchmarks.cluster_bench --tiny           # a smoke run (the tests')

Parts:

- capacity: the capacity run's rooms (six seats, a command every `--pace` s, latency from a
  command to the last seat's view) through nginx (hash.conf), in steps, with 1 replica pinned
  to core 0, then 2 replicas pinned to cores 0 and 1. The load generator (this process) and
  nginx, Redis and PostgreSQL are not pinned; this process runs at nice `--loadgen-nice`
  (default 10), so the replicas come first when the two cores are short, and the replicas
  and nginx at `--replica-nice` (root: -10 puts them ahead of other work on the machine).
- relay: 2 replicas; half the rooms' sockets open on the owner, half on the other replica,
  which relays them (cluster/relay.py): the added latency, p50 and p99, in one window.
- failover: 3 replicas behind nginx, bots playing continuously; `--kills` times, kill -9 the
  replica owning the most rooms, then start a fresh one on its port. Per room of the dead
  replica: seconds from the kill to its first view from the new owner; then the database is
  checked (acked commands lost or doubled).

The last line printed is every figure as JSON.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import pwd
import resource
import sys
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from tests.cluster.harness import Cluster

from .cluster_failover import failovers
from .cluster_load import pin, ramp, relay_latency

# Real time (no test time scale) and the load test's lifted per-address limits: every
# simulated seat connects from 127.0.0.1.
BENCH_ENV = {
    "time_scale": "1",
    "restart_grace_seconds": "5",
    "away_after_seconds": "30",
    "gc_freeze_seconds": "1",
    "json_logs": "true",
    "sockets_per_address": "1000000",  # 6 per room, all from 127.0.0.1
}
FAILOVER_ENV = {"time_scale": "0.05", "gc_freeze_seconds": "0"}  # games span many kills


def parse_args(argv: list[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(
        prog="cluster_bench.py",
        description=__doc__,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("--tiny", action="store_true", help="a smoke run: every part, tiny")
    parser.add_argument("--parts", default="capacity,relay,failover")
    parser.add_argument("--steps", type=lambda s: [int(x) for x in s.split(",")])
    parser.add_argument("--step-seconds", type=float, default=20.0)
    parser.add_argument("--warmup", type=float, default=5.0)
    parser.add_argument("--pace", type=float, default=2.0, help="seconds between a room's commands")
    parser.add_argument("--target-ms", type=float, default=50.0)
    parser.add_argument("--relay-rooms", type=int, default=40)
    parser.add_argument("--kills", type=int, default=20)
    parser.add_argument("--failover-rooms", type=int, default=9)
    parser.add_argument("--settle", type=float, default=2.0, help="seconds between kills")
    parser.add_argument("--loadgen-nice", type=int, default=10)
    parser.add_argument(
        "--replica-nice",
        type=int,
        default=0,
        help="priority of the replicas and nginx (root: -10 puts them ahead of other work)",
    )
    parser.add_argument(
        "--database-nice",
        type=int,
        help="priority of the machine's PostgreSQL (every process of its OS user `postgres`, "
        "restored afterwards; root only): it serves the replicas' every commit",
    )
    parser.add_argument("--keep", type=Path, help="keep the replicas' logs here")
    parser.add_argument("--json", type=Path, help="write every figure here too")
    args = parser.parse_args(argv)
    if args.tiny:
        args.steps, args.step_seconds, args.warmup = [4], 2.0, 0.5
        args.relay_rooms, args.kills, args.failover_rooms, args.settle = 2, 1, 3, 0.5
    elif args.steps is None:
        args.steps = [100, 200, 300, 400, 500, 600, 800]
    return args


async def run(args: argparse.Namespace, workdir: Path) -> dict[str, Any]:
    parts = set(args.parts.split(","))
    cores = sorted(os.sched_getaffinity(0))
    out: dict[str, Any] = {"machine": {"cpus": os.cpu_count(), "cores": cores}}
    out["loadgen"] = {"nice": os.getpriority(os.PRIO_PROCESS, 0), "pinned": False}
    out["replicas_and_nginx_nice"] = args.replica_nice
    out["load_average_at_start"] = os.getloadavg()
    if "capacity" in parts:
        out["capacity"] = {}
        for count in (1, 2):
            cluster = Cluster(workdir / f"capacity{count}", replicas=count, env=BENCH_ENV)
            await asyncio.to_thread(cluster.start)
            try:
                used = pin(cluster, cores[: max(1, count)], args.replica_nice)
                print(f"capacity, {count} replica(s) on cores {used}", flush=True)
                rows = await ramp(
                    cluster, args.steps, args.pace, args.warmup, args.step_seconds, args.target_ms
                )
            finally:
                await asyncio.to_thread(cluster.stop)
            ok = [
                r["rooms"]
                for r in rows
                if (r["p99_ms"] or 1e9) <= args.target_ms and not r["errors"]
            ]
            out["capacity"][f"{count}_replica"] = {
                "cores": used,
                "largest_rooms_p99_le_target": max(ok, default=None),
                "ramp": rows,
            }
        one = out["capacity"]["1_replica"]["largest_rooms_p99_le_target"]
        two = out["capacity"]["2_replica"]["largest_rooms_p99_le_target"]
        out["capacity"]["ratio_2_to_1"] = round(two / one, 2) if one and two else None
    if "relay" in parts:
        # Half the rooms' sockets are kept on the other replica on purpose: following
        # (cluster/follow.py) would move those rooms to them, leaving nothing relayed to time.
        cluster = Cluster(workdir / "relay", replicas=2, env=BENCH_ENV | {"follow_ms": "0"})
        await asyncio.to_thread(cluster.start)
        try:
            pin(cluster, cores, args.replica_nice)
            out["relay"] = await relay_latency(
                cluster, args.relay_rooms, args.pace, args.warmup, max(args.step_seconds, 3.0)
            )
            print(f"relay: {out['relay']}", flush=True)
        finally:
            await asyncio.to_thread(cluster.stop)
    if "failover" in parts:
        cluster = Cluster(workdir / "failover", replicas=3, env=FAILOVER_ENV)
        await asyncio.to_thread(cluster.start)
        try:
            out["failover"] = await failovers(cluster, args.kills, args.failover_rooms, args.settle)
            print(f"failover: {out['failover']}", flush=True)
        finally:
            await asyncio.to_thread(cluster.stop)
    return out


@contextlib.contextmanager
def database_priority(nice: int | None) -> Iterator[None]:
    """The machine's PostgreSQL (the OS user `postgres`) at priority `nice` meanwhile. Left
    at its default, it gets the CPU last when the replicas and nginx run at -10, and every
    command's durable commit waits for it."""
    if nice is None:
        yield
        return
    uid = pwd.getpwnam("postgres").pw_uid
    before = os.getpriority(os.PRIO_USER, uid)
    os.setpriority(os.PRIO_USER, uid, nice)
    try:
        yield
    finally:
        os.setpriority(os.PRIO_USER, uid, before)


def main(argv: list[str] | None = None) -> None:
    args = parse_args(argv)
    _, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))
    if args.loadgen_nice:
        os.setpriority(os.PRIO_PROCESS, 0, args.loadgen_nice)
    started = time.monotonic()
    with (
        tempfile.TemporaryDirectory(prefix="laundermat-cluster-") as tmp,
        database_priority(args.database_nice),
    ):
        workdir = args.keep or Path(tmp)
        results = asyncio.run(run(args, workdir))
    results["database_nice"] = args.database_nice
    results["seconds"] = round(time.monotonic() - started, 1)
    text = json.dumps(results, default=str)
    if args.json:
        args.json.write_text(json.dumps(results, indent=2, default=str))
    print(text)
    sys.stdout.flush()


if __name__ == "__main__":
    main()

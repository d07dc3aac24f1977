"""Scaling efficiency from CPU accounting (issue 35, section 1): the CPU each process spends
per command at one fixed offered load, for one `laundermat serve` (no cluster) and for 2 and 3
replicas behind nginx with Redis, all on one PostgreSQL.

    .venv/bin/python -m benchmarks.cluster_cpu --nice -5       # 3 interleaved rounds, ~12 min
    .venv/bin/python -m benchmarks.cluster_cpu --tiny          # a smoke run (the suite's)
    .venv/bin/python -m benchmarks.cluster_cpu --from a.json b.json   # summarise saved runs

Each round runs 1, 2, 3 replicas in turn (rounds interleave, so a change in the machine's
other load lands on every configuration alike). A run: a fresh database; `--idle-seconds`
with no rooms (what the cluster costs while it does nothing); then `--rooms` tables of six
(benchmarks/capacity: a command every `--pace` s per table, far below saturation: one
process spends ~2 ms of CPU per command, ~480 a second on a core), each room first settled on
the replica nginx sends it to (benchmarks/cpu_lobby.py), and after `--warmup`, a window of
`--seconds`. A run with a failover in its window (a replica starved by other work lost its
leases) is left out of the summary: `--nice -5` (root) makes that rare.
Over each window every process's CPU time is read from /proc/PID/stat (utime + stime, and
cutime + cstime for the children it reaped: PostgreSQL's backends are its postmaster's
children), together with what PostgreSQL did (pg_stat_statements, pg_stat_wal,
pg_stat_database) and the round trips the replicas made to it (counted on the wire by a
proxy, tests/cluster/wire.py, in a process of its own).

PostgreSQL is a private server started for the run (initdb in /tmp, pg_stat_statements
preloaded, fsync on), so its processes' CPU is ours alone: the machine's shared server also
serves other people's tests. Redis and nginx are the cluster harness's own
(tests/cluster/harness.py). The load generator is this process; its CPU is reported apart.

Printed: one line per run, then min / median / max over the rounds of each configuration's
CPU per command against the single process's (of the same round), and a USL fit; the last
line is every figure as JSON.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import resource
import secrets
import tempfile
import time
from pathlib import Path
from typing import Any

import httpx
from tests.cluster.harness import TEST_ENV, Cluster, Replica, via_port
from tests.cluster.services import REPO, drop_database, fresh_database

from .cluster_bench import BENCH_ENV
from .cluster_load import ClusterGenerator, stop
from .cpu_accounting import (
    Component,
    StatsPostgres,
    WireCounter,
    cpu_now,
    create_extension,
    own_cpu,
    pg_counters,
)
from .cpu_lobby import SettledGenerator
from .cpu_summary import lines, per_run, summarise


def parse_args(argv: list[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(
        prog="cluster_cpu.py",
        description=__doc__,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("--tiny", action="store_true", help="a smoke run: 1 round of 1 and 2")
    parser.add_argument("--replicas", default="1,2,3", help="configurations; 1 is no cluster")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--rooms", type=int, default=60)
    parser.add_argument(
        "--pace", type=float, default=1.0, help="seconds between a table's commands"
    )
    parser.add_argument("--idle-seconds", type=float, default=10.0)
    parser.add_argument("--warmup", type=float, default=10.0)
    parser.add_argument("--seconds", type=float, default=30.0)
    parser.add_argument(
        "--lobby-seconds",
        type=float,
        default=2.0,
        help="at most this long for a new room to move to the replica nginx sends its sockets "
        "to, before its game starts (benchmarks/cpu_lobby.py); 0: start at once",
    )
    parser.add_argument(
        "--nice",
        type=int,
        default=0,
        help="priority of this process and all it starts (root: -5 keeps a starved replica "
        "from losing its leases on a machine loaded by others; CPU per command is the same)",
    )
    parser.add_argument("--json", type=Path, help="write every figure here too")
    parser.add_argument(
        "--from",
        dest="saved",
        type=Path,
        nargs="+",
        help="no runs: summarise the runs of saved --json files (their rounds follow on)",
    )
    args = parser.parse_args(argv)
    if args.tiny:
        args.replicas, args.rounds, args.rooms = "1,2", 1, 2
        args.idle_seconds, args.warmup, args.seconds = 0.5, 0.5, 2.0
        args.lobby_seconds = 0.5
    args.counts = [int(n) for n in args.replicas.split(",")]
    return args


class Single:
    """One `laundermat serve` without Redis: the baseline every replica is compared to."""

    def __init__(self, workdir: Path, pg_url: str, db_port: int) -> None:
        self.database = f"cpu_{secrets.token_hex(4)}"
        self.workdir, self.pg_url, self.db_port = workdir, pg_url, db_port
        self.replicas: list[Replica] = []

    def start(self) -> Single:
        self.workdir.mkdir(parents=True, exist_ok=True)
        url = fresh_database(self.database, self.pg_url)
        env = {k: v for k, v in os.environ.items() if not k.startswith("LAUNDERMAT_")}
        env.pop("DATABASE_URL", None)
        env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(REPO / "src"), str(REPO)]))
        env |= {f"LAUNDERMAT_{k}": v for k, v in TEST_ENV.items()}
        env |= {f"LAUNDERMAT_{k.upper()}": v for k, v in BENCH_ENV.items()}
        env["LAUNDERMAT_DATABASE_URL"] = via_port(url, self.db_port)
        self.replicas = [Replica("single", self.workdir, env).start()]
        return self

    def stop(self) -> None:
        for replica in self.replicas:
            replica.stop()
        drop_database(self.database, self.pg_url)


def components(system: Single | Cluster, pg: StatsPostgres, wire: WireCounter) -> list[Component]:
    out = [Component(f"replica:{r.id}", r.proc.pid) for r in system.replicas if r.proc]
    out += [Component("postgres", pg.pid), Component("wire_counter", wire.pid)]
    if isinstance(system, Cluster):
        assert system.redis.proc is not None and system.nginx is not None
        assert system.nginx.proc is not None
        out += [
            Component("redis", system.redis.proc.pid),
            Component("nginx", system.nginx.proc.pid),
        ]
    return out


async def _commands(system: Single | Cluster) -> tuple[float, float, float]:
    """Commands answered (every replica's counter), sockets relayed right now, and rooms
    claimed from a replica thought dead (a starved replica's lease expires: not scaling)."""
    answered = relayed = failovers = 0.0
    for replica in system.replicas:
        metrics = await asyncio.to_thread(replica.metrics)
        answered += metrics.get("laundermat_commands_total", 0.0)
        relayed += metrics.get("laundermat_cluster_relayed_sockets", 0.0)
        failovers += metrics.get("laundermat_cluster_failovers_total", 0.0)
    return answered, relayed, failovers


async def _reading(parts: list[Component], pg: StatsPostgres, wire: WireCounter) -> dict[str, Any]:
    return {
        "t": time.perf_counter(),
        "cpu": cpu_now(parts) | {"loadgen": own_cpu()},
        "pg": await pg_counters(pg.dsn),
        "round_trips": wire.count.value,
    }


async def measure(
    system: Single | Cluster,
    pg: StatsPostgres,
    wire: WireCounter,
    seconds: float,
    gen: ClusterGenerator | None = None,
) -> dict[str, Any]:
    """What every process spent over `seconds`, and what PostgreSQL did meanwhile."""
    parts = components(system, pg, wire)
    answered0, _, failovers0 = await _commands(system)
    before = await _reading(parts, pg, wire)
    if gen is not None:
        gen.reset()
    await asyncio.sleep(seconds)
    after = await _reading(parts, pg, wire)
    if gen is not None:
        gen.measuring = False
    answered1, relayed, failovers1 = await _commands(system)
    elapsed = after["t"] - before["t"]
    out: dict[str, Any] = {
        "seconds": round(elapsed, 2),
        "cpu_s": {k: round(after["cpu"][k] - v, 3) for k, v in before["cpu"].items()},
        "pg": {k: after["pg"][k] - v for k, v in before["pg"].items()},
        "round_trips": after["round_trips"] - before["round_trips"],
        "answered": int(answered1 - answered0),
        "relayed_sockets": int(relayed),
        "failovers": int(failovers1 - failovers0),
    }
    if gen is not None:
        stats = gen.stats
        out |= {
            "sent": stats.commands,
            "errors": dict(stats.errors),
            "skipped_ticks": stats.skipped,
            "moved": gen.moved,
        }
    return out


async def one_run(
    count: int, args: argparse.Namespace, pg: StatsPostgres, wire: WireCounter, workdir: Path
) -> dict[str, Any]:
    if count == 1:
        system: Single | Cluster = Single(workdir, pg.url, wire.port)
    else:
        env = BENCH_ENV | {"json_logs": "true"}
        system = Cluster(workdir, replicas=count, env=env, pg_url=pg.url, db_port=wire.port)
    await asyncio.to_thread(system.start)
    try:
        row: dict[str, Any] = {"replicas": count, "load_average_start": os.getloadavg()}
        row["idle"] = await measure(system, pg, wire, args.idle_seconds)
        port = system.replicas[0].port if isinstance(system, Single) else _nginx_port(system)
        settle = args.lobby_seconds if count > 1 else 0.0
        gen = SettledGenerator(port, args.pace, seed=count, settle=settle)
        gen.start()
        try:
            async with httpx.AsyncClient(base_url=gen.url, timeout=60) as http:
                gen.http = http
                await gen.grow(args.rooms)
                row["setup_errors"] = dict(gen.setup_errors)
                row["settled_rooms"] = gen.settled
                await asyncio.sleep(args.warmup)
                row["load"] = await measure(system, pg, wire, args.seconds, gen)
        finally:
            await stop(gen)
        row["load_average_end"] = os.getloadavg()
        return row
    finally:
        await asyncio.to_thread(system.stop)


async def _attempts(
    count: int, args: argparse.Namespace, pg: StatsPostgres, wire: WireCounter, workdir: Path
) -> dict[str, Any]:
    """A run, tried again once if a replica did not start (under a load average of 30 a
    start can outlast the harness's minute)."""
    try:
        return await one_run(count, args, pg, wire, workdir)
    except RuntimeError as exc:
        print(f"{count} replica(s): {exc!s:.200}; once more", flush=True)
        return await one_run(count, args, pg, wire, workdir.with_name(workdir.name + "b"))


def _nginx_port(cluster: Cluster) -> int:
    assert cluster.nginx is not None
    return cluster.nginx.port


async def run(args: argparse.Namespace, workdir: Path) -> dict[str, Any]:
    pg = await asyncio.to_thread(StatsPostgres().start)
    wire: WireCounter | None = None
    try:
        await create_extension(pg.dsn)
        wire = WireCounter(pg.url)
        runs: list[dict[str, Any]] = []
        for round_ in range(args.rounds):
            for count in args.counts:
                row = await _attempts(count, args, pg, wire, workdir / f"r{round_}n{count}")
                row["round"] = round_
                runs.append(row)
                print(per_run(row), flush=True)
                if args.json:  # so far: a crash later leaves these (summarise them: --from)
                    args.json.write_text(json.dumps({"runs": runs}, default=str))
    finally:
        if wire is not None:
            wire.stop()
        await asyncio.to_thread(pg.stop)
    return {"runs": runs}


def main(argv: list[str] | None = None) -> None:
    args = parse_args(argv)
    if args.saved is not None:
        saved = _saved(args.saved)
        saved |= summarise(saved["runs"])
        print("\n".join(lines(saved)))
        print(json.dumps(saved, default=str), flush=True)
        return
    _, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))
    if args.nice:
        os.setpriority(os.PRIO_PROCESS, 0, args.nice)  # inherited by every process started
    started = time.monotonic()
    with tempfile.TemporaryDirectory(prefix="laundermat-cpu-") as tmp:
        results = asyncio.run(run(args, Path(tmp)))
    results["machine"] = {"cpus": os.cpu_count(), "cpu_model": _cpu_model()}
    results["offered_commands_per_s"] = round(args.rooms / args.pace, 1)
    results["settings"] = {k: v for k, v in vars(args).items() if k not in ("json", "counts")}
    results["seconds"] = round(time.monotonic() - started, 1)
    if args.json:  # the runs first: a summary can be made again from them (--from)
        args.json.write_text(json.dumps(results, indent=2, default=str))
    results |= summarise(results["runs"])
    if args.json:
        args.json.write_text(json.dumps(results, indent=2, default=str))
    print("\n".join(lines(results)))
    print(json.dumps(results, default=str), flush=True)


def _saved(paths: list[Path]) -> dict[str, Any]:
    """The first file's figures, with every file's runs; each file's rounds after the last."""
    first: dict[str, Any] = json.loads(paths[0].read_text())
    runs: list[dict[str, Any]] = []
    for path in paths:
        offset = 1 + max((r["round"] for r in runs), default=-1)
        runs += [r | {"round": r["round"] + offset} for r in json.loads(path.read_text())["runs"]]
    return first | {"runs": runs, "from": [str(p) for p in paths]}


def _cpu_model() -> str:
    for line in Path("/proc/cpuinfo").read_text().splitlines():
        if line.startswith("model name"):
            return line.split(":", 1)[1].strip()
    return "?"


if __name__ == "__main__":
    main()

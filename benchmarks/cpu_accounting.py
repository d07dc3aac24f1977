"""What benchmarks/cluster_cpu.py reads: CPU seconds of a process and its children from
/proc, a PostgreSQL of the benchmark's own with pg_stat_statements loaded, and a proxy in a
process of its own that counts the round trips the replicas make to it.

CPU time, not wall time: the machine is shared (load average 15-30 from other work), so
latency and throughput say more about the neighbours than about us, while the CPU seconds a
process was given for a fixed amount of work do not depend on how long it waited for them.
"""

from __future__ import annotations

import asyncio
import multiprocessing
import os
import resource
from dataclasses import dataclass
from multiprocessing.sharedctypes import Synchronized
from typing import Any

import asyncpg
from tests.cluster.wire import RoundTripCounter
from tests.own_postgres import OwnPostgres

TICK = os.sysconf("SC_CLK_TCK")


def _stat(pid: int) -> list[str]:
    with open(f"/proc/{pid}/stat") as f:
        return f.read().rsplit(")", 1)[1].split()  # after the command name, which may hold ")"


def _children() -> dict[int, list[int]]:
    tree: dict[int, list[int]] = {}
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                tree.setdefault(int(_stat(int(entry))[1]), []).append(int(entry))
            except (OSError, IndexError):
                continue  # gone meanwhile
    return tree


def tree_cpu(root: int) -> float:
    """CPU seconds of `root` and every live descendant: utime + stime of each, plus cutime +
    cstime (the children each has reaped). A backend that exits inside a window is counted by
    its parent's cutime/cstime, so readings at two instants differ by exactly what the tree
    spent between them."""
    tree = _children()
    total, todo = 0, [root]
    while todo:
        pid = todo.pop()
        try:
            fields = _stat(pid)
        except OSError:
            continue
        total += sum(int(fields[i]) for i in (11, 12, 13, 14))  # utime stime cutime cstime
        todo += tree.get(pid, [])
    return total / TICK


@dataclass
class Component:
    """A name and the root process of what it spends."""

    name: str
    pid: int


def cpu_now(components: list[Component]) -> dict[str, float]:
    return {c.name: tree_cpu(c.pid) for c in components}


def own_cpu() -> float:
    """This process's CPU seconds (every thread), without its children (the servers)."""
    used = resource.getrusage(resource.RUSAGE_SELF)
    return used.ru_utime + used.ru_stime


class StatsPostgres(OwnPostgres):
    """A private PostgreSQL (nobody else's load in its processes' CPU) with pg_stat_statements
    preloaded, durable as a production server is (fsync and synchronous_commit on)."""

    def settings(self) -> dict[str, str]:
        return {
            **self.reachable(),
            "shared_preload_libraries": "'pg_stat_statements'",
            "pg_stat_statements.track": "all",
            "max_connections": "200",
        }

    @property
    def pid(self) -> int:
        """The postmaster: every backend and helper process is its child."""
        return int((self.data / "postmaster.pid").read_text().split()[0])

    @property
    def dsn(self) -> str:
        return f"postgresql://postgres@127.0.0.1:{self.port}/postgres"


# Our own reads are left out of the counts: every one of them names pg_stat.
STATEMENTS = """SELECT coalesce(sum(calls), 0)::bigint, coalesce(sum(wal_bytes), 0)::bigint
FROM pg_stat_statements WHERE query NOT LIKE '%pg_stat%'"""
COMMITS = """SELECT coalesce(sum(xact_commit), 0)::bigint, coalesce(sum(xact_rollback), 0)::bigint
FROM pg_stat_database"""


async def pg_counters(dsn: str) -> dict[str, int]:
    """Statements (pg_stat_statements, all databases), WAL bytes (pg_stat_wal), transactions
    (pg_stat_database). pg_stat_database's counters are flushed by a backend when it goes
    idle, at most once a second, so the window's edges blur them by about that."""
    conn = await asyncpg.connect(dsn)
    try:
        calls, statement_wal = await conn.fetchrow(STATEMENTS)
        wal = await conn.fetchval("SELECT wal_bytes::bigint FROM pg_stat_wal")
        commits, rollbacks = await conn.fetchrow(COMMITS)
    finally:
        await conn.close()
    return {
        "statements": int(calls),
        "statement_wal_bytes": int(statement_wal),
        "wal_bytes": int(wal),
        "commits": int(commits),
        "rollbacks": int(rollbacks),
    }


async def create_extension(dsn: str) -> None:
    conn = await asyncpg.connect(dsn)
    try:
        await conn.execute("CREATE EXTENSION IF NOT EXISTS pg_stat_statements")
    finally:
        await conn.close()


class _SharedCount(RoundTripCounter):
    """The wire counter, its count kept where the benchmark's process can read it."""

    def __init__(self, url: str, shared: Synchronized[int]) -> None:
        self.shared = shared
        super().__init__(url)

    @property
    def round_trips(self) -> int:
        return int(self.shared.value)

    @round_trips.setter
    def round_trips(self, value: int) -> None:
        self.shared.value = value


def _serve_counter(url: str, shared: Synchronized[int], ports: Any) -> None:
    async def main() -> None:
        counter = _SharedCount(url, shared)
        proxied = await counter.start()
        ports.send(int(proxied.rsplit(":", 1)[1].split("/")[0]))
        await asyncio.Event().wait()

    asyncio.run(main())


class WireCounter:
    """tests/cluster/wire.py's proxy in a process of its own (so it takes no time from the
    load generator's loop): the replicas reach PostgreSQL through it, and it counts their
    Sync and Query messages, one per round trip."""

    def __init__(self, url: str) -> None:
        spawn = multiprocessing.get_context("spawn")
        self.count: Synchronized[int] = spawn.Value("q", 0, lock=False)
        receive, send = spawn.Pipe(duplex=False)
        self.proc = spawn.Process(target=_serve_counter, args=(url, self.count, send), daemon=True)
        self.proc.start()
        if not receive.poll(60):
            raise RuntimeError("the round-trip counter did not start")
        self.port: int = receive.recv()

    @property
    def pid(self) -> int:
        assert self.proc.pid is not None
        return self.proc.pid

    def stop(self) -> None:
        self.proc.terminate()
        self.proc.join(10)

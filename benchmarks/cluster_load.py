"""Load through the cluster for benchmarks/cluster_bench.py: the capacity run's tables
(benchmarks/capacity: six seats per room, a command every `pace` seconds, latency from a
command to the last seat's view) aimed at nginx, or at chosen replicas to measure the relay.

A socket closed with 4012 ("the room moved": a rebalance) reconnects at once, as the client
does; such moves are counted apart from errors.
"""

from __future__ import annotations

import asyncio
import os
import time
from typing import Any

import httpx
import orjson
from tests.cluster.harness import Cluster

from benchmarks.capacity.generator import Generator
from benchmarks.capacity.seat import Seat
from benchmarks.capacity.server import HOST
from benchmarks.capacity.stats import Process, histogram, histogram_quantile, ms, percentile
from benchmarks.capacity.tables import Table
from benchmarks.wsclient import TEXT, WsClient, connect

RECONNECT = 4012


class ClusterGenerator(Generator):
    """The capacity generator, with each table's sockets sent to `port_for(table)`."""

    def __init__(self, port: int, pace: float, seed: int) -> None:
        super().__init__("laundermat", port, pace, seed)
        self.ports: dict[str, int] = {}  # room code → port its sockets open on
        self.moved = 0
        self.reconnects: set[asyncio.Future[None]] = set()

    async def attach(self, table: Table, seat: Seat, rcvbuf: int | None = None) -> None:
        def message(ws: WsClient, opcode: int, raw: bytes, now: float) -> None:
            if opcode == TEXT:
                table.on_message(seat, raw, now)

        def closed(ws: WsClient, code: int | None) -> None:
            if seat.ws is not ws:
                return
            if code == RECONNECT and not self.stopping:
                self.moved += 1
                seat.ws = None
                again = asyncio.ensure_future(self.attach(table, seat))
                self.reconnects.add(again)
                again.add_done_callback(self.reconnects.discard)
                return
            table.on_close(seat, code)

        port = self.ports.get(table.code, self.port)
        seat.ws = await connect(HOST, port, f"/ws/{table.code}", message, closed, rcvbuf)
        seat.ws.send_text(orjson.dumps({"type": "hello", "token": seat.token}))


def pin(cluster: Cluster, cores: list[int], nice: int = 0) -> list[int]:
    """Replica i on core cores[i % len(cores)], and the replicas and nginx (the system under
    test) at priority `nice` (below 0: root only); the cores used."""
    used = []
    for i, replica in enumerate(cluster.replicas):
        assert replica.proc is not None
        core = cores[i % len(cores)]
        os.sched_setaffinity(replica.proc.pid, {core})
        if nice:
            os.setpriority(os.PRIO_PROCESS, replica.proc.pid, nice)
        used.append(core)
    if nice and cluster.nginx is not None and cluster.nginx.proc is not None:
        os.setpriority(os.PRIO_PGRP, cluster.nginx.proc.pid, nice)
    return used


async def _metrics_text(url: str) -> str:
    async with httpx.AsyncClient(timeout=30) as http:
        return (await http.get(f"{url}/metrics")).text


def _quantiles(before: list[str], after: list[str], name: str) -> list[Any]:
    return [
        histogram_quantile(histogram(a, name), histogram(b, name), 0.99)
        for a, b in zip(before, after, strict=True)
    ]


def cpu_of(cluster: Cluster) -> list[float]:
    return [Process(r.proc.pid).cpu() for r in cluster.replicas if r.proc is not None]


async def window(gen: ClusterGenerator, cluster: Cluster, seconds: float) -> dict[str, Any]:
    """One measured window: latency through the cluster, CPU of each replica and of the
    load generator itself."""
    me = Process(os.getpid())
    texts0 = [await _metrics_text(r.url) for r in cluster.replicas]
    cpu0, own0 = cpu_of(cluster), me.cpu()
    moved0 = gen.moved
    gen.reset()
    start = time.perf_counter()
    await asyncio.sleep(seconds)
    gen.measuring = False
    elapsed = time.perf_counter() - start
    cpu1, own1 = cpu_of(cluster), me.cpu()
    texts1 = [await _metrics_text(r.url) for r in cluster.replicas]
    stats = gen.stats
    relayed = 0.0
    for replica in cluster.replicas:
        relayed += replica.metrics().get("laundermat_cluster_relayed_sockets", 0.0)
    return {
        "rooms": len(gen.tables),
        "commands_per_s": round(stats.commands / elapsed, 1),
        "completed": len(stats.last),
        "p50_ms": ms(percentile(stats.last, 0.5)),
        "p99_ms": ms(percentile(stats.last, 0.99)),
        "p999_ms": ms(percentile(stats.last, 0.999)),
        "replica_cpu": [round((b - a) / elapsed, 3) for a, b in zip(cpu0, cpu1, strict=True)],
        # Each replica's own view: from a command received to its last view queued (the
        # durable commit included), and its event loop's lag; p99 over the window.
        "server_push_p99_ms": _quantiles(texts0, texts1, "laundermat_command_push_seconds"),
        # Its parts: received → the room's turn, then → applied and durable in the log.
        "server_queued_p99_ms": _quantiles(texts0, texts1, "laundermat_command_queued_seconds"),
        "server_durable_p99_ms": _quantiles(texts0, texts1, "laundermat_command_durable_seconds"),
        "server_loop_lag_p99_ms": _quantiles(texts0, texts1, "laundermat_event_loop_lag_seconds"),
        "loadgen_cpu": round((own1 - own0) / elapsed, 3),
        "relayed_sockets": int(relayed),
        "moved": gen.moved - moved0,
        "errors": sum(stats.errors.values()),
        "error_codes": dict(stats.errors),
        "skipped_ticks": stats.skipped,
    }


async def ramp(
    cluster: Cluster, steps: list[int], pace: float, warmup: float, seconds: float, target: float
) -> list[dict[str, Any]]:
    """Rooms through nginx, step by step, until p99 passes 4x the target."""
    assert cluster.nginx is not None
    gen = ClusterGenerator(cluster.nginx.port, pace, seed=1)
    gen.start()
    rows: list[dict[str, Any]] = []
    try:
        async with httpx.AsyncClient(base_url=gen.url, timeout=60) as http:
            gen.http = http
            for rooms in steps:
                await gen.grow(rooms)
                await asyncio.sleep(warmup)
                row = await window(gen, cluster, seconds)
                row["setup_errors"] = dict(gen.setup_errors)
                gen.setup_errors.clear()
                rows.append(row)
                print(f"  {len(cluster.replicas)} replica(s), {rooms} rooms: {row}", flush=True)
                if (row["p99_ms"] or 0) > 4 * target:
                    break
    finally:
        await stop(gen)
    return rows


async def relay_latency(
    cluster: Cluster, rooms: int, pace: float, warmup: float, seconds: float
) -> dict[str, Any]:
    """Each replica creates (and so owns) half the rooms, so no rebalancing moves them; half
    of each replica's rooms have their sockets on it, half on the other replica, which
    relays them. Both groups are measured in the same window; a room whose owner changed
    meanwhile is left out."""
    assert len(cluster.replicas) == 2
    first = cluster.replicas[0]
    gen = ClusterGenerator(first.port, pace, seed=2)
    gen.start()
    try:
        async with httpx.AsyncClient(timeout=60) as http:
            gen.http = http
            for i in range(rooms):
                creator = cluster.replicas[i % 2]
                created = await http.post(f"{creator.url}/api/rooms", json={"name": "b0"})
                created.raise_for_status()
                code = created.json()["code"]
                gen.ports[code] = cluster.replicas[(i // 2) % 2].port
                await _seat_table(gen, http, creator.url, created.json())
            await asyncio.sleep(warmup)
            before = _groups(cluster, gen)
            row = await window(gen, cluster, seconds)
            after = _groups(cluster, gen)
    finally:
        await stop(gen)
    steady = {code for code, group in before.items() if after.get(code) == group}
    direct: list[float] = []
    relayed: list[float] = []
    by_room = gen.stats.groups  # each table's group is its code (_seat_table)
    for code in steady:
        (direct if before[code] == "owner" else relayed).extend(by_room.get(code, []))
    return {
        "rooms": rooms,
        "rooms_measured": len(steady),
        "owner_p50_ms": ms(percentile(direct, 0.5)),
        "owner_p99_ms": ms(percentile(direct, 0.99)),
        "relayed_p50_ms": ms(percentile(relayed, 0.5)),
        "relayed_p99_ms": ms(percentile(relayed, 0.99)),
        "added_p50_ms": _minus(percentile(relayed, 0.5), percentile(direct, 0.5)),
        "added_p99_ms": _minus(percentile(relayed, 0.99), percentile(direct, 0.99)),
        "samples": [len(direct), len(relayed)],
        "window": row,
    }


def _groups(cluster: Cluster, gen: ClusterGenerator) -> dict[str, str]:
    """Per room: "owner" if its sockets open on its owner now, else "relayed"."""
    owners = cluster.owners([t.code for t in gen.tables])
    at_port = {r.port: r.id for r in cluster.replicas}
    return {
        code: "owner" if owner == at_port[gen.ports[code]] else "relayed"
        for code, owner in owners.items()
    }


async def _seat_table(
    gen: ClusterGenerator, http: httpx.AsyncClient, base: str, host: dict[str, Any]
) -> None:
    seats = [host]
    for i in range(1, 6):
        joined = await http.post(f"{base}/api/rooms/{host['code']}/join", json={"name": f"b{i}"})
        joined.raise_for_status()
        seats.append(joined.json())
    table = Table(gen, host["code"], seats)
    table.group = table.code  # latencies kept per room: stats.groups[code]
    for seat in table.seats:
        await gen.attach(table, seat)
    await asyncio.wait_for(table.ready, 30)
    table.inflight = None
    gen.tables.append(table)
    table.start_paced(gen.pace)


def _minus(a: float | None, b: float | None) -> float | None:
    return None if a is None or b is None else ms(a - b)


async def stop(gen: ClusterGenerator) -> None:
    gen.stopping = True
    for table in gen.tables:
        table.stop()
    await asyncio.sleep(0.3)
    for table in gen.tables:
        for seat in table.seats:
            if seat.ws is not None:
                seat.ws.abort()

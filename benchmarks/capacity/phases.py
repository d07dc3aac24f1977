"""The phases of one server's run: idle sockets, saturation, the paced ramp and the slow
reader, each bounded in time."""

from __future__ import annotations

import argparse
import asyncio
import os
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx

from ..wsclient import WsClient, connect
from .games import GameSpec
from .generator import Generator
from .report import show, summarise
from .server import HOST, Server, start_server
from .stats import Process, Window, ms, percentile
from .tables import Table


async def idle_connections(gen: Generator, server: Server, count: int) -> dict[str, Any]:
    """RSS growth per accepted socket that has said nothing yet."""
    path = "/ws/idle"
    if gen.kind == "laundermat":
        assert gen.http is not None
        room = {"name": "idle", "game": gen.game.name, "settings": gen.game.settings}
        created = await gen.http.post("/api/rooms", json=room)
        path = f"/ws/{created.json()['code']}"
    await asyncio.sleep(1.0)
    before = server.info.rss()
    clients: list[WsClient] = []
    gate = asyncio.Semaphore(64)

    async def one() -> None:
        async with gate:
            clients.append(await connect(HOST, gen.port, path, _ignore, _ignore))

    await asyncio.gather(*(one() for _ in range(count)))
    await asyncio.sleep(2.0)
    after = server.info.rss()
    gen.stopping = True
    for client in clients:
        client.abort()
    await asyncio.sleep(3.0)
    gen.stopping = False
    return {"sockets": count, "bytes_per_socket": (after - before) / count}


def _ignore(*args: Any) -> None:
    pass


async def measure(gen: Generator, server: Server, seconds: float) -> Window:
    me = Process(os.getpid())
    before = await server.metrics()
    cpu0, own0, wait0 = server.info.cpu(), me.cpu(), server.info.waited()
    gen.reset()
    start = time.perf_counter()
    await asyncio.sleep(seconds)
    gen.measuring = False
    elapsed = time.perf_counter() - start
    cpu1, own1, wait1 = server.info.cpu(), me.cpu(), server.info.waited()
    after = await server.metrics()
    return Window(
        elapsed,
        (cpu1 - cpu0) / elapsed,
        server.info.rss(),
        before,
        after,
        (own1 - own0) / elapsed,
        (wait1 - wait0) / elapsed,
    )


async def slow_reader(
    gen: Generator, server: Server, seconds: float, share: float
) -> dict[str, Any]:
    """In a share of the rooms, one seat reconnects with a tiny receive buffer and stops
    reading; its peers' latency is compared with the untouched rooms' in the same window."""
    chosen = gen.tables[:: max(1, round(1 / share))]
    for table in chosen:
        seat = table.seats[-1]
        old = seat.ws
        table.paused.add(seat.index)
        seat.raw = None
        if old is not None:
            old.abort()
        await gen.attach(table, seat, rcvbuf=4096)
        table.group = "slow"
    await asyncio.sleep(1.0)
    for table in chosen:
        ws = table.seats[-1].ws
        if ws is not None:
            ws.pause_reading()
    await asyncio.sleep(2.0)
    window = await measure(gen, server, seconds)
    for table in chosen:  # drain what the server still sent, to see whether it closed them
        ws = table.seats[-1].ws
        if ws is not None:
            ws.resume_reading()
    await asyncio.sleep(1.5)
    row = summarise(gen, window, len(gen.tables))
    groups = gen.stats.groups
    slow, normal = groups.get("slow", []), groups.get("normal", [])
    stalled = [t.seats[-1].ws for t in chosen]
    result = {
        "rooms": len(gen.tables),
        "slow_rooms": len(chosen),
        "slow_peers_p50_ms": ms(percentile(slow, 0.5)),
        "slow_peers_p99_ms": ms(percentile(slow, 0.99)),
        "other_rooms_p50_ms": ms(percentile(normal, 0.5)),
        "other_rooms_p99_ms": ms(percentile(normal, 0.99)),
        "added_p99_ms": (
            ms(percentile(slow, 0.99) - percentile(normal, 0.99))  # type: ignore[operator]
            if slow and normal
            else None
        ),
        "stalled_sockets_closed_by_server": sum(1 for ws in stalled if ws is None or ws.closed),
        "errors": row["errors"],
        "error_codes": row["error_codes"],
    }
    # Back to normal: fresh sockets for the stalled seats.
    for table in chosen:
        seat = table.seats[-1]
        if seat.ws is not None:
            seat.ws.abort()
        await gen.attach(table, seat)
        table.paused.discard(seat.index)
        table.group = "normal"
    return result


async def run_kind(
    kind: str, args: argparse.Namespace, workdir: Path, payload: int, game: GameSpec | None = None
) -> dict[str, Any]:
    server = await start_server(
        kind, args.server_core, workdir, payload, args.server_env, args.nice
    )
    gen = Generator(kind, server.port, args.pace, args.seed, game)
    gen.start()
    label = gen.game.name if kind == "laundermat" else kind
    out: dict[str, Any] = {"kind": kind, "ramp": []}
    if kind == "laundermat":
        out["game"] = gen.game.to_dict()
    try:
        async with httpx.AsyncClient(
            base_url=gen.url, timeout=60, limits=httpx.Limits(max_connections=32)
        ) as http:
            gen.http = http
            out["idle"] = await idle_connections(gen, server, args.idle_sockets)
            show(f"{label} idle sockets", out["idle"])
            rss_empty = server.info.rss()
            # Saturation on the first step's rooms, closed loop.
            await gen.grow(args.saturate_rooms)
            gen.closed_loop()
            await asyncio.sleep(3.0)
            window = await measure(gen, server, args.saturate_seconds)
            out["saturation"] = summarise(gen, window, len(gen.tables))
            show(f"{label} saturation", out["saturation"])
            gen.paced()
            for rooms in args.steps:
                started = time.perf_counter()
                await gen.grow(rooms)
                setup_s = time.perf_counter() - started
                await asyncio.sleep(args.warmup)
                window = await measure(gen, server, args.step_seconds)
                row = summarise(gen, window, len(gen.tables))
                row["setup_s"] = round(setup_s, 1)
                row["step"] = rooms
                row["setup_errors"] = dict(gen.setup_errors)
                gen.setup_errors.clear()
                row["kib_per_room"] = round((window.rss - rss_empty) / len(gen.tables) / 1024, 1)
                out["ramp"].append(row)
                show(f"{label} ramp", row)
                if kind == "laundermat" and rooms == args.slow_at:
                    out["slow_reader"] = await slow_reader(
                        gen, server, args.step_seconds, args.slow_share
                    )
                    show(f"{label} slow reader", out["slow_reader"])
                if (row["p99_ms"] or 0) > args.give_up_ms:
                    print(f"p99 above {args.give_up_ms} ms: the ramp stops here", flush=True)
                    break
    finally:
        gen.stopping = True
        for table in gen.tables:
            table.stop()
        server.stop()
        await asyncio.sleep(0.5)
        for table in gen.tables:
            for client in _clients(table):
                client.abort()
    return out


def _clients(table: Any) -> Iterator[WsClient]:
    if isinstance(table, Table):
        yield from (s.ws for s in table.seats if s.ws is not None)
    else:
        yield from table.clients

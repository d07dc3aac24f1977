"""Goblin rooms over real sockets: latency and server CPU at a human pace, R tables of 5.

The server (`laundermat serve`, SQLite in a temporary directory) is started as
`benchmarks.capacity` starts it (pinned to `--server-core`, per-address limits lifted). For
each R in `--steps`, R Goblin rooms of 5 seats are created over HTTP and played over
WebSockets by Goblin's random bot reading the acting seat's own view, one command per room
every `--pace` seconds (random phase); a command's latency runs from its send to the last
seat's view that includes it (its ack's version). Printed per step: latency p50/p99, server
CPU share, RSS, views per second and their mean size.

    .venv/bin/python -m benchmarks.goblin_capacity --steps 10,40 --step-seconds 20
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import tempfile
import time
from pathlib import Path
from typing import Any

import httpx
import orjson
import websockets

from benchmarks.capacity.server import HOST, start_server
from benchmarks.capacity.stats import percentile
from laundermat.games.goblin import GAME


class Table:
    """One room of 5 seats; at most one command in flight."""

    def __init__(self, code: str, tokens: list[str], rng: random.Random) -> None:
        self.code = code
        self.tokens = tokens
        self.rng = rng
        self.bot = GAME.bot(random.Random(rng.random()), 0.0)
        self.games: list[dict[str, Any] | None] = [None] * len(tokens)
        self.arrivals: list[list[tuple[int, float]]] = [[] for _ in tokens]
        self.sockets: list[Any] = []
        self.inflight: tuple[str, float, int | None] | None = None
        self.latencies: list[float] = []
        self.views = 0
        self.view_bytes = 0
        self.rejected = 0
        self.ids = 0

    async def open(self, port: int) -> None:
        for seat, token in enumerate(self.tokens):
            ws = await websockets.connect(f"ws://{HOST}:{port}/ws/{self.code}", compression=None)
            await ws.send(orjson.dumps({"type": "hello", "token": token}).decode())
            self.sockets.append(ws)
            asyncio.get_running_loop().create_task(self.read(seat, ws))

    async def read(self, index: int, ws: Any) -> None:
        async for raw in ws:
            now = time.perf_counter()
            message = orjson.loads(raw)
            kind = message["type"]
            if kind == "view":
                self.views += 1
                self.view_bytes += len(raw)
                self.games[index] = message["game"]
                self.arrivals[index] = [*self.arrivals[index][-20:], (message["version"], now)]
            elif kind == "ack" and self.inflight and message["id"] == self.inflight[0]:
                self.inflight = (self.inflight[0], self.inflight[1], message["version"])
            elif kind == "error" and self.inflight and message["id"] == self.inflight[0]:
                self.rejected += 1
                self.inflight = None
            self.settle()

    def settle(self) -> None:
        """Record the in-flight command's latency once every seat has a view with it."""
        if self.inflight is None or self.inflight[2] is None:
            return
        _, start, version = self.inflight
        last = 0.0
        for arrivals in self.arrivals:
            times = [t for v, t in arrivals if v >= version]
            if not times:
                return
            last = max(last, min(times))
        self.latencies.append(last - start)
        self.inflight = None

    async def tick(self) -> None:
        if self.inflight is not None:
            return
        actors = []
        for index, game in enumerate(self.games):
            me = (game or {}).get("me") or {}
            window = (game or {}).get("window") or {}
            picked = window.get("kind") == "pick" and me.get("picked") is not None
            if window and me.get("options", {}).get("can_act") and not picked:
                actors.append(index)
        if not actors:
            return
        index = self.rng.choice(actors)
        game = self.games[index]
        assert game is not None
        wire = self.bot.decide(game)
        if wire is None:
            return
        wire.pop("seat")
        self.ids += 1
        command_id = f"c{self.ids}"
        self.inflight = (command_id, time.perf_counter(), None)
        message = {"type": "act", "id": command_id, "command": wire, "window": game["window"]["id"]}
        await self.sockets[index].send(orjson.dumps(message).decode())

    async def play(self, pace: float, until: float) -> None:
        await asyncio.sleep(self.rng.random() * pace)
        while time.perf_counter() < until:
            await self.tick()
            await asyncio.sleep(pace)


async def new_table(http: httpx.AsyncClient, rng: random.Random, port: int) -> Table:
    created = (await http.post("/api/rooms", json={"name": "g0", "game": "goblin"})).json()
    tokens = [created["token"]]
    for i in range(1, 5):
        joined = await http.post(f"/api/rooms/{created['code']}/join", json={"name": f"g{i}"})
        tokens.append(joined.json()["token"])
    table = Table(created["code"], tokens, rng)
    await table.open(port)
    await asyncio.sleep(0.2)
    await table.sockets[0].send(
        orjson.dumps({"type": "lobby", "id": "start", "action": "start"}).decode()
    )
    return table


async def run(args: argparse.Namespace) -> list[dict[str, Any]]:
    workdir = Path(tempfile.mkdtemp(prefix="goblin-capacity-"))
    server = await start_server("laundermat", args.server_core, workdir, 0)
    rng = random.Random(args.seed)
    out = []
    try:
        async with httpx.AsyncClient(base_url=f"http://{HOST}:{server.port}") as http:
            tables: list[Table] = []
            for rooms in args.steps:
                while len(tables) < rooms:
                    tables.append(await new_table(http, rng, server.port))
                await asyncio.sleep(1)
                for t in tables:
                    t.latencies, t.views, t.view_bytes = [], 0, 0
                cpu0, start = server.info.cpu(), time.perf_counter()
                until = start + args.step_seconds
                await asyncio.gather(*(t.play(args.pace, until) for t in tables))
                seconds = time.perf_counter() - start
                latencies = [x for t in tables for x in t.latencies]
                views = sum(t.views for t in tables)
                out.append(
                    {
                        "rooms": rooms,
                        "commands": len(latencies),
                        "latency_ms_p50": round((percentile(latencies, 0.5) or 0) * 1000, 1),
                        "latency_ms_p99": round((percentile(latencies, 0.99) or 0) * 1000, 1),
                        "server_cpu_share": round((server.info.cpu() - cpu0) / seconds, 3),
                        "server_rss_mib": round(server.info.rss() / 2**20, 1),
                        "views_per_second": round(views / seconds),
                        "view_bytes_mean": round(sum(t.view_bytes for t in tables) / views)
                        if views
                        else None,
                        "rejected": sum(t.rejected for t in tables),
                    }
                )
                print(json.dumps(out[-1]), flush=True)
    finally:
        server.stop()
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--steps", type=lambda s: [int(x) for x in s.split(",")], default=[10])
    parser.add_argument("--step-seconds", type=float, default=20.0)
    parser.add_argument("--pace", type=float, default=2.0, help="seconds between a room's commands")
    parser.add_argument("--server-core", type=int, default=0)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    asyncio.run(run(args))


if __name__ == "__main__":
    main()

"""The Python load generator of the peers benchmark (node/gen.mjs is its twin for Colyseus and
boardgame.io): builds `--rooms` rooms of six over real sockets, plays them in a closed loop
(each room's next pick the moment the last one reached all six seats) or at a fixed total rate
(`--rate` commands/s over the rooms, each room at its share with a random phase; a tick that
finds the last command unanswered is skipped and counted), and prints, one per line:
`{"event": "start"}` and `{"event": "stop"}` around the measured window (the caller reads the
server's CPU at each) and then the window's figures.

    python -m benchmarks.peers.load --protocol ours --port 8000 --rooms 100 --seconds 20
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import json
import random
import time
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

import httpx

from .rooms import Room, http_client, make_room


@dataclass
class Stats:
    latencies: list[float] = field(default_factory=list)
    commands: int = 0  # completed in the window
    frames: int = 0
    bytes: int = 0
    skipped: int = 0
    errors: Counter[str] = field(default_factory=Counter)
    acks: Counter[str] = field(default_factory=Counter)  # this server's: "inline", "alone"


class Load:
    def __init__(self, args: argparse.Namespace) -> None:
        self.port = args.port
        self.rate: float | None = args.rate
        self.burst: bool = args.burst  # a round's six picks at once, done together
        self.rng = random.Random(args.seed)
        self.rooms: list[Room] = []
        self.stats = Stats()
        self.stopping = False
        self.window_start = float("inf")
        self.http: httpx.AsyncClient | None = None

    async def build(self, protocol: str, count: int) -> None:
        gate = asyncio.Semaphore(16)

        async def one(index: int) -> None:
            async with gate:
                room = make_room(protocol, self, index)
                await room.setup()
                self.rooms.append(room)

        async with http_client(self.port) as self.http:
            await asyncio.gather(*(one(i) for i in range(count)))
        gc.collect()
        gc.freeze()  # what the rooms hold lives as long as the run: out of the collector's way

    def play(self) -> None:
        loop = asyncio.get_running_loop()
        for room in self.rooms:
            if self.rate is None:
                room.next_command()
            else:
                period = len(self.rooms) / self.rate
                room.timer = loop.call_later(self.rng.uniform(0, period), self.tick, room, period)

    def tick(self, room: Room, period: float) -> None:
        if self.stopping:
            return
        room.timer = asyncio.get_running_loop().call_later(period, self.tick, room, period)
        if room.inflight is not None:
            if time.perf_counter() >= self.window_start:
                self.stats.skipped += 1
            return
        room.next_command()

    def completed(self, room: Room, sent: float, now: float, commands: int = 1) -> None:
        if sent >= self.window_start:
            self.stats.latencies.append(now - sent)
            self.stats.commands += commands
        if self.rate is None and not self.stopping:
            room.next_command()

    def figures(self, seconds: float) -> dict[str, Any]:
        stats = self.stats
        ordered = sorted(stats.latencies)

        def quantile(q: float) -> float | None:
            if not ordered:
                return None
            return round(ordered[min(len(ordered) - 1, int(q * len(ordered)))] * 1000, 2)

        return {
            "event": "figures",
            "commands": stats.commands,
            "commands_per_s": round(stats.commands / seconds, 1),
            "p50_ms": quantile(0.5),
            "p99_ms": quantile(0.99),
            "bytes_per_command": round(stats.bytes / stats.commands) if stats.commands else None,
            "frames_per_command": (
                round(stats.frames / stats.commands, 2) if stats.commands else None
            ),
            "skipped": stats.skipped,
            "acks": _ack_form(stats.acks),
            "leaks": sum(room.secrets.leaks for room in self.rooms),
            "errors": dict(stats.errors),
        }


def _ack_form(acks: Counter[str]) -> str | None:
    """How this server's acks came: "inline" (in the sender's frame), "alone", or the share."""
    total = acks["inline"] + acks["alone"]
    if not total:
        return None
    if acks["inline"] in (0, total):
        return "alone" if acks["alone"] else "inline"
    return f"{acks['inline'] / total:.0%} inline"


def say(event: dict[str, Any]) -> None:
    print(json.dumps(event), flush=True)


async def run(args: argparse.Namespace) -> None:
    load = Load(args)
    await load.build(args.protocol, args.rooms)
    say({"event": "ready", "rooms": len(load.rooms)})
    load.play()
    await asyncio.sleep(args.warmup)
    load.stats = Stats()
    for room in load.rooms:
        room.secrets.leaks = 0
    say({"event": "start"})
    load.window_start = started = time.perf_counter()
    await asyncio.sleep(args.seconds)
    say({"event": "stop"})
    seconds = time.perf_counter() - started
    load.stopping = True
    say(load.figures(seconds))
    for room in load.rooms:
        for ws in room.sockets:
            ws.close()


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--protocol", choices=("floor", "ours"), required=True)
    parser.add_argument("--port", type=int, required=True)
    parser.add_argument("--rooms", type=int, default=100)
    parser.add_argument("--rate", type=float, default=None, help="commands/s; default closed")
    parser.add_argument("--warmup", type=float, default=3.0)
    parser.add_argument("--seconds", type=float, default=20.0)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument(
        "--burst",
        action="store_true",
        help="each command is a round's six picks sent at once (latency: to the last seat's "
        "frame showing all six; CPU and frames per pick)",
    )
    args = parser.parse_args(argv)
    gc.disable()  # a collection would stop every simulated seat at once
    import uvloop

    uvloop.run(run(args))


if __name__ == "__main__":
    main()

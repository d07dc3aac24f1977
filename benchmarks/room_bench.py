"""The rooms layer alone: CPU time per game command, from `Room.act` to every view queued.

No sockets, no uvicorn: subscribers only keep the bytes. Commands come from `RandomPolicy`
reading the acting seat's own view (computed outside the timed part); the clock is fake, so
no timer fires. `--store memory` isolates the rooms layer and the engine; `--store sqlite`
adds the command log's group commit.

    taskset -c 1 .venv/bin/python -m benchmarks.room_bench --rooms 200 --commands 4000

`--views full` gives every viewer whole views (`hello.deltas: false`, as before deltas);
`--spectators 1` adds a spectator per table (7 viewers, as docs/benchmarks.md counts).
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

from laundermat.games.laundermat.bots import RandomPolicy
from laundermat.games.laundermat.engine import view
from laundermat.rooms import RoomConfig
from laundermat.rooms.clock import FakeClock
from laundermat.rooms.lobby_actions import Ready, Start
from laundermat.rooms.room import Room
from laundermat.store.memory import MemoryStore


class Sink:
    """A subscriber that keeps only what it was sent."""

    def __init__(self) -> None:
        self.messages = 0
        self.bytes = 0
        self.views = 0  # views and patches
        self.view_bytes = 0

    def send(self, data: bytes) -> None:
        self.messages += 1
        self.bytes += len(data)
        if data.startswith((b'{"type":"view"', b'{"type":"patch"')):
            self.views += 1
            self.view_bytes += len(data)

    def close(self, code: int, reason: str) -> None:
        pass


async def table(room: Room, views: str, spectators: int) -> list[tuple[str, Sink]]:
    seats = []
    for i in range(6):
        player_id, token = await room.join(f"p{i}")
        sink = Sink()
        if views == "full":
            room.views.full_views(sink)
        await room.connect(sink, token)
        seats.append((player_id, sink))
    for _ in range(spectators):
        sink = Sink()
        if views == "full":
            room.views.full_views(sink)
        await room.connect(sink, None)
        seats.append(("", sink))
    await room.lobby_action(seats[0][1], seats[0][0], "start", Start(action="start"))
    return seats


async def play_again(room: Room, seats: list[tuple[str, Sink]], command_id: str) -> None:
    """After a game every seat says it plays again (issue 30): the last one starts the next
    game with the whole table, as the host's rematch did before."""
    for n, (player_id, sink) in enumerate(seats):
        if player_id:  # not a spectator
            cid = f"{command_id}-{n}"
            await room.lobby_action(sink, player_id, cid, Ready(action="ready", on=True))


async def _open_store(kind: str) -> Any:
    if kind == "sqlite":
        from laundermat.store import Store

        tmp = tempfile.mkdtemp(prefix="room-bench-")
        return await Store.open(f"sqlite+aiosqlite:///{Path(tmp) / 'bench.db'}")
    return MemoryStore()


def _sent(rooms: list[Any]) -> tuple[int, int, int, int]:
    """What every room's sockets have been sent so far: messages, their bytes, views (whole
    or patches) and those views' bytes."""
    sinks = [sink for _, seats, _ in rooms for _, sink in seats]
    return (
        sum(s.messages for s in sinks),
        sum(s.bytes for s in sinks),
        sum(s.views for s in sinks),
        sum(s.view_bytes for s in sinks),
    )


async def run(args: argparse.Namespace) -> dict[str, Any]:
    clock = FakeClock()
    store = await _open_store(args.store)
    rng = random.Random(args.seed)
    rooms = []
    for i in range(args.rooms):
        room = Room(f"R{i:04d}", store, clock, RoomConfig())
        room.start()
        seats = await table(room, args.views, args.spectators)
        rooms.append((room, seats, RandomPolicy(random.Random(i), wait_chance=0)))
    done = 0
    cpu = 0.0
    before = _sent(rooms)
    next_id = 0
    while done < args.commands:
        room, seats, policy = rng.choice(rooms)
        match = room.play.match
        if match is None or room.lobby.status != "playing":
            await play_again(room, seats, f"r{next_id}")
            next_id += 1
            continue
        game = match.game  # type: ignore[attr-defined]  # LaunderMat's engine, for its bots
        actors = list(game.state.window_actors)
        rng.shuffle(actors)
        command = None
        for seat in actors:
            member = next(m for m in room.lobby.members if m.seat == seat)
            command = policy.decide(view(game.state, seat))
            if command is not None:
                break
        if command is None:
            continue
        command.pop("seat")
        sub = next(s for pid, s in seats if pid == member.player_id)
        next_id += 1
        window = game.state.window_id
        start = time.process_time()
        await room.act(sub, member.player_id, f"c{next_id}", command, window, time.perf_counter())
        cpu += time.process_time() - start
        done += 1
    after = _sent(rooms)
    sent, sent_bytes, views, view_bytes = (a - b for a, b in zip(after, before, strict=True))
    for room, _, _ in rooms:
        await room.close(forget=False)
    await store.close()
    return {
        "rooms": args.rooms,
        "store": args.store,
        "commands": done,
        "cpu_us_per_command": round(cpu / done * 1e6, 1),
        "views": args.views,
        "viewers": 6 + args.spectators,
        "messages_per_command": round(sent / done, 2),
        # Everything a table's sockets are sent per command (views, patches, acks, errors).
        "bytes_per_command": round(sent_bytes / done),
        "bytes_per_message": round(sent_bytes / max(sent, 1)),
        "bytes_per_view": round(view_bytes / max(views, 1)),  # a whole view or a patch
    }


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--rooms", type=int, default=200)
    parser.add_argument("--commands", type=int, default=4000)
    parser.add_argument("--store", choices=("memory", "sqlite"), default="memory")
    parser.add_argument("--repeat", type=int, default=3, help="report the best of this many")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument(
        "--views", choices=("deltas", "full"), default="deltas", help="full: hello.deltas=false"
    )
    parser.add_argument("--spectators", type=int, default=0, help="spectators per table")
    args = parser.parse_args(argv)
    results = [asyncio.run(run(args)) for _ in range(args.repeat)]
    best = min(results, key=lambda r: r["cpu_us_per_command"])
    best["all_cpu_us_per_command"] = [r["cpu_us_per_command"] for r in results]
    print(json.dumps(best))


if __name__ == "__main__":
    main()

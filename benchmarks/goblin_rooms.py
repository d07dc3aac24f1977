"""Goblin rooms in the rooms layer alone: CPU per command from `Room.act` to every view
queued, and the bytes each command sends, as `room_bench.py` measures for LaunderMat.

No sockets, no uvicorn, a fake clock (no timer fires), the memory store: the rooms layer, the
publisher and the engine. Commands come from Goblin's random bot reading the acting seat's
own view (outside the timed part). Tables of 5 (Goblin's most), or `--players`.

    taskset -c 1 .venv/bin/python -m benchmarks.goblin_rooms --rooms 100 --commands 3000
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import time
from typing import Any

from benchmarks.room_bench import Sink, play_again
from laundermat.games.goblin import GAME
from laundermat.rooms import RoomConfig
from laundermat.rooms.clock import FakeClock
from laundermat.rooms.lobby_actions import Start
from laundermat.rooms.room import Room
from laundermat.store.memory import MemoryStore


async def table(room: Room, players: int) -> list[tuple[str, Sink]]:
    seats = []
    for i in range(players):
        player_id, token = await room.join(f"p{i}")
        sink = Sink()
        await room.connect(sink, token)
        seats.append((player_id, sink))
    await room.lobby_action(seats[0][1], seats[0][0], "start", Start(action="start"))
    return seats


async def run(args: argparse.Namespace) -> dict[str, Any]:
    clock = FakeClock()
    store = MemoryStore()
    rng = random.Random(args.seed)
    rooms = []
    for i in range(args.rooms):
        room = Room(f"G{i:04d}", store, clock, RoomConfig(), game="goblin")
        room.start()
        rooms.append((room, await table(room, args.players), GAME.bot(random.Random(i), 0.0)))
    done = 0
    cpu = 0.0
    sinks = [s for _, seats, _ in rooms for _, s in seats]
    sent_before = sum(s.messages for s in sinks)
    bytes_before = sum(s.bytes for s in sinks)
    next_id = 0
    while done < args.commands:
        room, seats, bot = rng.choice(rooms)
        match = room.play.match
        if match is None or room.lobby.status != "playing":
            await play_again(room, seats, f"r{next_id}")
            next_id += 1
            continue
        window = match.window()
        assert window is not None
        command = None
        for seat in rng.sample(match.pending() or list(window.actors), k=1):
            member = next(m for m in room.lobby.members if m.seat == seat)
            command = bot.decide(match.view(seat))
        if command is None:
            continue
        command.pop("seat")
        sub = next(s for pid, s in seats if pid == member.player_id)
        next_id += 1
        client_id, sent_at = f"c{next_id}", time.perf_counter()
        start = time.process_time()
        await room.act(sub, member.player_id, client_id, command, window.id, sent_at)
        cpu += time.process_time() - start
        done += 1
    sent = sum(s.messages for s in sinks) - sent_before
    sent_bytes = sum(s.bytes for s in sinks) - bytes_before
    for room, _, _ in rooms:
        await room.close(forget=False)
    await store.close()
    return {
        "game": "goblin",
        "rooms": args.rooms,
        "players": args.players,
        "commands": done,
        "cpu_us_per_command": round(cpu / done * 1e6, 1),
        "messages_per_command": round(sent / done, 2),
        "bytes_per_message": round(sent_bytes / sent) if sent else None,
    }


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--rooms", type=int, default=100)
    parser.add_argument("--players", type=int, default=5)
    parser.add_argument("--commands", type=int, default=3000)
    parser.add_argument("--repeat", type=int, default=3, help="report the best of this many")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    results = [asyncio.run(run(args)) for _ in range(args.repeat)]
    best = min(results, key=lambda r: r["cpu_us_per_command"])
    best["all_cpu_us_per_command"] = [r["cpu_us_per_command"] for r in results]
    print(json.dumps(best))


if __name__ == "__main__":
    main()

"""Where a playing room's memory goes: tracemalloc over in-process rooms, per room.

`--rooms` rooms of six seats (subscribers that keep nothing) each play `--commands` commands
of the random-legal bots through `Room.act`, on the SQLite store (so no store keeps copies of
the game in memory, as on the server). Then tracemalloc's snapshot, less the one taken after
the empty rooms were seated, is grouped by file (and by line for the top lines) and divided
by the number of rooms. Sockets are not here: the capacity benchmark's RSS slope has them.

    taskset -c 1 .venv/bin/python -m benchmarks.room_memory --rooms 200 --commands 100
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import json
import random
import sys
import tempfile
import tracemalloc
from collections import deque
from collections.abc import Coroutine
from enum import Enum
from pathlib import Path
from types import BuiltinFunctionType, FunctionType, MethodType, ModuleType
from typing import Any

from laundermat.games.laundermat.bots import RandomPolicy
from laundermat.games.laundermat.engine import view
from laundermat.rooms import RoomConfig
from laundermat.rooms.clock import FakeClock
from laundermat.rooms.room import Room

from .room_bench import Sink, play_again, table


def deep_size(obj: object, seen: set[int]) -> int:
    """Bytes reachable from `obj` not already counted in `seen` (classes, modules, functions
    and coroutines are shared or transient: not followed)."""
    stack, total = [obj], 0
    while stack:
        item = stack.pop()
        if id(item) in seen or isinstance(item, _SHARED):
            continue
        seen.add(id(item))
        total += sys.getsizeof(item)
        if isinstance(item, dict):
            stack.extend(item.keys())
            stack.extend(item.values())
        elif isinstance(item, list | tuple | set | frozenset | deque):
            stack.extend(item)
        elif not isinstance(item, str | bytes | int | float | bool):
            if hasattr(item, "__dict__"):
                stack.append(vars(item))
            for name in getattr(type(item), "__slots__", ()):
                if hasattr(item, name):
                    stack.append(getattr(item, name))
    return total


_SHARED = (type, ModuleType, FunctionType, MethodType, BuiltinFunctionType, Coroutine, Enum)


def parts(room: Room, seen: set[int], keep: list[object]) -> dict[str, int]:
    """A room's memory by part, each part counting only what earlier parts did not reach.
    `keep` holds the lists built here, so no later object reuses their ids."""
    play = room.play
    match = play.match
    state = match.game.state if match is not None else None  # type: ignore[attr-defined]
    members = room.lobby.members
    return {
        "engine state: events": deep_size(state.events if state else None, seen),
        "engine state: the rest": deep_size(state, seen),
        "match wrapper": deep_size(match, seen),
        "driver: snapshot for rollback": deep_size(play._base, seen),
        "driver: log since snapshot": deep_size(play._log, seen),
        "driver: the rest": deep_size(play, seen),
        "answered ids (acks)": deep_size(_kept(keep, [m.answered for m in members]), seen),
        "members": deep_size(members, seen),
        "lobby": deep_size(room.lobby, seen),
        "publisher": deep_size(room.views, seen),
        "jobs, timers, away clocks, bots": deep_size(
            _kept(keep, [room.jobs, room.away, room.bots]), seen
        ),
        "room object": deep_size(room, seen),
    }


def _kept(keep: list[object], item: list[Any]) -> list[Any]:
    keep.append(item)
    return item


def _short(filename: str) -> str:
    for marker in ("/laundermat/", "/site-packages/", "/lib/python3.11/"):
        if marker in filename:
            return filename.split(marker, 1)[1]
    return filename


async def play(room: Room, seats: list[tuple[str, Sink]], policy: RandomPolicy, n: int) -> None:
    rng = random.Random(len(room.code))
    done = tries = 0
    while done < n and tries < n * 20:
        tries += 1
        match = room.play.match
        if match is None or room.lobby.status != "playing":
            await play_again(room, seats, f"r{tries}")
            continue
        state = match.game.state  # type: ignore[attr-defined]  # LaunderMat's engine
        seat = rng.choice(state.window_actors)
        command = policy.decide(view(state, seat))
        if command is None:
            continue
        command.pop("seat")
        member = next(m for m in room.lobby.members if m.seat == seat)
        sub = next(s for pid, s in seats if pid == member.player_id)
        await room.act(sub, member.player_id, f"c{room.code}-{tries}", command, None, 0.0)
        done += 1


async def run(args: argparse.Namespace) -> dict[str, Any]:
    from laundermat.store import Store

    tmp = tempfile.mkdtemp(prefix="room-memory-")
    store = await Store.open(f"sqlite+aiosqlite:///{Path(tmp) / 'bench.db'}")
    clock = FakeClock()
    tracemalloc.start(args.frames)
    rooms = []
    for i in range(args.rooms):
        room = Room(f"M{i:04d}", store, clock, RoomConfig())
        room.start()
        rooms.append(
            (room, await table(room, "deltas", 0), RandomPolicy(random.Random(i), wait_chance=0))
        )
    gc.collect()
    seated = tracemalloc.take_snapshot()
    for room, seats, policy in rooms:
        await play(room, seats, policy, args.commands)
    gc.collect()
    played = tracemalloc.take_snapshot()
    by_file = played.compare_to(seated, "filename")
    by_line = played.compare_to(seated, "lineno")
    seated_total = sum(s.size for s in seated.statistics("filename"))
    out = {
        "rooms": args.rooms,
        "commands_per_room": args.commands,
        "seated_kib_per_room": round(seated_total / args.rooms / 1024, 1),
        "game_kib_per_room": round(sum(s.size_diff for s in by_file) / args.rooms / 1024, 1),
        "by_file_kib_per_room": {
            _short(s.traceback[0].filename): round(s.size_diff / args.rooms / 1024, 2)
            for s in by_file[: args.top]
        },
        "by_line_kib_per_room": {
            f"{_short(s.traceback[0].filename)}:{s.traceback[0].lineno}": round(
                s.size_diff / args.rooms / 1024, 2
            )
            for s in by_line[: args.top]
        },
    }
    tracemalloc.stop()
    seen: set[int] = {id(store), id(clock)}
    totals: dict[str, int] = {}
    keep: list[object] = []
    for room, _, _ in rooms:
        for name, size in parts(room, seen, keep).items():
            totals[name] = totals.get(name, 0) + size
    out["objects_kib_per_room"] = {k: round(v / args.rooms / 1024, 2) for k, v in totals.items()}
    out["objects_kib_per_room"]["total"] = round(sum(totals.values()) / args.rooms / 1024, 1)
    events = [e for room, _, _ in rooms for e in room.play.match.game.state.events]  # type: ignore[union-attr]
    out["events_per_room"] = round(len(events) / args.rooms, 1)
    for room, _, _ in rooms:
        await room.close(forget=False)
    await store.close()
    return out


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--rooms", type=int, default=200)
    parser.add_argument("--commands", type=int, default=100)
    parser.add_argument("--top", type=int, default=15)
    parser.add_argument("--frames", type=int, default=1)
    args = parser.parse_args(argv)
    print(json.dumps(asyncio.run(run(args)), indent=1))


if __name__ == "__main__":
    main()

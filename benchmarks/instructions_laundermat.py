"""The `laundermat` kind of benchmarks/instructions.py: whole LaunderMat games of six, played by
the socket bots (bots/ws_bot.py, no think time, no reactions), instead of the peers' tiny game.

LaunderMat's windows also close on timers: the longest the host can pick (600 s a round, 45 s a
bribery stage) keep them from closing during the count, even at valgrind's pace, so each window
closes when its last player has acted, as the bots act at once. Each room plays one game to
warm up (none with `--warmup 0`), then `--games` more inside the counted window. A game starts
in its lobby: creating the room, six joins and the start are counted with its commands. The
games' deals differ from run to run (the server's seed), so a count is one sample, not a
constant.
"""

from __future__ import annotations

import asyncio
import random
import time
from collections.abc import Awaitable, Callable

from laundermat.bots.ws_bot import RoomRun, play_room

SETTINGS = {"round_timer": 600, "bribe_timer": 45}
PLAYERS = 6


async def games(url: str, rooms: int, rng: random.Random) -> list[RoomRun]:
    """One game in each of `rooms` new rooms at once, each to its end."""
    runs = [
        RoomRun(url, PLAYERS, 0.0, random.Random(rng.random()), settings=SETTINGS, react=False)
        for _ in range(rooms)
    ]
    await asyncio.gather(*(play_room(run) for run in runs))
    failed = [run.code for run in runs if not run.completed or run.errors]
    if failed:
        raise RuntimeError(f"laundermat: rooms {failed} did not finish cleanly")
    return runs


async def drive(
    port: int,
    rooms: int,
    rounds: int,
    idle: float,
    seed: int,
    mark: Callable[[str], Awaitable[None]],
    warm: bool = True,
) -> dict[str, float]:
    """Warm up (a game a room, unless not `warm`), then `mark(edge)` around an idle span and
    the window of `rounds` games a room; the commands the server accepted in it (acked with a
    version) are what it divides by."""
    url = f"http://127.0.0.1:{port}"
    rng = random.Random(seed)
    if warm:
        await games(url, rooms, rng)
    await mark("idle")
    started = time.monotonic()
    await asyncio.sleep(idle)
    idle_s = time.monotonic() - started
    await mark("window")
    started = time.monotonic()
    played: list[RoomRun] = []
    for _ in range(rounds):
        played += await games(url, rooms, rng)
    window_s = time.monotonic() - started
    await mark("end")
    commands = sum(len(run.sent) for run in played)
    rejected = sum(sum(run.rejected.values()) for run in played)
    return {"idle_s": idle_s, "window_s": window_s, "commands": commands, "rejected": rejected}

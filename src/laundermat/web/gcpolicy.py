"""Keeping the garbage collector's pauses short under many live rooms.

A full collection stops the event loop for time proportional to every tracked object in the
process (about 0.3 µs each here: 150 ms for 500,000 objects, and 1,000 playing rooms hold
well over a million). Every room waits through it, so it sets the latency tail.

`steward` freezes the survivors every `freeze_every` seconds: long-lived room, game and
socket state moves to the permanent generation, which collections skip, so the automatic
ones walk only what was made since. Freezing is O(1); at 1,000 rooms about 30,000 objects
a second survive long enough to be promoted, so one second between freezes keeps a full
collection near 20 ms where five seconds made it 85 to 175 ms (docs/benchmarks.md).
Cycles among frozen objects (a closed room and its timers) are reclaimed by a full sweep
with everything unfrozen every `sweep_every` seconds: one pause of the old length per sweep
instead of one every few seconds.
"""

from __future__ import annotations

import asyncio
import gc
import logging
import time
from collections.abc import Callable
from typing import Any

log = logging.getLogger("laundermat.gc")


async def steward(freeze_every: float, sweep_every: float) -> None:
    last_sweep = time.monotonic()
    while True:
        await asyncio.sleep(freeze_every)
        if sweep_every > 0 and time.monotonic() - last_sweep >= sweep_every:
            gc.unfreeze()
            started = time.perf_counter()
            found = gc.collect()
            last_sweep = time.monotonic()
            log.info(
                "gc sweep",
                extra={"collected": found, "ms": round((time.perf_counter() - started) * 1000)},
            )
        gc.freeze()


def watch_pauses(observe: Callable[[int, float], None]) -> Callable[[], None]:
    """Report each collection's pause (generation, seconds) to `observe`; returns the undo.
    A pause stops every room on the loop, so it belongs beside the loop lag in /metrics."""
    started = [0.0]

    def callback(phase: str, info: dict[str, Any]) -> None:
        if phase == "start":
            started[0] = time.perf_counter()
        else:
            observe(int(info["generation"]), time.perf_counter() - started[0])

    gc.callbacks.append(callback)
    return lambda: gc.callbacks.remove(callback)

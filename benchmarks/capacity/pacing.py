"""How a simulated table paces its commands: at a human pace on its own grid of ticks, or in
a closed loop."""

from __future__ import annotations

import asyncio
import random


class Paced:
    """The pacing both kinds of table share: `paced` (one command every `pace` seconds, the
    first at a random offset), `closed` (the next command as soon as the last one is seen),
    or stopped (`setup`). Subclasses set `mode`, `rng` and `handle` and define `tick`."""

    mode: str
    rng: random.Random
    handle: asyncio.TimerHandle | None
    due = 0.0  # the next paced tick, on this table's own grid (loop time)

    def tick(self) -> None:
        raise NotImplementedError

    def _schedule(self, delay: float) -> None:
        self._arm(asyncio.get_running_loop().time() + delay)

    def start_paced(self, pace: float) -> None:
        self.mode = "paced"
        self.due = asyncio.get_running_loop().time() + self.rng.random() * pace
        self._arm(self.due)

    def _next_paced(self, pace: float) -> None:
        """The next tick at this table's own phase, not `pace` after this one fired: ticks
        that a stall of this process made late would otherwise keep firing together at every
        later period, and each stall would fuse more tables into one burst of commands, which
        the server then answers one after another (docs/benchmarks.md, "The load generator's
        own bursts"). Ticks a stall skipped entirely are dropped, not sent together.
        Called by the tick that was due (the loop may run it a hair before `due`)."""
        now = asyncio.get_running_loop().time()
        self.due += pace
        while self.due <= now:
            self.due += pace
        self._arm(self.due)

    def _arm(self, when: float) -> None:
        if self.handle is not None:
            self.handle.cancel()
        self.handle = asyncio.get_running_loop().call_at(when, self.tick)

    def start_closed(self) -> None:
        self.mode = "closed"
        self._schedule(0.0)

    def stop(self) -> None:
        self.mode = "setup"
        if self.handle is not None:
            self.handle.cancel()
            self.handle = None

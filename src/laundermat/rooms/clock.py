"""Clocks. Rooms read time only through one of these, so tests can run a game's timers fast."""

from __future__ import annotations

import asyncio
import heapq
import itertools
import time
from typing import Protocol


class Clock(Protocol):
    def now_ms(self) -> int:
        """Milliseconds since the Unix epoch (deadlines are absolute and survive restarts)."""
        ...

    async def sleep_until(self, deadline_ms: int) -> None: ...


class SystemClock:
    def now_ms(self) -> int:
        return time.time_ns() // 1_000_000

    async def sleep_until(self, deadline_ms: int) -> None:
        # Re-check after waking: asyncio's timer may fire a little early.
        while (remaining := deadline_ms - self.now_ms()) > 0:
            await asyncio.sleep(remaining / 1000)


class FakeClock:
    """A clock that moves only when a test calls `advance`."""

    def __init__(self, start_ms: int = 1_700_000_000_000) -> None:
        self._now = start_ms
        self._sleepers: list[tuple[int, int, asyncio.Future[None]]] = []
        self._order = itertools.count()

    def now_ms(self) -> int:
        return self._now

    async def sleep_until(self, deadline_ms: int) -> None:
        if deadline_ms <= self._now:
            await asyncio.sleep(0)
            return
        future: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        heapq.heappush(self._sleepers, (deadline_ms, next(self._order), future))
        await future

    async def advance(self, ms: int) -> None:
        """Move time forward, waking every sleeper whose deadline passed, in deadline order."""
        target = self._now + ms
        while self._sleepers and self._sleepers[0][0] <= target:
            deadline, _, future = heapq.heappop(self._sleepers)
            self._now = max(self._now, deadline)
            if not future.done():
                future.set_result(None)
            # Let the woken task (and the room jobs it posts) run before the next wake-up.
            for _ in range(20):
                await asyncio.sleep(0)
        self._now = target
        for _ in range(20):
            await asyncio.sleep(0)

"""Away clocks (GEN-4): a player without a connection for `away_after_ms` is away.

One timer per player, on the room's clock; when it runs out, `on_away(player_id)` is called
(the room posts the change to its queue). Connecting again cancels it.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable

from .clock import Clock


class AwayClocks:
    def __init__(self, clock: Clock, away_after_ms: int, on_away: Callable[[str], None]) -> None:
        self.clock = clock
        self.away_after_ms = away_after_ms
        self.on_away = on_away
        self._timers: dict[str, asyncio.Task[None]] = {}
        self._due: dict[str, int] = {}  # player_id -> when their clock runs out

    def arm(self, player_id: str) -> None:
        self.cancel(player_id)
        deadline = self.clock.now_ms() + self.away_after_ms

        async def wait() -> None:
            await self.clock.sleep_until(deadline)
            self._due.pop(player_id, None)
            self.on_away(player_id)

        self._timers[player_id] = asyncio.create_task(wait())
        self._due[player_id] = deadline

    def due(self, player_id: str) -> int | None:
        """When this player's clock runs out (server time, ms), or None: none is running."""
        return self._due.get(player_id)

    def cancel(self, player_id: str) -> None:
        self._due.pop(player_id, None)
        task = self._timers.pop(player_id, None)
        if task is not None:
            task.cancel()

    def release(self) -> None:
        """The room closed: no clock runs, and none calls back into it."""
        self.cancel_all()
        self.on_away = _nobody

    def cancel_all(self) -> None:
        for task in self._timers.values():
            task.cancel()
        self._timers.clear()
        self._due.clear()


def _nobody(player_id: str) -> None:
    """A released room's clocks tell no one."""

"""A room's spectators: how many it takes, from one address too, and when the players hear
of them.

Pushing each spectator coming or going to every seat at once (the room summary counts them)
would let one address opening and closing spectator sockets keep a whole table's phones busy,
and one address could take every spectator seat. So at most `spectators_per_address` come
from one address, and the count the players see moves at most once per `settle_ms`: a burst
of arrivals and departures is one push, or none if the count ends where it began.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable

from .errors import RoomError
from .publish import Publisher
from .wire import RoomConfig, Subscriber

SETTLE_MS = 2_000  # the spectator count players see moves at most this often
Later = Callable[[Callable[[], Awaitable[None]], int], None]


class Audience:
    def __init__(
        self, views: Publisher, config: RoomConfig, later: Later, push: Callable[[], None]
    ) -> None:
        self.views = views
        self.limit = config.spectators_limit
        self.per_address = config.spectators_per_address
        self.settle_ms = max(1, round(SETTLE_MS * config.time_scale))
        self.later, self.push = later, push  # the room's queue (a job after a delay), its push
        self.shown = 0  # the count in the room summary, as last pushed
        self._address: dict[Subscriber, str] = {}
        self._due = False

    def admit(self, sub: Subscriber, address: str) -> None:
        if len(self.views.spectators) >= self.limit:
            raise RoomError("too_many_spectators")
        if address and sum(a == address for a in self._address.values()) >= self.per_address:
            raise RoomError("too_many_spectators")
        self.views.spectators.add(sub)
        self._address[sub] = address
        self._changed()

    def leave(self, sub: Subscriber) -> bool:
        """Whether `sub` was a spectator (it is not any more)."""
        if sub not in self.views.spectators:
            return False
        self.views.spectators.discard(sub)
        self._address.pop(sub, None)
        self._changed()
        return True

    async def settle(self) -> None:
        """Show the count as it is now (a room job): pushed only if it moved."""
        self._due = False
        count = len(self.views.spectators)
        if count != self.shown:
            self.shown = count
            self.push()

    def release(self) -> None:
        """The room closed: nothing calls back into it (its queue drops the pending job)."""
        self.push = _nobody

    def _changed(self) -> None:
        if not self._due:  # one settle per `settle_ms`, whatever happens meanwhile
            self._due = True
            self.later(self.settle, self.settle_ms)


def _nobody() -> None:
    """A released room pushes to no one."""

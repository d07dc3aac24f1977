"""Pushes coalesced under load (issue 34 §2): a room that receives commands faster than a tick
pushes its views once per tick, with the net change, instead of once per command.

A quiet room keeps the immediate path: a command is pushed at once, its ack riding with the
push (room.py). A command waits if its push would come within `tick_ms` of the room's previous
push, or if other jobs wait in the room's queue behind it (they came while it was being made
durable: with a store that takes longer than a tick to commit, a burst's commands are never
within a tick of each other's pushes, yet they came together). It is durable and acked at
once, as always, and its views wait until the tick ends (the previous push + `tick_ms`; the
push is a job of the room's queue, so it runs after the jobs already waiting there), when one
push carries every change since. Any other push of the room (a lobby action, a timeout,
presence, a bot's move, a new connection) carries the waiting changes with it, and a resync
pushes them first, so that a whole view is what the patched viewers hold (publish.py).

The ack's version keeps its promise (docs/protocol.md): the first version that shows the
change, or the version its seat already holds for a change only that seat sees. The waiting
push steps the version once, and only if something public changed; so the first command of a
tick that may not be public is tested (`Publisher.shows`: would a push now step the version?).
Once one has been, the tick's push steps the version (`step`) even if a later command of the
tick undid the public change: that step tells nobody more than the immediate pushes would
have. A tick whose changes are all seats' own keeps the version and reaches those seats
alone, as an immediate push does; their acks named the version they hold.
"""

from __future__ import annotations

import time
from collections.abc import Callable

from .clock import Clock
from .jobs import JobQueue
from .wire import Ack, Observer, ack_bytes


class Ticks:
    """One room's coalescing state."""

    def __init__(self, tick_ms: int, clock: Clock, jobs: JobQueue, observer: Observer) -> None:
        self.tick_ms = tick_ms  # 0: every change pushed at once
        self.clock = clock
        self.jobs = jobs  # the room's queue
        self.observer = observer
        self.last_ms: int | None = None  # when the room last pushed
        self.waiting = False  # changes acked, not yet pushed
        self.step = False  # one of them was public: the waiting push steps the version
        self._received: list[float] = []  # the waiting commands' arrival (perf_counter)
        self._due = 0  # the waiting push's number: a stale timer finds another and does nothing

    def busy(self) -> bool:
        """Whether a client's change must wait for the tick: a push went out within it, or
        more jobs wait behind this one."""
        if self.tick_ms <= 0:
            return False
        if self.waiting or len(self.jobs):
            return True
        return self.last_ms is not None and self.clock.now_ms() - self.last_ms < self.tick_ms

    def hold(
        self, ack: Ack, version: int, shows: Callable[[], bool], push: Callable[[], None]
    ) -> int:
        """A client's change waits for the tick; its ack goes now. Returns the version the ack
        names. `version`: the one viewers hold; `shows()`: whether a push now would step it."""
        if not self.step:
            self.step = shows()
        if not self.waiting:
            self.waiting = True
            self._due += 1
            due, last = self._due, self.last_ms

            async def at_tick() -> None:
                if self.waiting and self._due == due:
                    push()

            wait = 0 if last is None else last + self.tick_ms - self.clock.now_ms()
            self.jobs.post_later(at_tick, max(0, wait))
        named = version + 1 if self.step else version
        ack.to.send(ack_bytes(ack.command_id, named))
        return named

    def answered(self, received: float) -> None:
        """A command `received` (perf_counter) was answered: its latency is observed once its
        change is pushed."""
        if self.waiting:
            self._received.append(received)
        else:
            self.observer.pushed(time.perf_counter() - received)

    def pushed(self) -> bool:
        """A push goes out, carrying whatever waited: whether it must step the version."""
        step = self.step
        self.last_ms = self.clock.now_ms()
        self.waiting = self.step = False
        now = time.perf_counter()
        for received in self._received:
            self.observer.pushed(now - received)
        self._received = []
        return step

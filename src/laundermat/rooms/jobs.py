"""A room's one queue (GEN-1): every change to a room runs here, one at a time, in order.

`call` runs a job and returns its result to the caller; `post` runs one nobody waits for
(timers, presence); `post_later` posts one after a delay on the room's clock (a retry).
The queue is a deque and one future the worker waits on when it is empty, not an
`asyncio.Queue` (three deques and an Event: ~3.3 KiB a room, docs/benchmarks.md).
"""

from __future__ import annotations

import asyncio
import logging
from collections import deque
from collections.abc import Awaitable, Callable
from typing import Any, TypeVar

from .clock import Clock
from .errors import RoomError

T = TypeVar("T")
Job = Callable[[], Awaitable[Any]]
log = logging.getLogger("laundermat.room")


class JobQueue:
    def __init__(self, name: str, clock: Clock) -> None:
        self.name = name
        self.clock = clock
        self.closed = False
        self._jobs: deque[tuple[Job, asyncio.Future[Any] | None]] = deque()
        self._ready: asyncio.Future[None] | None = None  # the worker waits for a job
        self._worker: asyncio.Task[None] | None = None
        self._later: set[asyncio.Task[None]] = set()  # jobs waiting for their delay

    def start(self) -> None:
        if self._worker is None:
            self._worker = asyncio.create_task(self._run(), name=f"room-{self.name}")

    async def call(self, job: Callable[[], Awaitable[T]]) -> T:
        if self.closed:
            raise RoomError("room_closed")
        future: asyncio.Future[T] = asyncio.get_running_loop().create_future()
        self._put(job, future)
        return await future

    def __len__(self) -> int:
        """Jobs waiting their turn (not counting the one running)."""
        return len(self._jobs)

    def post(self, job: Job) -> None:
        if not self.closed:
            self._put(job, None)

    def _put(self, job: Job, future: asyncio.Future[Any] | None) -> None:
        self._jobs.append((job, future))
        ready = self._ready
        if ready is not None and not ready.done():
            ready.set_result(None)

    def post_later(self, job: Job, delay_ms: int) -> None:
        async def wait() -> None:
            await self.clock.sleep_until(self.clock.now_ms() + delay_ms)
            self.post(job)

        task = asyncio.create_task(wait())
        self._later.add(task)
        task.add_done_callback(self._later.discard)

    def close(self) -> None:
        """No more jobs; whoever waits on one still queued hears that the room closed."""
        self.closed = True
        for task in self._later:
            task.cancel()
        if self._worker is not None:
            # Not kept: a cancelled task keeps its error, whose traceback holds the worker's
            # frame and its last job, which holds the room: a cycle only a full collection
            # frees, and with survivors frozen (web/gcpolicy.py) that comes every 15 minutes.
            self._worker.cancel()
            self._worker = None
        while self._jobs:
            _answer_closed(self._jobs.popleft()[1])

    async def _run(self) -> None:
        jobs = self._jobs
        while True:
            if not jobs:
                self._ready = asyncio.get_running_loop().create_future()
                await self._ready
                self._ready = None
                continue
            job, future = jobs.popleft()
            try:
                value = await job()
            except asyncio.CancelledError:
                # The room closed (or the process is stopping) with this job under way: its
                # caller hears what a caller whose job was still queued hears. A cancelled
                # future would raise CancelledError in the caller's task, which was not
                # cancelled: a socket handler would die with a traceback instead of telling
                # its client the room closed (or, in a drain, to reconnect).
                _answer_closed(future)
                raise
            except Exception as exc:
                if future is None:
                    log.exception("room job failed", extra={"room": self.name})
                elif not future.done():
                    future.set_exception(exc)
            else:
                if future is not None and not future.done():
                    future.set_result(value)


def _answer_closed(future: asyncio.Future[Any] | None) -> None:
    """The caller of a job that will not run, or not to its end: the room closed."""
    if future is not None and not future.done():
        future.set_exception(RoomError("room_closed"))

"""One socket as a room subscriber: sent at once when it can be, else a bounded send queue
drained by its own writer task.

A room never awaits a socket. `send` writes the message straight away when nothing is queued
and the socket takes it without waiting, which is almost always: the ASGI send coroutine is
driven by hand (`_Eager`) and finishes in that one step, with no task woken, no future made.
When it would wait (uvicorn's websockets-sansio `send()` waits while the socket is not
writable, docs/FIELD-NOTES.md), the writer task finishes that send and the next messages
queue behind it. A reader too slow to keep up fills its queue and is dropped (1013), instead
of stalling its room.

The queue is a plain list, not an `asyncio.Queue` (three deques and an Event, ~3.3 KiB a
socket before anything is queued, docs/benchmarks.md), and the writer task exists only while
it has something to send: an idle socket holds neither.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Coroutine
from enum import Enum
from typing import Any

from starlette.websockets import WebSocket

from ..rooms.close_codes import CloseCode

_CLOSE = object()


class ConnState(Enum):
    """The socket's life: OPEN (accepted, no hello yet) → PLAYER or SPECTATOR → CLOSING."""

    OPEN = "open"
    PLAYER = "player"
    SPECTATOR = "spectator"
    CLOSING = "closing"


# Every change of state goes through `Connection.become`, which allows only these (as
# Starlette checks each send and receive against its own state machine).
TRANSITIONS = {
    ConnState.OPEN: {ConnState.PLAYER, ConnState.SPECTATOR, ConnState.CLOSING},
    ConnState.PLAYER: {ConnState.CLOSING},
    ConnState.SPECTATOR: {ConnState.CLOSING},
    ConnState.CLOSING: set(),
}


class Connection:
    def __init__(self, ws: WebSocket, queue_size: int) -> None:
        self.ws = ws
        self.state = ConnState.OPEN
        self.player_id: str | None = None
        self.close_code: int | None = None
        self._reason = ""
        self._size = queue_size
        self._queue: list[bytes | object] = []
        # Only while something waits to be sent: a task per idle socket would cost memory
        # on every seat of every table for nothing.
        self._writer: asyncio.Task[None] | None = None

    def become(self, state: ConnState) -> None:
        if state not in TRANSITIONS[self.state]:
            raise RuntimeError(f"a connection cannot go from {self.state} to {state}")
        self.state = state

    # ------------------------------------------------------------ the room's side

    def send(self, data: bytes) -> None:
        if self.state is ConnState.CLOSING:
            return
        if self._writer is None:  # nothing queued or in flight: now, in order
            try:
                pending = _Eager.start(self.ws.send_text(data.decode()))
            except (Exception, asyncio.CancelledError):  # never the room's own cancellation
                self._gone()
                return
            if pending is not None:  # the socket is not writable: a writer finishes it
                self._put(pending)
            return
        if len(self._queue) >= self._size:
            self.close(CloseCode.TRY_AGAIN_LATER, "too slow: reconnect for a fresh view")
            return
        self._put(data)

    def _put(self, item: bytes | object) -> None:
        self._queue.append(item)
        if self._writer is None:
            self._writer = asyncio.create_task(self._write())

    def close(self, code: int, reason: str) -> None:
        """Close after the messages already queued (so an error arrives before its close)."""
        if self.state is ConnState.CLOSING:
            return
        self.become(ConnState.CLOSING)
        self.close_code, self._reason = code, reason
        if len(self._queue) >= self._size:  # a slow reader: what it has not read is lost
            self._drop_queue()
        self._put(_CLOSE)

    def _drop_queue(self) -> None:
        for item in self._queue:
            if isinstance(item, _Eager):
                item.abandon()
        self._queue.clear()

    # ------------------------------------------------------------ the writer

    async def _write(self) -> None:
        """Send what is queued, in order, then end (the next send goes at once again)."""
        queue = self._queue
        try:
            while queue:
                item = queue.pop(0)
                if item is _CLOSE:
                    await self.ws.close(self.close_code or CloseCode.NORMAL, self._reason[:120])
                    return
                if isinstance(item, _Eager):
                    await item.finish()
                else:
                    assert isinstance(item, bytes)
                    await self.ws.send_text(item.decode())
        except asyncio.CancelledError:
            task = asyncio.current_task()
            if task is not None and task.cancelling():
                raise  # finish() stops this writer
            self._gone()  # the send itself was cancelled: treated as the peer gone
        except Exception:
            self._gone()
        finally:
            if queue and not self.closing:  # never left behind a later send
                self._gone()
            if not self.closing:
                self._writer = None  # a closing connection keeps it, for finish()

    def _gone(self) -> None:
        """The peer went away mid-send; the reader sees the disconnect and cleans up."""
        self._drop_queue()
        if self.state is not ConnState.CLOSING:
            self.become(ConnState.CLOSING)

    async def finish(self, timeout: float = 2.0) -> None:
        """Let the writer flush and close, then make sure it is gone."""
        if self.state is not ConnState.CLOSING:
            self.close(CloseCode.NORMAL, "")
        writer = self._writer
        if writer is None:
            return
        with contextlib.suppress(asyncio.TimeoutError, Exception):
            await asyncio.wait_for(asyncio.shield(writer), timeout)
        writer.cancel()

    @property
    def closing(self) -> bool:
        return self.state is ConnState.CLOSING


class _Eager:
    """A send coroutine run by hand up to its first wait, then finished by the writer.

    What a task would do for it (asyncio's `Task.__step`), minus the task: the coroutine
    yields the future it waits on (or None for a bare yield); once that is done it is
    resumed, and reads the future's result or exception itself."""

    __slots__ = ("_coro", "_waiting")

    def __init__(self, coro: Coroutine[Any, Any, None], waiting: Any) -> None:
        self._coro, self._waiting = coro, waiting

    @classmethod
    def start(cls, coro: Coroutine[Any, Any, None]) -> _Eager | None:
        """Run `coro` until it finishes (None) or waits (the rest, to `finish`)."""
        try:
            waiting = coro.send(None)
        except StopIteration:
            return None
        return cls(coro, waiting)

    def abandon(self) -> None:
        """Never finished: closed where it waits, as a cancelled task's coroutine would be."""
        _stop(self._coro, self._waiting)

    async def finish(self) -> None:
        coro, waiting = self._coro, self._waiting
        try:
            while True:
                if waiting is None:
                    await asyncio.sleep(0)
                else:
                    waiting._asyncio_future_blocking = False
                    # Waited on, not awaited: its outcome, a cancellation included, is the
                    # coroutine's to read; only this task's own cancellation stops here.
                    await asyncio.wait((waiting,))
                try:
                    waiting = coro.send(None)
                except StopIteration:
                    return
        except BaseException:
            _stop(coro, waiting)  # cancelled: the coroutine is not resumed again
            raise


def _stop(coro: Coroutine[Any, Any, None], waiting: Any) -> None:
    """What cancelling a task does to the coroutine it runs: the future it waits on is
    cancelled (an implementation may keep that future and check it later: the legacy
    `websockets` one does), then the coroutine is closed. Nothing it raises reaches the
    caller, which may be a room closing one slow socket."""
    if isinstance(waiting, asyncio.Future) and not waiting.done():
        waiting.cancel()
    with contextlib.suppress(Exception):
        coro.close()

"""One socket as a room subscriber: a bounded send queue drained by its own writer task.

A room never awaits a socket: `send` only queues. A reader too slow to keep up fills its
queue and is dropped (1013), instead of stalling its room (docs/FIELD-NOTES.md: uvicorn's
websockets-sansio `send()` waits while the socket is not writable).

The queue is a list and one future the writer waits on, not an `asyncio.Queue`: that holds
three deques and an Event, ~3.3 KiB a socket before anything is queued (docs/benchmarks.md).
"""

from __future__ import annotations

import asyncio
import contextlib
from enum import Enum

from starlette.websockets import WebSocket

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
        self._ready: asyncio.Future[None] | None = None  # the writer waits for an item
        self._writer = asyncio.create_task(self._write())

    def become(self, state: ConnState) -> None:
        if state not in TRANSITIONS[self.state]:
            raise RuntimeError(f"a connection cannot go from {self.state} to {state}")
        self.state = state

    # ------------------------------------------------------------ the room's side

    def send(self, data: bytes) -> None:
        if self.state is ConnState.CLOSING:
            return
        if len(self._queue) >= self._size:
            self.close(1013, "too slow: reconnect for a fresh view")
            return
        self._put(data)

    def _put(self, item: bytes | object) -> None:
        self._queue.append(item)
        ready = self._ready
        if ready is not None and not ready.done():
            ready.set_result(None)

    def close(self, code: int, reason: str) -> None:
        """Close after the messages already queued (so an error arrives before its close)."""
        if self.state is ConnState.CLOSING:
            return
        self.become(ConnState.CLOSING)
        self.close_code, self._reason = code, reason
        if len(self._queue) >= self._size:  # a slow reader: what it has not read is lost
            self._queue.clear()
        self._put(_CLOSE)

    # ------------------------------------------------------------ the writer

    async def _write(self) -> None:
        queue = self._queue
        try:
            while True:
                if not queue:
                    self._ready = asyncio.get_running_loop().create_future()
                    await self._ready
                    self._ready = None
                    continue
                item = queue.pop(0)
                if item is _CLOSE:
                    await self.ws.close(self.close_code or 1000, self._reason[:120])
                    return
                assert isinstance(item, bytes)
                await self.ws.send_text(item.decode())
        except Exception:
            # The peer went away mid-send; the reader sees the disconnect and cleans up.
            if self.state is not ConnState.CLOSING:
                self.become(ConnState.CLOSING)

    async def finish(self, timeout: float = 2.0) -> None:
        """Let the writer flush and close, then make sure it is gone."""
        if self.state is not ConnState.CLOSING:
            self.close(1000, "")
        with contextlib.suppress(asyncio.TimeoutError, Exception):
            await asyncio.wait_for(asyncio.shield(self._writer), timeout)
        self._writer.cancel()

    @property
    def closing(self) -> bool:
        return self.state is ConnState.CLOSING

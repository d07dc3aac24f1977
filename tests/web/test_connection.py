"""One slow reader never stalls its room: its bounded queue fills and it alone is dropped."""

from __future__ import annotations

import asyncio
from typing import Any

from laundermat.web.connection import Connection


class StuckSocket:
    """A peer that never reads: every send waits forever."""

    def __init__(self) -> None:
        self.sent: list[str] = []
        self.closed: tuple[int, str] | None = None
        self.release = asyncio.Event()

    async def send_text(self, text: str) -> None:
        self.sent.append(text)
        await self.release.wait()

    async def close(self, code: int, reason: str) -> None:
        self.closed = (code, reason)


def test_a_full_queue_drops_only_that_connection() -> None:
    async def scenario() -> None:
        ws: Any = StuckSocket()
        conn = Connection(ws, queue_size=4)
        for i in range(10):
            conn.send(b'{"n": %d}' % i)  # never blocks the caller (the room)
        assert conn.closing and conn.close_code == 1013
        ws.release.set()  # the peer wakes up: it gets the close, not a backlog
        await conn.finish()
        assert ws.closed is not None and ws.closed[0] == 1013
        assert len(ws.sent) <= 2

    asyncio.run(scenario())


def test_queued_messages_go_out_before_the_close() -> None:
    async def scenario() -> None:
        ws: Any = StuckSocket()
        ws.release.set()
        conn = Connection(ws, queue_size=8)
        conn.send(b'{"type": "error", "code": "kicked"}')
        conn.close(4003, "kicked")
        conn.send(b"{}")  # after the close: dropped
        await conn.finish()
        assert ws.sent == ['{"type": "error", "code": "kicked"}']
        assert ws.closed == (4003, "kicked")

    asyncio.run(scenario())

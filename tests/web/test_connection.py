"""One slow reader never stalls its room: its bounded queue fills and it alone is dropped."""

from __future__ import annotations

import asyncio
from typing import Any

from laundermat.web.connection import Connection


class OpenSocket:
    """A peer whose socket always takes a message at once (the usual case)."""

    def __init__(self) -> None:
        self.sent: list[str] = []
        self.closed: tuple[int, str] | None = None

    async def send_text(self, text: str) -> None:
        self.sent.append(text)

    async def close(self, code: int, reason: str) -> None:
        self.closed = (code, reason)


class StuckSocket(OpenSocket):
    """A peer that never reads: every send waits until `release` is set."""

    def __init__(self) -> None:
        super().__init__()
        self.release = asyncio.Event()
        self.waiting = 0  # sends suspended in this socket

    async def send_text(self, text: str) -> None:
        self.sent.append(text)
        self.waiting += 1
        try:
            await self.release.wait()
        finally:
            self.waiting -= 1


def test_a_full_queue_drops_only_that_connection() -> None:
    async def scenario() -> None:
        ws: Any = StuckSocket()
        conn = Connection(ws, queue_size=4)
        for i in range(10):
            conn.send(b'{"n": %d}' % i)  # never blocks the caller (the room)
        assert conn.closing and conn.close_code == 1013
        assert ws.waiting == 0  # the send that was waiting was closed, not left suspended
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


def test_a_writable_socket_is_sent_to_at_once() -> None:
    """No turn of the loop between the room's send and the socket's write."""

    async def scenario() -> None:
        ws: Any = OpenSocket()
        conn = Connection(ws, queue_size=4)
        for i in range(10):  # more than the queue holds: none of them queues
            conn.send(b'{"n": %d}' % i)
            assert ws.sent[-1] == f'{{"n": {i}}}'  # before anything else runs
        assert not conn.closing
        assert conn._writer is None  # an idle socket holds no task
        await conn.finish()
        assert ws.closed == (1000, "")

    asyncio.run(scenario())


def test_a_send_that_must_wait_is_finished_first_and_in_order() -> None:
    async def scenario() -> None:
        ws: Any = StuckSocket()
        conn = Connection(ws, queue_size=4)
        conn.send(b"1")  # starts at once, then waits for the socket
        conn.send(b"2")
        conn.send(b"3")
        assert ws.sent == ["1"]
        ws.release.set()
        for _ in range(10):
            await asyncio.sleep(0)
        assert ws.sent == ["1", "2", "3"]
        assert conn._writer is None  # the writer ends with its queue
        conn.send(b"4")  # the queue is empty again: sent at once
        assert ws.sent == ["1", "2", "3", "4"]
        await conn.finish()
        assert ws.closed == (1000, "")

    asyncio.run(scenario())


class GoneSocket(OpenSocket):
    async def send_text(self, text: str) -> None:
        raise ConnectionResetError("the peer went away")


def test_a_peer_gone_mid_send_closes_the_connection() -> None:
    async def scenario() -> None:
        ws: Any = GoneSocket()
        conn = Connection(ws, queue_size=4)
        conn.send(b"1")
        assert conn.closing
        conn.send(b"2")  # dropped: nothing more is sent
        assert conn._writer is None  # nothing to wait for in finish()
        await conn.finish()
        assert ws.closed is None  # a socket already gone is not closed again

    asyncio.run(scenario())


def test_a_waiting_send_is_stopped_by_finish() -> None:
    async def scenario() -> None:
        ws: Any = StuckSocket()
        conn = Connection(ws, queue_size=4)
        conn.send(b"1")
        await asyncio.sleep(0)  # the writer takes the send over, and waits with it
        await conn.finish(timeout=0.05)  # the peer never reads: the writer is cancelled
        for _ in range(3):
            await asyncio.sleep(0)
        assert conn._writer is not None and conn._writer.cancelled()
        assert ws.sent == ["1"]

    asyncio.run(scenario())


class KeptWaiterSocket(OpenSocket):
    """Waits on a future it keeps and checks before it waits again, as the legacy
    `websockets` protocol's drain does: a send given up must have that future cancelled."""

    def __init__(self) -> None:
        super().__init__()
        self.waiter: asyncio.Future[None] | None = None

    def _check(self) -> None:
        assert self.waiter is None or self.waiter.cancelled(), "a drain is still waited on"

    async def send_text(self, text: str) -> None:
        self._check()
        self.sent.append(text)
        self.waiter = asyncio.get_running_loop().create_future()
        await self.waiter
        self.waiter = None

    async def close(self, code: int, reason: str) -> None:
        self._check()
        await super().close(code, reason)


def test_a_dropped_waiting_send_cancels_what_it_waits_on() -> None:
    async def scenario() -> None:
        ws: Any = KeptWaiterSocket()
        conn = Connection(ws, queue_size=4)
        for i in range(10):
            conn.send(b"%d" % i)
        assert conn.closing and conn.close_code == 1013
        assert ws.waiter is not None and ws.waiter.cancelled()
        await conn.finish()
        assert ws.closed is not None and ws.closed[0] == 1013  # the close still goes out

    asyncio.run(scenario())


class CancellingSocket(OpenSocket):
    async def send_text(self, text: str) -> None:
        raise asyncio.CancelledError  # e.g. the protocol's own task torn down


def test_a_send_cancelled_under_the_room_is_that_socket_gone_not_the_room() -> None:
    async def scenario() -> None:
        ws: Any = CancellingSocket()
        conn = Connection(ws, queue_size=4)
        conn.send(b"1")  # raises nothing into the room's code
        assert conn.closing
        await conn.finish()

    asyncio.run(scenario())


def test_a_waiting_send_cancelled_under_the_writer_sends_nothing_after_it() -> None:
    async def scenario() -> None:
        ws: Any = KeptWaiterSocket()
        conn = Connection(ws, queue_size=4)
        conn.send(b"1")  # waits
        conn.send(b"2")  # queued behind it
        await asyncio.sleep(0)  # the writer takes the waiting send over
        assert ws.waiter is not None
        ws.waiter.cancel()  # the socket gives up on it
        for _ in range(5):
            await asyncio.sleep(0)
        assert conn.closing  # the peer counts as gone: nothing overtakes "2"
        conn.send(b"3")
        assert ws.sent == ["1"]
        await conn.finish()

    asyncio.run(scenario())

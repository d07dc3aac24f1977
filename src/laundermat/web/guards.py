"""uvicorn's protocols, with the limits their own lack: without each, one client could stall
every room or run the server out of memory or file descriptors.

- **WebSocket pings.** uvicorn answers a PING frame itself, so no budget of the app
  (socket.py) ever saw one: a single socket sending millions froze every other room for
  seconds. Here a socket gets `PING_BURST` pings, refilled at `PING_RATE` a second (browsers
  send none; the `websockets` library one every 20 s), and is closed with 1008 beyond them.
- **Closes that never finish.** uvicorn closes a socket with `transport.close()`, which waits
  for the write buffer to drain: a peer that stops reading kept it, and every byte queued for
  it, for as long as it held the TCP connection (hundreds of MB, measured). Every close here
  is followed, `FLUSH_GRACE_S` later, by an abort if the connection is still there.
- **HTTP requests that never arrive.** uvicorn's keep-alive timer starts only after a first
  response, so a connection that sent nothing, half a request line, or a body shorter than
  its Content-Length was held for ever (file descriptors ran out). Here each request must
  arrive whole within `request_timeout` of the connection (or of the last response). The
  parser is h11, whose buffered request head is bounded (16 KiB), where httptools buffered
  any number of header lines (1.5 GB from four connections, measured).
- **Connections per address, and a reserve of descriptors** (web/conns.py): the HTTP
  protocol is the one every connection starts as, so it admits or refuses each at
  connection_made; after an upgrade the WebSocket protocol is the one told of its loss, so
  both release it.
"""

from __future__ import annotations

import asyncio
from typing import Any

import h11
from uvicorn.config import WS_PROTOCOLS
from uvicorn.importer import import_from_string
from uvicorn.protocols.http.h11_impl import H11Protocol
from uvicorn.protocols.websockets.websockets_sansio_impl import WebSocketsSansIOProtocol

from ..rooms.close_codes import CloseCode
from .conns import ConnectionGate

PING_RATE = 1.0  # pings a second a socket may send, on average
PING_BURST = 10
FLUSH_GRACE_S = 5.0  # after a close, how long a peer has to read what is queued for it


class GuardedWebSocket(WebSocketsSansIOProtocol):
    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._ping_tokens = float(PING_BURST)
        self._ping_at = 0.0

    def handle_ping(self) -> None:
        now = self.loop.time()
        if self._ping_at:
            refill = (now - self._ping_at) * PING_RATE
            self._ping_tokens = min(PING_BURST, self._ping_tokens + refill)
        self._ping_at = now
        if self._ping_tokens < 1:
            self._refuse("too many pings")
            return
        self._ping_tokens -= 1
        super().handle_ping()

    def _refuse(self, reason: str) -> None:
        if self.close_sent or self.transport.is_closing():
            self.conn.data_to_send()  # the pong queued for a socket already closing
            return
        self.conn.fail(CloseCode.POLICY, reason)
        self.transport.write(b"".join(self.conn.data_to_send()))
        self.close_sent = True
        self._close_for_good()

    def keepalive_timeout(self) -> None:
        super().keepalive_timeout()
        self._abort_later()

    async def send(self, message: Any) -> None:
        await super().send(message)
        if message["type"] == "websocket.close" and self.close_timer is not None:
            # uvicorn's own timer would only `close()`, which waits for the buffer to drain.
            self.close_timer.cancel()
            self.close_timer = self.loop.call_later(self.close_timeout, self._close_for_good)

    def _close_for_good(self) -> None:
        self.transport.close()
        self._abort_later()

    def _abort_later(self) -> None:
        self.loop.call_later(FLUSH_GRACE_S, self._abort_if_open)

    def _abort_if_open(self) -> None:
        if not self.disconnected:
            self.transport.abort()


def guarded_ws(ws: str, gate: ConnectionGate) -> type[Any]:
    """uvicorn's WebSocket protocol `ws` (ours, GuardedWebSocket, for websockets-sansio) that
    gives its connection's place in `gate` back when the connection is lost."""
    base: type[Any] = (
        GuardedWebSocket if ws == "websockets-sansio" else import_from_string(WS_PROTOCOLS[ws])
    )

    def connection_lost(self: Any, exc: Exception | None) -> None:
        try:
            base.connection_lost(self, exc)
        finally:
            gate.release(self.transport)

    return type(f"Gated{base.__name__}", (base,), {"connection_lost": connection_lost})


def guarded_http(request_timeout: float, gate: ConnectionGate | None = None) -> type[H11Protocol]:
    """uvicorn's h11 protocol, with each request due whole within `request_timeout` s, and
    each connection admitted by `gate` first."""
    return type("GuardedHttp", (GuardedHttp,), {"request_timeout": request_timeout, "gate": gate})


class GuardedHttp(H11Protocol):
    """Each request whole within `request_timeout` seconds, each connection admitted by
    `gate` (see the module's docstring)."""

    request_timeout = 15.0
    gate: ConnectionGate | None = None

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        self._deadline: asyncio.TimerHandle | None = None
        refusal = self.gate.admit(transport) if self.gate is not None else None
        self._refused = refusal is not None
        if refusal is not None:
            # Answered and closed before a byte is read; never one of uvicorn's connections.
            self.transport = transport
            transport.write(refusal)
            transport.close()
            return
        super().connection_made(transport)
        self._arm()

    def data_received(self, data: bytes) -> None:
        if not self._refused:  # a closing transport reads nothing more; if one did, drop it
            super().data_received(data)

    def on_response_complete(self) -> None:
        super().on_response_complete()
        self._arm()  # the next request on this connection, if any, gets the same time

    def connection_lost(self, exc: Exception | None) -> None:
        if self._deadline is not None:
            self._deadline.cancel()
        try:
            super().connection_lost(exc)
        finally:
            if self.gate is not None:
                self.gate.release(self.transport)

    def _arm(self) -> None:
        if self._deadline is not None:
            self._deadline.cancel()
        self._deadline = self.loop.call_later(self.request_timeout, self._too_slow)

    def _too_slow(self) -> None:
        self._deadline = None
        if self.transport.is_closing() or self.transport.get_protocol() is not self:
            return  # closed, or now a WebSocket (its own limits apply)
        if self.conn.their_state is h11.DONE:
            return  # the whole request arrived: the app is answering it
        self.transport.abort()

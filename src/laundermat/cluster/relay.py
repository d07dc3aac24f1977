"""A socket for a room owned by a peer: a frame pipe to the owner (docs/scaling.md).

The client's socket is accepted here and a WebSocket opened to the owner's advertise URL on
the same path, carrying the cluster secret and the client's address (peers.py). Frames go
both ways unchanged, so the owner's session (hello, tokens, acks, resync, limits) is the one
and only implementation. When the owner closes, the client gets the same close code; when the
owner's socket drops (it died, drained, or lost the room), the client gets CloseCode.RECONNECT
and comes back through the load balancer at once.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging

import websockets
from starlette.websockets import WebSocket, WebSocketDisconnect
from websockets.exceptions import ConnectionClosed

from ..rooms.close_codes import CloseCode
from .metrics import ClusterMetrics
from .peers import peer_headers

log = logging.getLogger("laundermat.cluster")
# Closes the owner sends that mean the same to the client; anything else (its shutdown, a
# dropped connection) means "the room is elsewhere now": reconnect.
PASSED_THROUGH = {
    CloseCode.NORMAL,
    CloseCode.POLICY,
    CloseCode.TOO_BIG,
    CloseCode.INTERNAL,
    CloseCode.TRY_AGAIN_LATER,
    CloseCode.REPLACED,
    CloseCode.KICKED,
    CloseCode.ROOM_CLOSED,
    CloseCode.RECONNECT,
}


def ws_url(base: str, path: str) -> str:
    base = base.rstrip("/")
    return ("ws" + base[4:] if base.startswith("http") else base) + path


async def open_upstream(
    ws: WebSocket, owner_url: str, secret: str, client: str, max_size: int, via: str = ""
) -> websockets.ClientConnection | None:
    """A socket to the owner on the client's path, or None if the owner does not answer."""
    try:
        return await websockets.connect(
            ws_url(owner_url, ws.url.path),
            additional_headers=peer_headers(secret, client, ws.url.path, via),
            compression=None,
            # The owner's views, not a client's messages: a finished game's view with its whole
            # log passes 16 KiB. Capped only against a runaway peer (the client's own limit
            # on what it sends is applied by the owner's session, unchanged).
            max_size=max(max_size, 2**22),
            open_timeout=2,
            ping_interval=None,  # the client's own pings pass through
        )
    except (OSError, TimeoutError, websockets.InvalidHandshake) as exc:
        log.info("relay: owner unreachable", extra={"owner": owner_url, "error": str(exc)[:120]})
        return None


async def pipe(
    ws: WebSocket,
    upstream: websockets.ClientConnection,
    metrics: ClusterMetrics,
    active: set[WebSocket],
) -> None:
    """Pipe the accepted `ws` and the owner's socket until either side closes."""
    metrics.relayed.inc()
    metrics.relayed_total.inc()
    active.add(ws)
    down = asyncio.create_task(_owner_to_client(upstream, ws))
    up = asyncio.create_task(_client_to_owner(ws, upstream))
    try:
        done, _ = await asyncio.wait({down, up}, return_when=asyncio.FIRST_COMPLETED)
        if down in done:  # the owner closed: tell the client the same, or to reconnect
            code = upstream.close_code if upstream.close_code in PASSED_THROUGH else None
            reason = (upstream.close_reason or "")[:120] if code else "reconnect"
            with contextlib.suppress(Exception):
                await ws.close(code or CloseCode.RECONNECT, reason)
    finally:
        active.discard(ws)
        metrics.relayed.dec()
        for task in (down, up):
            task.cancel()
        await asyncio.gather(down, up, return_exceptions=True)
        with contextlib.suppress(Exception):
            await upstream.close()


async def _owner_to_client(upstream: websockets.ClientConnection, ws: WebSocket) -> None:
    # Awaiting each send keeps backpressure: a slow client slows this read, which fills the
    # owner's send queue for this socket, which drops it (1013), as for a direct socket.
    with contextlib.suppress(ConnectionClosed):
        async for message in upstream:
            if isinstance(message, bytes):
                await ws.send_bytes(message)
            else:
                await ws.send_text(message)


async def _client_to_owner(ws: WebSocket, upstream: websockets.ClientConnection) -> None:
    with contextlib.suppress(WebSocketDisconnect, ConnectionClosed, RuntimeError):
        while True:
            event = await ws.receive()
            if event["type"] == "websocket.disconnect":
                return
            if event.get("text") is not None:
                await upstream.send(event["text"])
            elif event.get("bytes") is not None:
                await upstream.send(event["bytes"])

"""The socket loop at /ws/{code}: accept, limit every frame, hand each message to the
connection's `Session` (session.py), clean up in finally.

Close codes: rooms/close_codes.py (cluster mode: a socket for a peer's room is relayed to it,
cluster/relay.py, or told to reconnect).

Limits (docs/security.md, web/admission.py): every frame counts, against the socket's own
budget and its seat's, or its address's while it has no seat; new and open sockets per
address count only sockets that have not said hello with a valid token.
"""

from __future__ import annotations

import asyncio
import logging
import re
import time
from collections.abc import Callable
from typing import Any

from fastapi import FastAPI
from starlette.types import Receive, Scope, Send
from starlette.websockets import WebSocket, WebSocketDisconnect, WebSocketState
from uvicorn.protocols.websockets.websockets_sansio_impl import WebSocketsSansIOProtocol

from ..rooms import RoomError
from ..rooms.close_codes import CloseCode
from .admission import PROBATION_HELLO_S
from .connection import Connection, ConnState
from .hosts import host_allowed
from .limits import TokenBucket, limit_key, origin_allowed
from .session import Session
from .state import AppState

log = logging.getLogger("laundermat.socket")


_SOCKET_PATH = re.compile(r"/ws/([^/]+)")


class SocketFastPath(FastAPI):
    """The app, with a socket to /ws/{code} handed straight to `socket_endpoint`: the
    middleware (HTTP only), the router and Starlette's exception wrappers held a frame or a
    closure per socket for the socket's whole life, ~7.7 KiB (benchmarks/socket_memory.py).
    `socket_endpoint` handles its errors itself. Anything else takes the usual way (the
    route below stays, for a path this does not take, e.g. under a root path)."""

    # Cluster mode: how a peer's relayed socket is recognised (cluster/peers.py), applied
    # here because this path skips the middleware that does it for HTTP.
    trust_peers: Callable[[Scope], Scope] | None = None

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        found = _SOCKET_PATH.fullmatch(scope["path"]) if scope["type"] == "websocket" else None
        if found is None or scope.get("root_path"):
            await super().__call__(scope, receive, send)
            return
        if self.trust_peers is not None:
            scope = self.trust_peers(scope)
        scope["app"] = self
        scope["path_params"] = {"code": found[1]}
        await socket_endpoint(WebSocket(scope, receive, send), found[1])


def drop_handshake(ws: WebSocket) -> None:
    """uvicorn's websockets-sansio protocol keeps the opening handshake's request and
    response, with their headers, for the socket's whole life, though it reads them only
    until the accept is sent: ~3 KiB a socket (docs/benchmarks.md). Once the socket is
    accepted they go. Any other protocol class, or one not yet accepted, is left alone."""
    owner = getattr(ws._send, "__self__", None)  # the ASGI send: a protocol method
    if not isinstance(owner, WebSocketsSansIOProtocol):
        return
    protocol: Any = owner  # its request and response are typed as never None
    if getattr(protocol, "handshake_complete", False) and hasattr(protocol, "response"):
        protocol.request = protocol.response = None


async def socket_route(ws: WebSocket) -> None:
    await socket_endpoint(ws, ws.path_params["code"])


async def socket_endpoint(ws: WebSocket, code: str) -> None:
    app: AppState = ws.app.state.laundermat
    settings = app.settings
    cluster = app.cluster
    # A peer relaying a client (cluster/peers.py) checked its origin already.
    relayed = cluster is not None and bool(ws.scope.get("laundermat.relayed"))
    host = ws.headers.get("host")
    if not relayed and not host_allowed(host, app.served_hosts):  # DNS rebinding, web/hosts.py
        app.metrics.error("bad_host")
        await ws.close(CloseCode.POLICY)  # before accept: the handshake is refused with 403
        return
    if not relayed and not origin_allowed(ws.headers.get("origin"), host, settings.allowed_origins):
        app.metrics.error("origin_not_allowed")
        await ws.close(CloseCode.POLICY)
        return
    if cluster is not None and app.manager.get(code) is None:
        client = ws.client.host if ws.client else "?"
        if await cluster.serve_socket(ws, code, relayed, client):
            return  # relayed to the room's owner, or told to reconnect
    if ws.client_state is WebSocketState.CONNECTING:  # a held socket is accepted already
        await ws.accept()
    drop_handshake(ws)
    conn = Connection(ws, settings.send_queue_size)
    app.connections.add(conn)
    app.metrics.connections.inc()
    room = app.manager.get(code)
    # Which peer relayed this socket (cluster/peers.py): a lobby may follow its sockets there.
    via = str(ws.scope.get("laundermat.via", "")) if relayed else ""
    if cluster is not None and room is not None:
        cluster.follower.opened(code, via)
    address = limit_key(ws.client.host) if ws.client else "?"  # an IPv6 address's /64
    session = Session(app, room, conn, address)
    try:
        admitted = await app.admission.admit(conn, address)
        if admitted is False:
            session.fail(
                "too_many_requests", CloseCode.POLICY, "Too many sockets from this address."
            )
            return
        session.probation = admitted is None
        # An unknown code is a guess. With guesses left it is told at once; without, the
        # socket carries on as a live room's would, and its hello or spectate is refused.
        if room is None and await app.join_limiter.allow(address):
            session.fail("room_not_found", CloseCode.ROOM_CLOSED)
            return
        await _receive_loop(ws, session, code)
    except WebSocketDisconnect:
        pass
    except RoomError as exc:  # the room closed under us
        if cluster is not None and exc.code == "room_closed" and cluster.moved(code):
            conn.close(CloseCode.RECONNECT, "reconnect")  # handed over: not closed for good
        else:
            session.fail(exc.code, CloseCode.ROOM_CLOSED, exc.message)
    except Exception:
        log.exception("socket failed", extra={"room": code})
        session.fail("internal", CloseCode.INTERNAL)
    finally:
        # Always tell the room: a hello that failed halfway may still have taken the seat.
        if room is not None:
            try:
                await room.disconnect(conn)
            except Exception:
                log.debug("disconnect after close", extra={"room": code})
        await conn.finish()
        app.connections.discard(conn)
        app.admission.left(conn, address)
        app.metrics.connections.dec()
        if cluster is not None and room is not None:
            cluster.follower.closed(code, via)


async def _receive_loop(ws: WebSocket, session: Session, code: str) -> None:
    """Every frame of the socket, each charged to a budget (web/admission.py), until it closes."""
    conn, settings = session.conn, session.app.settings
    bucket = TokenBucket(settings.messages_per_second, settings.message_burst)
    hello_s = PROBATION_HELLO_S if session.probation else settings.hello_timeout_seconds
    hello_by = asyncio.get_running_loop().time() + hello_s
    first = True
    while not conn.closing:
        try:
            if conn.state is ConnState.OPEN:  # a silent socket must not hold a slot
                async with asyncio.timeout_at(hello_by):
                    event = await ws.receive()
            else:
                event = await ws.receive()
        except TimeoutError:
            session.fail(
                "too_many_requests" if session.probation else "hello_timeout", CloseCode.POLICY
            )
            break
        if event["type"] == "websocket.disconnect":
            break
        received = time.perf_counter()
        # Every frame counts, binary or text, hello and ping included: the socket's own
        # budget, and its seat's (kept per seat: reconnecting does not refill it) or else its
        # address's, which a seated player never spends.
        seat = f"{code}/{conn.player_id}" if conn.player_id is not None else None
        budget = session.app.admission.take_frame(conn, session.address, seat)
        if not (bucket.take() and (budget or first)):
            session.fail("rate_limited", CloseCode.POLICY)
            break
        if not budget:  # a first frame past the address's budget: only a valid hello will do
            session.probation = True
        first = False
        text = event.get("text")
        if text is None:
            raw = event.get("bytes") or b""
            if len(raw) > settings.max_message_bytes:
                session.fail("too_big", CloseCode.TOO_BIG)
                break
            session.error("bad_message", "Send JSON text frames.")
            continue
        if len(text) > settings.max_message_bytes or (
            len(text.encode()) > settings.max_message_bytes
        ):
            session.fail("too_big", CloseCode.TOO_BIG)
            break
        await session.handle(text, received)

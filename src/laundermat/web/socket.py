"""The socket loop at /ws/{code}. `socket_endpoint` takes a socket through its life, one named
step each:

1. `_refused`: a host or origin this server does not serve is refused before the accept (a
   peer relaying a client, cluster/peers.py, checked both already);
2. `_served_by_peer` (cluster mode): a room this replica does not hold is relayed to its
   owner, or the client is told to reconnect (cluster/node.py);
3. `_open`: accepted and counted, with its `Session` (session.py, one handler per message);
4. `_admitted`: the address's socket limits, and an unknown code told so at once;
5. `_receive_loop`: every frame charged to its budgets and handed to the session;
6. an error closes it with its code (rooms/close_codes.py); `_clean_up` runs in finally.

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
from starlette.types import Message, Receive, Scope, Send
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
    # The replica that relayed this socket ("" when it gave no id); None for a client's own.
    relay = None if app.cluster is None else app.cluster.relayed_via(ws.scope)
    if await _refused(ws, app, relay is not None):
        return
    if await _served_by_peer(ws, app, code, relay is not None):
        return
    session = await _open(ws, app, code, relay)
    try:
        if await _admitted(session):
            await _receive_loop(ws, session, code)
    except WebSocketDisconnect:
        pass
    except RoomError as exc:  # the room closed under us
        _room_closed(session, code, exc)
    except Exception:
        log.exception("socket failed", extra={"room": code})
        session.fail("internal", CloseCode.INTERNAL)
    finally:
        await _clean_up(session, code, relay)


async def _refused(ws: WebSocket, app: AppState, relayed: bool) -> bool:
    """A host name this server does not serve (DNS rebinding, web/hosts.py) or an origin it
    does not allow: closed before the accept, so the handshake is refused with 403."""
    host = ws.headers.get("host")
    if ws.client is not None and app.blocks.holds(ws.client.host):
        app.metrics.error("blocked")  # the operator's block (web/blocks.py)
    elif relayed:
        return False
    elif not host_allowed(host, app.served_hosts):
        app.metrics.error("bad_host")
    elif not origin_allowed(ws.headers.get("origin"), host, app.settings.allowed_origins):
        app.metrics.error("origin_not_allowed")
    else:
        return False
    await ws.close(CloseCode.POLICY)
    return True


async def _served_by_peer(ws: WebSocket, app: AppState, code: str, relayed: bool) -> bool:
    """Cluster mode, a room not in this replica's memory: True once the socket was relayed to
    the room's owner or told to reconnect; False to serve it here (claimed just now, or no
    such room)."""
    if app.cluster is None or app.manager.get(code) is not None:
        return False
    client = ws.client.host if ws.client else "?"
    return bool(await app.cluster.serve_socket(ws, code, relayed, client))


async def _open(ws: WebSocket, app: AppState, code: str, relay: str | None) -> Session:
    """Accept the socket and count it. Its session holds the room as it is now (None: no
    such room) and the address its limits are counted against."""
    if ws.client_state is WebSocketState.CONNECTING:  # a held socket is accepted already
        await ws.accept()
    drop_handshake(ws)
    conn = Connection(ws, app.settings.send_queue_size)
    app.connections.add(conn)
    app.metrics.connections.inc()
    room = app.manager.get(code)
    if app.cluster is not None and room is not None:  # a lobby may follow its relays' peer
        app.cluster.follower.opened(code, relay or "")
    address = limit_key(ws.client.host) if ws.client else "?"  # an IPv6 address's /64
    return Session(app, room, conn, address)


async def _admitted(session: Session) -> bool:
    """The address's socket limits (web/admission.py), then the code. An unknown code is a
    guess: with guesses left it is told at once; without, the socket carries on as a live
    room's would, and its hello or spectate is refused. False: closed."""
    app = session.app
    admitted = await app.admission.admit(session.conn, session.address)
    if admitted is False:
        session.fail("too_many_requests", CloseCode.POLICY, "Too many sockets from this address.")
        return False
    session.probation = admitted is None
    if session.room is None and await app.join_limiter.allow(session.address):
        session.fail("room_not_found", CloseCode.ROOM_CLOSED)
        return False
    return True


def _room_closed(session: Session, code: str, exc: RoomError) -> None:
    cluster = session.app.cluster
    if cluster is not None and exc.code == "room_closed" and cluster.moved(code):
        session.conn.close(CloseCode.RECONNECT, "reconnect")  # handed over: not closed for good
    else:
        session.fail(exc.code, CloseCode.ROOM_CLOSED, exc.message)


async def _clean_up(session: Session, code: str, relay: str | None) -> None:
    """Always tell the room: a hello that failed halfway may still have taken the seat. Then
    the socket is flushed, closed and no longer counted."""
    app, conn, room = session.app, session.conn, session.room
    if room is not None:
        try:
            await room.disconnect(conn)
        except Exception:
            log.debug("disconnect after close", extra={"room": code})
    await conn.finish()
    app.connections.discard(conn)
    app.admission.left(conn, session.address)
    app.metrics.connections.dec()
    if app.cluster is not None and room is not None:
        app.cluster.follower.closed(code, relay or "")


async def _receive_loop(ws: WebSocket, session: Session, code: str) -> None:
    """Every frame of the socket until it closes. (The awaits stay in this one frame: an idle
    socket holds no helper's frame besides.)"""
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
            reason = "too_many_requests" if session.probation else "hello_timeout"
            session.fail(reason, CloseCode.POLICY)
            return
        if event["type"] == "websocket.disconnect":
            return
        received = time.perf_counter()
        if not _within_budget(session, code, bucket, first):
            return
        first = False
        text = _text_within_limit(event, session)
        if text is not None:
            await session.handle(text, received)


def _within_budget(session: Session, code: str, bucket: TokenBucket, first: bool) -> bool:
    """Every frame counts, binary or text, hello and ping included: the socket's own budget,
    and its seat's (kept per seat: reconnecting does not refill it) or else its address's,
    which a seated player never spends. False: over budget, closed."""
    conn = session.conn
    seat = f"{code}/{conn.player_id}" if conn.player_id is not None else None
    budget = session.app.admission.take_frame(conn, session.address, seat)
    if not (bucket.take() and (budget or first)):
        session.fail("rate_limited", CloseCode.POLICY)
        return False
    if not budget:  # a first frame past the address's budget: only a valid hello will do
        session.probation = True
    return True


def _text_within_limit(event: Message, session: Session) -> str | None:
    """The frame's text; None for a binary frame (answered `bad_message`) or a frame over
    the size limit (closed)."""
    limit = session.app.settings.max_message_bytes
    text: str | None = event.get("text")
    if text is None:
        if len(event.get("bytes") or b"") > limit:
            session.fail("too_big", CloseCode.TOO_BIG)
        else:
            session.error("bad_message", "Send JSON text frames.")
        return None
    if len(text) > limit or len(text.encode()) > limit:
        session.fail("too_big", CloseCode.TOO_BIG)
        return None
    return text

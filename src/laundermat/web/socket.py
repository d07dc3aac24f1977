"""The socket loop at /ws/{code}: authenticate, authorise every message, clean up in finally.

Close codes: 1008 policy (bad token, rate limit, no hello in time), 1009 too big, 1011 server
error, 1001 shutdown; 4001/4003/4004 are the room's (replaced, kicked, closed).

Limits per client address (docs/security.md): new sockets per minute, open sockets, a message
budget shared by all its sockets (every frame counts), and guesses: a wrong token or an
unknown room code. Only failed guesses count, so a valid token always connects; once the
guesses are spent, a live code and an unknown one answer alike, so codes cannot be listed.
"""

from __future__ import annotations

import asyncio
import logging
import time
from typing import Any

import orjson
from pydantic import ValidationError
from starlette.websockets import WebSocket, WebSocketDisconnect

from ..rooms import Room, RoomError
from ..rooms.wire import error_bytes
from .connection import Connection, ConnState
from .limits import TokenBucket, origin_allowed
from .protocol import Act, Hello, LobbyAction, Ping, Resync, Spectate, client_message
from .state import AppState

log = logging.getLogger("laundermat.socket")


def _validation_message(exc: ValidationError) -> str:
    # Never echo the input back: name the field and the problem only.
    first = exc.errors()[0]
    where = ".".join(str(p) for p in first.get("loc", ()) if not isinstance(p, int))
    return f"{where or 'message'}: {first.get('msg', 'invalid')}"[:200]


async def socket_endpoint(ws: WebSocket, code: str) -> None:
    app: AppState = ws.app.state.laundermat
    settings = app.settings
    if not origin_allowed(
        ws.headers.get("origin"), ws.headers.get("host"), settings.allowed_origins
    ):
        app.metrics.error("origin_not_allowed")
        await ws.close(1008)  # before accept: the handshake is refused with 403
        return
    await ws.accept()
    conn = Connection(ws, settings.send_queue_size)
    app.connections.add(conn)
    app.metrics.connections.inc()
    room = app.manager.get(code)
    address = ws.client.host if ws.client else "?"
    app.sockets_by_address[address] = app.sockets_by_address.get(address, 0) + 1
    try:
        if app.sockets_by_address[address] > settings.sockets_per_address or (
            not app.socket_limiter.allow(address)
        ):
            _fail(app, conn, "too_many_requests", "Too many sockets from this address.", 1008)
            return
        # An unknown code is a guess. With guesses left it is told at once; without, the
        # socket carries on as a live room's would, and its hello or spectate is refused.
        if room is None and app.join_limiter.allow(address):
            _fail(app, conn, "room_not_found", "There is no live room with that code.", 4004)
            return
        bucket = TokenBucket(settings.messages_per_second, settings.message_burst)
        hello_by = asyncio.get_running_loop().time() + settings.hello_timeout_seconds
        while not conn.closing:
            try:
                if conn.state is ConnState.OPEN:  # a silent socket must not hold a slot
                    async with asyncio.timeout_at(hello_by):
                        event = await ws.receive()
                else:
                    event = await ws.receive()
            except TimeoutError:
                _fail(app, conn, "hello_timeout", "No hello or spectate in time; closing.", 1008)
                break
            if event["type"] == "websocket.disconnect":
                break
            received = time.perf_counter()
            # Every frame counts, binary or text, hello and ping included; the address's
            # budget outlives this socket, so reconnecting does not refill it.
            if not (bucket.take() and app.message_buckets.take(address)):
                _fail(app, conn, "rate_limited", "Too many messages; closing.", 1008)
                break
            text = event.get("text")
            if text is None:
                raw = event.get("bytes") or b""
                if len(raw) > settings.max_message_bytes:
                    _fail(app, conn, "too_big", "The message is too big.", 1009)
                    break
                _error(app, conn, "bad_message", "Send JSON text frames.")
                continue
            if len(text) > settings.max_message_bytes or (
                len(text.encode()) > settings.max_message_bytes
            ):
                _fail(app, conn, "too_big", "The message is too big.", 1009)
                break
            await _handle(app, room, conn, text, address, received)
    except WebSocketDisconnect:
        pass
    except RoomError as exc:  # the room closed under us
        _fail(app, conn, exc.code, exc.message, 4004)
    except Exception:
        log.exception("socket failed", extra={"room": code})
        _fail(app, conn, "internal", "Something went wrong on the server.", 1011)
    finally:
        # Always tell the room: a hello that failed halfway may still have taken the seat.
        if room is not None:
            try:
                await room.disconnect(conn)
            except Exception:
                log.debug("disconnect after close", extra={"room": code})
        await conn.finish()
        app.connections.discard(conn)
        app.sockets_by_address[address] -= 1
        if app.sockets_by_address[address] <= 0:
            del app.sockets_by_address[address]
        app.metrics.connections.dec()


async def _handle(
    app: AppState, room: Room | None, conn: Connection, text: str, address: str, received: float
) -> None:
    try:
        data: Any = orjson.loads(text)
    except orjson.JSONDecodeError:
        _error(app, conn, "bad_json", "The message is not valid JSON.")
        return
    try:
        message = client_message.validate_python(data)
    except ValidationError as exc:
        command_id = data.get("id") if isinstance(data, dict) else None
        command_id = command_id if isinstance(command_id, str) and len(command_id) <= 64 else None
        _error(app, conn, "bad_message", _validation_message(exc), command_id)
        return
    if isinstance(message, (Hello, Spectate)):
        if conn.state is not ConnState.OPEN:
            _error(app, conn, "bad_message", "This socket has already said hello.")
            return
        await _first(app, room, conn, message, address)
        return
    if isinstance(message, Ping):
        conn.send(orjson.dumps({"type": "pong", "server_time": app.manager.clock.now_ms()}))
        return
    if room is None or conn.state is ConnState.OPEN:
        _error(app, conn, "hello_first", "Send hello (or spectate) before anything else.")
        return
    if isinstance(message, Resync):
        await room.resync(conn)
        return
    if conn.state is not ConnState.PLAYER or conn.player_id is None:
        _error(app, conn, "spectator", "Spectators cannot act.", message.id)
        return
    if isinstance(message, Act):
        await room.act(conn, conn.player_id, message.id, message.command, message.window, received)
    elif isinstance(message, LobbyAction):
        settings = dict(message.settings) if message.settings is not None else None
        await room.lobby(
            conn, conn.player_id, message.id, message.action, settings, message.player_id
        )


async def _first(
    app: AppState, room: Room | None, conn: Connection, message: Hello | Spectate, address: str
) -> None:
    """hello or spectate. `room` is None when the code is unknown and the address has spent
    its guesses: then every answer is one a live room could give too."""
    limiter = app.join_limiter
    if isinstance(message, Spectate):
        if room is not None and not limiter.blocked(address):
            await room.connect(conn, None)
            conn.state = ConnState.SPECTATOR
        elif room is None and limiter.allow(address):  # guesses left again: say so, count it
            _fail(app, conn, "room_not_found", "There is no live room with that code.", 4004)
        else:
            _fail(app, conn, "too_many_requests", "Too many attempts; try again shortly.", 1008)
        return
    if room is not None:
        # Always checked (in constant time), even when guesses are spent: someone else's
        # wrong guesses from the same address never lock a player out of their own seat.
        try:
            conn.player_id = await room.connect(conn, message.token)
        except RoomError as exc:
            if exc.code != "bad_token":
                raise
        else:
            conn.state = ConnState.PLAYER
            return
    # A failed guess: only these count against the address.
    if not limiter.allow(address):
        _fail(app, conn, "too_many_requests", "Too many attempts; try again shortly.", 1008)
    elif room is None:
        _fail(app, conn, "room_not_found", "There is no live room with that code.", 4004)
    else:
        _fail(app, conn, "bad_token", "That seat token is not valid for this room.", 1008)


def _error(
    app: AppState, conn: Connection, code: str, message: str, command_id: str | None = None
) -> None:
    app.metrics.error(code)
    conn.send(error_bytes(code, message, command_id))


def _fail(app: AppState, conn: Connection, code: str, message: str, close: int) -> None:
    _error(app, conn, code, message)
    conn.close(close, code)

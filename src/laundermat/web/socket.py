"""The socket loop at /ws/{code}: authenticate, authorise every message, clean up in finally.

Close codes: 1008 policy (bad token, rate limit), 1009 too big, 1011 server error,
1001 shutdown; 4001/4003/4004 are the room's (replaced, kicked, closed).
"""

from __future__ import annotations

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
        if app.sockets_by_address[address] > settings.sockets_per_address:
            _fail(app, conn, "too_many_requests", "Too many sockets from this address.", 1008)
            return
        if room is None:
            _fail(app, conn, "room_not_found", "There is no live room with that code.", 4004)
            return
        bucket = TokenBucket(settings.messages_per_second, settings.message_burst)
        while not conn.closing:
            event = await ws.receive()
            if event["type"] == "websocket.disconnect":
                break
            received = time.perf_counter()
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
            if not bucket.take():
                _fail(app, conn, "rate_limited", "Too many messages; closing.", 1008)
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
    app: AppState, room: Room, conn: Connection, text: str, address: str, received: float
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
        if isinstance(message, Spectate):
            await room.connect(conn, None)
            conn.state = ConnState.SPECTATOR
            return
        # Wrong tokens count as join attempts, so guessing is limited per address.
        if app.join_limiter.blocked(address):
            _fail(app, conn, "too_many_requests", "Too many attempts; try again shortly.", 1008)
            return
        try:
            conn.player_id = await room.connect(conn, message.token)
        except RoomError as exc:
            if exc.code == "bad_token":
                app.join_limiter.allow(address)
                _fail(app, conn, exc.code, exc.message, 1008)
                return
            raise
        conn.state = ConnState.PLAYER
        return
    if isinstance(message, Ping):
        conn.send(orjson.dumps({"type": "pong", "server_time": room.clock.now_ms()}))
        return
    if conn.state is ConnState.OPEN:
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
        settings = message.settings.model_dump() if message.settings is not None else None
        await room.lobby(
            conn, conn.player_id, message.id, message.action, settings, message.player_id
        )


def _error(
    app: AppState, conn: Connection, code: str, message: str, command_id: str | None = None
) -> None:
    app.metrics.error(code)
    conn.send(error_bytes(code, message, command_id))


def _fail(app: AppState, conn: Connection, code: str, message: str, close: int) -> None:
    _error(app, conn, code, message)
    conn.close(close, code)

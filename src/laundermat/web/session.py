"""One socket's conversation with its room: each client message type has one handler, and
each handler says which connection states it accepts (a dispatch table, not a chain of ifs).

    OPEN ──hello──▶ PLAYER        any state ──close──▶ CLOSING
    OPEN ──spectate▶ SPECTATOR

Guesses (a wrong token, an unknown room code) are limited per address; only failed guesses
count, so a valid token always connects; once the guesses are spent a live code and an
unknown one answer alike, so codes cannot be listed (docs/security.md).
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Any

import orjson
from pydantic import BaseModel, ValidationError

from ..rooms import Room, RoomError
from ..rooms.close_codes import CloseCode
from ..rooms.wire import error_bytes
from .connection import Connection, ConnState
from .lobby_messages import LOBBY_MESSAGES, LobbyActionMessage
from .protocol import (
    SERVER_ERROR_CODES,
    Act,
    Hello,
    Ping,
    React,
    Resync,
    Spectate,
    client_message,
)
from .state import AppState

OPEN, PLAYER, SPECTATOR = ConnState.OPEN, ConnState.PLAYER, ConnState.SPECTATOR
SEATED = frozenset({PLAYER, SPECTATOR})


def validation_message(exc: ValidationError) -> str:
    # Never echo the input back: name the field and the problem only.
    first = exc.errors()[0]
    where = ".".join(str(p) for p in first.get("loc", ()) if not isinstance(p, int))
    problem = first.get("msg", "invalid")
    if first.get("type") == "union_tag_invalid":  # pydantic's message quotes the input's tag
        context = first.get("ctx", {})
        where = ".".join(p for p in (where, context.get("discriminator", "").strip("'")) if p)
        problem = f"Input should be one of {context.get('expected_tags', '')}"
    return f"{where or 'message'}: {problem}"[:200]


@dataclass
class Session:
    app: AppState
    room: Room | None  # None: an unknown code whose address has spent its guesses
    conn: Connection
    address: str
    # Its address has spent its new sockets (web/admission.py): only a hello with a valid
    # seat token gets this socket in.
    probation: bool = False

    async def handle(self, text: str, received: float) -> None:
        message = self.parse(text)
        if self.probation and not isinstance(message, Hello):
            self.fail("too_many_requests", CloseCode.POLICY, "Too many sockets from this address.")
            return
        if message is None:
            return
        accepts, handler = HANDLERS[type(message)]
        state = self.conn.state
        if state not in accepts:
            if state is OPEN or self.room is None:
                self.error("hello_first")
            elif accepts == {OPEN}:
                self.error("bad_message", "This socket has already said hello.")
            elif isinstance(message, React):
                self.error("spectator", "Spectators see reactions but cannot send them.")
            else:
                self.error("spectator", command_id=getattr(message, "id", None))
            return
        await handler(self, message, received)

    def parse(self, text: str) -> BaseModel | None:
        """The client message, or None once the error is answered."""
        try:
            data: Any = orjson.loads(text)
        except orjson.JSONDecodeError:
            self.error("bad_json")
            return None
        try:
            message: BaseModel = client_message.validate_python(data)
        except ValidationError as exc:
            command_id = data.get("id") if isinstance(data, dict) else None
            ok = isinstance(command_id, str) and len(command_id) <= 64
            self.error("bad_message", validation_message(exc), command_id if ok else None)
            return None
        return message

    # ------------------------------------------------------------ handlers

    async def hello(self, message: Hello, _: float) -> None:
        room, limiter = self.room, self.app.join_limiter
        if room is not None:
            if not message.deltas:
                room.views.full_views(self.conn)
            if message.inline_ack:
                room.views.acks_inline(self.conn)
            # Always checked (in constant time), even when guesses are spent: someone
            # else's wrong guesses from the same address never lock a player out.
            try:
                self.conn.player_id = await room.connect(self.conn, message.token)
            except RoomError as exc:
                if exc.code == "kicked":  # a true token, of a seat the host removed
                    self.fail("kicked", CloseCode.KICKED)
                    return
                if exc.code != "bad_token":
                    raise
            else:
                if not self.conn.closing:  # the welcome's send may have found the peer gone
                    self.conn.become(PLAYER)
                    self.app.admission.seated(self.conn, self.address)
                    self.probation = False
                return
        # A failed guess: only these count against the address.
        if self.probation or not await limiter.allow(self.address):
            self.fail("too_many_requests", CloseCode.POLICY)
        elif room is None:
            self.fail("room_not_found", CloseCode.ROOM_CLOSED)
        else:
            self.fail("bad_token", CloseCode.POLICY)

    async def spectate(self, message: Spectate, _: float) -> None:
        room, limiter = self.room, self.app.join_limiter
        if room is not None and not await limiter.blocked(self.address):
            if not message.deltas:
                room.views.full_views(self.conn)
            try:
                await room.connect(self.conn, None, self.address)
            except RoomError as exc:
                if exc.code != "too_many_spectators":
                    raise
                self.error(exc.code, exc.message)  # the socket may try again, or say hello
                return
            if not self.conn.closing:
                self.conn.become(SPECTATOR)
        elif room is None and await limiter.allow(self.address):  # guesses left: say so, count it
            self.fail("room_not_found", CloseCode.ROOM_CLOSED)
        else:
            self.fail("too_many_requests", CloseCode.POLICY)

    async def ping(self, message: Ping, _: float) -> None:
        now = self.app.manager.clock.now_ms()
        self.conn.send(orjson.dumps({"type": "pong", "server_time": now}))

    async def resync(self, message: Resync, _: float) -> None:
        assert self.room is not None
        await self.room.resync(self.conn)

    async def act(self, message: Act, received: float) -> None:
        assert self.room is not None and self.conn.player_id is not None
        await self.room.act(
            self.conn, self.conn.player_id, message.id, message.command, message.window, received
        )

    async def lobby(self, message: LobbyActionMessage, _: float) -> None:
        assert self.room is not None and self.conn.player_id is not None
        # Each lobby message is its action (web/lobby_messages.py): the room takes it as is.
        await self.room.lobby_action(self.conn, self.conn.player_id, message.id, message)

    async def react(self, message: React, _: float) -> None:
        """Straight to the table, never through the room's queue (rooms/reactions.py)."""
        assert self.room is not None and self.conn.player_id is not None
        try:
            self.room.reactions.react(self.conn, self.conn.player_id, message.reaction)
        except RoomError as exc:
            self.error(exc.code, exc.message)
        else:
            self.app.metrics.reactions.inc()

    # ------------------------------------------------------------ answers

    def error(self, code: str, message: str | None = None, command_id: str | None = None) -> None:
        self.app.metrics.error(code)
        self.conn.send(error_bytes(code, message or SERVER_ERROR_CODES[code], command_id))

    def fail(self, code: str, close: int, message: str | None = None) -> None:
        self.error(code, message)
        self.conn.close(close, code)


Handler = Callable[[Session, Any, float], Awaitable[None]]
ALL = frozenset(ConnState) - {ConnState.CLOSING}
HANDLERS: dict[type[BaseModel], tuple[frozenset[ConnState], Handler]] = {
    Hello: (frozenset({OPEN}), Session.hello),
    Spectate: (frozenset({OPEN}), Session.spectate),
    Ping: (ALL, Session.ping),
    Resync: (SEATED, Session.resync),
    Act: (frozenset({PLAYER}), Session.act),
    React: (frozenset({PLAYER}), Session.react),
    **{message: (frozenset({PLAYER}), Session.lobby) for message in LOBBY_MESSAGES},
}

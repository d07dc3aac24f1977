"""The connection's life goes through one checked transition (web/connection.py), and every
client message type has exactly one handler with the states it accepts (web/session.py)."""

from __future__ import annotations

import asyncio
import typing

import pytest

from laundermat.web.connection import Connection, ConnState
from laundermat.web.protocol import ClientMessage
from laundermat.web.session import HANDLERS


class FakeSocket:
    def __init__(self) -> None:
        self.sent: list[str] = []
        self.closed: int | None = None

    async def send_text(self, text: str) -> None:
        self.sent.append(text)

    async def close(self, code: int, reason: str) -> None:
        self.closed = code


def test_only_the_documented_transitions_are_allowed() -> None:
    async def scenario() -> None:
        ws = FakeSocket()
        conn = Connection(ws, 4)  # type: ignore[arg-type]  # a fake of the socket's three calls
        conn.become(ConnState.SPECTATOR)
        with pytest.raises(RuntimeError):
            conn.become(ConnState.PLAYER)  # a spectator never takes a seat on this socket
        conn.send(b'{"type":"pong"}')
        conn.close(1000, "bye")
        with pytest.raises(RuntimeError):
            conn.become(ConnState.OPEN)
        await conn.finish()
        assert ws.sent == ['{"type":"pong"}'] and ws.closed == 1000

    asyncio.run(scenario())


def test_every_client_message_has_one_handler() -> None:
    union = typing.get_args(typing.get_args(ClientMessage)[0])
    assert set(HANDLERS) == set(union)
    for accepts, _ in HANDLERS.values():
        assert ConnState.CLOSING not in accepts

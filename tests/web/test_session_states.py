"""The connection's life goes through one checked transition (web/connection.py), and every
client message type has exactly one handler with the states it accepts (web/session.py)."""

from __future__ import annotations

import asyncio
import typing

import pytest
from pydantic import ValidationError

from laundermat.web.connection import Connection, ConnState
from laundermat.web.protocol import ClientMessage, client_message
from laundermat.web.session import HANDLERS, validation_message


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


def _members(union: typing.Any) -> set[type]:
    """The models of a discriminated union, nested ones (each `lobby` action's) included."""
    found: set[type] = set()
    for member in typing.get_args(typing.get_args(union)[0]):
        found |= _members(member) if typing.get_origin(member) is typing.Annotated else {member}
    return found


def test_every_client_message_has_one_handler() -> None:
    assert set(HANDLERS) == _members(ClientMessage)
    for accepts, _ in HANDLERS.values():
        assert ConnState.CLOSING not in accepts


@pytest.mark.parametrize(
    ("raw", "where"),
    [
        ({"type": "<b>hi</b>"}, "type: "),
        ({"type": "lobby", "id": "x", "action": "<b>hi</b>"}, "lobby.action: "),
        (  # each action takes only its own fields
            {"type": "lobby", "id": "x", "action": "kick", "player_id": "p", "nonce": "<b>hi</b>"},
            "lobby.kick.nonce: ",
        ),
    ],
)
def test_a_refusal_names_the_field_and_never_quotes_the_input(
    raw: dict[str, str], where: str
) -> None:
    with pytest.raises(ValidationError) as refused:
        client_message.validate_python(raw)
    message = validation_message(refused.value)
    assert message.startswith(where) and "<b>" not in message, message

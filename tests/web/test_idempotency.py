"""A repeated command id is answered again and never applied twice."""

from __future__ import annotations

import asyncio

from .client import Client, seated_game
from .conftest import ServerProcess


def test_duplicate_id_is_answered_not_reapplied(server: ServerProcess) -> None:
    async def scenario() -> None:
        code, seats, clients = await seated_game(server, 3, round_timer=600)
        bob = clients[0]
        first, second = (c["card"] for c in bob.game["display"][:2])
        ack = await bob.request(
            {"type": "act", "id": "cmd-1", "command": {"type": "select", "card": first}}
        )
        assert ack["type"] == "ack"
        view = await bob.until(lambda m: m["type"] == "view" and m["version"] == ack["version"])
        assert view["game"]["me"]["selection"] == first
        # The same id with another command: the first answer, and nothing changes.
        mark = len(bob.received)
        again = await bob.request(
            {"type": "act", "id": "cmd-1", "command": {"type": "select", "card": second}}
        )
        assert again == ack
        await bob.send({"type": "ping"})
        await bob.until(lambda m: m["type"] == "pong")
        assert [m["type"] for m in bob.received[mark:]] == ["ack", "pong"]  # no new view
        # Even from a new socket after a reconnect.
        await bob.close()
        bob = await Client.open(server.ws, code, seats[0]["token"])
        version = bob.view["version"] if bob.view else 0
        retry = await bob.request(
            {"type": "act", "id": "cmd-1", "command": {"type": "select", "card": second}}
        )
        assert retry == ack
        await bob.send({"type": "resync"})
        view = await bob.until(lambda m: m["type"] == "view")
        assert view["version"] == version and view["game"]["me"]["selection"] == first
        for c in (bob, *clients[1:]):
            await c.close()

    asyncio.run(scenario())

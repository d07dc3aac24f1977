"""Pushes coalesced under load (issue 34 §2, rooms/tick.py) over real sockets. The server's
tick is a minute long, so every change in these tests comes within the tick of the room's
last push and waits, whatever the machine's load; a resync then sends what waited (it must:
the whole view it answers is what the next patch builds on). What a quiet room does (a push
at once) and the tick's own end are tested on a fake clock (tests/rooms/test_tick.py)."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest

from .client import Client, Message, new_room

TICK_MS = 60_000


@pytest.fixture
def ticked(make_server: Any) -> Any:
    return make_server(push_tick_ms=TICK_MS)


async def only_acks(client: Client) -> list[Message]:
    """Everything the server sent this client before it answers a ping (sent now)."""
    mark = len(client.received)
    await client.send({"type": "ping"})
    await client.until(lambda m: m["type"] == "pong")
    return [m for m in client.received[mark:] if m["type"] != "pong"]


def everyone_here(view: Message | None) -> bool:
    return view is not None and all(p["connected"] for p in view["room"]["players"])


def without_time(view: Message | None) -> Message:
    assert view is not None
    return {k: v for k, v in view.items() if k != "server_time"}


async def resync(client: Client) -> Message:
    await client.send({"type": "resync"})
    return await client.until(lambda m: m["type"] == "view" and m["game"]["log_from"] == 0)


def test_a_burst_waits_for_the_tick_and_a_resync_sends_it_first(ticked: Any) -> None:
    async def scenario() -> None:
        code, seats = await new_room(ticked.url, 3, round_timer=600)
        clients = [await Client.open(ticked.ws, code, s["token"]) for s in seats]
        for c in clients:  # every connection's push is in: nothing else is on its way
            if not everyone_here(c.view):
                await c.until(lambda m: m["type"] == "view" and everyone_here(m))
        # The start comes within the tick of the connections' pushes: acked, views held.
        start = await clients[0].lobby("start")
        assert start["type"] == "ack"
        assert all(c.view is not None and c.view["game"] is None for c in clients)
        assert [m["type"] for m in await only_acks(clients[1])] == []
        await resync(clients[0])  # what waited goes first, to everyone
        for c in clients:
            await c.until(lambda m: m["type"] == "view" and m["game"] is not None)
            assert c.view is not None and c.view["version"] == start["version"]

        # Three picks at once: each acked at once, before any view, naming the next version.
        version = start["version"]
        marks = [len(c.received) for c in clients]
        for i, c in enumerate(clients):
            card = c.game["me"]["options"]["select"][0]
            window = c.game["window"]["id"]
            command = {"type": "select", "card": card}
            await c.send({"type": "act", "id": f"pick-{i}", "command": command, "window": window})
        for i, c in enumerate(clients):
            pick = f"pick-{i}"
            ack = await c.until(lambda m: m.get("id") == pick)  # noqa: B023 (awaited here)
            assert ack == {"type": "ack", "id": pick, "version": version + 1}
            assert await only_acks(c) == [], "the views wait for the tick"

        # A resync in the middle of the tick: every seat gets one frame with the three picks,
        # then the resyncing seat the whole view of the same version, equal to its patched one.
        await clients[2].send({"type": "resync"})
        for c in clients:
            await c.until(lambda m: m["type"] == "view" and m["version"] == version + 1)
        patched = without_time(clients[2].doc)
        assert without_time(await clients[2].until(lambda m: m["type"] == "view")) == patched
        expected = [[version + 1], [version + 1], [version + 1] * 2]  # the last: its resync
        for c, mark, versions in zip(clients, marks, expected, strict=True):
            frames = [m for m in c.received[mark:] if m["type"] == "view"]
            assert [f["version"] for f in frames] == versions, "one frame a seat"
            # The net change of all three picks: each has chosen, or (the last pick locked the
            # draft: DRAFT-3) the window has moved on, which only all three picks could do.
            moved_on = c.game["window"]["id"] != window
            assert moved_on or all(p["has_selected"] for p in c.game["players"])
            assert c.patches > 0
        for c in clients[:2]:  # the patched views are what a resync gives
            assert without_time(c.doc) == without_time(await resync(c))
        for c in clients:
            await c.close()

    asyncio.run(asyncio.wait_for(scenario(), 60))

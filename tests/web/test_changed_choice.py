"""A changed choice reaches nobody but its owner (DRAFT-2, PRIVATE-1; GFILL-2, GPUBLIC-1),
over a real socket: the room keeps its version, the owner gets a patch from that version to
itself, and no other seat, spectator or whole-view client receives anything, so none of them
can tell that a seat changed its mind. Both games, one platform path (rooms/publish.py)."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest

from .client import Client, Message, new_room

# A game: its setting that keeps its windows open through the test, its choice command, and
# where the seat's own view shows the choice.
GAMES = {
    "laundermat": ({"round_timer": 600}, "select", "selection"),
    "goblin": ({"decision_timer": 600}, "pick", "picked"),
}


async def open_table(
    server: Any, game: str, settings: dict[str, int], deltas: bool
) -> list[Client]:
    """Three seats and a spectator, the game started: the first two seats and the spectator
    on `deltas`, the third on whole views only."""
    code, seats = await new_room(server.url, 3, game=game, **settings)
    clients = [await Client.open(server.ws, code, s["token"], deltas) for s in seats[:2]]
    clients.append(await Client.open(server.ws, code, seats[2]["token"], deltas=False))
    watcher = await Client.open(server.ws, code)
    await watcher.send({"type": "spectate"} | ({} if deltas else {"deltas": False}))
    await watcher.until(lambda m: m["type"] == "view")
    # The spectator count the seats see settles a moment later (rooms/audience.py): its push
    # comes before the game, not in the middle of what the test counts.
    for c in clients:
        await c.until(lambda m: m["type"] == "view" and m["room"]["spectators"] == 1)
    assert (await clients[0].lobby("start"))["type"] == "ack"
    for c in [*clients, watcher]:
        await c.until(lambda m: m["type"] == "view" and m["game"] is not None)
    return [*clients, watcher]


async def until_pong(client: Client) -> list[Message]:
    """Everything the server sent this client before it answers a ping (sent now)."""
    mark = len(client.received)
    await client.send({"type": "ping"})
    await client.until(lambda m: m["type"] == "pong")
    return [m for m in client.received[mark:] if m["type"] != "pong"]


def choices(client: Client, kind: str) -> list[Any]:
    offered: list[Any] = client.game["me"]["options"].get(kind) or []
    return offered


@pytest.mark.parametrize("deltas", [True, False], ids=["deltas", "whole-views-only"])
@pytest.mark.parametrize("game", sorted(GAMES))
def test_a_changed_choice_reaches_only_its_owner(
    untimed_server: Any, game: str, deltas: bool
) -> None:
    server, (settings, kind, shown) = untimed_server, GAMES[game]
    field = "card"

    async def scenario() -> None:
        mover, other, plain, watcher = await open_table(server, game, settings, deltas)
        first = choices(mover, kind)[0]
        window = mover.game["window"]["id"]
        chosen = await mover.act({"type": kind, field: first}, window=window)
        assert chosen["type"] == "ack", chosen
        for c in (other, plain, watcher):  # the first choice is public: a new version
            seen = [m for m in await until_pong(c) if m["type"] == "view"]
            assert seen and seen[-1]["version"] == chosen["version"], (c, seen)
        await until_pong(mover)
        held = {id(c): c.view["version"] for c in (other, plain, watcher) if c.view}

        second = next(c for c in choices(mover, kind) if c != first)
        changed = await mover.act({"type": kind, field: second}, window=window)
        assert changed["type"] == "ack" and changed["version"] == chosen["version"], changed
        mine = await mover.until(lambda m: m["type"] == "view")
        assert mine["version"] == chosen["version"]
        assert mine["game"]["me"][shown] == second, "the owner sees its new choice"
        for c in (other, plain, watcher):
            assert await until_pong(c) == [], "a changed choice must reach no one else"
            assert c.view is not None and c.view["version"] == held[id(c)]

        if deltas:  # the owner's patched view is exactly what a resync gives at that version
            assert mover.doc is not None
            kept = {k: v for k, v in mover.doc.items() if k != "server_time"}
            await mover.send({"type": "resync"})
            fresh = await mover.until(lambda m: m["type"] == "view" and m["game"]["log_from"] == 0)
            assert {k: v for k, v in fresh.items() if k != "server_time"} == kept

        # The next public change is one version on for everyone, and the owner's patch fits.
        theirs = choices(other, kind)[0]
        answer = await other.act({"type": kind, field: theirs}, window=window)
        assert answer["type"] == "ack" and answer["version"] == chosen["version"] + 1
        for c in (mover, plain, watcher):
            view = await c.until(lambda m: m["type"] == "view")
            assert view["version"] == chosen["version"] + 1
        assert bool(mover.patches) == deltas and mover.game["me"][shown] == second
        for c in (mover, other, plain, watcher):
            await c.close()

    asyncio.run(asyncio.wait_for(scenario(), 60))

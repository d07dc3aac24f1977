"""Acks inside the sender's frame (issue 34 §3, docs/protocol.md "Acks") over real sockets, both
games: a sender that said `hello.inline_ack` gets one frame for its command, its view or patch
with the ack as its last field, and no ack alone; every other seat and the spectator get
today's frames (no ack, today's fields in today's order); a sender that did not announce it
gets the ack alone, first; a retry of the same id is answered alone; a changed choice
(DRAFT-2, GFILL-2) carries its ack to its own seat and reaches nobody else."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest

from .client import Client, Message, new_room

GAMES = {  # the setting that keeps windows open through the test; the choice command
    "laundermat": ({"round_timer": 600}, "select"),
    "goblin": ({"decision_timer": 600}, "pick"),
}
PATCH_KEYS = ["type", "from", "version", "server_time", "ops"]
VIEW_KEYS = ["type", "version", "server_time", "deadline", "room", "game"]


async def open_table(server: Any, game: str) -> tuple[list[Client], Client]:
    """Three seats and a spectator: seat 0 takes inline acks on deltas, seat 1 the old form,
    seat 2 inline acks on whole views only. Not started."""
    code, seats = await new_room(server.url, 3, game=game, **GAMES[game][0])
    clients = [
        await Client.open(server.ws, code, seats[0]["token"], inline_ack=True),
        await Client.open(server.ws, code, seats[1]["token"]),
        await Client.open(server.ws, code, seats[2]["token"], deltas=False, inline_ack=True),
    ]
    watcher = await Client.open(server.ws, code)
    await watcher.send({"type": "spectate"})
    await watcher.until(lambda m: m["type"] == "view")
    for c in clients:  # the spectator's arrival is pushed apart from what the test counts
        await c.until(lambda m: m["type"] == "view" and m["room"]["spectators"] == 1)
    return clients, watcher


async def frames_until_pong(client: Client) -> list[Message]:
    """Every frame the server sent `client` before it answers a ping sent now."""
    mark = len(client.frames)
    await client.send({"type": "ping"})
    await client.until(lambda m: m["type"] == "pong")
    return [f for f in client.frames[mark:] if f["type"] != "pong"]


async def answered(client: Client, message: Message) -> list[Message]:
    """Send `message` (its `id` given) and return the frames up to and including its answer:
    an ack or error alone, or the frame whose `ack` names it."""
    mark = len(client.frames)
    await client.send(message)

    def answer(_: Message) -> bool:
        last = client.frames[-1]
        return last.get("id") == message["id"] or last.get("ack") == message["id"]

    await client.until(answer)
    return client.frames[mark:]


def today(frames: list[Message], keys: list[str]) -> None:
    """One frame, as every viewer but the sender gets it."""
    assert len(frames) == 1, frames
    assert list(frames[0]) == keys, frames[0]


def choose(client: Client, kind: str, index: int, cid: str) -> Message:
    option = client.game["me"]["options"][kind][index]
    window = client.game["window"]["id"]
    return {"type": "act", "id": cid, "command": {"type": kind, "card": option}, "window": window}


@pytest.mark.parametrize("game", sorted(GAMES))
def test_the_sender_gets_its_ack_in_its_frame_and_nobody_else_sees_one(
    untimed_server: Any, game: str
) -> None:
    server, kind = untimed_server, GAMES[game][1]

    async def scenario() -> None:
        (inline, old, whole), watcher = await open_table(server, game)
        others = [(old, PATCH_KEYS), (whole, VIEW_KEYS), (watcher, PATCH_KEYS)]

        # The start: a new game is a whole view for everyone; the host's carries its ack.
        mine = await answered(inline, {"type": "lobby", "id": "start", "action": "start"})
        assert [list(f) for f in mine] == [[*VIEW_KEYS, "ack"]], mine
        assert mine[0]["ack"] == "start" and mine[0]["game"] is not None
        for c, _ in others:
            await c.until(lambda m: m["type"] == "view" and m["game"] is not None)
            frames = await frames_until_pong(c)
            assert all("ack" not in f for f in frames), frames
        version = mine[0]["version"]

        # A public choice: one frame for the sender, a patch with its ack at the new version.
        mine = await answered(inline, choose(inline, kind, 0, "a1"))
        assert [list(f) for f in mine] == [[*PATCH_KEYS, "ack"]], mine
        assert (mine[0]["ack"], mine[0]["version"]) == ("a1", version + 1)
        assert inline.view is not None and inline.view["version"] == version + 1
        for c, keys in others:
            today(await frames_until_pong(c), keys)
        assert await frames_until_pong(inline) == []  # and no ack alone after it

        # A retry of the same id: the first answer again, alone; nobody else hears anything.
        again = await answered(inline, choose(inline, kind, 1, "a1"))
        assert again == [{"type": "ack", "id": "a1", "version": version + 1}]
        for c, _ in others:
            assert await frames_until_pong(c) == []

        # A changed choice keeps the version and reaches its seat alone, its ack inside.
        second = choose(inline, kind, 1, "a2")
        mine = await answered(inline, second)
        assert [list(f) for f in mine] == [[*PATCH_KEYS, "ack"]], mine
        assert (mine[0]["from"], mine[0]["version"]) == (version + 1, version + 1)
        shown = "selection" if game == "laundermat" else "picked"
        assert inline.game["me"][shown] == second["command"]["card"]
        for c, _ in others:
            assert await frames_until_pong(c) == [], "a changed choice must reach no one else"

        # A seat that did not announce inline acks: the ack alone, first; then its patch.
        mine = await answered(old, choose(old, kind, 0, "b1"))
        assert mine == [{"type": "ack", "id": "b1", "version": version + 2}]
        today(await frames_until_pong(old), PATCH_KEYS)
        for c, keys in [(inline, PATCH_KEYS), *others[1:]]:  # no ack of anyone else's
            today(await frames_until_pong(c), keys)

        # Whole views only, inline acks: the whole view carries the ack.
        mine = await answered(whole, choose(whole, kind, 0, "c1"))
        assert [list(f) for f in mine] == [[*VIEW_KEYS, "ack"]], mine
        assert (mine[0]["ack"], mine[0]["version"]) == ("c1", version + 3)
        for c in (inline, old, watcher):
            frames = await frames_until_pong(c)
            assert frames and all("ack" not in f for f in frames), frames
        for c in (inline, old, whole, watcher):
            await c.close()

    asyncio.run(asyncio.wait_for(scenario(), 60))

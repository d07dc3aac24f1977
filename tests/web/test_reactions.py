"""Reactions over real sockets (issue 33 §2): a seat taps one of its game's few reactions and
every seat and spectator receives it by name; a limit per seat (3 at once, then one per 2 s);
spectators and unknown ids refused; never a change of the room (no version, no log entry, no
replay step), and the bots over sockets react as they play."""

from __future__ import annotations

import asyncio
import random
from typing import Any

import httpx

from laundermat.bots.ws_bot import RoomRun, play_seats

from .client import Client, Message, new_room, room_games
from .conftest import ServerProcess


def is_reaction(m: Message) -> bool:
    return m["type"] == "reaction"


async def reactions_until(client: Client, mark: int, last: str) -> list[tuple[str, str]]:
    """Every reaction this client received from its `mark`th message on, up to `last`'s."""
    if not any(is_reaction(m) and m["reaction"] == last for m in client.received[mark:]):
        await client.until(lambda m: is_reaction(m) and m["reaction"] == last)
    return [(m["player_id"], m["reaction"]) for m in client.received[mark:] if is_reaction(m)]


def test_reactions_reach_every_seat_and_spectator_and_nothing_else(server: ServerProcess) -> None:
    async def scenario() -> tuple[str, RoomRun, list[Message]]:
        catalog = httpx.get(server.url + "/api/catalog").json()
        reactions = {g["name"]: [r["id"] for r in g["reactions"]] for g in catalog["games"]}
        assert {"nooo", "risky", "laugh"} <= set(reactions["laundermat"])
        assert {"nooo", "risky", "laugh"} <= set(reactions["goblin"])
        schema = httpx.get(server.url + "/api/protocol.json").json()
        assert "react" in schema["client_message"]["discriminator"]["mapping"]
        assert "reaction" in schema["server_message"]["discriminator"]["mapping"]
        assert {"unknown_reaction", "too_many_reactions"} <= set(schema["error_codes"])
        code, seats = await new_room(server.url, 3)
        ids = [s["player_id"] for s in seats]
        players = [await Client.open(server.ws, code, s["token"]) for s in seats]
        watcher = await Client.open(server.ws, code)
        await watcher.send({"type": "spectate"})
        await watcher.until(lambda m: m["type"] == "view")
        assert (await players[0].lobby("start"))["type"] == "ack"
        for c in [*players, watcher]:
            await c.until(lambda m: m["type"] == "view" and m["game"] is not None)
        version = players[0].view["version"] if players[0].view else 0

        # One tap: every seat and the spectator, the sender too, by name.
        await players[0].send({"type": "react", "reaction": "nooo"})
        for c in [*players, watcher]:
            m = await c.until(is_reaction)
            assert (m["player_id"], m["name"], m["reaction"]) == (ids[0], "p0", "nooo")
        marks = [len(c.received) for c in [*players, watcher]]

        # The limit: 3 at once, the 4th refused to its sender only, and nothing sent for it.
        for reaction in ("laugh", "wow", "scream", "cool"):
            await players[1].send({"type": "react", "reaction": reaction})
        refused = await players[1].until(lambda m: m["type"] == "error")
        assert refused["code"] == "too_many_reactions", refused
        # A spectator sees reactions but may not send one; an id the game lacks is refused.
        await watcher.send({"type": "react", "reaction": "nooo"})
        assert (await watcher.until(lambda m: m["type"] == "error"))["code"] == "spectator"
        await players[2].send({"type": "react", "reaction": "hug"})
        assert (await players[2].until(lambda m: m["type"] == "error"))["code"] == (
            "unknown_reaction"
        )
        await players[2].send({"type": "react", "reaction": "x" * 33})
        assert (await players[2].until(lambda m: m["type"] == "error"))["code"] == "bad_message"
        # The last reaction, sent after every refusal was answered: what came before it is
        # all there was.
        await players[2].send({"type": "react", "reaction": "risky"})
        expected = [(ids[1], r) for r in ("laugh", "wow", "scream")] + [(ids[2], "risky")]
        for c, mark in zip([*players, watcher], marks, strict=True):
            assert await reactions_until(c, mark, "risky") == expected

        # No change of the room: the next command's ack is the very next version.
        game = players[0].game
        card = game["me"]["options"]["select"][0]
        ack = await players[0].act({"type": "select", "card": card}, window=game["window"]["id"])
        assert ack == {"type": "ack", "id": ack["id"], "version": version + 1}
        messages = [m for c in players for m in c.received]
        for c in [*players, watcher]:
            await c.close()

        # The game played to its end by bots over sockets, which react now and then.
        run = RoomRun(server.url, 3, 0.0, random.Random(5), code=code, record=True)
        await asyncio.wait_for(play_seats(run, seats), 120)
        return code, run, messages

    code, run, messages = asyncio.run(scenario())
    assert run.completed and not run.errors, run.errors
    # Nothing of a reaction in any view or log, nor in the game's record.
    views = [m for m in messages + [m for t in run.transcripts for m in t] if m["type"] == "view"]
    assert views and not any("reaction" in str(m["game"]) for m in views)
    game = room_games(server.url, code)[0]
    record: dict[str, Any] = httpx.get(f"{server.url}/api/games/{game['game_id']}/replay").json()
    assert not any("react" in c["type"] for c in record["commands"])
    assert "reaction" not in str(record)
    # The operator sees them counted (docs/operations.md): this test's five at least.
    counted = [
        float(line.split()[-1])
        for line in httpx.get(server.url + "/metrics").text.splitlines()
        if line.startswith("laundermat_reactions_total ")
    ]
    assert counted and counted[0] >= 5, counted

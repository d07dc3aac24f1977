"""Views as patches over a real socket (issue 12, docs/protocol.md "Deltas"): after the first
whole view a client gets `patch` messages; applied in order they give exactly the whole view
a resync returns; `hello.deltas: false` gets whole views only; GEN-1 versions by one (or
none, for a change only the seat that made it sees)."""

from __future__ import annotations

import asyncio
import random
from itertools import pairwise
from typing import Any

import orjson

from laundermat.games.laundermat.bots import RandomPolicy

from .client import Client, seated_game


async def _drained(client: Client) -> None:
    """A barrier: the pong comes after every frame queued for the client before the ping."""
    await client.send({"type": "ping"})
    await client.until(lambda m: m["type"] == "pong")


def without_time(view: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in view.items() if k not in ("server_time", "type")}


def test_a_game_on_deltas_matches_whole_views(make_server: Any) -> None:
    # The barriers' pings come as fast as their answers: budgets they cannot spend (at the
    # defaults, 20 a second and a burst of 40 a socket, a player was closed rate_limited).
    # Every change pushed at once: the test reads each push as it goes out (the tick's own
    # tests: test_coalesced.py).
    server = make_server(
        push_tick_ms=0,
        messages_per_second=1000,
        message_burst=1000,
        messages_per_second_per_address=1000,
        message_burst_per_address=1000,
    )

    async def scenario() -> None:
        code, seats, clients = await seated_game(server, 3)
        plain = await Client.open(server.ws, code, seats[2]["token"], deltas=False)
        await clients[2].close()
        watcher = await Client.open(server.ws, code)
        await watcher.send({"type": "spectate"})
        await watcher.until(lambda m: m["type"] == "view")
        players = [clients[0], clients[1], plain]
        rng = random.Random(2)
        policy = RandomPolicy(rng)
        for i in range(30):
            for c in players:  # every client holds the newest version
                await _drained(c)
            movers = [c for c in players if c.game["me"]["options"].get("can_act")]
            if not movers:
                break
            mover = rng.choice(movers)
            command = policy.decide(mover.game)
            if command is None:
                continue
            command.pop("seat")
            answer = await mover.act(command, window=mover.game["window"]["id"])
            assert answer["type"] in ("ack", "error"), (i, answer)
        for c in [*players, watcher]:
            await _drained(c)
        for c in [clients[0], clients[1], watcher]:
            assert c.patches > 5
            for _ in range(5):  # a timer may fire meanwhile: compare views of one version
                assert c.doc is not None
                held = orjson.loads(orjson.dumps(c.doc))
                await c.send({"type": "resync"})
                fresh = await c.until(lambda m: m["type"] == "view" and m["game"]["log_from"] == 0)
                if fresh["version"] == held["version"]:
                    break
            assert without_time(fresh) == without_time(held)
        assert plain.patches == 0
        views = [m for m in plain.received if m["type"] == "view"]
        steps = {b["version"] - a["version"] for a, b in pairwise(views)}
        # By one, or 0: a change only this seat sees (its changed selection keeps the version).
        assert steps <= {0, 1} and 1 in steps
        for c in [*players, watcher]:
            await c.close()

    asyncio.run(scenario())

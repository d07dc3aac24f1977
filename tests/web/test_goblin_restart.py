"""Goblin Laundromat through the platform's restart recovery (issue 15, part 3): SIGKILL
while a pick window is open, restart on the same database, and the game goes on from the last
acknowledged command. The command log carries the room's `client_id` beside each command, and
the restored game replays those entries (protocol.py: `parse` ignores it). The finished game
then replays and verifies from its public record.
"""

from __future__ import annotations

import asyncio
import random
import signal
from typing import Any

import httpx

from laundermat.bots.ws_bot import RoomRun, play_seats

from .client import Client, Message, new_room, room_games
from .conftest import assert_every_finished_game_verifies


async def goblin_room(url: str, players: int, timer: int) -> tuple[str, list[Message]]:
    return await new_room(url, players, game="goblin", decision_timer=timer)


def test_a_goblin_game_survives_sigkill_and_finishes(make_server: Any) -> None:
    srv = make_server(restart_grace_seconds=1.0)

    async def before_crash() -> tuple[str, list[Message], dict[int, str]]:
        # A 600 s Decision timer: the pick window outlives the restart.
        code, seats = await goblin_room(srv.url, 3, 600)
        clients = [await Client.open(srv.ws, code, s["token"]) for s in seats]
        assert (await clients[0].lobby("start"))["type"] == "ack"
        for c in clients:
            await c.until(lambda m: m["type"] == "view" and m["game"] is not None)
        picks = {}
        for c in clients[:2]:  # GFILL-2: two of three pick; the window stays open
            card = c.game["me"]["options"]["pick"][0]
            assert (await c.act({"type": "pick", "card": card}))["type"] == "ack"
            picks[c.game["me"]["seat"]] = card
        for c in clients:
            await c.close()
        return code, seats, picks

    code, seats, picks = asyncio.run(before_crash())
    assert srv.kill(signal.SIGKILL) == -signal.SIGKILL
    srv.start()  # the same database, a new process

    async def after_restart() -> None:
        clients = [await Client.open(srv.ws, code, s["token"]) for s in seats]
        game = clients[0].game
        assert clients[0].view is not None and clients[0].view["room"]["game"] == "goblin"
        assert game["window"]["kind"] == "pick"
        for c in clients:  # every acknowledged pick survived the crash
            me = c.game["me"]
            assert me["picked"] == picks.get(me["seat"])
        for c in clients:
            await c.close()
        run = RoomRun(srv.url, 3, 0.0, random.Random(5), code=code)
        await asyncio.wait_for(play_seats(run, seats), 120)
        assert run.completed and not run.errors, run.errors

    asyncio.run(after_restart())
    history = httpx.get(srv.url + "/api/history").json()
    assert [g["game_id"] for g in history] == [g["game_id"] for g in room_games(srv.url, code)]
    assert len(history) == 1
    assert_every_finished_game_verifies(srv)

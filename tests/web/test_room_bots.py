"""Bots the host adds in the lobby, over real sockets: one person and two bots play a whole
game (the bots inside the server, through its queue; the person a socket client)."""

from __future__ import annotations

import asyncio
import random

import httpx

from laundermat.bots.ws_bot import RoomRun, play_seats

from .client import Client, new_room, room_games
from .conftest import ServerProcess


def test_one_person_and_two_bots_play_a_game_to_the_end(server: ServerProcess) -> None:
    async def scenario() -> tuple[str, RoomRun]:
        code, seats = await new_room(server.url, 1)
        host = await Client.open(server.ws, code, seats[0]["token"])
        for _ in range(2):
            assert (await host.lobby("add_bot"))["type"] == "ack"
        view = await host.until(lambda m: m["type"] == "view" and len(m["room"]["players"]) == 3)
        players = view["room"]["players"]
        assert [p["bot"] for p in players] == [False, True, True]
        assert [p["name"] for p in players[1:]] == ["Bot Ada", "Bot Alan"]
        assert all(p["connected"] and not p["stand_in"] for p in players)
        assert view["room"]["options"] == {"stand_in": True}
        await host.close()
        run = RoomRun(server.url, 3, 0.0, random.Random(3), code=code)
        await asyncio.wait_for(play_seats(run, seats), 120)  # the person; the host starts
        return code, run

    code, run = asyncio.run(scenario())
    assert run.completed and not run.errors, run.errors
    game = room_games(server.url, code)[0]
    assert sorted(game["player_names"]) == ["Bot Ada", "Bot Alan", "p0"]
    record = httpx.get(f"{server.url}/api/games/{game['game_id']}/replay").json()
    person = record["player_ids"][record["names"].index("p0")]
    # Bots add no randomness: only the person's nonce, if sent, and the server's own.
    assert sorted(record["nonces"]) in (["server"], [person, "server"])
    bot_seats = [s for s, pid in enumerate(record["seats"]) if pid != person]
    moved = {c.get("seat") for c in record["commands"] if c["type"] not in ("timeout", "set_away")}
    assert set(bot_seats) <= moved  # the bots played their seats

"""A commit whose answer was lost, over a real server on SQLite and PostgreSQL: the log holds a
command the room's memory does not (here written by a second store on the same database, as
a commit that landed while its answer was cut). An outside operator audit found a PostgreSQL
room wedged for good that way: every later write hit the log's primary key. Now the write that
meets the taken seq is answered `unavailable`, the room reads the log before the next one,
and the landed command's own id is acked when resent, never applied twice."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest

from laundermat.store import CommandWrite, Store

from .client import seated_game
from .conftest import BACKENDS


@pytest.mark.parametrize("backend", BACKENDS)
def test_a_landed_commit_the_room_never_heard_of_is_caught_up(
    make_server: Any, backend: str
) -> None:
    srv = make_server(backend)

    async def scenario() -> None:
        code, seats, clients = await seated_game(srv, 3, round_timer=600)
        other = await Store.open(srv.db_url, srv.schema)
        try:
            [live] = [r for r in await other.load_live_rooms() if r.room.code == code]
            assert live.game is not None and live.game.commands == []
            game_id = live.game.game_id
            first, second, third = (c.game for c in clients)
            landed = {"type": "select", "seat": first["me"]["seat"], "card": 0}
            landed["card"] = first["display"][0]["card"]
            await other.append_command(
                CommandWrite(
                    game_id,
                    1,
                    {**landed, "client_id": "lost-1"},
                    live.game.deadline_ms,
                    live.game.window_id,
                    player_id=seats[0]["player_id"],
                    client_id="lost-1",
                )
            )

            card = second["display"][1]["card"]
            refused = await clients[1].act({"type": "select", "card": card}, id="b-1")
            assert refused["type"] == "error" and refused["code"] == "unavailable"
            again = await clients[1].act({"type": "select", "card": card}, id="b-1")
            assert again["type"] == "ack", again
            view = await clients[0].until(
                lambda m: m["type"] == "view" and m["game"]["me"]["selection"] is not None
            )
            assert view["game"]["me"]["selection"] == landed["card"]  # the landed command
            resent = await clients[0].act({"type": "select", "card": landed["card"]}, id="lost-1")
            assert resent["type"] == "ack"  # its first application stands
            card = third["display"][2]["card"]
            assert (await clients[2].act({"type": "select", "card": card}))["type"] == "ack"

            logged = await other.commands_after(game_id, 0)
            assert [c.seq for c in logged] == [1, 2, 3]
            assert [c.client_id for c in logged][:2] == ["lost-1", "b-1"]
        finally:
            await other.close()
            for c in clients:
                await c.close()

    asyncio.run(scenario())
    assert "Traceback" not in srv.log_path.read_text()

"""Issue 30 item 11 over real sockets against a real server: after a game each player answers
"Play again?" (`ready`); the next game starts when every present player is ready, or when the
host starts it with the ready ones (`rematch`, `on`: bots for the empty seats). The answers
are saved with the room: a kill -9 between them loses none. Played with the tiny Pick game
(tests/web/pickgame.py), so whole games take a moment."""

from __future__ import annotations

import asyncio
import signal
from collections.abc import Callable
from typing import Any

import httpx

from .client import Client, Message
from .conftest import ServerProcess

PICK = {"extra_games": "tests.web.pickgame:GAME", "time_scale": 0.25}


async def pick_room(srv: ServerProcess, names: list[str]) -> tuple[str, list[Message]]:
    async with httpx.AsyncClient(base_url=srv.url) as http:
        created = await http.post("/api/rooms", json={"name": names[0], "game": "pickgame"})
        seats = [created.json()]
        for name in names[1:]:
            joined = await http.post(f"/api/rooms/{seats[0]['code']}/join", json={"name": name})
            seats.append(joined.json())
    return seats[0]["code"], seats


async def seen(client: Client, test: Callable[[Message], bool], timeout: float = 15) -> Message:
    """The first view (the one held included) that passes `test`."""
    if client.view is not None and test(client.view):
        return client.view
    return await client.until(lambda m: m["type"] == "view" and test(m), timeout)


async def play_out(clients: list[Client], number: int) -> None:
    """Game `number`: everyone picks, both rounds, to the end."""
    for c in clients:
        await seen(c, lambda v: v["room"]["game_number"] == number and v["game"] is not None)
    for _ in range(2):
        for n, c in enumerate(clients, start=1):
            assert (await c.act({"type": "pick", "number": n}))["type"] == "ack"
    for c in clients:
        await seen(c, lambda v: v["room"]["status"] == "finished")


def without_log(game: Message) -> Message:
    return {k: v for k, v in game.items() if k not in ("log", "log_from")}


def ready(view: Message) -> list[bool]:
    return [p["ready"] for p in view["room"]["players"]]


def test_the_next_game_starts_when_everyone_is_ready_across_a_restart(make_server: Any) -> None:
    srv = make_server(**PICK)

    async def first_game() -> tuple[str, list[Message]]:
        code, seats = await pick_room(srv, ["Ann", "Ben", "Cy"])
        clients = [await Client.open(srv.ws, code, s["token"]) for s in seats]
        assert (await clients[0].lobby("start"))["type"] == "ack"
        await play_out(clients, 1)
        final = clients[2].view
        assert final is not None and ready(final) == [False, False, False]
        assert (await clients[1].lobby("ready", on=True))["type"] == "ack"
        view = await seen(clients[2], lambda v: ready(v) == [False, True, False])
        # Not everyone: the final scores stay, nobody is moved on.
        assert view["room"]["status"] == "finished"
        assert without_log(view["game"]) == without_log(final["game"])
        for c in clients:
            await c.close()
        return code, seats

    code, seats = asyncio.run(first_game())
    srv.kill(signal.SIGKILL)
    srv.start()
    room = httpx.get(f"{srv.url}/api/rooms/{code}").json()
    assert [p["ready"] for p in room["players"]] == [False, True, False]  # it was saved

    async def second_game() -> None:
        clients = [await Client.open(srv.ws, code, s["token"]) for s in seats]
        assert (await clients[0].lobby("ready", on=True))["type"] == "ack"
        assert clients[2].view is not None and clients[2].view["room"]["status"] == "finished"
        answer = await clients[2].lobby("ready", on=True)  # the last: the game starts
        assert answer["type"] == "ack"
        assert clients[2].view["room"]["game_number"] == 1  # the ack comes first
        for c in clients:
            view = await seen(c, lambda v: v["room"]["game_number"] == 2)
            assert view["room"]["status"] == "playing" and view["game"]["log_from"] == 0
            assert ready(view) == [False, False, False]
        await play_out(clients, 2)
        for c in clients:
            await c.close()

    asyncio.run(second_game())
    history = httpx.get(f"{srv.url}/api/history").json()
    for game in history[:2]:  # both games replay
        replay = httpx.get(f"{srv.url}/api/games/{game['game_id']}/replay").json()
        assert replay["game"] == "pickgame" and replay["final"]["over"]


def test_the_host_starts_with_the_ready_and_bots_fill_only_when_asked(make_server: Any) -> None:
    """The bug of issue 30: after both others had left, a rematch silently gave their seats to
    bots. Now the host is told `not_enough_players`; with `on: true` bots take the seats."""
    srv = make_server(**PICK)

    async def scenario() -> None:
        code, seats = await pick_room(srv, ["Ann", "Ben", "Cy", "Dee"])
        clients = [await Client.open(srv.ws, code, s["token"]) for s in seats]
        host = clients[0]
        assert (await host.lobby("start"))["type"] == "ack"
        await play_out(clients, 1)
        # Ben is ready, Cy is still reading the scores, Dee leaves: the host starts.
        assert (await clients[1].lobby("ready", on=True))["type"] == "ack"
        assert (await clients[3].lobby("leave"))["type"] == "ack"
        assert (await host.lobby("rematch"))["type"] == "ack"
        view = await seen(clients[2], lambda v: v["room"]["game_number"] == 2)
        players = {p["name"]: p for p in view["room"]["players"]}
        assert sorted(players) == ["Ann", "Ben", "Cy"]  # Dee left the room
        assert players["Cy"]["seat"] is None and view["game"]["me"] is None  # watches
        assert sorted(p["seat"] for n, p in players.items() if n != "Cy") == [0, 1]
        refused = await clients[2].act({"type": "pick", "number": 1})
        assert (refused["type"], refused["code"]) == ("error", "no_game")
        await play_out(clients[:2], 2)
        # Ben leaves too, Cy does not answer: the host alone is too few.
        assert (await clients[1].lobby("leave"))["type"] == "ack"
        refused = await host.lobby("rematch")
        assert (refused["type"], refused["code"]) == ("error", "not_enough_players")
        assert host.view is not None and host.view["room"]["status"] == "finished"
        assert (await host.lobby("rematch", on=True))["type"] == "ack"
        view = await seen(host, lambda v: v["room"]["game_number"] == 3)
        players = {p["name"]: p for p in view["room"]["players"]}
        assert sorted(players) == ["Ann", "Bot Ada", "Cy"]  # one bot: game 2 had two seats
        assert players["Bot Ada"]["bot"] and players["Cy"]["seat"] is None
        assert {players["Ann"]["seat"], players["Bot Ada"]["seat"]} == {0, 1}
        for c in clients[:3]:
            await c.close()

    asyncio.run(scenario())

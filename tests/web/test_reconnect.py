"""Seats survive refreshes and new devices; the newest socket for a seat wins."""

from __future__ import annotations

import asyncio

import pytest
import websockets

from .client import Client, new_room, seated_game
from .conftest import ServerProcess


def test_refresh_mid_draft_gets_the_same_seat_and_view(server: ServerProcess) -> None:
    async def scenario() -> None:
        code, seats, clients = await seated_game(server, 3)
        alice = clients[1]
        card = alice.game["display"][0]["card"]
        assert (await alice.act({"type": "select", "card": card}))["type"] == "ack"
        await alice.until(lambda m: m["type"] == "view" and m["game"]["me"]["selection"] == card)
        seat = alice.game["me"]["seat"]
        before = alice.game
        await alice.close()  # the refresh
        again = await Client.open(server.ws, code, seats[1]["token"])
        welcome = again.received[0]
        assert welcome == {
            "type": "welcome",
            "role": "player",
            "player_id": seats[1]["player_id"],
            "code": code,
        }
        game = again.game
        assert game["me"]["seat"] == seat and game["me"]["selection"] == card
        assert game["me"]["wallet"] == before["me"]["wallet"]
        assert game["window"] == before["window"]
        assert game["log_from"] == 0 and len(game["log"]) == game["log_size"]
        for c in (*clients, again):
            await c.close()

    asyncio.run(scenario())


def test_a_newer_socket_replaces_the_older(server: ServerProcess) -> None:
    async def scenario() -> None:
        code, seats, clients = await seated_game(server, 3)
        second = await Client.open(server.ws, code, seats[2]["token"])  # another tab
        replaced = await clients[2].until(lambda m: m["type"] == "error")
        assert replaced["code"] == "replaced"
        try:
            await clients[2].recv(timeout=5)
            raise AssertionError("the old socket stayed open")
        except websockets.ConnectionClosed as closed:
            assert closed.rcvd is not None and closed.rcvd.code == 4001
        info = second.view["room"] if second.view else {}
        me = next(p for p in info["players"] if p["player_id"] == seats[2]["player_id"])
        assert me["connected"]
        for c in (clients[0], clients[1], second):
            await c.close()

    asyncio.run(scenario())


@pytest.mark.parametrize("stand_in", [False, True])
def test_presence_is_public_and_away_follows(server: ServerProcess, stand_in: bool) -> None:
    """GEN-4 with the shared server's away time of 2 s: away, then back on reconnect. With
    stand-ins off the engine is told; on, a bot plays the seat meanwhile (room info says so)."""

    async def scenario() -> None:
        code, seats = await new_room(server.url, 3, round_timer=600)
        clients = [await Client.open(server.ws, code, s["token"]) for s in seats]
        assert (await clients[0].lobby("stand_in", on=stand_in))["type"] == "ack"
        assert (await clients[0].lobby("start"))["type"] == "ack"
        gone = seats[2]["player_id"]
        await clients[2].close()

        def presence(m: dict, connected: bool, away: bool) -> bool:
            if m["type"] != "view":
                return False
            p = next(p for p in m["room"]["players"] if p["player_id"] == gone)
            return bool(p["connected"] == connected and p["away"] == away)

        await clients[0].until(lambda m: presence(m, False, False))
        view = await clients[0].until(lambda m: presence(m, False, True), timeout=10)
        seat = next(p["seat"] for p in view["room"]["players"] if p["player_id"] == gone)
        assert view["game"]["players"][seat]["away"] is not stand_in  # the engine was told
        info = next(p for p in view["room"]["players"] if p["player_id"] == gone)
        assert info["stand_in"] is stand_in
        back = await Client.open(server.ws, code, seats[2]["token"])
        view = await clients[0].until(lambda m: presence(m, True, False))
        assert view["game"]["players"][seat]["away"] is False
        assert not any(p["stand_in"] for p in view["room"]["players"])  # the seat is theirs
        for c in (clients[0], clients[1], back):
            await c.close()

    asyncio.run(scenario())


def test_a_seat_whose_socket_never_came_is_away_and_stood_in_for(server: ServerProcess) -> None:
    """GEN-4 (an outside race audit): a player who joined and never opened a socket (a tab
    closed right after joining) was never away, so every window waited its whole time."""

    async def scenario() -> None:
        code, seats = await new_room(server.url, 3, round_timer=600)
        clients = [await Client.open(server.ws, code, s["token"]) for s in seats[:2]]
        assert (await clients[0].lobby("start"))["type"] == "ack"
        ghost = seats[2]["player_id"]

        def stood_in(m: dict) -> bool:
            if m["type"] != "view" or m["game"] is None:
                return False
            p = next(p for p in m["room"]["players"] if p["player_id"] == ghost)
            return bool(p["away"] and p["stand_in"] and not p["connected"])

        view = await clients[0].until(stood_in, timeout=15)  # away after 2 s here
        seat = next(p["seat"] for p in view["room"]["players"] if p["player_id"] == ghost)
        played = await clients[0].until(
            lambda m: m["type"] == "view" and m["game"]["players"][seat]["has_selected"],
            timeout=15,
        )
        assert played["game"]["window"]["id"] == view["game"]["window"]["id"]  # no timeout
        for c in clients:
            await c.close()

    asyncio.run(scenario())


def test_a_player_removed_while_offline_is_told_why_on_reconnecting(server: ServerProcess) -> None:
    """The host can remove a seat whose socket is down (a refresh, a tunnel): that player's
    next hello says "kicked" and closes 4003, as it would have live, not "bad_token"."""

    async def scenario() -> None:
        code, seats = await new_room(server.url, 3)
        host = await Client.open(server.ws, code, seats[0]["token"])
        gone = seats[2]
        assert (await host.lobby("kick", player_id=gone["player_id"]))["type"] == "ack"
        late = await Client.open(server.ws, code)
        await late.send({"type": "hello", "token": gone["token"]})
        answer = await late.until(lambda m: m["type"] == "error")
        assert answer["code"] == "kicked"
        try:
            await late.recv(timeout=5)
            raise AssertionError("the socket stayed open")
        except websockets.ConnectionClosed as closed:
            assert closed.rcvd is not None and closed.rcvd.code == 4003
        # A token that never had a seat here is still just not valid.
        stranger = await Client.open(server.ws, code)
        await stranger.send({"type": "hello", "token": "x" * 43})
        assert (await stranger.until(lambda m: m["type"] == "error"))["code"] == "bad_token"
        await host.close()

    asyncio.run(scenario())

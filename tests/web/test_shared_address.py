"""Players behind one address (issue 31, part 1): friends at a party share one Wi-Fi, and a
carrier puts thousands of strangers behind one address. A flooder on the players' own address
is cut on its own budgets and never spends the seated players' (web/admission.py)."""

from __future__ import annotations

import asyncio
import time
from collections import Counter
from typing import Any

import websockets

from laundermat.bots.ws_bot import run_bots_async

from .client import Client, new_room

# The production defaults (docs/security.md), which the suite's other servers raise.
DEFAULT_LIMITS = {
    "sockets_per_minute_per_address": 120,
    "messages_per_second_per_address": 60,
    "message_burst_per_address": 120,
    "join_attempts_per_minute": 60,
    "room_creations_per_minute": 20,
}


async def _flood(ws_base: str, code: str, seconds: float) -> Counter[str]:
    """A spectator that pings as fast as it can, reconnecting whenever it is cut."""
    seen: Counter[str] = Counter()
    stop = time.monotonic() + seconds
    while time.monotonic() < stop:
        try:
            # Bounded: a socket the server has not cut when the time is up ends here too.
            async with asyncio.timeout(stop - time.monotonic() + 2.0):
                await _flood_one(ws_base, code, stop)
        except websockets.ConnectionClosed as exc:
            seen[f"closed {exc.rcvd.code if exc.rcvd else None}"] += 1
        except (OSError, websockets.InvalidStatus):
            seen["refused"] += 1
        except TimeoutError:
            seen["not cut"] += 1
        seen["sockets"] += 1
    return seen


async def _flood_one(ws_base: str, code: str, stop: float) -> None:
    """One flooding socket, until the server closes it (raised) or the time is up."""
    client = await Client.open(ws_base, code)
    reader = asyncio.ensure_future(_drain(client))  # so the close is heard
    try:
        await client.send({"type": "spectate"})
        while time.monotonic() < stop and not reader.done():
            for _ in range(20):
                await client.send({"type": "ping"})
            await asyncio.sleep(0.001)  # the flood's pace (20 pings a turn), not a wait
        if reader.done():
            await reader  # raises the close
    finally:
        reader.cancel()
        await client.close()


async def _drain(client: Client) -> None:
    while True:
        await client.ws.recv()


async def _keep_playing(client: Client, seconds: float) -> int:
    """Pings answered while the flood goes on: a seated player's socket stays open."""
    answered = 0
    stop = time.monotonic() + seconds
    while time.monotonic() < stop:
        await client.send({"type": "ping"})
        await client.until(lambda m: m["type"] == "pong")
        answered += 1
        await asyncio.sleep(0.05)  # a player's pace, not a wait
    return answered


def test_a_flooder_on_the_players_address_is_cut_and_the_table_plays_on(
    make_server: Any,
) -> None:
    srv = make_server(**DEFAULT_LIMITS)

    async def scenario() -> None:
        code, seats = await new_room(srv.url, 3)
        players = [await Client.open(srv.ws, code, s["token"]) for s in seats]
        flood = asyncio.ensure_future(_flood(srv.ws, code, 4.0))
        answered = await asyncio.gather(*(_keep_playing(p, 2.0) for p in players))
        # A reconnect while the flooder has spent the address's sockets and messages.
        await players[0].close()
        players[0] = await Client.open(srv.ws, code, seats[0]["token"])
        assert players[0].received[0]["type"] == "welcome"
        answered += await asyncio.gather(*(_keep_playing(p, 1.5) for p in players))
        seen = await flood
        assert all(n >= 10 for n in answered), answered
        assert seen["closed 1008"] >= 2, seen  # cut on its own budget, then refused
        # Nobody went away (a stand-in would have taken the seat): every seat is connected.
        view = players[1].view
        assert view is not None
        assert [p["connected"] for p in view["room"]["players"]] == [True] * 3, view["room"]
        for p in players:
            await p.close()

    asyncio.run(scenario())


def test_one_address_cannot_take_every_spectator_seat(make_server: Any) -> None:
    srv = make_server(spectators_per_room=12, spectators_per_address=4)

    async def scenario() -> None:
        code, seats = await new_room(srv.url, 1)
        player = await Client.open(srv.ws, code, seats[0]["token"])
        answers = []
        watchers = []
        for _ in range(6):
            watcher = await Client.open(srv.ws, code)
            await watcher.send({"type": "spectate"})
            answer = await watcher.until(lambda m: m["type"] in ("welcome", "error"))
            answers.append(answer["code"] if answer["type"] == "error" else "welcome")
            watchers.append(watcher)
        assert answers == ["welcome"] * 4 + ["too_many_spectators"] * 2, answers
        for w in watchers:
            await w.close()
        await player.close()

    asyncio.run(scenario())


def test_spectators_coming_and_going_are_one_push_to_the_players(make_server: Any) -> None:
    srv = make_server()

    async def scenario() -> None:
        code, seats = await new_room(srv.url, 2)
        player = await Client.open(srv.ws, code, seats[0]["token"])
        before = len(player.received)
        for _ in range(8):  # come and go, well within the 2 s (scaled: 0.1 s) a count settles
            watcher = await Client.open(srv.ws, code)
            await watcher.send({"type": "spectate"})
            await watcher.until(lambda m: m["type"] == "view")
            await watcher.close()
        stay = await Client.open(srv.ws, code)
        await stay.send({"type": "spectate"})
        await stay.until(lambda m: m["type"] == "view")  # every coming and going is counted
        shown = await player.until(lambda m: m["type"] == "view" and m["room"]["spectators"] == 1)
        # A barrier: the pong comes after every push queued for the player before it.
        await player.send({"type": "ping"})
        await player.until(lambda m: m["type"] == "pong")
        pushes = [m for m in player.received[before:] if m["type"] == "view"]
        assert pushes == [shown], [m["room"]["spectators"] for m in pushes]
        await stay.close()
        await player.close()

    asyncio.run(scenario())


def test_the_load_client_plays_whole_tables_from_one_address_at_default_limits(
    make_server: Any,
) -> None:
    srv = make_server(**DEFAULT_LIMITS)
    report = asyncio.run(run_bots_async(srv.url, 5, 6, 0.0, seed=31, timeout=120))
    assert report["errors"] == 0, report
    assert report["rooms_completed"] == 5, report

"""A closed room is freed by reference counting alone, with no collection: the server freezes
the collector's survivors every second (web/gcpolicy.py), so a room kept alive by a cycle
stayed until the 15-minute full sweep (an outside soak audit: ~148 KB a closed room, and a
639 ms pause to free them). Its parts hold no reference back to it once it closes."""

from __future__ import annotations

import asyncio
import gc
import weakref
from collections.abc import Iterator
from typing import Any

import pytest

from .helpers import act, action, seated, settle
from .test_bots import lobby


@pytest.fixture
def no_collector() -> Iterator[None]:
    gc.collect()
    gc.disable()
    try:
        yield
    finally:
        gc.enable()


async def _played_room() -> tuple[Any, weakref.ref[Any]]:
    """A room mid-game with a bot and a stand-in (every part that calls back into it)."""
    rooms, room, subs, ids = await seated(players=3, start=False)
    assert (await lobby(room, subs[0], ids[0], "b1", "add_bot"))["type"] == "ack"
    assert (await lobby(room, subs[0], ids[0], "go", "start"))["type"] == "ack"
    card = subs[0].view["game"]["display"][0]["card"]
    assert (await act(room, subs[0], ids[0], {"type": "select", "card": card}, "c1"))["type"]
    await room.disconnect(subs[2])  # its away clock runs
    clock: Any = rooms.clock
    await clock.advance(31_000)  # away: a stand-in plays the seat
    await settle()
    return rooms, weakref.ref(room)


@pytest.mark.usefixtures("no_collector")
def test_a_room_closed_mid_game_is_freed_without_a_collection() -> None:
    async def scenario() -> None:
        rooms, ref = await _played_room()
        room = ref()
        assert room is not None
        await rooms.close(room)
        del room
        for _ in range(3):
            await asyncio.sleep(0)
        await settle()
        assert ref() is None

    asyncio.run(scenario())


@pytest.mark.usefixtures("no_collector")
def test_a_lobby_whose_last_player_left_is_freed_without_a_collection() -> None:
    async def scenario() -> None:
        rooms, room, subs, ids = await seated(players=1, start=False)
        ref = weakref.ref(room)
        await room.lobby_action(subs[0], ids[0], "bye", action("leave"))  # closes in its queue
        await settle()
        assert room.closed and rooms.get(room.code) is None
        del room
        await settle()
        assert ref() is None

    asyncio.run(scenario())

"""Interleavings ordinary players produce by accident, made deterministic: two requests queued
in the room's one queue (GEN-1) back to back, and a seat whose socket never comes (GEN-4).
Both were found by an outside race audit over real sockets; tests/web covers them there too."""

from __future__ import annotations

import asyncio
from typing import Any

from .helpers import Sub, action, laundermat_state, manager, settle

SETTINGS = {"round_timer": 600, "bribe_timer": 15}


def run(coro: Any) -> Any:
    return asyncio.run(coro)


def test_a_join_queued_behind_the_last_leave_keeps_the_room_open() -> None:
    """The join was answered with a token and the room then closed under it: now the room
    closes only if it is still empty once everything queued before the close has run."""

    async def scenario() -> None:
        rooms = manager()
        room, host_id, host_token = await rooms.create("Host", SETTINGS)
        host = Sub()
        await room.connect(host, host_token)
        leave = room.lobby_action(host, host_id, "bye", action("leave"))
        join = room.join("Friend")  # queued right behind the leave
        _, (friend_id, friend_token) = await asyncio.gather(leave, join)
        await settle()
        assert host.closed == 1000
        assert rooms.get(room.code) is room and not room.closed
        assert [m.name for m in room.lobby.people] == ["Friend"]
        assert room.lobby.host == friend_id  # the table needs a host: the one who is here
        friend = Sub()
        assert await room.connect(friend, friend_token) == friend_id
        assert friend.view["room"]["status"] == "lobby"

    run(scenario())


def test_the_last_leave_with_nothing_behind_it_closes_the_room() -> None:
    async def scenario() -> None:
        rooms = manager()
        room, host_id, host_token = await rooms.create("Host", SETTINGS)
        host = Sub()
        await room.connect(host, host_token)
        await room.lobby_action(host, host_id, "bye", action("leave"))
        await settle()
        assert room.closed and rooms.get(room.code) is None
        store: Any = rooms.store
        assert room.code in store.closed

    run(scenario())


def _away(room: Any, player_id: str) -> bool:
    return next(p for p in room.info()["players"] if p["player_id"] == player_id)["away"]


def test_a_seat_whose_socket_never_comes_is_away_after_thirty_seconds() -> None:
    """GEN-4: a player who joined and never connected (a tab closed right after joining) was
    never away, so no stand-in played and every window waited its whole time for them."""

    async def scenario() -> None:
        rooms = manager()
        clock: Any = rooms.clock
        room, host_id, host_token = await rooms.create("Host", SETTINGS)
        host = Sub()
        await room.connect(host, host_token)
        second_id, second_token = await room.join("Second")
        await room.connect(Sub(), second_token)
        ghost_id, _ = await room.join("Ghost")  # never says hello
        await room.lobby_action(host, host_id, "go", action("start"))
        assert host.last("ack")["id"] == "go"
        ghost_seat = next(m.seat for m in room.lobby.members if m.player_id == ghost_id)
        assert ghost_seat is not None
        await clock.advance(29_000)
        await settle()
        assert not _away(room, ghost_id)
        await clock.advance(1_000)
        await settle()
        assert _away(room, ghost_id) and not _away(room, second_id)
        assert host.view["room"]["players"][2]["stand_in"] is True  # a bot plays the seat
        await clock.advance(3_000)  # past the stand-in's pause (seats_bots.PAUSE_MS)
        await settle()
        state = laundermat_state(room)
        assert state.players[ghost_seat].selection is not None  # the stand-in drafted for it

    run(scenario())


def test_a_seat_that_connects_in_time_is_not_away() -> None:
    async def scenario() -> None:
        rooms = manager()
        clock: Any = rooms.clock
        room, _, host_token = await rooms.create("Host", SETTINGS)
        await room.connect(Sub(), host_token)
        late_id, late_token = await room.join("Late")
        await clock.advance(29_000)
        await room.connect(Sub(), late_token)
        await clock.advance(60_000)
        await settle()
        assert not _away(room, late_id)

    run(scenario())

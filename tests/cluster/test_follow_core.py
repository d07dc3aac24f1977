"""When a lobby room follows its sockets (cluster/follow.py), in one process: the owner
moves a room only when every socket of it comes through one peer, never a game in progress,
never with following turned off, and the rebalancer leaves alone a room that followed."""

from __future__ import annotations

import asyncio
from types import SimpleNamespace
from typing import Any

import pytest

from laundermat.cluster.follow import DIRECT, Follower
from laundermat.rooms.lobby import RoomStatus


class Recording(Follower):
    """Records the moves it would make instead of asking Redis and handing rooms over."""

    def __init__(self, ownership: Any) -> None:
        super().__init__(ownership)
        self.moves: list[tuple[str, str]] = []

    async def _follow(self, code: str, to: str) -> None:
        self.moves.append((code, to))


def follower(status: RoomStatus = RoomStatus.LOBBY, follow_ms: int = 10_000) -> Recording:
    room = SimpleNamespace(lobby=SimpleNamespace(status=status))
    ownership = SimpleNamespace(
        config=SimpleNamespace(follow_ms=follow_ms),
        manager=SimpleNamespace(rooms={"ABCDE": room}),
        owned={"ABCDE": object()},
        accepting=True,
    )
    return Recording(ownership)


async def opened(f: Recording, *origins: str) -> list[tuple[str, str]]:
    for via in origins:
        f.opened("ABCDE", via)
    await asyncio.sleep(0)  # let the spawned moves run
    return f.moves


@pytest.mark.parametrize(
    ("origins", "moves"),
    [
        (["r2"], [("ABCDE", "r2")]),  # hashed elsewhere: follow the relaying replica
        ([DIRECT], []),  # already where the balancer sends it
        ([DIRECT, "r2"], []),  # round-robin: sockets arrive at two places, relays stay
        # Asked for at the first relay only (the move re-checks the origins before it runs);
        # a socket through a second peer never asks for a second move.
        (["r2", "r3"], [("ABCDE", "r2")]),
    ],
)
def test_a_lobby_follows_only_sockets_that_all_come_through_one_peer(
    origins: list[str], moves: list[tuple[str, str]]
) -> None:
    assert asyncio.run(opened(follower(), *origins)) == moves


def test_a_game_in_progress_never_moves() -> None:
    assert asyncio.run(opened(follower(RoomStatus.PLAYING), "r2")) == []


def test_following_turned_off() -> None:
    assert asyncio.run(opened(follower(follow_ms=0), "r2")) == []


def test_a_room_whose_sockets_all_came_directly_is_settled() -> None:
    f = follower()
    f.opened("ABCDE", DIRECT)
    assert f.settled("ABCDE")
    f.opened("ABCDE", "r2")
    assert not f.settled("ABCDE")
    f.closed("ABCDE", "r2")
    f.closed("ABCDE", DIRECT)
    assert not f.settled("ABCDE") and f.origins == {}

"""In-process rooms on a fake clock and the in-memory store."""

from __future__ import annotations

import asyncio
import time
from typing import Any

import orjson
from pydantic import TypeAdapter

from laundermat.games import patch
from laundermat.games.laundermat.engine import GameState
from laundermat.games.laundermat.match import LaunderMatMatch
from laundermat.rooms import FakeClock, Room, RoomConfig, RoomManager
from laundermat.rooms.lobby_actions import LobbyAction
from laundermat.store.memory import MemoryStore


class Sub:
    """A subscriber that records what the room sends it. It takes patches as a browser does
    (docs/protocol.md, "Deltas") and records each as the view it makes, with the log since the
    previous view (as a whole view pushed to a client that asked for no deltas carries it)."""

    def __init__(self) -> None:
        self.messages: list[dict[str, Any]] = []
        self.closed: int | None = None
        self.doc: dict[str, Any] | None = None  # the whole view this subscriber holds
        self.patches = 0

    def send(self, data: bytes) -> None:
        message = orjson.loads(data)
        if message["type"] == "view" and message["game"] and message["game"]["log_from"] == 0:
            self.doc = orjson.loads(data)
        elif message["type"] == "patch":
            self.patches += 1
            self.doc, view = patch.patched_view(self.doc, message)
            message = orjson.loads(orjson.dumps(view))  # nothing shared with the held view
        elif message["type"] == "view":
            self.doc = orjson.loads(data) if message["game"] is None else None
        self.messages.append(message)

    def close(self, code: int, reason: str) -> None:
        self.closed = code

    @property
    def view(self) -> dict[str, Any]:
        return next(m for m in reversed(self.messages) if m["type"] == "view")

    def last(self, kind: str) -> dict[str, Any]:
        return next(m for m in reversed(self.messages) if m["type"] == kind)


_LOBBY_ACTION: TypeAdapter[LobbyAction] = TypeAdapter(LobbyAction)


def action(name: str, **fields: Any) -> LobbyAction:
    """A lobby action by its name and fields, as a `lobby` message carries them."""
    return _LOBBY_ACTION.validate_python({"action": name, **fields})


CONFIG = RoomConfig(away_after_ms=30_000, restart_grace_ms=5_000)


def manager(store: MemoryStore | None = None, clock: FakeClock | None = None) -> RoomManager:
    return RoomManager(store or MemoryStore(), clock or FakeClock(), CONFIG)


class SeatedRooms(RoomManager):
    """The room manager `seated` makes: the in-memory store, a fake clock, and the seat tokens
    it handed out (`tokens`, in seat order) for reconnect tests."""

    store: MemoryStore
    clock: FakeClock
    tokens: list[str]


async def seated(
    players: int = 3,
    settings: dict[str, int] | None = None,
    start: bool = True,
    stand_in: bool = True,
    config: RoomConfig = CONFIG,
) -> tuple[SeatedRooms, Room, list[Sub], list[str]]:
    """A room with `players` connected players (the first is host), started if asked;
    `stand_in=False`: the host turns stand-ins off (an away seat is the engine's, GEN-4)."""
    rooms = SeatedRooms(MemoryStore(), FakeClock(), config)
    room, host_id, host_token = await rooms.create(
        "p0", settings or {"round_timer": 30, "bribe_timer": 15}
    )
    ids, tokens = [host_id], [host_token]
    for i in range(1, players):
        pid, token = await room.join(f"p{i}")
        ids.append(pid)
        tokens.append(token)
    subs = [Sub() for _ in range(players)]
    for sub, token in zip(subs, tokens, strict=True):
        await room.connect(sub, token)
    rooms.tokens = tokens
    if not stand_in:
        await room.lobby_action(subs[0], ids[0], "off-1", action("stand_in", on=False))
        assert subs[0].last("ack")["id"] == "off-1"
    if start:
        await room.lobby_action(subs[0], ids[0], "start-1", action("start"))
        assert subs[0].last("ack")["id"] == "start-1"
    return rooms, room, subs, ids


def seat_of(sub: Sub) -> int:
    seat: int = sub.view["game"]["me"]["seat"]
    return seat


async def act(
    room: Room, sub: Sub, player_id: str, command: dict[str, Any], cid: str
) -> dict[str, Any]:
    await room.act(sub, player_id, cid, command, None, time.perf_counter())
    return next(m for m in reversed(sub.messages) if m.get("id") == cid)


async def settle() -> None:
    for _ in range(20):
        await asyncio.sleep(0)


def laundermat_state(room: Room) -> GameState:
    """The state of the LaunderMat game the room plays (the room's match is any game's)."""
    match = room.play.match
    assert isinstance(match, LaunderMatMatch)
    return match.game.state


def memory_store(room: Room) -> MemoryStore:
    """The room's store: the in-memory one these tests give every room."""
    assert isinstance(room.store, MemoryStore)
    return room.store

"""A lobby room follows its sockets (issue 10, docs/scaling.md "Routing").

A room is first owned by the replica that answered `POST /api/rooms`, which has no code in its
path, so nginx's hash on the code sends its players elsewhere: to the replica the code hashes
to, which relays them. The owner sees where each of a room's sockets comes from (direct, or
the id of the replica relaying it, sent in a header). When every socket of a room still in its
lobby comes through one peer, the room is handed to that peer: the same hold → release → push
→ claim as a drain, so there are never two owners. Its sockets reconnect (4012) through nginx
and land on the new owner directly.

Never a game in progress (the hold checks it in the room's queue); never while the room's
sockets arrive at two places (round-robin balancing: relays stay relays); at most one move per
room per `follow_ms`, counted in Redis so the new owner respects it too.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections import Counter

from ..rooms.lobby import RoomStatus
from ..rooms.members import normalize_code
from .ownership import REDIS_ERRORS, Ownership
from .stopping import settle

log = logging.getLogger("laundermat.cluster")
DIRECT = ""  # the origin of a socket that reached this replica without a relay


class Follower:
    def __init__(self, ownership: Ownership) -> None:
        self.ownership = ownership
        self.follow_ms = ownership.config.follow_ms
        self.origins: dict[str, Counter[str]] = {}  # code → origin → sockets open here
        self._tasks: set[asyncio.Task[None]] = set()

    def opened(self, code: str, via: str) -> None:
        """A socket of `code` is served here, relayed by `via` (or direct)."""
        code = normalize_code(code)
        origins = self.origins.setdefault(code, Counter())
        origins[via] += 1
        if via != DIRECT and set(origins) == {via} and self._movable(code):
            task = asyncio.create_task(self._follow(code, via))
            self._tasks.add(task)
            task.add_done_callback(self._tasks.discard)

    def closed(self, code: str, via: str) -> None:
        code = normalize_code(code)
        origins = self.origins.get(code)
        if origins is None:
            return
        origins[via] -= 1
        if origins[via] <= 0:
            del origins[via]
        if not origins:
            del self.origins[code]

    def settled(self, code: str) -> bool:
        """Every socket of `code` open here came directly (none relayed by a peer)."""
        return set(self.origins.get(code, ())) == {DIRECT}

    def _movable(self, code: str) -> bool:
        own = self.ownership
        room = own.manager.rooms.get(code)
        return (
            self.follow_ms > 0
            and own.accepting
            and code in own.owned
            and room is not None
            and room.lobby.status is RoomStatus.LOBBY
        )

    async def _follow(self, code: str, to: str) -> None:
        own = self.ownership
        leases = own.leases
        try:
            if await leases.url_of(to) is None:
                return  # the relaying replica is gone: nothing to follow
            followed = leases.keys.followed(code)
            if not await leases.redis.set(followed, to, nx=True, px=self.follow_ms):
                return  # moved a moment ago: it stays put for a while
        except REDIS_ERRORS:
            return
        origins = self.origins.get(code, Counter())
        if set(origins) != {to} or not self._movable(code):
            with contextlib.suppress(*REDIS_ERRORS):  # a direct socket came meanwhile
                await leases.redis.delete(followed)
            return
        if await own.hand_over(code, to, only_lobby=True):
            own.metrics.follow_moves.inc()
            await own.finish_hand_over(code)
            log.info("room follows its sockets", extra={"room": code, "to": to})

    async def stop(self) -> None:
        await settle(list(self._tasks))  # a move under way finishes (stopping.py)

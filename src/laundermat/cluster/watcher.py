"""The background work of a replica in cluster mode (docs/scaling.md):

- renew: every ttl/3, every owned room's lease and the heartbeat, in one round trip;
- failover: every ttl/6, the rooms of replicas whose heartbeat is gone, once their leases
  expire, split between the live replicas by rendezvous hashing (so survivors never race);
- orphans: now and then, live rooms in the database that nobody holds (a whole cluster
  restarted, Redis lost its sets): claimed the same way;
- handoffs: codes a peer handed to this replica (drain, rebalance), claimed at once;
- rebalance: a replica above 1.25 x the mean load hands a few rooms in their lobby to the
  least loaded.
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import logging
from collections.abc import Awaitable, Callable
from typing import Any

from ..rooms.lobby import RoomStatus
from .ownership import REDIS_ERRORS, Ownership
from .stopping import settle

log = logging.getLogger("laundermat.cluster")
HANDOFF_BATCH = 100  # codes taken from the handoff list at once
# Pushed to this replica's own handoff list by `stop`: it ends a waiting BLPOP at once, where
# cancelling the BLPOP could leave it reading forever (stopping.py). Never a room code.
WAKE = ""


def rendezvous(code: str, replicas: list[str]) -> str | None:
    """The replica that should take `code`: every replica computes the same answer from the
    same list, and losing one replica moves only its own rooms."""
    if not replicas:
        return None
    return max(replicas, key=lambda r: hashlib.sha256(f"{r}/{code}".encode()).digest())


class Watcher:
    def __init__(self, ownership: Ownership, settled: Callable[[str], bool] | None = None) -> None:
        self.ownership = ownership
        # A room whose sockets all reach this replica directly is where the balancer sends
        # them (it followed them here): rebalancing it away would only make it follow back.
        self.settled = settled or (lambda code: False)
        self.config = ownership.config
        self.leases = ownership.leases
        self.me = self.config.replica_id
        self.tasks: list[asyncio.Task[None]] = []
        self.handoff_redis: Any = None  # a client of its own: BLPOP blocks its connection
        self.stopping = asyncio.Event()

    def start(self, handoff_redis: Any) -> None:
        self.handoff_redis = handoff_redis
        self.stopping = asyncio.Event()  # a fresh one: bound to the loop that runs the tasks
        c = self.config
        loops: list[tuple[str, Callable[[], Awaitable[None]], int]] = [
            ("renew", self.ownership.renew, c.renew_ms),
            ("failover", self.failover, c.watch_ms),
            ("orphans", self.orphans, c.orphan_scan_ms),
            ("rebalance", self.rebalance, c.rebalance_ms),
        ]
        for name, work, every in loops:
            self.tasks.append(asyncio.create_task(self._every(name, work, every)))
        self.tasks.append(asyncio.create_task(self._handoffs(), name="cluster-handoffs"))

    async def stop(self) -> None:
        """Every loop ends between two Redis commands (stopping.py): the interval loops wake
        from their sleep, the handoff loop from its BLPOP by the WAKE pushed here."""
        self.stopping.set()
        tasks, self.tasks = self.tasks, []
        if not tasks:
            return
        key = self.leases.keys.handoff(self.me)
        with contextlib.suppress(*REDIS_ERRORS):  # unreachable: BLPOP ends within its timeout
            await self.leases.redis.lpush(key, WAKE)
        await settle(tasks)
        with contextlib.suppress(*REDIS_ERRORS):  # not popped if the loop was elsewhere
            await self.leases.redis.lrem(key, 0, WAKE)

    async def _every(self, name: str, work: Callable[[], Awaitable[None]], every_ms: int) -> None:
        while not self.stopping.is_set():
            try:
                await work()
            except asyncio.CancelledError:
                raise
            except REDIS_ERRORS as exc:
                log.warning("cluster %s: redis unreachable", name, extra={"error": str(exc)[:200]})
            except Exception:
                log.exception("cluster %s failed", name)
            await self._pause(every_ms / 1000)

    async def _pause(self, seconds: float) -> None:
        """Sleep, or less if the watcher is told to stop."""
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(self.stopping.wait(), seconds)

    # ------------------------------------------------------------ failover

    async def failover(self) -> None:
        if not self.ownership.accepting:
            return
        live, dead = await self.leases.live_replicas()
        for replica in dead:
            codes = await self.leases.owned_by(replica)
            owners = await self.leases.owners(codes)
            gone = [c for c, o in zip(codes, owners, strict=True) if o is not None and o != replica]
            await self.leases.forget_owned(replica, gone)  # someone else owns these now
            free = [c for c, o in zip(codes, owners, strict=True) if o is None]
            if not codes:
                await self.leases.forget_replica(replica)
                log.info("replica forgotten", extra={"replica": replica})
                continue
            await self._claim_mine(free, list(live), "failover", replica)

    async def orphans(self) -> None:
        if not self.ownership.accepting:
            return
        live, _ = await self.leases.live_replicas()
        if self.me not in live:
            return  # not registered yet (the first renewal registers us)
        # Only the codes this replica would take (rendezvous) are looked up in Redis: with N
        # replicas each asks about 1/N of the live rooms, not all of them.
        peers = list(live)
        owned = self.ownership.owned
        codes = [
            c
            for c in await self.ownership.store.live_codes()
            if c not in owned and rendezvous(c, peers) == self.me
        ]
        free = [c for c, o in zip(codes, await self.leases.owners(codes), strict=True) if o is None]
        await self._claim_mine(free, peers, "orphan", None)

    async def _claim_mine(
        self, free: list[str], live: list[str], reason: str, previous: str | None
    ) -> None:
        mine = [c for c in free if rendezvous(c, live) == self.me]
        won = await self.ownership.claim_many(mine, reason)
        if previous is not None and won:
            await self.leases.forget_owned(previous, won)
        if won:
            log.info("rooms taken over", extra={"rooms": len(won), "reason": reason})

    # ------------------------------------------------------------ handoffs

    async def _handoffs(self) -> None:
        key = self.leases.keys.handoff(self.me)
        while not self.stopping.is_set():
            try:
                item = await self.handoff_redis.blpop([key], timeout=1)
                # Stopping: a code popped now is not claimed; a peer's orphan scan or the
                # room's players (on demand) claim it.
                if item is None or self.stopping.is_set():
                    continue
                # A draining peer pushes all its rooms at once: take them as one batch.
                more = await self.handoff_redis.lpop(key, HANDOFF_BATCH - 1) or []
            except asyncio.CancelledError:
                raise
            except REDIS_ERRORS:
                await self._pause(self.config.watch_ms / 1000)
                continue
            codes = [c.decode() if isinstance(c, bytes) else c for c in [item[1], *more]]
            codes = [c for c in codes if c != WAKE]  # a WAKE left by an earlier stop
            if codes:
                await self.ownership.claim_many(codes, "handoff")

    # ------------------------------------------------------------ rebalance

    async def rebalance(self) -> None:
        """Above 1.25 x the mean load of the live replicas: hand a few rooms in their lobby to
        the least loaded, one interval at a time."""
        if not self.ownership.accepting:
            return
        live, _ = await self.leases.live_replicas()
        if self.me not in live or len(live) < 2:
            return
        counts = await self.leases.counts(sorted(live))
        mean = sum(counts.values()) / len(counts)
        mine = len(self.ownership.owned)
        if mine <= 1.25 * mean or mine - mean < 2:
            return
        target = min((r for r in counts if r != self.me), key=lambda r: counts[r])
        excess = min(int(mine - mean) // 2 or 1, max(1, mine // 10))
        for code in self.quiet_rooms()[:excess]:
            if await self.ownership.hand_over(code, target, only_lobby=True):
                await self.ownership.finish_hand_over(code)
                log.info("room rebalanced", extra={"room": code, "to": target})

    def quiet_rooms(self) -> list[str]:
        """Owned rooms in their lobby: moving one costs its players a reconnect and nothing
        else (no window, no timer). Games in progress and finished tables stay where they
        are: new rooms and rematches are what spread the load."""
        rooms = self.ownership.manager.rooms
        return [
            code
            for code in list(self.ownership.owned)
            if (room := rooms.get(code)) is not None
            and room.lobby.status is RoomStatus.LOBBY
            and not self.settled(code)
        ]

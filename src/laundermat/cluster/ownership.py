"""Which rooms this replica owns, and the only ways that changes (docs/scaling.md).

Claiming a room: its Redis lease (SET NX), then its fencing token from PostgreSQL (the
claim raises `rooms.owner_epoch`), then the room read back and adopted by the RoomManager
with a store that fences every write. Losing a room: its lease renewal finds another owner,
or a write comes back Fenced, and the room is dropped from memory at once (its sockets close
with the reconnect code). Letting a room go: the record is durable, then the lease is
released (compare-and-delete) and, for a handover, the code is pushed to a peer.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from typing import Any

from ..rooms import RoomManager
from ..rooms.records import Fence, LiveRoom, RoomRecord, StoreLike, StoreUnavailable
from ..store.fencing import FencedStore
from .config import ClusterConfig
from .keys import Leases
from .metrics import ClusterMetrics
from .stopping import settle

log = logging.getLogger("laundermat.cluster")
CLAIMS_AT_ONCE = 8
CLAIM_BATCH = 100  # rooms read (four queries) and adopted per batch in a takeover
REDIS_ERRORS: tuple[type[BaseException], ...] = (OSError, TimeoutError)
try:  # redis-py's own errors (connection refused, timeouts) are not OSErrors
    from redis.exceptions import RedisError

    REDIS_ERRORS = (*REDIS_ERRORS, RedisError)
except ImportError:  # pragma: no cover - cluster mode needs redis installed
    pass


class Ownership:
    def __init__(
        self,
        config: ClusterConfig,
        leases: Leases,
        store: Any,  # laundermat.store.Store (PostgreSQL): claim, claim_new, load_room, holds
        manager: RoomManager,
        metrics: ClusterMetrics,
    ) -> None:
        self.config = config
        self.leases = leases
        self.store = store
        self.manager = manager
        self.metrics = metrics
        self.owned: dict[str, Fence] = {}
        self.accepting = True  # False once draining: no new rooms come here
        self._claiming: dict[str, asyncio.Future[bool | None]] = {}
        self._tasks: set[asyncio.Task[Any]] = set()
        self.moved: set[str] = set()  # codes handed over or dropped: their sockets reconnect
        # Claims at once (a dead replica's hundreds of rooms): within the database pool, so
        # none waits out the pool's timeout and fails.
        self._claim_slots = asyncio.Semaphore(CLAIMS_AT_ONCE)

    # ------------------------------------------------------------ the manager's Claims

    async def claim_new(self, code: str, record: RoomRecord) -> StoreLike | None:
        if not self.accepting:
            raise StoreUnavailable("draining")
        try:
            if not await self.leases.acquire(code):
                return None
        except REDIS_ERRORS as exc:  # no lease, no room: answered `unavailable`
            raise StoreUnavailable(f"redis: {str(exc)[:100]}") from exc
        try:
            token = await self.store.claim_new(record)
        except BaseException:
            await self._release_quietly(code)
            raise
        if token is None:
            await self._release_quietly(code)
            return None
        fence = self._own(Fence(code, token))
        with contextlib.suppress(*REDIS_ERRORS):  # the next renewal adds it anyway
            await self.leases.add_owned(code)
        self.metrics.claims.labels(reason="create").inc()
        return FencedStore(self.store, fence, self.fenced)

    def closed(self, code: str) -> None:
        if self.owned.pop(code, None) is not None:
            self._spawn(self._release_quietly(code))
        self.metrics.owned.set(len(self.owned))

    # ------------------------------------------------------------ claiming

    async def claim(self, code: str, reason: str) -> bool | None:
        """Own `code` if it is live and nobody holds its lease; True if it is ours now, None
        if the store or Redis failed (whether the room lives is not known: a caller must not
        answer that it does not exist). Two callers for one code share one attempt."""
        if code in self.owned and code in self.manager.rooms:
            return True
        if not self.accepting:
            return False
        running = self._claiming.get(code)
        if running is not None:
            return await asyncio.shield(running)
        future: asyncio.Future[bool | None] = asyncio.get_running_loop().create_future()
        self._claiming[code] = future
        try:
            async with self._claim_slots:
                won = await self._claim(code, reason)
        except BaseException as exc:
            failed = isinstance(exc, (StoreUnavailable, *REDIS_ERRORS))
            future.set_result(None if failed else False)
            if failed:
                log.warning("claim failed", extra={"room": code, "error": str(exc)[:200]})
                return None
            raise
        finally:
            self._claiming.pop(code, None)
        future.set_result(won)
        return won

    async def _claim(self, code: str, reason: str) -> bool:
        # A player (or the orphan scan) may get to a dead replica's room before the watcher:
        # that is a failover too. Asked before the lease is taken, while the dead replica's
        # owned set still lists the code (the watcher prunes codes a live replica holds).
        previous = await self._dead_owner_of(code) if reason in ("demand", "orphan") else None
        if not await self.leases.acquire(code):
            return False
        try:
            token = await self.store.claim(code)
            if token is None:  # no live room has this code
                await self._release_quietly(code)
                return False
            fence = self._own(Fence(code, token))
            await self.leases.add_owned(code)
            live = await self.store.load_room(code)
        except BaseException:
            self.owned.pop(code, None)
            await self._release_quietly(code)
            raise
        if live is None:  # closed between the claim and the read
            self.closed(code)
            return False
        await self._adopt(live, fence, reason)
        if previous is not None:
            self.metrics.failovers.inc()
            with contextlib.suppress(*REDIS_ERRORS):
                await self.leases.forget_owned(previous, [code])
        return True

    async def claim_many(self, codes: list[str], reason: str) -> list[str]:
        """Many rooms at once (a dead replica's, orphans): their leases in one pipeline, their
        tokens in one transaction, their records read on one connection in small batches and
        adopted as they come. Codes already being claimed here are left to that claim."""
        if not self.accepting:
            return []
        codes = [c for c in codes if c not in self.owned and c not in self._claiming]
        loop = asyncio.get_running_loop()
        waiting = {c: loop.create_future() for c in codes}
        self._claiming.update(waiting)
        won: list[str] = []
        try:
            await self._claim_many(codes, reason, won, waiting)
        except Exception as exc:
            if not isinstance(exc, (StoreUnavailable, *REDIS_ERRORS)):
                raise
            log.warning("claims failed", extra={"rooms": len(codes), "error": str(exc)[:200]})
        finally:
            for code, future in waiting.items():
                self._claiming.pop(code, None)
                if not future.done():
                    future.set_result(code in won)
        return won

    async def _claim_many(
        self,
        codes: list[str],
        reason: str,
        won: list[str],
        waiting: dict[str, asyncio.Future[bool]],
    ) -> None:
        if not codes:
            return
        acquired = await self.leases.acquire_many(codes)
        mine = [c for c, ok in zip(codes, acquired, strict=True) if ok]
        try:
            tokens = await self.store.claim_many(mine) if mine else {}
        except BaseException:
            for code in mine:
                await self._release_quietly(code)
            raise
        for code in mine:
            if code not in tokens:  # closed meanwhile: no live room
                await self._release_quietly(code)
        fences = {code: self._own(Fence(code, token)) for code, token in tokens.items()}
        pending = sorted(fences)
        settled: set[str] = set()  # adopted, or found closed
        try:
            await self.leases.add_owned(*pending)
            while pending:
                batch, pending = pending[:CLAIM_BATCH], pending[CLAIM_BATCH:]
                lives = {live.room.code: live for live in await self.store.load_rooms(batch)}
                for code in batch:
                    live = lives.get(code)
                    settled.add(code)
                    if live is None:
                        self.closed(code)
                        continue
                    await self._adopt(live, fences[code], reason)
                    won.append(code)
                    waiting[code].set_result(True)
        except BaseException:
            # Every room not adopted goes again, the batch whose read failed included: leased
            # but not in memory, it would be renewed for ever and served by nobody. Released,
            # the next claim (a player's, the orphan scan) takes it.
            for code in fences:
                if code not in settled:
                    self.owned.pop(code, None)
                    await self._release_quietly(code)
            raise

    async def _adopt(self, live: LiveRoom, fence: Fence, reason: str) -> None:
        code = live.room.code
        self.moved.discard(code)
        await self.manager.adopt(live, FencedStore(self.store, fence, self.fenced))
        self.metrics.claims.labels(reason=reason).inc()
        if reason == "failover":
            self.metrics.failovers.inc()
        elif reason == "handoff":
            self.metrics.handoffs.labels(direction="in").inc()
        log.info("room claimed", extra={"room": code, "reason": reason, "epoch": fence.token})

    async def _dead_owner_of(self, code: str) -> str | None:
        """The dead replica whose owned set lists `code`, if any."""
        with contextlib.suppress(*REDIS_ERRORS):
            _, dead = await self.leases.live_replicas()
            for replica in dead:
                if await self.leases.redis.sismember(self.leases.keys.owned(replica), code):
                    return replica
        return None

    def _own(self, fence: Fence) -> Fence:
        self.owned[fence.code] = fence
        self.metrics.owned.set(len(self.owned))
        return fence

    # ------------------------------------------------------------ losing and letting go

    def fenced(self, fence: Fence) -> None:
        """The database refused a write of this room: another replica owns it now."""
        self.metrics.fenced.inc()
        if self.owned.get(fence.code) == fence:
            log.warning("write fenced; dropping the room", extra={"room": fence.code})
            self.lose(fence.code, "fenced")

    def lose(self, code: str, why: str) -> None:
        """Drop a room owned elsewhere now: no write, sockets told to reconnect."""
        self.owned.pop(code, None)
        self.metrics.owned.set(len(self.owned))
        self.moved.add(code)
        # This copy only: the drop runs later, and a claim in between adopts a new one.
        room = self.manager.get(code)
        if room is not None:
            self._spawn(self.manager.drop(code, why, room))
        self._spawn(self._forget_quietly(code))

    async def _forget_quietly(self, code: str) -> None:
        with contextlib.suppress(*REDIS_ERRORS):  # a stale entry: failover skips it anyway
            await self.leases.forget_owned(self.config.replica_id, [code])

    async def hand_over(self, code: str, target: str | None, only_lobby: bool = False) -> bool:
        """Rebalance or follow one room: see `hand_over_many`."""
        return code in await self.hand_over_many({code: target}, only_lobby)

    async def hand_over_many(
        self, targets: dict[str, str | None], only_lobby: bool = False
    ) -> list[str]:
        """Drain or rebalance: hold each room (every command so far durable), release the
        leases (one call), push each code to its target (one call per target, which claims
        them at once). `finish_hand_over` then closes each room's sockets. `only_lobby`:
        a room whose game began before its hold stays (and keeps playing) here."""
        codes = [c for c in targets if c in self.owned]
        # Before the hold: from then on a command is refused `room_closed`, which the socket
        # must turn into "reconnect", not into a room closed for good.
        self.moved.update(codes)
        held = await asyncio.gather(*(self.manager.hold(c, only_lobby) for c in codes))
        moving = [c for c, room in zip(codes, held, strict=True) if room is not None]
        for code in codes:
            if code in moving:
                self.owned.pop(code, None)
            else:
                self.moved.discard(code)
        self.metrics.owned.set(len(self.owned))
        try:
            await self.leases.release(*moving)
            by_target: dict[str, list[str]] = {}
            for code in moving:
                target = targets[code]
                if target is not None:
                    by_target.setdefault(target, []).append(code)
            for target, handed in by_target.items():
                await self.leases.hand_to(target, *handed)
        except REDIS_ERRORS:
            log.warning("handover not announced; the leases expire", extra={"rooms": len(moving)})
        self.metrics.handoffs.labels(direction="out").inc(len(moving))
        return moving

    async def finish_hand_over(self, code: str) -> None:
        await self.manager.drop(code, "moved")

    async def _release_quietly(self, code: str) -> None:
        with contextlib.suppress(*REDIS_ERRORS):  # else it expires on its own
            await self.leases.release(code)

    # ------------------------------------------------------------ renewal

    async def renew(self) -> None:
        """Renew every owned room's lease (and the heartbeat) in one round trip. A lease
        someone else holds is lost: the room is dropped. A lease Redis forgot (restarted) is
        taken again, and kept only if the database still holds this replica's token."""
        fences = dict(self.owned)
        codes = list(fences)
        try:
            url = self.config.advertise_url
            results = await self.leases.renew(codes, url, heartbeat=self.accepting)
        except REDIS_ERRORS as exc:
            # Nobody can claim while Redis is unreachable, and the database fences anyone
            # who did: play goes on.
            self.metrics.renewals.labels(result="error").inc()
            log.warning("lease renewal failed", extra={"error": str(exc)[:200]})
            return
        gone = [c for c, r in zip(codes, results, strict=True) if r == 0]
        kept = await self._take_back([fences[c] for c in gone]) if gone else set()
        for code, result in zip(codes, results, strict=True):
            if self.owned.get(code) != fences[code]:
                continue  # released or lost meanwhile
            if result == 1 or code in kept:
                self.metrics.renewals.labels(result="ok").inc()
            else:
                self.metrics.renewals.labels(result="lost").inc()
                log.warning("lease lost; dropping the room", extra={"room": code})
                self.lose(code, "lease lost")

    async def _take_back(self, fences: list[Fence]) -> set[str]:
        """Leases Redis forgot: taken again (one round trip), and kept where the database
        still holds our token (one transaction), so a Redis restart costs no room."""
        try:
            acquired = await self.leases.acquire_many([f.code for f in fences])
        except REDIS_ERRORS:
            return {f.code for f in fences}  # down again: nobody can claim; fences guard
        ours = [f for f, won in zip(fences, acquired, strict=True) if won]
        try:
            held = {f.code for f in await self.store.held(ours)} if ours else set()
        except StoreUnavailable:
            return {f.code for f in ours}  # no write can land without the token anyway
        for fence in ours:
            if fence.code not in held:
                await self._release_quietly(fence.code)
        return held

    async def stop(self) -> None:
        """Let the drops and releases under way finish (stopping.py)."""
        await settle(list(self._tasks))

    def _spawn(self, work: Any) -> None:
        task = asyncio.create_task(work)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

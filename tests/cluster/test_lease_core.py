"""Leases and fencing with real Redis and real PostgreSQL, two replicas in one process
(two RoomManagers, two stores, two Cluster objects whose background loops the test drives
by hand, or lets run for failover). Issue 10: one owner at a time; a replica whose lease is
taken or whose write is fenced drops the room and tells its sockets to reconnect (4012)."""

from __future__ import annotations

import asyncio
import secrets
from collections.abc import Awaitable, Callable
from typing import Any

import pytest
from sqlalchemy import func, select

from laundermat.cluster import Cluster, ClusterConfig
from laundermat.cluster.watcher import rendezvous
from laundermat.rooms import RoomManager, SystemClock
from laundermat.rooms.close_codes import CloseCode
from laundermat.rooms.records import StoreUnavailable
from laundermat.store import Store
from laundermat.store.tables import rooms
from tests.cluster.core_support import RedisServer, pg_url_fixture, redis_server_fixture  # noqa: F401
from tests.rooms.helpers import CONFIG, Sub
from tests.waits import until_async

Replica = tuple[Cluster, RoomManager, Store]
Scenario = Callable[[Replica, Replica, Any], Awaitable[None]]


def run(pg_url: str, redis: RedisServer, scenario: Scenario, ttl_ms: int = 30_000) -> None:
    """Two replicas sharing one database and one Redis (a key prefix of their own). Their
    leases are renewed only when a test says so, and the TTL and the Redis timeout outlast a
    loaded machine's pauses (a 1 s connect timed out once beside the browser tests)."""
    prefix = f"t{secrets.token_hex(3)}:"

    async def replica(name: str) -> Replica:
        store = await Store.open(pg_url)
        manager = RoomManager(store, SystemClock(), CONFIG)
        config = ClusterConfig(
            redis_url=redis.url,
            advertise_url=f"http://127.0.0.1:1/{name}",  # never dialled in these tests
            secret="s",
            replica_id=name,
            prefix=prefix,
            lease_ttl_ms=ttl_ms,
            redis_timeout_ms=5000,
        )
        cluster = Cluster(config, store, manager)
        manager.claims = cluster.ownership
        await cluster.ownership.renew()  # the heartbeat: registered, alive
        return cluster, manager, store

    async def main() -> None:
        a, b = await replica("a"), await replica("b")
        try:
            await scenario(a, b, a[0].redis)
        finally:
            for cluster, manager, store in (a, b):
                await cluster.stop()
                await manager.shutdown()
                await store.close()

    asyncio.run(main())


async def epoch_of(store: Store, code: str) -> int:
    async with store.engine.connect() as conn:
        query = select(rooms.c.owner_epoch).where(rooms.c.code == code)
        return int((await conn.execute(query)).scalar_one())


async def lobby(manager: RoomManager) -> tuple[str, Sub, str]:
    room, _, token = await manager.create("Ann", {})
    sub = Sub()
    await room.connect(sub, token)
    return room.code, sub, token


def test_a_new_room_is_leased_renewed_and_released(pg_url: str, redis_server: RedisServer) -> None:
    async def scenario(a: Replica, b: Replica, redis: Any) -> None:
        cluster, manager, _ = a
        code, _, _ = await lobby(manager)
        key = cluster.leases.keys.lease(code)
        assert await redis.get(key) == b"a"
        assert code in await cluster.leases.owned_by("a")
        await redis.pexpire(key, 100)
        await cluster.ownership.renew()  # renewed: the full TTL again
        assert await redis.pttl(key) > 100
        await manager.close(manager.rooms[code])  # closed for good: the lease goes
        await until_async(lambda: code not in cluster.ownership.owned, "the lease let go")

        async def released() -> bool:
            return await redis.get(key) is None

        await until_async(released, "the lease deleted")

    run(pg_url, redis_server, scenario)


def test_a_lease_taken_by_another_drops_the_room_and_its_sockets_reconnect(
    pg_url: str, redis_server: RedisServer
) -> None:
    async def scenario(a: Replica, b: Replica, redis: Any) -> None:
        cluster, manager, _ = a
        code, sub, _ = await lobby(manager)
        await redis.set(cluster.leases.keys.lease(code), "b")  # someone else's now
        await cluster.ownership.renew()
        await until_async(lambda: code not in manager.rooms, "the room dropped")
        assert sub.closed == CloseCode.RECONNECT
        assert cluster.moved(code)

    run(pg_url, redis_server, scenario)


def test_a_fenced_write_is_refused_by_the_database_and_drops_the_room(
    pg_url: str, redis_server: RedisServer
) -> None:
    """Split brain: A is paused past its lease, B takes the room; A wakes and tries to seat
    a player. The database refuses A's write; A answers `unavailable` and drops the room."""

    async def scenario(a: Replica, b: Replica, redis: Any) -> None:
        (cluster_a, manager_a, store), (cluster_b, manager_b, _) = a, b
        code, sub, _ = await lobby(manager_a)
        await redis.delete(cluster_a.leases.keys.lease(code))  # A's lease ran out
        assert await cluster_b.ownership.claim(code, "demand")
        assert await epoch_of(store, code) == 2
        with pytest.raises(Exception) as refused:
            await manager_a.rooms[code].join("Bob")  # A still thinks it owns the room
        assert getattr(refused.value, "code", None) == "unavailable"
        await until_async(lambda: code not in manager_a.rooms, "the room dropped by A")
        assert sub.closed == CloseCode.RECONNECT
        assert cluster_a.metrics.fenced._value.get() == 1
        # Nothing of A's write landed: B's room (read from the database) has one player.
        assert [p.name for p in manager_b.rooms[code].record().players] == ["Ann"]
        async with store.engine.connect() as conn:
            count = select(func.count()).select_from(rooms).where(rooms.c.code == code)
            assert (await conn.execute(count)).scalar_one() == 1

    run(pg_url, redis_server, scenario)


def test_after_redis_forgets_everything_the_owner_keeps_its_rooms(
    pg_url: str, redis_server: RedisServer
) -> None:
    async def scenario(a: Replica, b: Replica, redis: Any) -> None:
        cluster, manager, _ = a
        code, sub, _ = await lobby(manager)
        await redis.flushdb()  # a Redis restart without persistence
        await cluster.ownership.renew()
        assert code in manager.rooms and sub.closed is None
        assert await redis.get(cluster.leases.keys.lease(code)) == b"a"
        await manager.rooms[code].join("Bob")  # its token still holds: writes go on

    run(pg_url, redis_server, scenario)


def test_a_forgotten_lease_is_kept_only_if_the_database_still_holds_the_token(
    pg_url: str, redis_server: RedisServer
) -> None:
    async def scenario(a: Replica, b: Replica, redis: Any) -> None:
        (cluster_a, manager_a, _), (cluster_b, _, _) = a, b
        kept, _, _ = await lobby(manager_a)
        taken, sub, _ = await lobby(manager_a)
        await redis.flushdb()
        assert await cluster_b.ownership.claim(taken, "demand")  # epoch + 1 meanwhile
        await redis.delete(cluster_b.leases.keys.lease(taken))  # and its lease gone too
        await cluster_a.ownership.renew()
        assert kept in manager_a.rooms  # its token holds: its lease is back
        assert await redis.get(cluster_a.leases.keys.lease(kept)) == b"a"
        await until_async(
            lambda: taken not in manager_a.rooms, "the stale room dropped, its lease let go"
        )
        assert sub.closed == CloseCode.RECONNECT
        assert await redis.get(cluster_a.leases.keys.lease(taken)) is None

    run(pg_url, redis_server, scenario)


def test_a_dead_replicas_rooms_are_taken_over_when_its_lease_expires(
    pg_url: str, redis_server: RedisServer
) -> None:
    async def scenario(a: Replica, b: Replica, redis: Any) -> None:
        (cluster_a, manager_a, _), (cluster_b, manager_b, _) = a, b
        codes = [(await lobby(manager_a))[0] for _ in range(3)]
        cluster_b.watcher.start(cluster_b.blocking_redis)  # B watches; A never renews again
        await until_async(lambda: all(c in manager_b.rooms for c in codes), "every room on B")
        # Taken by the failover watcher (or, racing it, by the scan for rooms nobody holds,
        # which also finds the rooms earlier tests left in this database).
        claims = cluster_b.metrics.claims
        taken = sum(claims.labels(reason=r)._value.get() for r in ("failover", "orphan"))
        assert taken >= 3 and cluster_b.metrics.failovers._value.get() >= 1
        assert set(codes) <= set(await cluster_b.leases.owned_by("b"))
        # A's own renewal now finds B's leases: A drops its stale copies.
        await cluster_a.ownership.renew()
        await until_async(lambda: not manager_a.rooms, "A holds no room")

    run(pg_url, redis_server, scenario, ttl_ms=900)


def test_two_creators_never_share_a_code(pg_url: str, redis_server: RedisServer) -> None:
    async def scenario(a: Replica, b: Replica, redis: Any) -> None:
        made = await asyncio.gather(*(lobby(m) for m in (a[1], b[1]) for _ in range(10)))
        codes = [code for code, _, _ in made]
        assert len(set(codes)) == 20
        owners = await a[0].leases.owners(codes)
        assert owners == ["a"] * 10 + ["b"] * 10

    run(pg_url, redis_server, scenario)


def test_a_replica_above_its_share_hands_quiet_rooms_to_the_least_loaded(
    pg_url: str, redis_server: RedisServer
) -> None:
    async def scenario(a: Replica, b: Replica, redis: Any) -> None:
        (cluster_a, manager_a, _), (cluster_b, manager_b, _) = a, b
        made = [await lobby(manager_a) for _ in range(6)]
        await cluster_a.ownership.renew()
        await cluster_b.ownership.renew()
        cluster_b.watcher.start(cluster_b.blocking_redis)  # B listens for handoffs
        await cluster_a.watcher.rebalance()  # 6 against 0: above 1.25 x the mean of 3
        codes = [code for code, _, _ in made]
        # (B may also take rooms earlier tests left in this database: only A's count here.)
        # The rebalance has handed its rooms over when it returns: one room per interval.
        [moved] = [c for c in codes if c not in cluster_a.ownership.owned]
        await until_async(lambda: moved in manager_b.rooms, "B took the room handed to it")
        assert [c for c in codes if c in manager_b.rooms] == [moved]
        assert moved not in manager_a.rooms and moved not in cluster_a.ownership.owned
        sub = next(s for code, s, _ in made if code == moved)
        assert sub.closed == CloseCode.RECONNECT  # its players reconnect, to B
        assert await cluster_a.leases.owner(moved) == "b"
        assert cluster_a.metrics.handoffs.labels(direction="out")._value.get() == 1
        assert cluster_b.metrics.handoffs.labels(direction="in")._value.get() == 1

    run(pg_url, redis_server, scenario)


def test_while_redis_is_down_owners_play_on_and_take_their_leases_back(
    pg_url: str, tmp_path: Any
) -> None:
    """Issue 10 (f), in one process: Redis stops; the owner's renewals fail but it keeps its
    rooms (nobody can claim without Redis; the database fences anyone who did) and its writes
    go on; a new room cannot be made (`unavailable`); Redis comes back empty and the next
    renewal takes the leases again."""
    redis = RedisServer(tmp_path).start()

    async def scenario(a: Replica, b: Replica, client: Any) -> None:
        cluster, manager, _ = a
        code, sub, _ = await lobby(manager)
        redis.stop()
        await cluster.ownership.renew()
        assert cluster.metrics.renewals.labels(result="error")._value.get() >= 1
        assert code in manager.rooms and sub.closed is None
        await manager.rooms[code].join("Bob")  # durable: the database still takes its writes
        with pytest.raises(StoreUnavailable):
            await manager.create("Cy", {})
        redis.start()  # the same port, nothing in it
        for _ in range(3):  # the client reconnects on its own within a renewal or two
            await cluster.ownership.renew()
        assert await client.get(cluster.leases.keys.lease(code)) == b"a"
        assert code in manager.rooms and sub.closed is None
        assert code in await cluster.leases.owned_by("a")

    try:
        run(pg_url, redis, scenario)
    finally:
        redis.stop()


def test_the_orphan_scan_takes_its_own_share_and_asks_redis_about_no_other(
    pg_url: str, redis_server: RedisServer
) -> None:
    """Live rooms in the database that nobody holds (their leases lost with Redis, say) are
    taken by the replica rendezvous hashing names among the live ones; each replica looks up
    only its own share's leases (1/N of the live rooms, not all of them)."""

    async def scenario(a: Replica, b: Replica, redis: Any) -> None:
        (cluster_a, manager_a, _), (cluster_b, manager_b, _) = a, b
        live = sorted((await cluster_b.leases.live_replicas())[0])
        assert live == ["a", "b"]
        codes: list[str] = []
        while len(codes) < 6 or len({rendezvous(c, live) for c in codes}) < 2:  # both shares
            codes.append((await lobby(manager_a))[0])
        for code in codes:  # nobody holds them now
            await redis.delete(cluster_a.leases.keys.lease(code))
        asked: list[str] = []
        owners = cluster_b.leases.owners

        async def counting(some: list[str]) -> list[str | None]:
            asked.extend(some)
            return await owners(some)

        cluster_b.leases.owners = counting  # type: ignore[method-assign, assignment]  # a spy
        await cluster_b.watcher.orphans()
        b_share = {c for c in codes if rendezvous(c, live) == "b"}
        assert 0 < len(b_share) < len(codes)
        assert b_share <= set(manager_b.rooms) and not (set(codes) - b_share) & set(manager_b.rooms)
        assert all(rendezvous(c, live) == "b" for c in asked)

    run(pg_url, redis_server, scenario)


def test_stopping_ends_every_loop_between_commands_without_cancelling_one(
    pg_url: str, redis_server: RedisServer
) -> None:
    """A cancellation that lands inside a BLPOP can be lost by redis-py, leaving the task
    reading forever (cluster/stopping.py): the loops are asked to stop, never cancelled."""

    async def scenario(a: Replica, b: Replica, redis: Any) -> None:
        async def in_blpop() -> int:  # Redis's clients waiting in BLPOP
            return sum(c.get("cmd") == "blpop" for c in await redis.client_list())

        before = await in_blpop()  # none, unless an earlier test left one
        watcher = b[0].watcher
        watcher.start(b[0].blocking_redis)

        async def waiting() -> bool:
            return await in_blpop() > before

        await until_async(waiting, "the handoff loop waiting in BLPOP")
        tasks = list(watcher.tasks)
        assert len(tasks) == 5 and not any(t.done() for t in tasks)
        await watcher.stop()
        assert all(t.done() and not t.cancelled() for t in tasks)
        assert await redis.llen(b[0].leases.keys.handoff("b")) == 0  # no WAKE left behind

    run(pg_url, redis_server, scenario)

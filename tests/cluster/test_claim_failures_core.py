"""Claims that meet a failing database (an outside failover audit), with real Redis and real
PostgreSQL, two replicas in one process (tests/cluster/test_lease_core.py's `run`):
- a takeover whose read of the rooms fails lets every room it did not adopt go again, so the
  next claim takes them (they were leased, renewed for ever and served by nobody);
- a player's claim that fails is not "no such room" (a browser forgets its seat on that):
  the socket is told to reconnect instead;
- a socket waiting for an owner's lease on a replica that starts draining is told to
  reconnect at once (it waited on until SIGTERM's graceful end cancelled it, a traceback)."""

from __future__ import annotations

import asyncio
from typing import Any

from laundermat.cluster.node import Route
from laundermat.rooms.records import StoreUnavailable
from tests.cluster.core_support import RedisServer, pg_url_fixture, redis_server_fixture  # noqa: F401
from tests.cluster.test_lease_core import Replica, lobby, run


def _fail(store: Any, method: str, times: int | None) -> list[int]:
    """`store.method` raises StoreUnavailable (`times` times, or always); returns its calls."""
    real, calls = getattr(store, method), []

    async def failing(*args: Any) -> Any:
        calls.append(1)
        if times is None or len(calls) <= times:
            raise StoreUnavailable("the audit's terminated connection")
        return await real(*args)

    setattr(store, method, failing)
    return calls


def test_a_takeover_whose_read_fails_lets_its_rooms_go_again(
    pg_url: str, redis_server: RedisServer
) -> None:
    async def scenario(a: Replica, b: Replica, redis: Any) -> None:
        (_, manager_a, _), (cluster_b, manager_b, store_b) = a, b
        codes = [(await lobby(manager_a))[0] for _ in range(3)]
        await cluster_b.leases.redis.delete(*[cluster_b.leases.keys.lease(c) for c in codes])
        calls = _fail(store_b, "load_rooms", times=1)  # A is gone; B's read fails once
        assert await cluster_b.ownership.claim_many(codes, "failover") == []
        assert calls == [1]
        assert not any(c in cluster_b.ownership.owned for c in codes)
        assert [await cluster_b.leases.owner(c) for c in codes] == [None, None, None]
        # The next claim (the orphan scan, a player) takes them all.
        assert sorted(await cluster_b.ownership.claim_many(codes, "orphan")) == sorted(codes)
        assert all(c in manager_b.rooms for c in codes)

    run(pg_url, redis_server, scenario)


def test_a_players_claim_that_fails_is_told_to_reconnect_not_that_no_room_exists(
    pg_url: str, redis_server: RedisServer
) -> None:
    async def scenario(a: Replica, b: Replica, redis: Any) -> None:
        (_, manager_a, _), (cluster_b, manager_b, store_b) = a, b
        code = (await lobby(manager_a))[0]
        await cluster_b.leases.redis.delete(cluster_b.leases.keys.lease(code))
        calls = _fail(store_b, "claim", times=None)  # the database keeps failing
        assert await cluster_b.locate(code, False) == (Route.MOVED, None)
        assert len(calls) >= 2  # tried again until the wait ran out
        assert code not in manager_b.rooms
        # Once the database answers, the same room is claimed here.
        del store_b.claim  # the store's own method again
        assert await cluster_b.locate(code, False) == (Route.LOCAL, None)
        assert code in manager_b.rooms

    run(pg_url, redis_server, scenario, ttl_ms=900)


def test_a_socket_waiting_on_a_lease_is_told_to_reconnect_once_its_replica_drains(
    pg_url: str, redis_server: RedisServer
) -> None:
    async def scenario(a: Replica, b: Replica, redis: Any) -> None:
        (cluster_a, manager_a, _), (cluster_b, _, _) = a, b
        code = (await lobby(manager_a))[0]
        looked = asyncio.Event()
        look_once = cluster_b._look_once

        async def noted(*args: Any) -> Any:
            looked.set()
            return await look_once(*args)

        cluster_b._look_once = noted  # type: ignore[method-assign,assignment]
        # Relayed to B by a peer, for a room A holds: B never relays it again, and waits.
        waiting = asyncio.create_task(cluster_b.locate(code, True))
        await asyncio.wait_for(looked.wait(), 10)
        assert not waiting.done()
        await cluster_b.drain(wait_s=0)
        assert await asyncio.wait_for(waiting, 10) == (Route.MOVED, None)
        assert await cluster_b.leases.owner(code) == cluster_a.me  # the lease is A's still

    run(pg_url, redis_server, scenario, ttl_ms=60_000)

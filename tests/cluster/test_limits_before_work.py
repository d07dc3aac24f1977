"""Issue 31, part 2 (and 7): in cluster mode a replica refuses before it touches a shared
resource. Lookups of codes with no room, from one address, cost PostgreSQL at most one read
and Redis a few commands each while allowed, and nothing once refused; a body over the cap
is refused before it is forwarded to the room's owner."""

from __future__ import annotations

import asyncio
import random
import socket
from collections import Counter
from collections.abc import Callable

import httpx
from sqlalchemy import text
from sqlalchemy.ext.asyncio import create_async_engine

from laundermat.rooms.members import CODE_ALPHABET
from laundermat.store.engine import normalise_url

from .harness import Cluster
from .services import PG_URL

MISSES = 30  # room_lookup_misses_per_minute for these tests


def _pg_transactions(database: str) -> int:
    """Transactions in `database` so far. An idle backend reports its counters up to 10 s
    late, but a backend that exits reports them at once: the replicas' idle connections are
    ended first (their pools check a connection before use and open a new one)."""

    async def read() -> int:
        engine = create_async_engine(normalise_url(PG_URL), isolation_level="AUTOCOMMIT")
        async with engine.connect() as conn:
            ended = text(
                "SELECT pg_terminate_backend(pid, 2000) FROM pg_stat_activity"
                " WHERE datname = :name AND state = 'idle'"
            )
            await conn.execute(ended, {"name": database})
            row = await conn.execute(
                text(
                    "SELECT xact_commit + xact_rollback FROM pg_stat_database WHERE datname = :name"
                ),
                {"name": database},
            )
            count = int(row.scalar_one())
        await engine.dispose()
        return count

    return asyncio.run(read())


def _redis_commands(cluster: Cluster) -> int:
    """Commands the replicas sent (a script counts once, not the commands inside it)."""
    stats = cluster.client.info("commandstats")
    inside_scripts = {"time", "zremrangebyscore", "zcard", "zrange", "zadd", "pexpire"}
    return sum(
        v["calls"]
        for k, v in stats.items()
        if k.removeprefix("cmdstat_") not in inside_scripts | {"info"}
    )


def _flood(url: str, address: str, requests: int) -> Counter[int]:
    """`requests` lookups of random codes from `address`: their statuses."""
    rng = random.Random(address)
    statuses: Counter[int] = Counter()
    with httpx.Client(base_url=url, headers={"X-Forwarded-For": address}) as http:
        for _ in range(requests):
            code = "".join(rng.choice(CODE_ALPHABET) for _ in range(5))
            statuses[http.get(f"/api/rooms/{code}").status_code] += 1
    return statuses


def _cost(cluster: Cluster, url: str, address: str, requests: int) -> tuple[Counter[int], int, int]:
    pg, redis = _pg_transactions(cluster.database), _redis_commands(cluster)
    statuses = _flood(url, address, requests)
    return (
        statuses,
        _pg_transactions(cluster.database) - pg,
        _redis_commands(cluster) - redis,
    )


def test_guessed_codes_cost_the_shared_store_nothing_once_refused(
    make_cluster: Callable[..., Cluster],
) -> None:
    cluster = make_cluster(
        replicas=2,
        env={"room_lookup_misses_per_minute": MISSES, "room_lookups_per_minute": 100_000},
    )
    one = cluster.replicas[0]
    small, pg_small, redis_small = _cost(cluster, one.url, "198.51.100.1", 100)
    large, pg_large, redis_large = _cost(cluster, one.url, "198.51.100.2", 600)
    assert small == {404: MISSES, 429: 100 - MISSES}, small
    assert large == {404: MISSES, 429: 600 - MISSES}, large
    print(f"PostgreSQL transactions {pg_small}, {pg_large}; Redis {redis_small}, {redis_large}")
    # An allowed miss: one indexed read, which the pool's liveness check before it makes two
    # transactions; no lease, claim or write. (Before: 2 transactions for every lookup,
    # refused or not, and 13.7 Redis commands.)
    assert pg_small <= 2 * MISSES + 4 and pg_large <= 2 * MISSES + 4, (pg_small, pg_large)
    # A refused one costs nothing: 500 more of them add no transaction, and no Redis command
    # beyond the replicas' own heartbeats while the longer flood runs (a few a second; the
    # old code spent 10 a refused lookup).
    assert pg_large - pg_small <= 5, (pg_small, pg_large)
    assert (redis_large - redis_small) / 500 < 0.5, (redis_small, redis_large)
    # Allowed: the limits asked before and in the route (5 scripts), and the lease's owner.
    assert redis_small <= 7 * MISSES + 40, redis_small


def test_a_body_over_the_cap_is_refused_before_it_is_forwarded(
    make_cluster: Callable[..., Cluster],
) -> None:
    cluster = make_cluster(replicas=2, env={"max_body_bytes": 4096})
    one, two = cluster.replicas
    made = httpx.post(f"{one.url}/api/rooms", json={"name": "Host"}, timeout=10)
    code = made.json()["code"]
    assert cluster.owner(code) == one.id
    # Declared too big: refused at once, without a byte of the body read.
    big = httpx.post(f"{two.url}/api/rooms/{code}/join", content=b"x" * 100_000, timeout=10)
    assert big.status_code == 413 and big.json()["code"] == "too_big"
    # Chunked (no Content-Length): cut as soon as it passes the cap, not read whole first.
    host, port = two.url.removeprefix("http://").split(":")
    with socket.create_connection((host, int(port)), timeout=10) as raw:
        raw.sendall(
            f"POST /api/rooms/{code}/join HTTP/1.1\r\nHost: {host}\r\n"
            "Content-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n".encode()
        )
        chunk = b"x" * 8192
        raw.sendall(f"{len(chunk):x}\r\n".encode() + chunk + b"\r\n")
        answer = raw.recv(4096)
    assert answer.startswith(b"HTTP/1.1 413"), answer[:80]
    # A join of the right size is still forwarded and answered by the owner.
    ok = httpx.post(f"{two.url}/api/rooms/{code}/join", json={"name": "Guest"}, timeout=10)
    assert ok.status_code == 200, ok.text

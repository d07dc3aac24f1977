"""Issue 31: transient PostgreSQL states through the real driver, on a server of the test's own
(tests/own_postgres.py): what asyncpg and SQLAlchemy really raise must reach the rooms as
`StoreUnavailable` (or be retried, for a conflict), never as a bare driver error."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable, Iterator

import asyncpg
import pytest
from sqlalchemy import text
from sqlalchemy.ext.asyncio import AsyncConnection, AsyncEngine

from laundermat.rooms.records import StoreUnavailable
from laundermat.store import Store
from laundermat.store.engine import make_engine
from laundermat.store.guard import guarded

from ..own_postgres import OwnPostgres
from ..waits import until_async


@pytest.fixture(scope="module")
def own_pg() -> Iterator[OwnPostgres]:
    pg = OwnPostgres()
    try:
        yield pg.start()
    finally:
        pg.stop()


async def outage_state(store: Store) -> str | None:
    """The SQLSTATE (None: a refused socket) of the outage a ping reports; fails on any
    other answer."""
    with pytest.raises(StoreUnavailable) as caught:
        await store.ping()
    orig = getattr(caught.value.__cause__, "orig", None)  # SQLAlchemy's DB-API error
    return getattr(orig, "sqlstate", None)


def test_a_crashed_and_starting_up_database_is_unavailable_then_back(
    own_pg: OwnPostgres,
) -> None:
    async def scenario() -> None:
        store = Store(make_engine(own_pg.url))
        await store.ping()  # a connection in the pool, which the crash will kill
        await asyncio.to_thread(own_pg.crash)
        assert await outage_state(store) is None  # refused
        await asyncio.to_thread(own_pg.start_held)
        states: list[str | None] = []

        async def listening() -> bool:  # the postmaster listens: no longer refused
            states.append(await outage_state(store))
            return states[-1] is not None

        await until_async(listening, "the held PostgreSQL listening")
        assert states[-1] == "57P03"  # the database system is starting up
        await asyncio.to_thread(own_pg.release)
        await store.ping()  # the same pool: its dead connection discarded, a new one made
        await store.close()

    try:
        asyncio.run(scenario())
    finally:
        own_pg.recover()  # for the tests after this one


def test_too_many_connections_is_unavailable(own_pg: OwnPostgres) -> None:
    async def scenario() -> None:
        admin = make_engine(own_pg.url)
        async with admin.begin() as conn:
            await conn.execute(text("DROP ROLE IF EXISTS tight"))
            await conn.execute(text("CREATE ROLE tight LOGIN CONNECTION LIMIT 1"))
        tight = own_pg.url.replace("postgres@", "tight@")
        holder = await asyncpg.connect(tight.replace("+asyncpg", ""))
        store = Store(make_engine(tight))
        try:
            assert await outage_state(store) == "53300"
        finally:
            await holder.close()
            await store.close()
            await admin.dispose()

    asyncio.run(scenario())


@pytest.fixture
def counters(own_pg: OwnPostgres) -> Iterator[str]:
    async def create() -> None:
        engine = make_engine(own_pg.url)
        async with engine.begin() as conn:
            await conn.execute(text("DROP TABLE IF EXISTS counters"))
            await conn.execute(text("CREATE TABLE counters (id int PRIMARY KEY, n int)"))
            await conn.execute(text("INSERT INTO counters VALUES (1, 0), (2, 0)"))
        await engine.dispose()

    asyncio.run(create())
    yield own_pg.url


async def _total(engine: AsyncEngine) -> int:
    async with engine.connect() as conn:
        return int((await conn.execute(text("SELECT sum(n) FROM counters"))).scalar_one())


async def _bump(conn: AsyncConnection, row: int) -> None:
    await conn.execute(text("UPDATE counters SET n = n + 1 WHERE id = :id"), {"id": row})


def test_a_serialization_failure_is_retried_until_it_goes_through(counters: str) -> None:
    """Two repeatable-read transactions update the row both read: the second is refused with
    40001, rolled back, and run again by the guard; both increments land."""

    async def scenario() -> None:
        engine = make_engine(counters)
        both_read = asyncio.Barrier(2)
        attempts: list[int] = []

        async def work() -> None:
            attempts.append(1)
            async with engine.connect() as conn:
                conn = await conn.execution_options(isolation_level="REPEATABLE READ")
                async with conn.begin():
                    await conn.execute(text("SELECT n FROM counters WHERE id = 1"))
                    if len(attempts) <= 2:
                        await both_read.wait()
                    await _bump(conn, 1)

        await asyncio.gather(guarded(work, 5), guarded(work, 5))
        assert await _total(engine) == 2 and len(attempts) == 3
        await engine.dispose()

    asyncio.run(scenario())


def test_a_deadlock_is_retried_until_it_goes_through(counters: str) -> None:
    """Two transactions lock the same two rows in opposite orders: PostgreSQL aborts one with
    40P01, and the guard runs it again; all four increments land."""

    async def scenario() -> None:
        engine = make_engine(counters)
        both_locked = asyncio.Barrier(2)
        attempts: list[int] = []

        def work(first: int, second: int) -> Callable[[], Awaitable[None]]:
            async def run() -> None:
                attempts.append(1)
                async with engine.begin() as conn:
                    await conn.execute(text("SET LOCAL deadlock_timeout = '20ms'"))
                    await _bump(conn, first)
                    if len(attempts) <= 2:
                        await both_locked.wait()
                    await _bump(conn, second)

            return run

        await asyncio.gather(guarded(work(1, 2), 5), guarded(work(2, 1), 5))
        assert await _total(engine) == 4 and len(attempts) == 3
        await engine.dispose()

    asyncio.run(scenario())

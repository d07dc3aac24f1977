"""Real components for the cluster core's tests: a redis-server of their own on a free port
(services.py's, nothing saved to disk) and a fresh PostgreSQL database per test module,
migrated.

Test modules import the fixtures they use from here (`x_fixture` is the fixture `x`);
tests/cluster/harness.py is the multi-process harness of the end-to-end tests."""

from __future__ import annotations

import asyncio
import os
import secrets
from collections.abc import Iterator

import pytest

from .services import RedisServer

PG_ADMIN = os.environ.get("CLUSTER_PG_ADMIN", "postgresql://postgres@127.0.0.1:5432/postgres")


@pytest.fixture(scope="module", name="redis_server")
def redis_server_fixture(tmp_path_factory: pytest.TempPathFactory) -> Iterator[RedisServer]:
    server = RedisServer(tmp_path_factory.mktemp("redis")).start()
    yield server
    server.stop()


async def _admin(sql: str) -> None:
    import asyncpg

    conn = await asyncpg.connect(PG_ADMIN)
    try:
        await conn.execute(sql)
    finally:
        await conn.close()


def fresh_database() -> Iterator[str]:
    """A new database on the machine's PostgreSQL, migrated to head; dropped afterwards."""
    from laundermat.store.migrate import upgrade_async

    name = f"lm_cluster_{secrets.token_hex(5)}"
    try:
        asyncio.run(_admin(f'CREATE DATABASE "{name}"'))
    except OSError as exc:
        pytest.fail(f"PostgreSQL is not reachable at {PG_ADMIN}: {exc}")
    url = PG_ADMIN.rsplit("/", 1)[0].replace("postgresql://", "postgresql+asyncpg://") + "/" + name
    asyncio.run(upgrade_async(url, None))
    yield url
    asyncio.run(_admin(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)'))


@pytest.fixture(scope="module", name="pg_url")
def pg_url_fixture() -> Iterator[str]:
    """A fresh database per test module."""
    yield from fresh_database()

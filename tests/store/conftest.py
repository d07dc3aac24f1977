"""Each store test runs against every store: the in-memory one (tests, `memory://`), a fresh
SQLite file, and a fresh PostgreSQL schema when TEST_DATABASE_URL points at a server (CI sets
it to the local PostgreSQL). `sql_target` is for what only the SQL stores have (migrations,
SQLite's pragmas)."""

from __future__ import annotations

import asyncio
import os
import secrets
from collections.abc import Iterator
from pathlib import Path

import pytest
from sqlalchemy import text

from laundermat.rooms.records import StoreLike
from laundermat.store import Store
from laundermat.store.engine import make_engine
from laundermat.store.memory import MemoryStore

BACKENDS = ["sqlite"] + (["postgresql"] if os.environ.get("TEST_DATABASE_URL") else [])
# A memory store "reopened" is the same object, as a database file reopened is the same data.
_MEMORY: dict[str, MemoryStore] = {}


@pytest.fixture(params=["memory", *BACKENDS])
def store_target(
    request: pytest.FixtureRequest, tmp_path: Path
) -> Iterator[tuple[str, str | None]]:
    if request.param == "memory":
        url = f"memory://{secrets.token_hex(6)}"
        _MEMORY[url] = MemoryStore()
        yield url, None
        del _MEMORY[url]
        return
    yield from _sql(request.param, tmp_path)


@pytest.fixture(params=BACKENDS)
def sql_target(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[tuple[str, str | None]]:
    yield from _sql(request.param, tmp_path)


def _sql(backend: str, tmp_path: Path) -> Iterator[tuple[str, str | None]]:
    if backend == "sqlite":
        yield f"sqlite:///{tmp_path / 'store.db'}", None
        return
    url = os.environ["TEST_DATABASE_URL"]
    schema = f"t_{secrets.token_hex(6)}"
    yield url, schema

    async def drop() -> None:
        engine = make_engine(url)
        async with engine.begin() as conn:
            await conn.execute(text(f'DROP SCHEMA IF EXISTS "{schema}" CASCADE'))
        await engine.dispose()

    asyncio.run(drop())


async def open_store(target: tuple[str, str | None]) -> StoreLike:
    url, schema = target
    if url.startswith("memory://"):
        return _MEMORY[url]
    return await Store.open(url, schema)

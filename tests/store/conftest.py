"""Each store test gets a fresh database: a SQLite file, and a PostgreSQL schema when
TEST_DATABASE_URL points at a server (CI sets it to the local PostgreSQL)."""

from __future__ import annotations

import asyncio
import os
import secrets
from collections.abc import Iterator
from pathlib import Path

import pytest
from sqlalchemy import text

from laundermat.store import Store
from laundermat.store.engine import make_engine

BACKENDS = ["sqlite"] + (["postgresql"] if os.environ.get("TEST_DATABASE_URL") else [])


@pytest.fixture(params=BACKENDS)
def store_target(
    request: pytest.FixtureRequest, tmp_path: Path
) -> Iterator[tuple[str, str | None]]:
    if request.param == "sqlite":
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


async def open_store(target: tuple[str, str | None]) -> Store:
    url, schema = target
    return await Store.open(url, schema)

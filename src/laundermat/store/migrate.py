"""Apply the alembic migrations (`alembic upgrade head`) from code, as the server does on start."""

from __future__ import annotations

import asyncio
from pathlib import Path

from alembic import command
from alembic.config import Config


def alembic_dir() -> Path:
    """alembic/ at the top of the repository (or of the working directory in a container)."""
    candidates = [Path(__file__).resolve().parents[3] / "alembic", Path.cwd() / "alembic"]
    for candidate in candidates:
        if (candidate / "env.py").is_file():
            return candidate
    raise FileNotFoundError("alembic/ with the migrations was not found")


def alembic_config(url: str, schema: str | None = None) -> Config:
    config = Config()
    config.set_main_option("script_location", str(alembic_dir()))
    config.set_main_option("sqlalchemy.url", url.replace("%", "%%"))
    if schema:
        config.attributes["schema"] = schema
    return config


def upgrade(url: str, schema: str | None = None) -> None:
    command.upgrade(alembic_config(url, schema), "head")


# pg_advisory_lock key: replicas started together (`--scale app=3`) migrate one at a time.
MIGRATION_LOCK = 0x4C4D4D47  # "LMMG"


async def upgrade_async(url: str, schema: str | None = None) -> None:
    # alembic's async env.py starts its own event loop, so it runs in a worker thread.
    if not url.startswith("postgresql"):
        await asyncio.to_thread(upgrade, url, schema)
        return
    from sqlalchemy import text

    from .engine import make_engine

    # The lock is held by this session while the migration runs on alembic's own connection;
    # the next replica then finds the schema at head and has nothing to do.
    engine = make_engine(url)
    try:
        async with engine.connect() as conn:
            await conn.execute(text("SELECT pg_advisory_lock(:key)"), {"key": MIGRATION_LOCK})
            try:
                await asyncio.to_thread(upgrade, url, schema)
            finally:
                await conn.execute(text("SELECT pg_advisory_unlock(:key)"), {"key": MIGRATION_LOCK})
    finally:
        await engine.dispose()


async def wait_and_upgrade(url: str, wait_seconds: float) -> None:
    """Wait for the database to accept connections, then migrate (the container's first step)."""
    from sqlalchemy import text

    from .engine import make_engine, normalise_url

    url = normalise_url(url)
    deadline = asyncio.get_running_loop().time() + wait_seconds
    while True:
        engine = make_engine(url)
        try:
            async with engine.connect() as conn:
                await conn.execute(text("SELECT 1"))
            break
        except Exception as exc:  # any connection failure: retry until the deadline
            if asyncio.get_running_loop().time() >= deadline:
                raise SystemExit(
                    f"database not reachable after {wait_seconds:.0f} s: {exc}"
                ) from exc
            await asyncio.sleep(1)
        finally:
            await engine.dispose()
    await upgrade_async(url)

"""Creating the SQLAlchemy async engine: SQLite (WAL) by default, PostgreSQL via asyncpg."""

from __future__ import annotations

from typing import Any

from sqlalchemy import event
from sqlalchemy.ext.asyncio import AsyncEngine, create_async_engine


def normalise_url(url: str) -> str:
    """Accept the usual spellings (postgres://, postgresql://, sqlite://) for async drivers."""
    if url.startswith("postgres://"):
        url = "postgresql://" + url[len("postgres://") :]
    if url.startswith("postgresql://"):
        url = "postgresql+asyncpg://" + url[len("postgresql://") :]
    if url.startswith("sqlite://") and not url.startswith("sqlite+aiosqlite://"):
        url = "sqlite+aiosqlite://" + url[len("sqlite://") :]
    return url


SQLITE_SYNCHRONOUS = ("normal", "full")
WAL_SIZE_LIMIT = 16 * 1024 * 1024  # bytes a checkpointed SQLite WAL is cut back to


def make_engine(
    url: str,
    schema: str | None = None,
    *,
    sqlite_synchronous: str = "normal",
    busy_timeout_ms: int = 5000,
) -> AsyncEngine:
    url = normalise_url(url)
    kwargs: dict[str, Any] = {}
    if url.startswith("postgresql"):
        kwargs["pool_size"] = 5
        kwargs["max_overflow"] = 5
        kwargs["pool_pre_ping"] = True
        kwargs["pool_timeout"] = 10  # no connection to be had: unavailable, not a hang
        # A database that stops answering must fail the command, not stall its room forever.
        connect_args: dict[str, Any] = {"timeout": 5, "command_timeout": 10}
        if schema:
            connect_args["server_settings"] = {"search_path": schema}
        kwargs["connect_args"] = connect_args
    engine = create_async_engine(url, **kwargs)
    if url.startswith("sqlite"):
        if sqlite_synchronous not in SQLITE_SYNCHRONOUS:
            raise ValueError(f"sqlite_synchronous must be one of {SQLITE_SYNCHRONOUS}")

        def pragmas(dbapi_connection: Any, _record: Any) -> None:
            # WAL lets readers run beside the writer. synchronous=NORMAL survives a process
            # crash but not a power loss, and makes per-command commits affordable; FULL
            # also survives a power loss at the cost of an fsync per commit.
            cursor = dbapi_connection.cursor()
            cursor.execute("PRAGMA journal_mode=WAL")
            cursor.execute(f"PRAGMA synchronous={sqlite_synchronous.upper()}")
            cursor.execute(f"PRAGMA busy_timeout={int(busy_timeout_ms)}")
            cursor.execute("PRAGMA foreign_keys=ON")
            # A checkpoint truncates the WAL back to this: a retention sweep's deletes grow it
            # to the size of what they deleted, and without a limit it stays that big.
            cursor.execute(f"PRAGMA journal_size_limit={WAL_SIZE_LIMIT}")
            cursor.close()

        event.listen(engine.sync_engine, "connect", pragmas)
    return engine

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


def make_engine(url: str, schema: str | None = None) -> AsyncEngine:
    url = normalise_url(url)
    kwargs: dict[str, Any] = {}
    if url.startswith("postgresql"):
        kwargs["pool_size"] = 5
        kwargs["max_overflow"] = 5
        kwargs["pool_pre_ping"] = True
        if schema:
            kwargs["connect_args"] = {"server_settings": {"search_path": schema}}
    engine = create_async_engine(url, **kwargs)
    if url.startswith("sqlite"):
        event.listen(engine.sync_engine, "connect", _sqlite_pragmas)
    return engine


def _sqlite_pragmas(dbapi_connection: Any, _record: Any) -> None:
    # WAL lets readers run beside the writer; synchronous=NORMAL survives a process crash
    # (not a power loss) and is what makes per-command commits affordable (docs/operations.md).
    cursor = dbapi_connection.cursor()
    cursor.execute("PRAGMA journal_mode=WAL")
    cursor.execute("PRAGMA synchronous=NORMAL")
    cursor.execute("PRAGMA busy_timeout=5000")
    cursor.execute("PRAGMA foreign_keys=ON")
    cursor.close()

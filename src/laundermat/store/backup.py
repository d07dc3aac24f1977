"""`laundermat backup FILE`: a consistent copy of a live SQLite database.

SQLite's online backup API (`sqlite3.Connection.backup`) copies the database page by page
while the server goes on writing: what it copies is one consistent state, the WAL's committed
transactions included, which a copy of the file alone would miss. The copy is written beside
its target and renamed into place once whole, so a failed backup never leaves half a file
under the name. A PostgreSQL database is backed up with `pg_dump` (docs/operations.md).
"""

from __future__ import annotations

import os
import sqlite3
from contextlib import closing
from pathlib import Path

from sqlalchemy.engine import make_url

from .engine import normalise_url

PAGES_PER_STEP = 1024  # the server's writers get the lock between steps
BUSY_MS = 5000


class BackupError(Exception):
    """What stopped the backup, as a sentence for the operator."""


def sqlite_file(database_url: str) -> Path:
    """The file behind a SQLite URL; BackupError for any other database."""
    url = make_url(normalise_url(database_url))
    if url.get_backend_name() != "sqlite":
        raise BackupError(
            f"{url.get_backend_name()} is backed up with its own tools: for PostgreSQL, "
            "pg_dump (docs/operations.md, 'Backing up and restoring')"
        )
    if not url.database or url.database == ":memory:":
        raise BackupError("an in-memory database has nothing to back up")
    return Path(url.database)


def backup_sqlite(database_url: str, target: Path) -> int:
    """Copy the live database at `database_url` to `target` (which must not exist); returns
    the number of pages copied."""
    source = sqlite_file(database_url)
    if not source.is_file():
        raise BackupError(f"no database at {source}")
    if target.exists():
        raise BackupError(f"{target} exists: choose a new file")
    partial = target.with_name(f".{target.name}.partial")
    partial.unlink(missing_ok=True)
    try:
        with (
            closing(sqlite3.connect(source)) as src,
            closing(sqlite3.connect(partial)) as dst,
        ):
            src.execute(f"PRAGMA busy_timeout = {BUSY_MS}")
            src.backup(dst, pages=PAGES_PER_STEP)
            pages = int(dst.execute("PRAGMA page_count").fetchone()[0])
            dst.execute("PRAGMA journal_mode = DELETE")  # one self-contained file
        os.replace(partial, target)
    except sqlite3.Error as exc:
        partial.unlink(missing_ok=True)
        raise BackupError(f"the backup failed: {exc}") from exc
    return pages

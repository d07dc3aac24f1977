"""SQLite's command-log fast path: each group commit runs whole in aiosqlite's thread.

One thread hop per batch and no per-statement SQLAlchemy work (most of the server's time per
command went there, docs/benchmarks.md). The write lock is never held across turns of the
event loop, so a stalled loop cannot make other writers time out. JSON is encoded as the
JSON column would store it, so every other query reads these rows as usual. Driver errors
propagate raw; the store's guard (guard.py) says what they mean.
"""

from __future__ import annotations

import sqlite3
from typing import Any

import orjson
from sqlalchemy.ext.asyncio import AsyncConnection, AsyncEngine


class SqliteCommandLog:
    def __init__(self, engine: AsyncEngine) -> None:
        self.engine = engine
        self._conn: AsyncConnection | None = None  # its own, kept out of the pool

    async def close(self) -> None:
        if self._conn is not None:
            conn, self._conn = self._conn, None
            await conn.close()

    async def write(
        self,
        rows: list[dict[str, Any]],
        timers: list[dict[str, Any]],
        finished: list[dict[str, Any]],
    ) -> None:
        """The commands, each game's deadline, and the results of games they finished."""
        commands = [
            (
                row["game_id"],
                row["seq"],
                orjson.dumps(row["command"]).decode(),
                row["player_id"],
                row["client_id"],
            )
            for row in rows
        ]
        deadlines = [(t["dl"], t["wid"], t["gid"]) for t in timers]
        results = [(orjson.dumps(f["res"]).decode(), f["at"], f["gid"]) for f in finished]
        if self._conn is None:
            self._conn = await self.engine.connect()
        try:
            driver = (await self._conn.get_raw_connection()).driver_connection
            assert driver is not None
            # aiosqlite runs any callable on its connection's thread through `_execute`.
            await driver._execute(_append, driver._conn, commands, deadlines, results)
        except BaseException:
            await self.close()  # a fresh connection next time
            raise


def _append(
    db: sqlite3.Connection,
    commands: list[tuple[Any, ...]],
    deadlines: list[tuple[Any, ...]],
    results: list[tuple[Any, ...]],
) -> None:
    try:
        db.executemany(
            "INSERT INTO commands (game_id, seq, command, player_id, client_id)"
            " VALUES (?, ?, ?, ?, ?)",
            commands,
        )
        db.executemany("UPDATE games SET deadline_ms = ?, window_id = ? WHERE id = ?", deadlines)
        db.executemany(
            "UPDATE games SET result = ?, finished = 1, finished_ms = ?, deadline_ms = NULL"
            " WHERE id = ?",
            results,
        )
        db.commit()
    except BaseException:
        db.rollback()
        raise

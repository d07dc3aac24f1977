"""SQLite's command-log fast path: each group commit runs whole, in one call, with no
per-statement SQLAlchemy work (most of the server's time per command went there,
docs/benchmarks.md). The write lock is never held across turns of the event loop, so a
stalled loop cannot make other writers time out. JSON is encoded as the JSON column would
store it, so every other query reads these rows as usual. Driver errors propagate raw; the
store's guard (guard.py) says what they mean.

Where the batch runs. In aiosqlite's thread, the sqlite3 module gives up the GIL around
every statement step and the commit, and takes it back after each: at 1,000 rooms each of
those waits for the busy event loop's switch interval, so a batch of a few hundred
microseconds of SQLite took many milliseconds (py-spy, docs/benchmarks.md "issue 12"). With
synchronous=NORMAL a commit in WAL mode does not fsync, so the batch runs inline, on the
event loop's thread, on a connection of its own that never waits for the lock
(busy_timeout=0) and never checkpoints: a batch that finds the lock taken by another writer,
every `CHECKPOINT_EVERY`-th batch (the thread's connection checkpoints the WAL as it
commits) and every batch under synchronous=FULL (an fsync per commit) go to the thread as
before.
"""

from __future__ import annotations

import sqlite3
from typing import Any

from sqlalchemy.ext.asyncio import AsyncConnection, AsyncEngine

from ..rooms.records import CommandWrite
from .rows import json_text, last_of_each_game, now_ms, state_text

CHECKPOINT_EVERY = 256  # inline batches between two that go to the thread to checkpoint
INLINE = True  # benchmarks/gil_bench.py turns it off to measure the thread alone


class SqliteCommandLog:
    def __init__(self, engine: AsyncEngine) -> None:
        self.engine = engine
        self._conn: AsyncConnection | None = None  # its own, kept out of the pool
        self._inline: sqlite3.Connection | None = None  # on the loop's thread (see above)
        self._inline_checked = False
        self._batches = 0
        self.inline_batches = 0  # figures for benchmarks: batches written on the loop
        self.thread_batches = 0

    async def close(self) -> None:
        if self._inline is not None:
            inline, self._inline = self._inline, None
            inline.close()
        if self._conn is not None:
            conn, self._conn = self._conn, None
            await conn.close()

    async def write(self, writes: list[CommandWrite]) -> None:
        """The commands, each game's deadline, the results of games they finished and the
        snapshots saved with them."""
        await self._run(_append, *_encode(writes))

    def write_now(self, writes: list[CommandWrite]) -> bool:
        """`write`, inline and at once (no turn of the loop) if it can be: True once it is
        committed. False when it would go to the thread, or failed (rolled back, nothing
        written): the caller then takes the usual path, which says why."""
        try:
            return self._inline_turn(_append, *_encode(writes))
        except Exception:
            return False

    async def _run(self, work: Any, *args: Any) -> None:
        """`work(connection, *args)` inline if it can be, else in the thread (see above)."""
        if not self._inline_checked:
            await self._open_inline()
        if self._inline_turn(work, *args):
            return
        self._batches += 1
        await self._in_thread(work, *args)
        self.thread_batches += 1

    def _inline_turn(self, work: Any, *args: Any) -> bool:
        """`work` on the inline connection, unless there is none or this batch is the
        checkpoint's: True once committed, False when it must go to the thread (another
        writer holds the lock: wait for it there). Other errors propagate, rolled back."""
        inline = self._inline
        if inline is None or (self._batches + 1) % CHECKPOINT_EVERY == 0:
            return False
        try:
            work(inline, *args)
        except sqlite3.OperationalError as exc:
            if "locked" not in str(exc) and "busy" not in str(exc):
                raise
            return False
        self._batches += 1
        self.inline_batches += 1
        return True

    async def _in_thread(self, work: Any, *args: Any) -> Any:
        if self._conn is None:
            self._conn = await self.engine.connect()
        try:
            driver = (await self._conn.get_raw_connection()).driver_connection
            assert driver is not None
            # aiosqlite runs any callable on its connection's thread through `_execute`.
            return await driver._execute(work, driver._conn, *args)
        except BaseException:
            if self._conn is not None:
                conn, self._conn = self._conn, None
                await conn.close()  # a fresh connection next time
            raise

    async def _open_inline(self) -> None:
        """The inline connection, if the database is a file in synchronous=NORMAL."""
        path, synchronous = await self._in_thread(_settings)
        self._inline_checked = True
        if not path or synchronous > 1 or not INLINE:  # in memory, or FULL: fsync per commit
            return
        inline = sqlite3.connect(path, timeout=0)
        inline.execute("PRAGMA synchronous=NORMAL")
        inline.execute("PRAGMA foreign_keys=ON")
        inline.execute("PRAGMA wal_autocheckpoint=0")  # the thread's connection does it
        self._inline = inline


def _settings(db: sqlite3.Connection) -> tuple[str, int]:
    """The main database's file ('' in memory) and its synchronous level (1 NORMAL, 2 FULL)."""
    path = next((row[2] for row in db.execute("PRAGMA database_list") if row[1] == "main"), "")
    synchronous = int(db.execute("PRAGMA synchronous").fetchone()[0])
    journal = str(db.execute("PRAGMA journal_mode").fetchone()[0])
    return (path if journal == "wal" else ""), synchronous


def _encode(writes: list[CommandWrite]) -> tuple[list[tuple[Any, ...]], ...]:
    """The statements' parameters: commands, deadlines, results, snapshots (see _append)."""
    commands = [(w.game_id, w.seq, json_text(w.command), w.player_id, w.client_id) for w in writes]
    deadlines = [(w.deadline_ms, w.window_id, w.game_id) for w in last_of_each_game(writes)]
    results = [(json_text(w.result), now_ms(), w.game_id) for w in writes if w.result is not None]
    states = [(w.seq, state_text(w.snapshot), w.game_id) for w in writes if w.snapshot is not None]
    return commands, deadlines, results, states


def _append(
    db: sqlite3.Connection,
    commands: list[tuple[Any, ...]],
    deadlines: list[tuple[Any, ...]],
    results: list[tuple[Any, ...]],
    states: list[tuple[Any, ...]],
) -> None:
    try:
        db.executemany(
            "INSERT INTO commands (game_id, seq, command, player_id, client_id)"
            " VALUES (?, ?, ?, ?, ?)",
            commands,
        )
        # Most commands leave their window, and so the deadline, as it was. Rewriting the row
        # anyway would rewrite the game's snapshot with it (tens of KiB late in a game): the
        # check reads only columns stored before the snapshot (docs/benchmarks.md).
        db.executemany(
            "UPDATE games SET deadline_ms = ?1, window_id = ?2"
            " WHERE id = ?3 AND (deadline_ms IS NOT ?1 OR window_id IS NOT ?2)",
            deadlines,
        )
        db.executemany(
            "UPDATE games SET result = ?, finished = 1, finished_ms = ?, deadline_ms = NULL"
            " WHERE id = ?",
            results,
        )
        db.executemany("UPDATE games SET snapshot_seq = ?, snapshot = ? WHERE id = ?", states)
        db.commit()
    except BaseException:
        db.rollback()
        raise

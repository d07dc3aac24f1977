"""SQLite's group commit on the event loop's thread (store/sqlite_log.py): under
synchronous=NORMAL a batch is written inline and is durable when `append_command` returns
(another connection reads it); a batch that finds the write lock taken goes to the thread,
waits the lock out and lands; under synchronous=FULL every batch goes to the thread."""

from __future__ import annotations

import asyncio
import sqlite3
import threading
from pathlib import Path
from typing import Literal

from sqlalchemy import select, text
from sqlalchemy.ext.asyncio import AsyncConnection

from laundermat.store import CommandWrite, Store
from laundermat.store.tables import games

from ..waits import until_async
from .test_durability import _hold_write_lock
from .test_store import run, start


class _Turn(asyncio.Lock):
    """The store's write turn, telling when a writer waits for it while another holds it."""

    def __init__(self) -> None:
        super().__init__()
        self.waited = asyncio.Event()

    async def acquire(self) -> Literal[True]:
        if self.locked():
            self.waited.set()
        return await super().acquire()


def _noted_turn(store: Store) -> _Turn:
    turn = store._write_turn = _Turn()
    return turn


def _commands(path: Path, game_id: int) -> list[int]:
    with sqlite3.connect(path) as db:  # another connection: what is durable in the file
        rows = db.execute("SELECT seq FROM commands WHERE game_id = ? ORDER BY seq", (game_id,))
        return [seq for (seq,) in rows]


def test_a_batch_is_written_inline_and_durable_when_it_returns(tmp_path: Path) -> None:
    path = tmp_path / "inline.db"

    async def go() -> None:
        store = await Store.open(f"sqlite:///{path}")
        try:
            game_id = await start(store, "ABCDE", 1, ["p1", "p2", "p3"], {})
            await asyncio.gather(
                *(
                    store.append_command(CommandWrite(game_id, seq, {"type": "timeout"}, 9, seq))
                    for seq in (1, 2, 3)
                )
            )
            assert _commands(path, game_id) == [1, 2, 3]
            log = store._sqlite_log
            assert log is not None and log.inline_batches >= 1 and log.thread_batches == 0
        finally:
            await store.close()

    run(go())


def test_a_batch_that_finds_the_lock_taken_waits_in_the_thread(tmp_path: Path) -> None:
    path = tmp_path / "locked.db"

    async def go() -> None:
        store = await Store.open(f"sqlite:///{path}", busy_timeout_ms=2000)
        try:
            game_id = await start(store, "ABCDE", 1, ["p1", "p2", "p3"], {})
            await store.append_command(
                CommandWrite(game_id, 1, {"type": "timeout"}, None, None)
            )  # inline
            log = store._sqlite_log
            assert log is not None
            locked, release = threading.Event(), threading.Event()
            hold = (path, locked, release, None)  # held until the batch has gone to the thread
            holder = threading.Thread(target=_hold_write_lock, args=hold)
            holder.start()
            await asyncio.to_thread(locked.wait)
            appending = asyncio.create_task(
                store.append_command(CommandWrite(game_id, 2, {"type": "timeout"}, None, None))
            )
            try:
                await until_async(lambda: log._batches == 2, "the batch sent to the thread")
            finally:
                release.set()
                await asyncio.to_thread(holder.join)
            await appending
            assert _commands(path, game_id) == [1, 2]
            assert log.inline_batches == 1 and log.thread_batches == 1
        finally:
            await store.close()

    run(go())


def test_synchronous_full_never_writes_inline(tmp_path: Path) -> None:
    path = tmp_path / "full.db"

    async def go() -> None:
        store = await Store.open(f"sqlite:///{path}", sqlite_synchronous="full")
        try:
            game_id = await start(store, "ABCDE", 1, ["p1", "p2", "p3"], {})
            await store.append_command(CommandWrite(game_id, 1, {"type": "timeout"}, None, None))
            assert _commands(path, game_id) == [1]
            log = store._sqlite_log
            assert log is not None and log.inline_batches == 0 and log.thread_batches == 1
        finally:
            await store.close()

    run(go())


def test_our_own_writers_take_turns_instead_of_meeting_the_lock(tmp_path: Path) -> None:
    """A room's save holds SQLite's write lock across turns of the loop; a group commit that
    comes meanwhile waits its turn and then runs inline, never in SQLite's busy handler
    (whose sleeps of up to 100 ms outlast the holder: docs/benchmarks.md)."""
    path = tmp_path / "turns.db"

    async def go() -> None:
        store = await Store.open(f"sqlite:///{path}")
        try:
            game_id = await start(store, "ABCDE", 1, ["p1", "p2", "p3"], {})
            turn = _noted_turn(store)
            inside, release = asyncio.Event(), asyncio.Event()

            async def slow_save(conn: AsyncConnection) -> None:
                await conn.execute(
                    text("UPDATE games SET window_id = 7 WHERE id = :id"), {"id": game_id}
                )
                inside.set()
                await release.wait()  # the lock is held across turns of the loop

            saving = asyncio.create_task(store._transaction(slow_save))
            await inside.wait()
            appending = asyncio.create_task(
                store.append_command(CommandWrite(game_id, 1, {"type": "timeout"}, None, None))
            )
            await asyncio.wait_for(turn.waited.wait(), 10)
            assert not appending.done()  # waiting for its turn, not writing
            release.set()
            await saving
            await appending
            assert _commands(path, game_id) == [1]
            log = store._sqlite_log
            assert log is not None and log.thread_batches == 0 and log.inline_batches == 1
        finally:
            await store.close()

    run(go())


def test_a_snapshot_goes_inline_with_its_command_and_reads_back_as_json_would(
    tmp_path: Path,
) -> None:
    path = tmp_path / "snapshot.db"
    state = {"seq": 3, "players": [{"wallet": [1, 2]}], "by_seat": {0: "a", 1: "b"}}

    async def go() -> None:
        store = await Store.open(f"sqlite:///{path}")
        try:
            game_id = await start(store, "ABCDE", 1, ["p1", "p2", "p3"], {})
            await store.append_command(
                CommandWrite(game_id, 3, {"type": "x"}, None, None, snapshot=state)
            )
            log = store._sqlite_log
            assert log is not None and log.thread_batches == 0 and log.inline_batches == 1
            async with store.engine.connect() as conn:  # SQLAlchemy's JSON column reads it
                row = (
                    await conn.execute(
                        select(games.c.snapshot_seq, games.c.snapshot).where(games.c.id == game_id)
                    )
                ).one()
            # As json.dumps would have stored it: an int key becomes a string.
            assert row == (
                3,
                {"seq": 3, "players": [{"wallet": [1, 2]}], "by_seat": {"0": "a", "1": "b"}},
            )
        finally:
            await store.close()

    run(go())


def test_a_lone_command_commits_without_a_turn_of_the_loop(tmp_path: Path) -> None:
    """Nothing else being written, `append_command` commits inline and returns without
    suspending: a busy loop would make each suspension cost the command a whole turn. The
    next command in the same turn, and any while another write holds the lock, queue for the
    group commit as before."""
    path = tmp_path / "now.db"

    async def go() -> None:
        store = await Store.open(f"sqlite:///{path}")
        try:
            game_id = await start(store, "ABCDE", 1, ["p1", "p2", "p3"], {})
            await store.append_command(
                CommandWrite(game_id, 1, {"type": "timeout"}, None, None)
            )  # opens it
            lone = store.append_command(CommandWrite(game_id, 2, {"type": "timeout"}, 5, 2))
            try:
                lone.send(None)  # runs to its first suspension, if it has one
            except StopIteration:
                pass  # it returned: committed without yielding to the loop
            else:
                raise AssertionError("append_command suspended")
            assert _commands(path, game_id) == [1, 2]
            # A second command in the same turn (a burst) waits for the group commit.
            burst = store.append_command(CommandWrite(game_id, 3, {"type": "timeout"}, 6, 3))
            burst.send(None)  # suspends: StopIteration here would fail the test
            burst.close()  # its caller goes away; the command is queued and still lands
            await until_async(lambda: _commands(path, game_id) == [1, 2, 3], "command 3 lands")

            turn = _noted_turn(store)
            async with turn:  # another write of ours is under way
                queued = asyncio.create_task(
                    store.append_command(CommandWrite(game_id, 4, {"type": "timeout"}, None, None))
                )
                await asyncio.wait_for(turn.waited.wait(), 10)
                assert not queued.done() and _commands(path, game_id) == [1, 2, 3]
            await queued
            assert _commands(path, game_id) == [1, 2, 3, 4]
        finally:
            await store.close()

    run(go())


def _timer(path: Path, game_id: int) -> tuple[int | None, int | None]:
    with sqlite3.connect(path) as db:
        row = db.execute("SELECT deadline_ms, window_id FROM games WHERE id = ?", (game_id,))
        found = row.fetchone()
        return found[0], found[1]


def test_a_command_that_keeps_its_window_leaves_the_game_row_alone(tmp_path: Path) -> None:
    """The game's row holds its snapshot: a command whose deadline and window are the ones
    stored does not rewrite it, and one that changes either does."""
    path = tmp_path / "timer.db"

    async def go() -> None:
        store = await Store.open(f"sqlite:///{path}")
        try:
            game_id = await start(store, "ABCDE", 1, ["p1", "p2", "p3"], {})
            await store.append_command(CommandWrite(game_id, 1, {"type": "timeout"}, 9, 1))
            log = store._sqlite_log
            assert log is not None and log._inline is not None
            steps = [(9, 1, False), (9, 1, False), (None, 1, True), (None, 2, True), (7, 2, True)]
            for seq, (deadline, window, rewrites) in enumerate(steps, start=2):
                before = log._inline.total_changes
                await asyncio.sleep(0)  # one inline commit a turn
                await store.append_command(
                    CommandWrite(game_id, seq, {"type": "timeout"}, deadline, window)
                )
                # the command's row, and the game's only when its timer changed
                assert log._inline.total_changes - before == (2 if rewrites else 1)
                assert _timer(path, game_id) == (deadline, window)
            assert _commands(path, game_id) == list(range(1, 7))
        finally:
            await store.close()

    run(go())

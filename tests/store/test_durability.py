"""What the store guarantees across a crash, on SQLite and PostgreSQL: a game starts with its
seats in one transaction, finishes with its last command, and refuses a command id it has
already logged; a lock is waited out, and what cannot be written is `StoreUnavailable`."""

from __future__ import annotations

import asyncio
import sqlite3
import threading
from pathlib import Path

import pytest

from laundermat.rooms.records import DuplicateCommand, StoreUnavailable
from laundermat.store import CommandWrite, Store

from .conftest import open_store
from .test_store import room, run, start


def test_a_game_starts_with_its_seats_in_one_transaction(store_target) -> None:
    async def go() -> None:
        store = await open_store(store_target)
        try:
            lobby = room()
            await store.save_room(lobby)
            seated = room(status="playing")
            seated.game_number = 2
            for seat, p in enumerate(seated.players):
                p.seat = seat
            game_id = await store.start_game(seated, 7, ["p1", "p2", "p3"], 5_000, 1)
            [live] = await store.load_live_rooms()
            # One commit: the room that says "playing" knows every seat of the game it plays.
            assert live.room == seated
            assert live.game is not None and live.game.game_id == game_id
            assert (live.game.deadline_ms, live.game.window_id) == (5_000, 1)
        finally:
            await store.close()

    run(go())


def test_the_last_command_finishes_the_game_in_the_same_commit(store_target) -> None:
    async def go() -> None:
        store = await open_store(store_target)
        try:
            game_id = await start(store, "ABCDE", 1, ["p1", "p2", "p3"], {})
            outcome = {"winners": [1], "winner_names": ["Name 2"]}
            await store.append_command(
                CommandWrite(game_id, 1, {"type": "timeout", "window": 1}, 9, 2, result=outcome)
            )
            [summary] = await store.history()
            assert summary.game_id == game_id and summary.winners == ["Name 2"]
            record = await store.game_record(game_id)
            assert record is not None and record.finished and record.result == outcome
            [live] = await store.load_live_rooms()
            assert live.game is not None and live.game.finished
            assert live.game.deadline_ms is None  # a finished game has no timer to resume
        finally:
            await store.close()

    run(go())


def test_a_logged_command_id_is_refused_and_its_neighbours_land(store_target) -> None:
    async def go() -> None:
        store = await open_store(store_target)
        try:
            game_id = await start(store, "ABCDE", 1, ["p1", "p2", "p3"], {})
            first = {"type": "timeout", "window": 1, "client_id": "c1"}
            await store.append_command(
                CommandWrite(game_id, 1, first, None, None, player_id="p1", client_id="c1")
            )
            outcomes = await asyncio.gather(
                # The same player's id again (a retry memory forgot): refused by the key.
                store.append_command(
                    CommandWrite(
                        game_id, 2, {"type": "timeout"}, None, None, player_id="p1", client_id="c1"
                    )
                ),
                # Another player may use the same id; ids are per player.
                store.append_command(
                    CommandWrite(
                        game_id, 3, {"type": "timeout"}, None, None, player_id="p2", client_id="c1"
                    )
                ),
                return_exceptions=True,
            )
            assert isinstance(outcomes[0], DuplicateCommand)
            assert outcomes[1] is None
            [live] = await store.load_live_rooms()
            assert live.game is not None and [s for s, _ in live.game.commands] == [1, 3]
            assert live.answered == [("p1", "c1"), ("p2", "c1")]
        finally:
            await store.close()

    run(go())


def test_command_ids_of_every_game_of_the_room_are_restored(store_target) -> None:
    """Whatever the snapshot interval and across a rematch: the log, not memory, answers."""

    async def go() -> None:
        store = await open_store(store_target)
        try:
            first = await start(store, "ABCDE", 1, ["p1", "p2", "p3"], {})
            for seq in (1, 2):
                snapshot = {"anything": True} if seq == 2 else None
                await store.append_command(
                    CommandWrite(
                        first,
                        seq,
                        {"type": "x"},
                        None,
                        None,
                        player_id="p1",
                        client_id=f"a{seq}",
                        snapshot=snapshot,
                    )
                )
            second = await start(store, "ABCDE", 2, ["p1", "p2", "p3"], {})
            await store.append_command(
                CommandWrite(second, 1, {"type": "x"}, None, None, player_id="p2", client_id="b1")
            )
            [live] = await store.load_live_rooms()
            assert live.answered == [("p1", "a1"), ("p1", "a2"), ("p2", "b1")]
        finally:
            await store.close()

    run(go())


def _hold_write_lock(
    path: Path, locked: threading.Event, release: threading.Event, hold_s: float
) -> None:
    db = sqlite3.connect(path, timeout=0)
    db.execute("BEGIN IMMEDIATE")  # the write lock, as another writer would hold it
    locked.set()
    release.wait(hold_s)
    db.rollback()
    db.close()


# Waited out: a duration, the lock let go while the store still waits within its budget.
# Reported: held until the writes have answered, however long the budget takes to run out.
@pytest.mark.parametrize("hold_s, budget_s", [(0.6, 5.0), (None, 0.3)])
def test_a_sqlite_lock_is_waited_out_or_reported_unavailable(
    tmp_path: Path, hold_s: float | None, budget_s: float
) -> None:
    """busy_timeout is cut to 50 ms, so without the retry every write under the lock would
    fail with 'database is locked'."""
    path = tmp_path / "locked.db"

    async def go() -> None:
        store = await Store.open(f"sqlite:///{path}", busy_timeout_ms=50, lock_budget_s=budget_s)
        try:
            game_id = await start(store, "ABCDE", 1, ["p1", "p2", "p3"], {})
            locked, release = threading.Event(), threading.Event()
            hold = (path, locked, release, hold_s or 30)
            holder = threading.Thread(target=_hold_write_lock, args=hold)
            holder.start()
            await asyncio.to_thread(locked.wait)
            try:
                writes = await asyncio.gather(
                    store.append_command(CommandWrite(game_id, 1, {"type": "timeout"}, None, None)),
                    store.save_room(room(status="playing")),
                    return_exceptions=True,
                )
            finally:
                if hold_s is None:
                    release.set()
                await asyncio.to_thread(holder.join)
            [live] = await store.load_live_rooms()
            assert live.game is not None
            if hold_s is not None:  # waited out: both writes landed
                assert writes == [None, None]
                assert [s for s, _ in live.game.commands] == [1]
            else:  # past the budget: reported, and nothing was written
                assert all(isinstance(w, StoreUnavailable) for w in writes), writes
                assert live.game.commands == []
        finally:
            await store.close()

    run(go())


def test_sqlite_synchronous_full_is_offered(tmp_path: Path) -> None:
    async def go() -> None:
        store = await Store.open(f"sqlite:///{tmp_path / 'full.db'}", sqlite_synchronous="full")
        try:
            async with store.engine.connect() as conn:
                level = (await conn.exec_driver_sql("PRAGMA synchronous")).scalar()
            assert level == 2  # FULL
        finally:
            await store.close()

    run(go())


def test_a_checkpoint_cuts_the_wal_back(tmp_path: Path) -> None:
    """An outside soak audit: a retention sweep's deletes grew the WAL to the size of what
    they deleted (28 MB), and it stayed that size. A checkpoint now truncates it."""
    from laundermat.store.engine import WAL_SIZE_LIMIT

    async def go() -> None:
        path = tmp_path / "wal.db"
        store = await Store.open(f"sqlite:///{path}")
        try:
            async with store.engine.begin() as conn:
                await conn.exec_driver_sql("CREATE TABLE filler (blob BLOB)")
                for _ in range(24):  # 24 MiB through the WAL, more than the limit
                    await conn.exec_driver_sql("INSERT INTO filler VALUES (randomblob(1048576))")
            async with store.engine.connect() as conn:
                await conn.exec_driver_sql("DELETE FROM filler")
                await conn.commit()
                await conn.exec_driver_sql("PRAGMA wal_checkpoint(PASSIVE)")
                # The next write starts the WAL over, and cuts the file back to the limit.
                await conn.exec_driver_sql("INSERT INTO filler VALUES (x'00')")
                await conn.commit()
            wal = path.with_name(path.name + "-wal")
            assert wal.stat().st_size <= WAL_SIZE_LIMIT
        finally:
            await store.close()

    run(go())


def test_migration_0002_backfills_command_ids(sql_target) -> None:
    """A database written before command ids had columns keeps recognising retries."""
    from alembic import command
    from sqlalchemy import text

    from laundermat.store.engine import make_engine, normalise_url
    from laundermat.store.migrate import alembic_config

    url, schema = sql_target
    url = normalise_url(url)

    async def go() -> None:
        engine = make_engine(url, schema)
        if schema:
            async with engine.begin() as conn:
                await conn.execute(text(f'CREATE SCHEMA IF NOT EXISTS "{schema}"'))
        await asyncio.to_thread(command.upgrade, alembic_config(url, schema), "0001")
        players = '[{"player_id": "p1", "name": "A", "token_hash": "x", "seat": 1, "joined_ms": 1}]'
        async with engine.begin() as conn:
            await conn.execute(
                text(
                    "INSERT INTO rooms (code, status, settings, host, players, game_number,"
                    " created_ms, updated_ms, closed) VALUES ('ABCDE', 'playing', '{}', 'p1',"
                    " :players, 1, 1, 1, false)"
                ),
                {"players": players},
            )
            await conn.execute(
                text(
                    "INSERT INTO games (id, room_code, game_number, seed, player_ids, names,"
                    " settings, snapshot_seq, finished, started_ms) VALUES (1, 'ABCDE', 1, 5,"
                    " '[\"p1\"]', '[\"A\"]', '{}', 0, false, 1)"
                )
            )
            await conn.execute(
                text(
                    "INSERT INTO commands (game_id, seq, command) VALUES"
                    ' (1, 1, \'{"type": "select", "seat": 1, "card": 3, "client_id": "c9"}\'),'
                    ' (1, 2, \'{"type": "timeout", "window": 1}\')'
                )
            )
        await engine.dispose()
        store = await Store.open(url, schema)  # migrates to head
        try:
            [live] = await store.load_live_rooms()
            assert live.answered == [("p1", "c9")]
        finally:
            await store.close()

    run(go())


def test_a_snapshot_rides_with_its_command_in_one_commit(store_target) -> None:
    """The state saved with command N is the snapshot as of N; a command the log refuses
    (its seq taken) leaves the snapshot where it was."""

    async def go() -> None:
        store = await open_store(store_target)
        try:
            game_id = await start(store, "SNAPS", 1, ["p1", "p2", "p3"], {})
            for seq in (1, 2, 3):
                state = {"seq": seq, "cards": [seq] * 3} if seq == 2 else None
                await store.append_command(
                    CommandWrite(game_id, seq, {"type": "x"}, None, None, snapshot=state)
                )
            [live] = await store.load_live_rooms()
            assert live.game is not None
            assert (live.game.snapshot_seq, live.game.snapshot) == (2, {"seq": 2, "cards": [2] * 3})
            assert [seq for seq, _ in live.game.commands] == [3]
            with pytest.raises(Exception):  # noqa: B017 - each store names it its own way
                await store.append_command(
                    CommandWrite(game_id, 3, {"type": "y"}, None, None, snapshot={"seq": 99})
                )
            [live] = await store.load_live_rooms()
            assert live.game is not None and live.game.snapshot_seq == 2
            assert live.game.snapshot == {"seq": 2, "cards": [2] * 3}
        finally:
            await store.close()

    run(go())

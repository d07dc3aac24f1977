"""The persistence adapter: rooms, games, and each game's append-only command log.

A game is its seed, its players, its settings and its commands (the engine replays it
exactly); snapshots only shorten the replay. `append_command` returns once the command is
committed, so the room acks and pushes only what a restart would restore.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Awaitable, Callable
from typing import Any, TypeVar

from sqlalchemy import insert, text, update
from sqlalchemy.ext.asyncio import AsyncConnection, AsyncEngine

from ..rooms.records import (
    CommandWrite,
    Fence,
    Fenced,
    GameRecord,
    GameSummary,
    LiveRoom,
    LoggedCommand,
    RoomRecord,
    SeqTaken,
    StoreUnavailable,
)
from . import audit, history
from .claims import ClusterQueries
from .engine import make_engine, normalise_url
from .fencing import check_fence, held_fences
from .guard import guarded
from .loading import commands_after, live_rooms
from .migrate import upgrade_async
from .pg_log import PgCommandLog
from .rows import PendingCommand, delete_closed_rooms, delete_finished, now_ms, write_log
from .rows import upsert_room as _upsert_room
from .sqlite_log import SqliteCommandLog
from .tables import games, rooms

T = TypeVar("T")


class Store(ClusterQueries):
    def __init__(self, engine: AsyncEngine, lock_budget_s: float = 10.0) -> None:
        self.engine = engine
        # How long a write waits out SQLite's lock before it is reported unavailable.
        self.lock_budget_s = lock_budget_s
        # Group commit: commands that arrive while a transaction is being written wait for
        # the next one, so many rooms share one commit and each caller still awaits its own.
        self._pending: list[PendingCommand] = []
        self._writer: asyncio.Task[None] | None = None
        self._wrote_now = False  # a command was committed at once in this turn of the loop
        # SQLite has one writer at a time. Our own writers take turns on this lock, so none
        # of them meets the file's lock held by another: SQLite's busy handler would sleep
        # 1, 2, 5 ... 100 ms between tries, long after the holder let go (a snapshot or room
        # save made a waiting group commit, and every room in it, late by up to 100 ms).
        # Another process's writer still meets the busy handler.
        self._write_turn = asyncio.Lock() if engine.dialect.name == "sqlite" else None
        # SQLite: the command log's hot path talks to the driver directly (sqlite_log.py)
        # on a connection of its own, kept out of the pool between batches.
        self._sqlite_log = SqliteCommandLog(engine) if engine.dialect.name == "sqlite" else None
        # PostgreSQL: a group commit is one statement on a connection of its own (pg_log.py).
        self._pg_log = PgCommandLog(engine) if engine.dialect.name == "postgresql" else None

    @classmethod
    async def open(
        cls,
        url: str,
        schema: str | None = None,
        *,
        sqlite_synchronous: str = "normal",
        busy_timeout_ms: int = 5000,
        lock_budget_s: float = 10.0,
    ) -> Store:
        """Connect and apply the migrations. `schema` (PostgreSQL only) isolates test runs."""
        url = normalise_url(url)
        engine = make_engine(
            url, schema, sqlite_synchronous=sqlite_synchronous, busy_timeout_ms=busy_timeout_ms
        )
        if schema and url.startswith("postgresql"):
            async with engine.begin() as conn:
                await conn.execute(text(f'CREATE SCHEMA IF NOT EXISTS "{schema}"'))
        await upgrade_async(url, schema)
        return cls(engine, lock_budget_s)

    async def _transaction(
        self, work: Callable[[AsyncConnection], Awaitable[T]], fence: Fence | None = None
    ) -> T:
        """One write transaction, its driver errors translated (see guard.py). With a fence
        (cluster mode) it begins by locking the room's row on its token: Fenced otherwise."""

        async def attempt() -> T:
            async with self._writing(), self.engine.begin() as conn:
                if fence is not None:
                    await check_fence(conn, fence)
                return await work(conn)

        return await guarded(attempt, self.lock_budget_s)

    def _writing(self) -> contextlib.AbstractAsyncContextManager[object]:
        """This process's turn to write (SQLite; nothing to wait for elsewhere)."""
        return self._write_turn or contextlib.nullcontext()

    async def close(self) -> None:
        if self._writer is not None:
            await asyncio.shield(self._writer)
        if self._sqlite_log is not None:
            await self._sqlite_log.close()
        if self._pg_log is not None:
            await self._pg_log.close()
        await self.engine.dispose()

    # ------------------------------------------------------------------ rooms

    async def save_room(self, room: RoomRecord, *, fence: Fence | None = None) -> None:
        await self._transaction(lambda conn: _upsert_room(conn, room), fence)

    async def close_room(self, code: str, *, fence: Fence | None = None) -> None:
        await self._transaction(
            lambda conn: conn.execute(
                update(rooms).where(rooms.c.code == code).values(closed=True, updated_ms=now_ms())
            ),
            fence,
        )

    # ------------------------------------------------------------------ games

    async def start_game(
        self,
        room: RoomRecord,
        seed: int,
        player_ids: list[str],
        deadline_ms: int | None,
        window_id: int | None,
        *,
        fence: Fence | None = None,
    ) -> int:
        """The new game and the room record that seats it commit together: a crash leaves
        either the old room or a started game whose every seat is known."""
        names_by_id = {p.player_id: p.name for p in room.players}

        async def work(conn: AsyncConnection) -> int:
            result = await conn.execute(
                insert(games)
                .values(
                    room_code=room.code,
                    game=room.game,
                    game_number=room.game_number,
                    seed=seed,
                    player_ids=player_ids,
                    names=[names_by_id.get(pid, pid) for pid in player_ids],
                    settings=room.settings,
                    snapshot_seq=0,
                    finished=False,
                    started_ms=now_ms(),
                    deadline_ms=deadline_ms,
                    window_id=window_id,
                    # The commitment this game's seed came from, revealed when it is over.
                    server_seed=(room.fairness or {}).get("server_seed"),
                    nonces=(room.fairness or {}).get("nonces"),
                )
                .returning(games.c.id)
            )
            game_id = int(result.scalar_one())
            await _upsert_room(conn, room)
            return game_id

        return await self._transaction(work, fence)

    async def append_command(self, write: CommandWrite, *, fence: Fence | None = None) -> None:
        """Durable when it returns; calls made while a commit is in flight share the next one.
        A `result` finishes the game in the same transaction as its last command; a
        `snapshot` is saved in it too (no second commit for a snapshot). A command
        whose fence is stale raises Fenced; its neighbours in the batch still commit."""
        if fence is None and self._write_now(write):
            return
        future: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        self._pending.append(PendingCommand(write, future, fence))
        if self._writer is None or self._writer.done():
            self._writer = asyncio.create_task(self._write_pending())
        await future

    def _write_now(self, write: CommandWrite) -> bool:
        """SQLite, nothing else being written: commit this command inline now. A busy loop
        takes a whole turn to resume a waiting caller (every ready room runs first), so the
        group commit's two waits (the writer task, then the caller's future) cost a command
        two turns, where a commit inline costs ~0.1 ms (docs/benchmarks.md)."""
        log, turn = self._sqlite_log, self._write_turn
        busy = self._pending or (self._writer is not None and not self._writer.done())
        if log is None or busy or self._wrote_now or (turn is not None and turn.locked()):
            return False
        if not log.write_now([write]):
            return False
        # One command a turn goes at once: the rest of a burst share the next group commit
        # (one commit each would cost a burst of 100 rooms ~5x the time: store_bench).
        self._wrote_now = True
        asyncio.get_running_loop().call_soon(self._next_turn)
        return True

    def _next_turn(self) -> None:
        self._wrote_now = False

    async def _write_pending(self) -> None:
        while self._pending:
            batch, self._pending = self._pending, []
            try:
                fenced = await self._write_guarded(batch)
            except Exception as exc:
                outage = isinstance(exc, StoreUnavailable) and not isinstance(exc, SeqTaken)
                if len(batch) == 1 or outage:
                    _settle(batch, exc)  # an outage fails the whole batch alike
                    continue
                # One bad row (a retried id, a taken seq) must not fail its neighbours.
                for item in batch:
                    try:
                        fenced = await self._write_guarded([item])
                    except Exception as one:
                        _settle([item], one)
                    else:
                        _settle_fenced([item], fenced)
            else:
                _settle_fenced(batch, fenced)

    async def _write_guarded(self, batch: list[PendingCommand]) -> set[Fence]:
        return await guarded(lambda: self._write(batch), self.lock_budget_s)

    async def _write(self, batch: list[PendingCommand]) -> set[Fence]:
        """Write the batch; returns the stale fences, whose commands were left out."""
        if self._pg_log is not None:
            return await self._pg_log.write(batch)
        fences = {p.fence for p in batch if p.fence is not None}
        if fences:
            return await self._write_fenced(batch, fences)
        async with self._writing():
            await self._write_rows(batch)
        return set()

    async def _write_fenced(self, batch: list[PendingCommand], fences: set[Fence]) -> set[Fence]:
        async with self.engine.begin() as conn:
            held = await held_fences(conn, fences)
            await self._write_rows([p for p in batch if p.fence is None or p.fence in held], conn)
        return fences - held

    async def _write_rows(
        self, batch: list[PendingCommand], conn: AsyncConnection | None = None
    ) -> None:
        if not batch:
            return
        writes = [pending.write for pending in batch]
        if conn is None and self._sqlite_log is not None:
            await self._sqlite_log.write(writes)
            return
        if conn is None:
            async with self.engine.begin() as own:
                await write_log(own, writes)
        else:
            await write_log(conn, writes)

    async def save_deadline(
        self,
        game_id: int,
        deadline_ms: int | None,
        window_id: int | None,
        *,
        fence: Fence | None = None,
    ) -> None:
        await self._transaction(
            lambda conn: conn.execute(
                update(games)
                .where(games.c.id == game_id)
                .values(deadline_ms=deadline_ms, window_id=window_id)
            ),
            fence,
        )

    async def finish_game(
        self, game_id: int, result: dict[str, Any], *, fence: Fence | None = None
    ) -> None:
        """`result` is kept as given; `winner_names` in it feeds the history listing. Games
        finish with their last command (append_command); this repairs older ones."""
        await self._transaction(
            lambda conn: conn.execute(
                update(games)
                .where(games.c.id == game_id)
                .values(result=result, finished=True, finished_ms=now_ms(), deadline_ms=None)
            ),
            fence,
        )

    # ------------------------------------------------------------------ restore

    async def load_live_rooms(self) -> list[LiveRoom]:
        async with self.engine.connect() as conn:
            return await live_rooms(conn)

    # ------------------------------------------------------------------ history

    async def delete_finished_games(self, before_ms: int) -> int:
        """Retention: finished games (and their logs) that ended before `before_ms` go."""
        return await self._transaction(lambda conn: delete_finished(conn, before_ms))

    async def delete_closed_rooms(self, before_ms: int) -> int:
        """Retention: closed rooms last changed before `before_ms` and named by no game."""
        return await self._transaction(lambda conn: delete_closed_rooms(conn, before_ms))

    async def ping(self) -> None:
        async def select_one() -> None:
            async with self.engine.connect() as conn:
                await conn.execute(text("SELECT 1"))

        await guarded(select_one, self.lock_budget_s)

    async def commands_after(self, game_id: int, seq: int) -> list[LoggedCommand]:
        where = (game_id, seq)
        return await guarded(lambda: self._read(commands_after, where), self.lock_budget_s)

    async def history(self, limit: int = 50) -> list[GameSummary]:
        return await guarded(lambda: self._read(history.finished_games, limit), self.lock_budget_s)

    async def game_record(self, game_id: int) -> GameRecord | None:
        return await guarded(lambda: self._read(history.game_record, game_id), self.lock_budget_s)

    # ------------------------------------------------------------------ the operator's

    async def record_admin_action(self, entry: audit.AdminAction) -> None:
        await self._transaction(lambda conn: audit.record(conn, entry))

    async def admin_actions(self, limit: int = 50) -> list[audit.AdminAction]:
        return await guarded(lambda: self._read(audit.newest, limit), self.lock_budget_s)

    async def _read(self, query: Callable[[AsyncConnection, Any], Awaitable[T]], arg: Any) -> T:
        async with self.engine.connect() as conn:
            return await query(conn, arg)


def _settle_fenced(batch: list[PendingCommand], stale: set[Fence]) -> None:
    for item in batch:
        fence = item.fence
        if fence is not None and fence in stale:
            _settle([item], Fenced(f"room {fence.code}: stale epoch"))
        else:
            _settle([item], None)


def _settle(batch: list[PendingCommand], error: BaseException | None) -> None:
    for item in batch:
        if item.future.done():
            continue
        if error is None:
            item.future.set_result(None)
        else:
            item.future.set_exception(error)

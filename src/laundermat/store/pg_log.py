"""PostgreSQL's command-log fast path: a group commit is one statement, one round trip.

Through SQLAlchemy a fenced group commit took eight round trips, each a turn of a busy event
loop: the pool's pre-ping (BEGIN, `;`, ROLLBACK), BEGIN, the fence rows locked, the commands
inserted, the games updated, COMMIT (docs/benchmarks.md). Here the batch is one statement
in autocommit, on a connection of the log's own kept out of the pool (so no pre-ping), and
its parts are data-modifying CTEs that see one snapshot and commit together:

- `held` locks, in code order, the rows of the rooms that still hold their fencing token,
  exactly as `fencing.held_fences` does (a stale token matches no row; a claim running at the
  same moment waits for this statement or makes it match nothing);
- `logged` inserts the commands whose fence is held (or that have none);
- `timed` updates each game once (PostgreSQL updates a row at most once per statement, so a
  game's deadline, snapshot and result are merged here first): its last deadline, its last
  snapshot, its result when one of its commands finished it.

The statement returns the held (code, epoch) pairs; the fences not among them are stale.
A failing statement (a retried client id, a lost connection) writes nothing, as a failed
transaction did; the log then drops its connection and the store's guard says what the
error means. Errors arrive as SQLAlchemy's, as through the pool.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from sqlalchemy.ext.asyncio import AsyncConnection, AsyncEngine

from ..rooms.records import Fence
from .rows import PendingCommand, json_text, now_ms, state_text

APPEND = """
WITH held AS (
    SELECT r.code, r.owner_epoch FROM rooms AS r
    JOIN unnest($1::text[], $2::bigint[]) AS f(code, epoch)
        ON r.code = f.code AND r.owner_epoch = f.epoch
    ORDER BY r.code
    FOR UPDATE OF r
), logged AS (
    INSERT INTO commands (game_id, seq, command, player_id, client_id)
    SELECT c.game_id, c.seq, c.command, c.player_id, c.client_id
    FROM unnest($3::text[], $4::bigint[], $5::int[], $6::int[], $7::jsonb[], $8::text[],
                $9::text[]) AS c(code, epoch, game_id, seq, command, player_id, client_id)
    WHERE c.code IS NULL OR (c.code, c.epoch) IN (SELECT code, owner_epoch FROM held)
    RETURNING 1
), timed AS (
    UPDATE games AS g SET
        deadline_ms = CASE WHEN t.finished THEN NULL ELSE t.deadline_ms END,
        window_id = t.window_id,
        snapshot_seq = COALESCE(t.snapshot_seq, g.snapshot_seq),
        snapshot = CASE WHEN t.snapshot_seq IS NULL THEN g.snapshot ELSE t.snapshot END,
        result = CASE WHEN t.finished THEN t.result ELSE g.result END,
        finished = g.finished OR t.finished,
        finished_ms = CASE WHEN t.finished THEN t.finished_ms ELSE g.finished_ms END
    FROM unnest($10::text[], $11::bigint[], $12::int[], $13::bigint[], $14::int[], $15::int[],
                $16::jsonb[], $17::bool[], $18::jsonb[], $19::bigint[])
        AS t(code, epoch, game_id, deadline_ms, window_id, snapshot_seq, snapshot, finished,
             result, finished_ms)
    WHERE g.id = t.game_id
        AND (t.code IS NULL OR (t.code, t.epoch) IN (SELECT code, owner_epoch FROM held))
    RETURNING 1
)
SELECT code, owner_epoch FROM held
"""


class PgCommandLog:
    def __init__(self, engine: AsyncEngine) -> None:
        self.engine = engine
        self._conn: AsyncConnection | None = None  # its own, autocommit, kept out of the pool

    async def close(self) -> None:
        if self._conn is not None:
            conn, self._conn = self._conn, None
            await conn.close()

    async def write(self, batch: list[PendingCommand]) -> set[Fence]:
        """Write the batch in one statement; returns the stale fences, whose commands (and
        their games' updates) were left out."""
        fences = {p.fence for p in batch if p.fence is not None}
        if self._conn is None:
            conn = await self.engine.connect()
            self._conn = await conn.execution_options(isolation_level="AUTOCOMMIT")
        conn = self._conn
        try:
            result = await conn.exec_driver_sql(APPEND, parameters(batch, fences))
            held: set[tuple[str, int]] = {(r.code, int(r.owner_epoch)) for r in result}
            await conn.commit()  # autocommit: ends SQLAlchemy's own bookkeeping, no round trip
        except BaseException:
            self._conn = None
            await conn.close()  # a fresh connection next time
            raise
        return {f for f in fences if (f.code, f.token) not in held}


def parameters(batch: list[PendingCommand], fences: set[Fence]) -> tuple[list[Any], ...]:
    """The statement's arrays, column by column (unnest takes them as rows): the fences
    ($1-$2), the commands ($3-$9), the games' updates ($10-$19)."""
    codes = [f.code for f in fences]
    epochs = [f.token for f in fences]
    commands = [_command_row(pending) for pending in batch]
    return (codes, epochs, *_columns(commands, 7), *_columns(_game_rows(batch), 10))


def _command_row(pending: PendingCommand) -> tuple[Any, ...]:
    write, (code, epoch) = pending.write, _code_and_epoch(pending.fence)
    command = json_text(write.command)
    return (code, epoch, write.game_id, write.seq, command, write.player_id, write.client_id)


def _code_and_epoch(fence: Fence | None) -> tuple[str | None, int | None]:
    """A row's fence as the statement matches it against `held` (NULLs: no fence)."""
    return (None, None) if fence is None else (fence.code, fence.token)


@dataclass(slots=True)
class _GameUpdate:
    """What a batch changes in one game's row (`timed` in APPEND)."""

    code: str | None
    epoch: int | None
    game_id: int
    deadline_ms: int | None = None
    window_id: int | None = None
    snapshot_seq: int | None = None
    snapshot: str | None = None
    finished: bool = False
    result: str | None = None
    finished_ms: int | None = None

    def row(self) -> tuple[Any, ...]:
        return (
            self.code,
            self.epoch,
            self.game_id,
            self.deadline_ms,
            self.window_id,
            self.snapshot_seq,
            self.snapshot,
            self.finished,
            self.result,
            self.finished_ms,
        )


def _game_rows(batch: list[PendingCommand]) -> list[tuple[Any, ...]]:
    """One update per game (and fence): its last deadline, its last snapshot, its result."""
    updates: dict[tuple[int, Fence | None], _GameUpdate] = {}
    for pending in batch:
        write, fence = pending.write, pending.fence
        game = updates.get((write.game_id, fence))
        if game is None:
            game = _GameUpdate(*_code_and_epoch(fence), write.game_id)
            updates[write.game_id, fence] = game
        game.deadline_ms, game.window_id = write.deadline_ms, write.window_id
        if write.snapshot is not None:
            game.snapshot_seq, game.snapshot = write.seq, state_text(write.snapshot)
        if write.result is not None:
            game.finished, game.result, game.finished_ms = True, json_text(write.result), now_ms()
    return [game.row() for game in updates.values()]


def _columns(rows: list[tuple[Any, ...]], width: int) -> list[list[Any]]:
    """Rows turned into columns: `width` lists, each one value from every row."""
    if not rows:
        return [[] for _ in range(width)]
    return [list(column) for column in zip(*rows, strict=True)]

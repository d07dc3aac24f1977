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
        fences = {f for _, _, _, f in batch if f is not None}
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
    """The statement's arrays, column by column (unnest takes them as rows)."""
    codes = [f.code for f in fences]
    epochs = [f.token for f in fences]
    commands: tuple[list[Any], ...] = tuple([] for _ in range(7))
    games: dict[tuple[int, Fence | None], list[Any]] = {}
    for row, timer, _, fence in batch:
        code, epoch = (None, None) if fence is None else (fence.code, fence.token)
        for column, value in zip(
            commands,
            (
                code,
                epoch,
                row["game_id"],
                row["seq"],
                json_text(row["command"]),
                row["player_id"],
                row["client_id"],
            ),
            strict=True,
        ):
            column.append(value)
        # code, epoch, id, deadline, window, snapshot seq, snapshot, finished, result, at
        blank = [code, epoch, timer["gid"], None, None, None, None, False, None, None]
        game = games.setdefault((timer["gid"], fence), blank)
        game[3], game[4] = timer["dl"], timer["wid"]  # the last deadline of each game wins
        if timer["snap"] is not None:
            game[5], game[6] = timer["snap"][0], state_text(timer["snap"][1])
        if timer["result"] is not None:
            game[7], game[8], game[9] = True, json_text(timer["result"]), now_ms()
    columns: tuple[list[Any], ...] = tuple([] for _ in range(10))
    for game in games.values():
        for column, value in zip(columns, game, strict=True):
            column.append(value)
    return (codes, epochs, *commands, *columns)

"""Fencing tokens (docs/scaling.md): the database, not Redis, decides who may write a room.

A replica claims a room by raising `rooms.owner_epoch` by one; the new value is its token.
Every write for the room then runs in one transaction that first locks the room's row on the
condition that it still holds that token: a stale owner matches no row, raises `Fenced` and
its transaction rolls back. Because the check takes the row lock, a claim running at the same
moment waits for the write to commit (the new owner then reads it) or commits first (the
write is then refused): there is no moment in which both can write.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

from sqlalchemy import insert, select, tuple_, update
from sqlalchemy.dialects.postgresql import insert as pg_insert
from sqlalchemy.ext.asyncio import AsyncConnection

from ..rooms.records import (
    CommandWrite,
    Fence,
    Fenced,
    GameRecord,
    GameSummary,
    LiveRoom,
    LoggedCommand,
    RoomRecord,
)
from .rows import room_values
from .tables import rooms


async def check_fence(conn: AsyncConnection, fence: Fence) -> None:
    """Lock the room's row if it still holds `fence.token`; else raise Fenced (the caller's
    transaction rolls back)."""
    done = await conn.execute(
        update(rooms)
        .where(rooms.c.code == fence.code, rooms.c.owner_epoch == fence.token)
        .values(owner_epoch=rooms.c.owner_epoch)
    )
    if done.rowcount != 1:
        raise Fenced(f"room {fence.code}: epoch {fence.token} is stale")


async def held_fences(conn: AsyncConnection, fences: Iterable[Fence]) -> set[Fence]:
    """Lock, in code order (so two batches never deadlock), the rows of every room that still
    holds its token; the fences returned are the ones that may write in this transaction."""
    wanted = {(f.code, f.token): f for f in fences}
    if not wanted:
        return set()
    rows = await conn.execute(
        select(rooms.c.code, rooms.c.owner_epoch)
        .where(tuple_(rooms.c.code, rooms.c.owner_epoch).in_(list(wanted)))
        .order_by(rooms.c.code)
        .with_for_update()
    )
    return {wanted[(r.code, r.owner_epoch)] for r in rows}


async def claim(conn: AsyncConnection, code: str) -> int | None:
    """The next epoch of a live room (this caller's token), or None: no live room has it."""
    done = await conn.execute(
        update(rooms)
        .where(rooms.c.code == code, rooms.c.closed.is_(False))
        .values(owner_epoch=rooms.c.owner_epoch + 1)
        .returning(rooms.c.owner_epoch)
    )
    token = done.scalar_one_or_none()
    return None if token is None else int(token)


async def claim_new(conn: AsyncConnection, record: RoomRecord) -> int | None:
    """A new room's row with its first token, or None when a live room has the code (another
    replica made it first: the creator picks another). A closed room's code is reused."""
    done = await conn.execute(
        update(rooms)
        .where(rooms.c.code == record.code, rooms.c.closed.is_(True))
        .values(owner_epoch=rooms.c.owner_epoch + 1, closed=False, **room_values(record))
        .returning(rooms.c.owner_epoch)
    )
    token = done.scalar_one_or_none()
    if token is not None:
        return int(token)
    values = {"code": record.code, "closed": False, "owner_epoch": 1, **room_values(record)}
    statement: Any
    if conn.dialect.name == "postgresql":
        statement = pg_insert(rooms).values(**values).on_conflict_do_nothing()
    else:  # SQLite: the same, spelled its way
        statement = insert(rooms).values(**values).prefix_with("OR IGNORE")
    inserted = await conn.execute(statement.returning(rooms.c.owner_epoch))
    token = inserted.scalar_one_or_none()
    return None if token is None else int(token)


class FencedStore:
    """One room's view of the store: every write carries the room's fence. `on_fenced` is
    told (once per refusal) so the owner drops the room at once; the error still reaches the
    caller, which treats it as "not written" (Fenced is a StoreUnavailable)."""

    def __init__(self, store: Any, fence: Fence, on_fenced: Callable[[Fence], None]) -> None:
        self.store = store
        self.fence = fence
        self.on_fenced = on_fenced

    async def _fenced(self, call: Any) -> Any:
        try:
            return await call
        except Fenced:
            self.on_fenced(self.fence)
            raise

    async def close(self) -> None:
        """The shared store outlives every room."""

    async def save_room(self, room: RoomRecord) -> None:
        await self._fenced(self.store.save_room(room, fence=self.fence))

    async def start_game(
        self,
        room: RoomRecord,
        seed: int,
        player_ids: list[str],
        deadline_ms: int | None,
        window_id: int | None,
    ) -> int:
        call = self.store.start_game(
            room, seed, player_ids, deadline_ms, window_id, fence=self.fence
        )
        return int(await self._fenced(call))

    async def append_command(self, write: CommandWrite) -> None:
        await self._fenced(self.store.append_command(write, fence=self.fence))

    async def ping(self) -> None:
        await self.store.ping()

    async def commands_after(self, game_id: int, seq: int) -> list[LoggedCommand]:
        return list(await self.store.commands_after(game_id, seq))  # a read: no fence

    async def save_deadline(
        self, game_id: int, deadline_ms: int | None, window_id: int | None
    ) -> None:
        await self._fenced(
            self.store.save_deadline(game_id, deadline_ms, window_id, fence=self.fence)
        )

    async def finish_game(self, game_id: int, result: dict[str, Any]) -> None:
        await self._fenced(self.store.finish_game(game_id, result, fence=self.fence))

    async def close_room(self, code: str) -> None:
        await self._fenced(self.store.close_room(code, fence=self.fence))

    async def load_live_rooms(self) -> list[LiveRoom]:
        return list(await self.store.load_live_rooms())

    async def delete_finished_games(self, before_ms: int) -> int:
        return int(await self.store.delete_finished_games(before_ms))

    async def delete_closed_rooms(self, before_ms: int) -> int:
        return int(await self.store.delete_closed_rooms(before_ms))

    async def history(self, limit: int = 50) -> list[GameSummary]:
        return list(await self.store.history(limit))

    async def game_record(self, game_id: int) -> GameRecord | None:
        record: GameRecord | None = await self.store.game_record(game_id)
        return record

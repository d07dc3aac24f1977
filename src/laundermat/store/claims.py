"""What a replica asks of the store in cluster mode (docs/scaling.md): claim a room (its new
fencing token), create one whose code no live room has, read one room back, list the live
codes, and check a token. `Store` inherits these; a single process never calls them."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import TypeVar

from sqlalchemy import select, update
from sqlalchemy.ext.asyncio import AsyncConnection, AsyncEngine

from ..rooms.records import Fence, LiveRoom, RoomRecord
from . import fencing
from .guard import guarded
from .loading import live_rooms_by_code, one_live_room
from .tables import rooms

T = TypeVar("T")


class ClusterQueries:
    engine: AsyncEngine
    lock_budget_s: float

    async def _transaction(
        self, work: Callable[[AsyncConnection], Awaitable[T]], fence: Fence | None = None
    ) -> T:
        raise NotImplementedError

    async def load_room(self, code: str) -> LiveRoom | None:
        """One live room (a replica taking it over reads it after its claim)."""

        async def read() -> LiveRoom | None:
            async with self.engine.connect() as conn:
                return await one_live_room(conn, code)

        return await guarded(read, self.lock_budget_s)

    async def is_live(self, code: str) -> bool:
        """Whether a live room has `code`: one indexed read, no transaction (a replica asks
        before it claims, so a guessed code costs no lease and no write)."""

        async def read() -> bool:
            async with self.engine.connect() as conn:
                found = await conn.execute(
                    select(rooms.c.code).where(rooms.c.code == code, rooms.c.closed.is_(False))
                )
                return found.first() is not None

        return await guarded(read, self.lock_budget_s)

    async def claim(self, code: str) -> int | None:
        """A replica takes a live room: its new fencing token, or None (no live room)."""
        return await self._transaction(lambda conn: fencing.claim(conn, code))

    async def claim_many(self, codes: list[str]) -> dict[str, int]:
        """Take many live rooms at once (a dead replica's): {code: its new token}. The rows
        are locked in code order first, as the group commit locks them: no deadlock."""

        async def work(conn: AsyncConnection) -> dict[str, int]:
            locked = await conn.execute(
                select(rooms.c.code)
                .where(rooms.c.code.in_(codes), rooms.c.closed.is_(False))
                .order_by(rooms.c.code)
                .with_for_update()
            )
            live = [r.code for r in locked]
            if not live:
                return {}
            done = await conn.execute(
                update(rooms)
                .where(rooms.c.code.in_(live))
                .values(owner_epoch=rooms.c.owner_epoch + 1)
                .returning(rooms.c.code, rooms.c.owner_epoch)
            )
            return {r.code: int(r.owner_epoch) for r in done}

        return await self._transaction(work)

    async def load_rooms(self, codes: list[str]) -> list[LiveRoom]:
        """Live rooms, a batch of queries for them all (closed ones left out)."""

        async def read() -> list[LiveRoom]:
            async with self.engine.connect() as conn:
                return await live_rooms_by_code(conn, codes)

        return await guarded(read, self.lock_budget_s)

    async def claim_new(self, record: RoomRecord) -> int | None:
        """A new room's row and its first token; None when a live room has the code."""
        return await self._transaction(lambda conn: fencing.claim_new(conn, record))

    async def live_codes(self) -> list[str]:
        async def read() -> list[str]:
            async with self.engine.connect() as conn:
                rows = await conn.execute(select(rooms.c.code).where(rooms.c.closed.is_(False)))
                return [r.code for r in rows]

        return await guarded(read, self.lock_budget_s)

    async def holds(self, fence: Fence) -> bool:
        """Whether the room's row still holds this token."""
        return fence in await self.held([fence])

    async def held(self, fences: list[Fence]) -> set[Fence]:
        """The fences whose rooms still hold their tokens (a lease taken again after Redis
        forgot it is kept only if so): one transaction for them all."""

        async def check(conn: AsyncConnection) -> set[Fence]:
            return await fencing.held_fences(conn, fences)

        return await self._transaction(check)

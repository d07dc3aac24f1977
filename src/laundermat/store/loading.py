"""Reading a live room back: its record, its current game (snapshot + later commands, the
open window's deadline) and every client id its logs answered. Used by a restart
(`Store.load_live_rooms`) and by a replica taking one room over (cluster/)."""

from __future__ import annotations

from typing import Any

from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncConnection

from ..rooms.records import LiveGame, LiveRoom
from .rows import room_record
from .tables import commands, games, rooms


async def live_room(conn: AsyncConnection, row: Any) -> LiveRoom:
    room = room_record(row)
    game_row = (
        await conn.execute(
            select(games).where(games.c.room_code == room.code).order_by(games.c.id.desc()).limit(1)
        )
    ).first()
    game = None
    # The room's latest game if unfinished; if finished, only while it is still the room's
    # current game: a finished room keeps its final standings after a restart, until a
    # rematch.
    if game_row is not None and (not game_row.finished or game_row.game_number == room.game_number):
        g = game_row._mapping
        cmd_rows = (
            await conn.execute(
                select(commands.c.seq, commands.c.command)
                .where(commands.c.game_id == g["id"], commands.c.seq > g["snapshot_seq"])
                .order_by(commands.c.seq)
            )
        ).all()
        game = LiveGame(
            game_id=g["id"],
            seed=g["seed"],
            player_ids=list(g["player_ids"]),
            settings=dict(g["settings"]),
            snapshot_seq=g["snapshot_seq"],
            snapshot=g["snapshot"],
            commands=[(r.seq, r.command) for r in cmd_rows],
            deadline_ms=g["deadline_ms"],
            window_id=g["window_id"],
            finished=bool(g["finished"]),
            server_seed=g["server_seed"],
            nonces=g["nonces"],
        )
    answered = (
        await conn.execute(
            select(commands.c.player_id, commands.c.client_id)
            .join(games, games.c.id == commands.c.game_id)
            .where(
                games.c.room_code == room.code,
                commands.c.client_id.is_not(None),
                commands.c.player_id.is_not(None),
            )
            .order_by(commands.c.game_id, commands.c.seq)
        )
    ).all()
    return LiveRoom(room, game, [(r.player_id, r.client_id) for r in answered])


async def live_rooms(conn: AsyncConnection) -> list[LiveRoom]:
    rows = (await conn.execute(select(rooms).where(rooms.c.closed.is_(False)))).all()
    return [await live_room(conn, row._mapping) for row in rows]


async def one_live_room(conn: AsyncConnection, code: str) -> LiveRoom | None:
    row = (
        await conn.execute(select(rooms).where(rooms.c.code == code, rooms.c.closed.is_(False)))
    ).first()
    return None if row is None else await live_room(conn, row._mapping)

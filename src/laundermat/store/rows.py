"""Room records to and from their table row."""

from __future__ import annotations

import dataclasses
from typing import Any

from sqlalchemy import insert, update
from sqlalchemy.ext.asyncio import AsyncConnection

from ..rooms.records import PlayerRecord, RoomRecord
from .tables import rooms


async def upsert_room(conn: AsyncConnection, room: RoomRecord) -> None:
    values = {
        "game": room.game,
        "status": room.status,
        "settings": room.settings,
        "host": room.host,
        "players": [dataclasses.asdict(p) for p in room.players],
        "game_number": room.game_number,
        "created_ms": room.created_ms,
        "updated_ms": room.updated_ms,
        "fairness": room.fairness,
        "options": room.options,
    }
    done = await conn.execute(update(rooms).where(rooms.c.code == room.code).values(**values))
    if done.rowcount == 0:
        await conn.execute(insert(rooms).values(code=room.code, closed=False, **values))


def room_record(row: Any) -> RoomRecord:
    return RoomRecord(
        code=row["code"],
        status=row["status"],
        settings=dict(row["settings"]),
        host=row["host"],
        players=[PlayerRecord(**p) for p in row["players"]],
        game_number=row["game_number"],
        created_ms=row["created_ms"],
        updated_ms=row["updated_ms"],
        game=row["game"],
        fairness=row["fairness"],
        options=row["options"],
    )

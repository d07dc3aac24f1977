"""Rows: room records to and from their table, the command log's rows as both fast paths
(sqlite_log.py, pg_log.py) encode them, and deleting finished games."""

from __future__ import annotations

import asyncio
import dataclasses
import time
from typing import Any, NamedTuple

import orjson
from sqlalchemy import bindparam, delete, insert, select, update
from sqlalchemy.ext.asyncio import AsyncConnection

from ..rooms.records import BarRecord, CommandWrite, Fence, PlayerRecord, RoomRecord
from .tables import commands, games, rooms


class PendingCommand(NamedTuple):
    """A command waiting for the group commit (store.py). A NamedTuple: see CommandWrite."""

    write: CommandWrite
    future: asyncio.Future[None]  # its caller awaits it: settled once the batch is written
    fence: Fence | None  # its room's fencing token (None outside a cluster)


def last_of_each_game(writes: list[CommandWrite]) -> list[CommandWrite]:
    """Each game's last write in the batch, which sets the game's deadline."""
    return list({write.game_id: write for write in writes}.values())


def now_ms() -> int:
    return int(time.time() * 1000)


def json_text(value: Any) -> str:
    """A JSON column's text, for the fast paths that bypass SQLAlchemy's serializer."""
    return orjson.dumps(value).decode()


def state_text(state: dict[str, Any]) -> str:
    # Keys as the JSON column writes them (json.dumps turns an int key into a string).
    return orjson.dumps(state, option=orjson.OPT_NON_STR_KEYS).decode()


def room_values(room: RoomRecord) -> dict[str, Any]:
    return {
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
        "lobby_answers": [list(pair) for pair in room.lobby_answers],
        "barred": [dataclasses.asdict(b) for b in room.barred],
    }


async def upsert_room(conn: AsyncConnection, room: RoomRecord) -> None:
    values = room_values(room)
    done = await conn.execute(update(rooms).where(rooms.c.code == room.code).values(**values))
    if done.rowcount == 0:
        await conn.execute(insert(rooms).values(code=room.code, closed=False, **values))


_PLAYER_FIELDS = frozenset(f.name for f in dataclasses.fields(PlayerRecord))


_BAR_FIELDS = frozenset(f.name for f in dataclasses.fields(BarRecord))


def _player(saved: dict[str, Any]) -> PlayerRecord:
    # Keys this version does not know are dropped: a row written by a newer replica (a
    # rolling upgrade, or a rollback) still loads.
    return PlayerRecord(**{k: v for k, v in saved.items() if k in _PLAYER_FIELDS})


def _bar(saved: dict[str, Any]) -> BarRecord:
    return BarRecord(**{k: v for k, v in saved.items() if k in _BAR_FIELDS})  # as _player


def room_record(row: Any) -> RoomRecord:
    return RoomRecord(
        code=row["code"],
        status=row["status"],
        settings=dict(row["settings"]),
        host=row["host"],
        players=[_player(p) for p in row["players"]],
        game_number=row["game_number"],
        created_ms=row["created_ms"],
        updated_ms=row["updated_ms"],
        game=row["game"],
        fairness=row["fairness"],
        options=row["options"],
        lobby_answers=[(str(p), str(i)) for p, i in row["lobby_answers"] or []],
        barred=[_bar(b) for b in row["barred"] or []],  # NULL: a row from before 0008
    )


async def delete_finished(conn: AsyncConnection, before_ms: int) -> int:
    """Finished games that ended before `before_ms`, and their command logs; and games left
    unfinished in a room closed before then, which nothing will ever play or replay (else
    they, and their rooms' rows, are kept for good)."""
    closed_room = select(rooms.c.code).where(
        rooms.c.code == games.c.room_code, rooms.c.closed, rooms.c.updated_ms < before_ms
    )
    old = (games.c.finished.is_(True) & (games.c.finished_ms < before_ms)) | (
        games.c.finished.is_(False) & closed_room.exists()
    )
    ids = select(games.c.id).where(old).scalar_subquery()
    await conn.execute(delete(commands).where(commands.c.game_id.in_(ids)))
    done = await conn.execute(delete(games).where(old))
    return int(done.rowcount or 0)


async def delete_closed_rooms(conn: AsyncConnection, before_ms: int) -> int:
    """Closed rooms last changed before `before_ms` that no game still names: a room's row
    would outlive it for ever (2.2 KB a room, 28,800 rooms a day from one address at the
    creation limit)."""
    named = select(games.c.id).where(games.c.room_code == rooms.c.code).exists()
    done = await conn.execute(
        delete(rooms).where(rooms.c.closed, rooms.c.updated_ms < before_ms, ~named)
    )
    return int(done.rowcount or 0)


async def write_log(conn: AsyncConnection, writes: list[CommandWrite]) -> None:
    """Commands, each game's new deadline, the games they finished and the snapshots saved
    with them (one transaction)."""
    await conn.execute(
        insert(commands),
        [
            {
                "game_id": w.game_id,
                "seq": w.seq,
                "command": w.command,
                "player_id": w.player_id,
                "client_id": w.client_id,
            }
            for w in writes
        ],
    )
    await conn.execute(
        update(games)
        .where(games.c.id == bindparam("gid"))
        .values(deadline_ms=bindparam("dl"), window_id=bindparam("wid")),
        [
            {"gid": w.game_id, "dl": w.deadline_ms, "wid": w.window_id}
            for w in last_of_each_game(writes)
        ],
    )
    snapshots = [
        {"gid": w.game_id, "sseq": w.seq, "snap": w.snapshot}
        for w in writes
        if w.snapshot is not None
    ]
    if snapshots:
        await conn.execute(
            update(games)
            .where(games.c.id == bindparam("gid"))
            .values(snapshot_seq=bindparam("sseq"), snapshot=bindparam("snap")),
            snapshots,
        )
    finished = [
        {"gid": w.game_id, "res": w.result, "at": now_ms()} for w in writes if w.result is not None
    ]
    if finished:
        await conn.execute(
            update(games)
            .where(games.c.id == bindparam("gid"))
            .values(
                result=bindparam("res"),
                finished=True,
                finished_ms=bindparam("at"),
                deadline_ms=None,
            ),
            finished,
        )

"""Reading live rooms back: each room's record, its current game (snapshot + later commands,
the open window's deadline) and every client id its logs answered. Used by a restart
(`Store.load_live_rooms`) and by a replica taking rooms over (cluster/). Rooms are read in
batches, five queries per batch whatever its size: a replica taking a dead one's hundreds
of rooms over must not pay a round trip per room per table."""

from __future__ import annotations

from collections import defaultdict
from typing import Any

from sqlalchemy import func, select
from sqlalchemy.ext.asyncio import AsyncConnection

from ..rooms.records import FinishedSeed, LiveGame, LiveRoom, LoggedCommand
from .rows import room_record
from .tables import commands, games, rooms

BATCH = 100  # rooms per batch of queries


async def live_rooms_of(conn: AsyncConnection, room_rows: list[Any]) -> list[LiveRoom]:
    """The live state of these rooms (rows of `rooms`), in their order."""
    records = [room_record(row) for row in room_rows]
    codes = [r.code for r in records]
    if not codes:
        return []
    latest_ids = (
        select(func.max(games.c.id)).where(games.c.room_code.in_(codes)).group_by(games.c.room_code)
    )
    latest = {
        row.room_code: row._mapping
        for row in await conn.execute(select(games).where(games.c.id.in_(latest_ids)))
    }
    # The room's latest game while it is the one its record seats (a finished room keeps its
    # final standings after a restart, until a rematch). A game and the record that seats it
    # commit together, so a latest game of another number is a start whose commit answer was
    # lost: the room went back to its lobby and has written its record since, so that game
    # never was played (it would come back after a restart as a game nobody started).
    current = {
        r.code: latest[r.code]
        for r in records
        if r.code in latest and latest[r.code]["game_number"] == r.game_number
    }
    logs: dict[int, list[tuple[int, dict[str, Any]]]] = defaultdict(list)
    if current:
        rows = await conn.execute(
            select(commands.c.game_id, commands.c.seq, commands.c.command)
            .join(games, games.c.id == commands.c.game_id)
            .where(
                commands.c.game_id.in_([g["id"] for g in current.values()]),
                commands.c.seq > games.c.snapshot_seq,
            )
            .order_by(commands.c.game_id, commands.c.seq)
        )
        for row in rows:
            logs[row.game_id].append((row.seq, row.command))
    revealed = await _last_finished(conn, codes)
    answered: dict[str, list[tuple[str, str]]] = defaultdict(list)
    rows = await conn.execute(
        select(games.c.room_code, commands.c.player_id, commands.c.client_id)
        .join(games, games.c.id == commands.c.game_id)
        .where(
            games.c.room_code.in_(codes),
            commands.c.client_id.is_not(None),
            commands.c.player_id.is_not(None),
        )
        .order_by(commands.c.game_id, commands.c.seq)
    )
    for row in rows:
        answered[row.room_code].append((row.player_id, row.client_id))
    return [
        LiveRoom(
            record,
            _live_game(current.get(record.code), logs),
            answered[record.code],
            revealed.get(record.code),
        )
        for record in records
    ]


async def _last_finished(conn: AsyncConnection, codes: list[str]) -> dict[str, FinishedSeed]:
    """Each room's last finished game with a committed seed (games before commitments have
    none)."""
    last = (
        select(func.max(games.c.id))
        .where(
            games.c.room_code.in_(codes),
            games.c.finished.is_(True),
            games.c.server_seed.is_not(None),
        )
        .group_by(games.c.room_code)
    )
    rows = await conn.execute(
        select(games.c.room_code, games.c.id, games.c.server_seed, games.c.nonces).where(
            games.c.id.in_(last)
        )
    )
    return {
        row.room_code: FinishedSeed(row.id, row.server_seed, dict(row.nonces or {})) for row in rows
    }


def _live_game(g: Any, logs: dict[int, list[tuple[int, dict[str, Any]]]]) -> LiveGame | None:
    if g is None:
        return None
    return LiveGame(
        game_id=g["id"],
        seed=g["seed"],
        player_ids=list(g["player_ids"]),
        settings=dict(g["settings"]),
        snapshot_seq=g["snapshot_seq"],
        snapshot=g["snapshot"],
        commands=logs.get(g["id"], []),
        deadline_ms=g["deadline_ms"],
        window_id=g["window_id"],
        finished=bool(g["finished"]),
        server_seed=g["server_seed"],
        nonces=g["nonces"],
    )


async def live_rooms(conn: AsyncConnection) -> list[LiveRoom]:
    """Every live room (a restart)."""
    rows = (await conn.execute(select(rooms).where(rooms.c.closed.is_(False)))).all()
    found: list[LiveRoom] = []
    for start in range(0, len(rows), BATCH):
        found += await live_rooms_of(conn, [r._mapping for r in rows[start : start + BATCH]])
    return found


async def live_rooms_by_code(conn: AsyncConnection, codes: list[str]) -> list[LiveRoom]:
    """These rooms, those still live (a replica taking them over)."""
    found: list[LiveRoom] = []
    for start in range(0, len(codes), BATCH):
        chunk = codes[start : start + BATCH]
        rows = await conn.execute(
            select(rooms).where(rooms.c.code.in_(chunk), rooms.c.closed.is_(False))
        )
        found += await live_rooms_of(conn, [r._mapping for r in rows])
    return found


async def one_live_room(conn: AsyncConnection, code: str) -> LiveRoom | None:
    found = await live_rooms_by_code(conn, [code])
    return found[0] if found else None


async def commands_after(conn: AsyncConnection, where: tuple[int, int]) -> list[LoggedCommand]:
    """A game's logged commands past a seq, in order (`StoreLike.commands_after`)."""
    game_id, seq = where
    rows = await conn.execute(
        select(commands.c.seq, commands.c.command, commands.c.player_id, commands.c.client_id)
        .where(commands.c.game_id == game_id, commands.c.seq > seq)
        .order_by(commands.c.seq)
    )
    return [LoggedCommand(r.seq, r.command, r.player_id, r.client_id) for r in rows]

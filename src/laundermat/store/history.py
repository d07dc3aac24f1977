"""Reading finished games back: the history listing and one game's whole record (its replay
and `laundermat verify` start from it)."""

from __future__ import annotations

from typing import Any

from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncConnection

from ..rooms.records import GameRecord, GameSummary
from .tables import commands, games, rooms


async def finished_games(conn: AsyncConnection, limit: int) -> list[GameSummary]:
    """The most recently finished games first; a game's room code only once no open room
    has that code (`GameSummary.code`)."""
    # The listed columns only: a whole row carries the game's last snapshot (~16 KiB of JSON
    # decoded per game: 15 ms at 20 games, 160-290 ms at 200).
    listed = (
        games.c[name]
        for name in ("id", "room_code", "game_number", "names", "finished_ms", "result", "game")
    )
    placing = (games.c[name] for name in ("seed", "player_ids", "settings"))  # standings
    rows = (
        await conn.execute(
            select(*listed, *placing, _room_open())
            .where(games.c.finished.is_(True))
            .order_by(games.c.finished_ms.desc(), games.c.id.desc())
            .limit(limit)
        )
    ).all()
    return [
        GameSummary(
            game_id=r.id,
            code=None if r.room_open else r.room_code,
            game_number=r.game_number,
            player_names=list(r.names),
            finished_ms=r.finished_ms,
            winners=list((r.result or {}).get("winner_names", [])),
            game=r.game,
            result=r.result,
            seed=r.seed,
            player_ids=list(r.player_ids),
            settings=dict(r.settings),
        )
        for r in rows
    ]


def _room_open() -> Any:
    """Whether an open room has the game's room code, as the column `room_open`."""
    open_room = select(rooms.c.code).where(rooms.c.code == games.c.room_code, ~rooms.c.closed)
    return open_room.exists().label("room_open")


async def game_record(conn: AsyncConnection, game_id: int) -> GameRecord | None:
    row = (await conn.execute(select(games, _room_open()).where(games.c.id == game_id))).first()
    if row is None:
        return None
    cmd_rows = (
        await conn.execute(
            select(commands.c.command).where(commands.c.game_id == game_id).order_by(commands.c.seq)
        )
    ).all()
    g = row._mapping
    return GameRecord(
        game_id=g["id"],
        code=g["room_code"],
        seed=g["seed"],
        player_ids=list(g["player_ids"]),
        names=list(g["names"]),
        settings=dict(g["settings"]),
        commands=[r.command for r in cmd_rows],
        result=g["result"],
        finished=bool(g["finished"]),
        game=g["game"],
        server_seed=g["server_seed"],
        nonces=g["nonces"],
        room_open=bool(g["room_open"]),
        game_number=g["game_number"],
    )

"""The command log keeps who sent each command and its client id, unique per game and seat.

A retried command id must be recognised after a restart whatever the snapshot interval, so
the ids live in the log itself (not only inside each command's JSON), under a unique key:
the database, not memory, is what refuses a second application.

Existing rows are backfilled from their JSON (`client_id`, `seat`); a seat is mapped to its
player through the room record, which knows the seats of the room's current game. Commands
of older games keep a NULL player and are only ever read for history and replays.

Revision ID: 0002
Revises: 0001
Create Date: 2026-11-30
"""

import json
from typing import Any

import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None


def _json(value: Any) -> Any:
    return json.loads(value) if isinstance(value, str) else value


def upgrade() -> None:
    with op.batch_alter_table("commands") as batch:
        batch.add_column(sa.Column("player_id", sa.String(32)))
        batch.add_column(sa.Column("client_id", sa.String(64)))
    bind = op.get_bind()
    seats: dict[tuple[str, int], str] = {}
    for code, players in bind.execute(sa.text("SELECT code, players FROM rooms")):
        for p in _json(players) or []:
            if p.get("seat") is not None:
                seats[(code, p["seat"])] = p["player_id"]
    latest = {
        row.id: row.room_code
        for row in bind.execute(
            sa.text(
                "SELECT g.id, g.room_code FROM games g JOIN rooms r ON r.code = g.room_code "
                "WHERE g.game_number = r.game_number"
            )
        )
    }
    rows = bind.execute(sa.text("SELECT game_id, seq, command FROM commands")).all()
    for game_id, seq, command in rows:
        entry = _json(command)
        client_id = entry.get("client_id")
        if not isinstance(client_id, str):
            continue
        code = latest.get(game_id)
        player_id = seats.get((code, entry.get("seat"))) if code is not None else None
        bind.execute(
            sa.text(
                "UPDATE commands SET client_id = :cid, player_id = :pid "
                "WHERE game_id = :gid AND seq = :seq"
            ),
            {"cid": client_id[:64], "pid": player_id, "gid": game_id, "seq": seq},
        )
    op.create_index(
        "ux_commands_client", "commands", ["game_id", "player_id", "client_id"], unique=True
    )


def downgrade() -> None:
    op.drop_index("ux_commands_client", "commands")
    with op.batch_alter_table("commands") as batch:
        batch.drop_column("client_id")
        batch.drop_column("player_id")

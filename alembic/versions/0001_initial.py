"""Rooms, games and the append-only command log.

Revision ID: 0001
Revises:
Create Date: 2026-11-29
"""

import sqlalchemy as sa
from alembic import op
from sqlalchemy.dialects.postgresql import JSONB

revision = "0001"
down_revision = None
branch_labels = None
depends_on = None

Json = sa.JSON().with_variant(JSONB(), "postgresql")


def upgrade() -> None:
    op.create_table(
        "rooms",
        sa.Column("code", sa.String(8), primary_key=True),
        sa.Column("status", sa.String(16), nullable=False),
        sa.Column("settings", Json, nullable=False),
        sa.Column("host", sa.String(32)),
        sa.Column("players", Json, nullable=False),
        sa.Column("game_number", sa.Integer, nullable=False),
        sa.Column("created_ms", sa.BigInteger, nullable=False),
        sa.Column("updated_ms", sa.BigInteger, nullable=False),
        sa.Column("closed", sa.Boolean, nullable=False),
    )
    op.create_index("ix_rooms_open", "rooms", ["closed"])
    op.create_table(
        "games",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("room_code", sa.String(8), nullable=False),
        sa.Column("game_number", sa.Integer, nullable=False),
        sa.Column("seed", sa.BigInteger, nullable=False),
        sa.Column("player_ids", Json, nullable=False),
        sa.Column("names", Json, nullable=False),
        sa.Column("settings", Json, nullable=False),
        sa.Column("deadline_ms", sa.BigInteger),
        sa.Column("window_id", sa.Integer),
        sa.Column("snapshot_seq", sa.Integer, nullable=False),
        sa.Column("snapshot", Json),
        sa.Column("result", Json),
        sa.Column("finished", sa.Boolean, nullable=False),
        sa.Column("started_ms", sa.BigInteger, nullable=False),
        sa.Column("finished_ms", sa.BigInteger),
    )
    op.create_index("ix_games_room", "games", ["room_code", "game_number"])
    op.create_index("ix_games_finished", "games", ["finished", "finished_ms"])
    op.create_table(
        "commands",
        sa.Column(
            "game_id",
            sa.Integer,
            sa.ForeignKey("games.id", ondelete="CASCADE"),
            primary_key=True,
        ),
        sa.Column("seq", sa.Integer, primary_key=True),
        sa.Column("command", Json, nullable=False),
    )


def downgrade() -> None:
    op.drop_table("commands")
    op.drop_table("games")
    op.drop_table("rooms")

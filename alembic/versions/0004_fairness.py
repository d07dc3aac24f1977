"""Commit, then reveal: each game keeps the server seed and the players' nonces its seed was
derived from, and each room the commitment it shows for its next game.

Revision ID: 0004
Revises: 0003
Create Date: 2026-11-30
"""

import sqlalchemy as sa
from alembic import op
from sqlalchemy.dialects.postgresql import JSONB

revision = "0004"
down_revision = "0003"
branch_labels = None
depends_on = None

Json = sa.JSON().with_variant(JSONB(), "postgresql")


def upgrade() -> None:
    with op.batch_alter_table("rooms") as batch:
        batch.add_column(sa.Column("fairness", Json))
    with op.batch_alter_table("games") as batch:
        batch.add_column(sa.Column("server_seed", sa.String(64)))
        batch.add_column(sa.Column("nonces", Json))


def downgrade() -> None:
    with op.batch_alter_table("games") as batch:
        batch.drop_column("nonces")
        batch.drop_column("server_seed")
    with op.batch_alter_table("rooms") as batch:
        batch.drop_column("fairness")

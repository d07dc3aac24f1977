"""Rooms and games record which game they play; every existing row is LaunderMat.

Revision ID: 0003
Revises: 0002
Create Date: 2026-11-30
"""

import sqlalchemy as sa
from alembic import op

revision = "0003"
down_revision = "0002"
branch_labels = None
depends_on = None


def upgrade() -> None:
    for table in ("rooms", "games"):
        with op.batch_alter_table(table) as batch:
            batch.add_column(
                sa.Column("game", sa.String(32), nullable=False, server_default="laundermat")
            )


def downgrade() -> None:
    for table in ("rooms", "games"):
        with op.batch_alter_table(table) as batch:
            batch.drop_column("game")

"""Rooms keep the platform's own settings apart from the game's: {"stand_in": bool}, whether
a bot plays an away player's seat (rooms/seats_bots.py). Bots themselves are players of the
room record (`bot: true` in its `players` JSON), so they need no column.

Revision ID: 0005
Revises: 0004
Create Date: 2026-11-30
"""

import sqlalchemy as sa
from alembic import op
from sqlalchemy.dialects.postgresql import JSONB

revision = "0005"
down_revision = "0004"
branch_labels = None
depends_on = None

Json = sa.JSON().with_variant(JSONB(), "postgresql")


def upgrade() -> None:
    with op.batch_alter_table("rooms") as batch:
        batch.add_column(sa.Column("options", Json))


def downgrade() -> None:
    with op.batch_alter_table("rooms") as batch:
        batch.drop_column("options")

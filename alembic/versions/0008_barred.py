"""Rooms keep the players the host removed and has not let back in, [{"player_id", "name",
"token_hash", "device_hash", "barred_ms"}, ...] (rooms/bars.py): a kick holds across a
restart or a failover. A room saved before this has NULL: nobody barred.

Revision ID: 0008
Revises: 0007
Create Date: 2027-01-10
"""

import sqlalchemy as sa
from alembic import op
from sqlalchemy.dialects.postgresql import JSONB

revision = "0008"
down_revision = "0007"
branch_labels = None
depends_on = None

Json = sa.JSON().with_variant(JSONB(), "postgresql")


def upgrade() -> None:
    with op.batch_alter_table("rooms") as batch:
        batch.add_column(sa.Column("barred", Json))


def downgrade() -> None:
    with op.batch_alter_table("rooms") as batch:
        batch.drop_column("barred")

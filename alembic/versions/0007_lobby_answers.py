"""Rooms keep the ids of their recent lobby actions, [[player_id, id], ...]: a lobby action
resent after a restart or a failover (its ack lost with the old process) is answered again,
not applied twice. Game commands' ids are in the command log (migration 0002).

Revision ID: 0007
Revises: 0006
Create Date: 2026-12-02
"""

import sqlalchemy as sa
from alembic import op
from sqlalchemy.dialects.postgresql import JSONB

revision = "0007"
down_revision = "0006"
branch_labels = None
depends_on = None

Json = sa.JSON().with_variant(JSONB(), "postgresql")


def upgrade() -> None:
    with op.batch_alter_table("rooms") as batch:
        batch.add_column(sa.Column("lobby_answers", Json))


def downgrade() -> None:
    with op.batch_alter_table("rooms") as batch:
        batch.drop_column("lobby_answers")

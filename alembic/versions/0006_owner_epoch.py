"""Rooms get a fencing token for scale-out (docs/scaling.md): `owner_epoch` goes up by one each
time a replica claims the room, and every write of the room's owner commits only while the
row still holds the epoch its claim returned, so a stale owner's write is refused by the
database itself. A single process never claims, and its writes never check it.

Revision ID: 0006
Revises: 0005
Create Date: 2026-11-30
"""

import sqlalchemy as sa
from alembic import op

revision = "0006"
down_revision = "0005"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("rooms") as batch:
        batch.add_column(
            sa.Column("owner_epoch", sa.BigInteger, nullable=False, server_default="0")
        )


def downgrade() -> None:
    with op.batch_alter_table("rooms") as batch:
        batch.drop_column("owner_epoch")

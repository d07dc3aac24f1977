"""The operator's actions (web/admin.py: close a room, drain a replica, block an address,
log in to the console), one row each with who, when and on what: the console's audit trail,
shared by every replica and kept across restarts.

Revision ID: 0009
Revises: 0008
Create Date: 2027-01-20
"""

import sqlalchemy as sa
from alembic import op
from sqlalchemy.dialects.postgresql import JSONB

revision = "0009"
down_revision = "0008"
branch_labels = None
depends_on = None

Json = sa.JSON().with_variant(JSONB(), "postgresql")


def upgrade() -> None:
    op.create_table(
        "admin_actions",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("at_ms", sa.BigInteger, nullable=False),
        sa.Column("who", sa.String(120), nullable=False),
        sa.Column("replica", sa.String(128), nullable=False),
        sa.Column("action", sa.String(16), nullable=False),
        sa.Column("target", sa.String(128), nullable=False),
        sa.Column("detail", Json, nullable=False),
    )
    op.create_index("ix_admin_actions_at", "admin_actions", ["at_ms"])


def downgrade() -> None:
    op.drop_index("ix_admin_actions_at", table_name="admin_actions")
    op.drop_table("admin_actions")

"""SQLAlchemy tables. The schema itself is created by the alembic migrations in alembic/."""

from __future__ import annotations

from sqlalchemy import (
    JSON,
    BigInteger,
    Boolean,
    Column,
    ForeignKey,
    Index,
    Integer,
    MetaData,
    String,
    Table,
)
from sqlalchemy.dialects.postgresql import JSONB

metadata = MetaData()

# JSONB on PostgreSQL (compact, indexable); plain JSON text elsewhere.
Json = JSON().with_variant(JSONB(), "postgresql")

rooms = Table(
    "rooms",
    metadata,
    Column("code", String(8), primary_key=True),
    Column("game", String(32), nullable=False, server_default="laundermat"),  # its name
    Column("status", String(16), nullable=False),
    Column("settings", Json, nullable=False),
    Column("host", String(32)),
    Column("players", Json, nullable=False),
    Column("game_number", Integer, nullable=False, default=0),
    Column("created_ms", BigInteger, nullable=False),
    Column("updated_ms", BigInteger, nullable=False),
    Column("closed", Boolean, nullable=False, default=False),
    # The commitment shown for the next game: {"server_seed", "nonces"} (migration 0004).
    Column("fairness", Json),
    # The platform's settings (not the game's): {"stand_in": bool} (migration 0005).
    Column("options", Json),
    # The ids of recent lobby actions, [[player_id, id], ...] (migration 0007): answered
    # again after a restart or a failover, never applied twice.
    Column("lobby_answers", Json),
    # The players the host removed and has not let back in (migration 0008, rooms/bars.py):
    # [{"player_id", "name", "token_hash", "device_hash", "barred_ms"}, ...].
    Column("barred", Json),
    # The fencing token (migration 0006, cluster/): one more at every claim by a replica.
    Column("owner_epoch", BigInteger, nullable=False, server_default="0"),
)
Index("ix_rooms_open", rooms.c.closed)

games = Table(
    "games",
    metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("room_code", String(8), nullable=False),
    Column("game", String(32), nullable=False, server_default="laundermat"),
    Column("game_number", Integer, nullable=False),
    Column("seed", BigInteger, nullable=False),
    Column("player_ids", Json, nullable=False),
    Column("names", Json, nullable=False),
    Column("settings", Json, nullable=False),
    Column("deadline_ms", BigInteger),
    Column("window_id", Integer),
    Column("snapshot_seq", Integer, nullable=False, default=0),
    Column("snapshot", Json),
    Column("result", Json),
    Column("finished", Boolean, nullable=False, default=False),
    Column("started_ms", BigInteger, nullable=False),
    Column("finished_ms", BigInteger),
    # What the seed was derived from (rooms/fairness.py), revealed once the game is over.
    Column("server_seed", String(64)),
    Column("nonces", Json),
)
Index("ix_games_room", games.c.room_code, games.c.game_number)
Index("ix_games_finished", games.c.finished, games.c.finished_ms)

commands = Table(
    "commands",
    metadata,
    Column("game_id", Integer, ForeignKey("games.id", ondelete="CASCADE"), primary_key=True),
    Column("seq", Integer, primary_key=True),
    Column("command", Json, nullable=False),
    # Who sent it and the id they gave it: a retry is refused by this key (migration 0002).
    Column("player_id", String(32)),
    Column("client_id", String(64)),
)
# The operator's actions (migration 0009, web/admin.py): the console's audit trail.
admin_actions = Table(
    "admin_actions",
    metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("at_ms", BigInteger, nullable=False),
    Column("who", String(120), nullable=False),  # the name given and the address: ada@10.0.0.5
    Column("replica", String(128), nullable=False),  # the replica that did it
    Column("action", String(16), nullable=False),  # login, close, drain, block, unblock
    Column("target", String(128), nullable=False),  # a room code, a replica id, an address
    Column("detail", Json, nullable=False),  # the message, minutes and reason, rooms moved
)
Index("ix_admin_actions_at", admin_actions.c.at_ms)

Index(
    "ux_commands_client",
    commands.c.game_id,
    commands.c.player_id,
    commands.c.client_id,
    unique=True,
)

"""Persistence: SQLAlchemy 2 (async) over SQLite (default) or PostgreSQL, migrated by alembic."""

from ..rooms.records import (
    CommandWrite,
    GameRecord,
    GameSummary,
    LiveGame,
    LiveRoom,
    PlayerRecord,
    RoomRecord,
)
from .rows import now_ms
from .store import Store

__all__ = [
    "CommandWrite",
    "GameRecord",
    "GameSummary",
    "LiveGame",
    "LiveRoom",
    "PlayerRecord",
    "RoomRecord",
    "Store",
    "now_ms",
]

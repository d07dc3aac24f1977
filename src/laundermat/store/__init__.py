"""Persistence: SQLAlchemy 2 (async) over SQLite (default) or PostgreSQL, migrated by alembic."""

from ..rooms.records import GameRecord, GameSummary, LiveGame, LiveRoom, PlayerRecord, RoomRecord
from .store import Store, now_ms

__all__ = [
    "GameRecord",
    "GameSummary",
    "LiveGame",
    "LiveRoom",
    "PlayerRecord",
    "RoomRecord",
    "Store",
    "now_ms",
]

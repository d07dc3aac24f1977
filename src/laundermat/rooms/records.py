"""The persistence records (the store's own dataclasses) and the interface rooms need.

`laundermat.store.Store` (SQL) and `MemoryStore` (tests, `memory://`) both satisfy
`StoreLike`; rooms never see an ORM row.
"""

from __future__ import annotations

from typing import Any, Protocol

from ..store.records import (
    DuplicateCommand,
    GameRecord,
    GameSummary,
    LiveGame,
    LiveRoom,
    PlayerRecord,
    RoomRecord,
    StoreUnavailable,
)

__all__ = [
    "DuplicateCommand",
    "GameRecord",
    "GameSummary",
    "LiveGame",
    "LiveRoom",
    "PlayerRecord",
    "RoomRecord",
    "StoreLike",
    "StoreUnavailable",
]


class StoreLike(Protocol):
    async def close(self) -> None: ...

    async def save_room(self, room: RoomRecord) -> None: ...

    async def start_game(
        self,
        room: RoomRecord,
        seed: int,
        player_ids: list[str],
        deadline_ms: int | None,
        window_id: int | None,
    ) -> int:
        """The game row and the room record that seats it, in one transaction."""
        ...

    async def append_command(
        self,
        game_id: int,
        seq: int,
        command: dict[str, Any],
        deadline_ms: int | None,
        window_id: int | None,
        *,
        player_id: str | None = None,
        client_id: str | None = None,
        result: dict[str, Any] | None = None,
    ) -> None:
        """Durable when it returns; `result` finishes the game in the same transaction.
        Raises DuplicateCommand for a logged (player_id, client_id), StoreUnavailable when
        the database cannot take it; either way nothing was written."""
        ...

    async def save_deadline(
        self, game_id: int, deadline_ms: int | None, window_id: int | None
    ) -> None: ...

    async def save_snapshot(self, game_id: int, seq: int, state: dict[str, Any]) -> None: ...

    async def finish_game(self, game_id: int, result: dict[str, Any]) -> None: ...

    async def close_room(self, code: str) -> None: ...

    async def load_live_rooms(self) -> list[LiveRoom]: ...

    async def history(self, limit: int = 50) -> list[GameSummary]: ...

    async def game_record(self, game_id: int) -> GameRecord | None: ...

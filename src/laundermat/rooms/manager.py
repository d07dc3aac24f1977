"""The live rooms by code: create, find, restore after a restart, close idle ones."""

from __future__ import annotations

import asyncio
import logging
from typing import Any

from .. import games
from .clock import Clock
from .errors import RoomError
from .members import CODE_ALPHABET, new_code, normalize_code
from .records import StoreLike
from .room import Room
from .wire import Observer, RoomConfig

log = logging.getLogger("laundermat.rooms")


class RoomManager:
    def __init__(
        self,
        store: StoreLike,
        clock: Clock,
        config: RoomConfig,
        observer: Observer | None = None,
        idle_close_ms: int = 30 * 60_000,
        finished_close_ms: int = 10 * 60_000,
    ) -> None:
        self.store = store
        self.clock = clock
        self.config = config
        self.observer = observer
        self.idle_close_ms = idle_close_ms
        self.finished_close_ms = finished_close_ms
        self.rooms: dict[str, Room] = {}
        self._sweeper: asyncio.Task[None] | None = None
        self._closing: set[asyncio.Task[None]] = set()

    async def create(
        self, name: str, settings: dict[str, Any], game: str = games.DEFAULT_GAME
    ) -> tuple[Room, str, str]:
        """A new room of `game` with its creator as host: (room, player_id, token)."""
        definition = games.get(game)
        if definition is None:
            raise RoomError("unknown_game", f"This server hosts no game called {game[:32]!r}.")
        settings = {**games.default_settings(definition), **settings}
        problems = games.settings_errors(definition, settings)
        if problems:
            raise RoomError("bad_message", "; ".join(problems))
        code = new_code()
        while code in self.rooms:  # unique among live rooms
            code = new_code()
        room = Room(code, self.store, self.clock, self.config, self.observer, self._emptied, game)
        room.lobby.settings = settings
        room.start()
        self.rooms[code] = room
        try:
            player_id, token = await room.join(name)
        except BaseException:
            self.rooms.pop(code, None)
            await room.close(forget=False)
            raise
        log.info("room created", extra={"room": code})
        return room, player_id, token

    def get(self, code: str) -> Room | None:
        code = normalize_code(code)
        if not code or any(c not in CODE_ALPHABET for c in code):
            return None
        return self.rooms.get(code)

    def require(self, code: str) -> Room:
        room = self.get(code)
        if room is None:
            raise RoomError("room_not_found", "There is no live room with that code.")
        return room

    async def restore(self) -> int:
        """Bring back every live room from the store (after a restart or a crash)."""
        for live in await self.store.load_live_rooms():
            try:
                room = Room.restore(
                    live, self.store, self.clock, self.config, self.observer, self._emptied
                )
            except Exception:
                log.exception("could not restore room", extra={"room": live.room.code})
                continue
            self.rooms[room.code] = room
            await room.resume()
            log.info("room restored", extra={"room": room.code, "status": str(room.lobby.status)})
        return len(self.rooms)

    def start_sweeper(self, every_ms: int = 5_000) -> None:
        async def sweep() -> None:
            while True:
                await self.clock.sleep_until(self.clock.now_ms() + every_ms)
                await self.sweep()

        self._sweeper = asyncio.create_task(sweep(), name="room-sweeper")

    async def sweep(self) -> None:
        """Close finished rooms after `finished_close_ms`, idle ones after `idle_close_ms`."""
        now = self.clock.now_ms()
        for room in list(self.rooms.values()):
            finished = room.lobby.status == "finished" and room.lobby.finished_ms is not None
            if (finished and now - (room.lobby.finished_ms or 0) >= self.finished_close_ms) or (
                room.connections == 0 and now - room.last_activity_ms >= self.idle_close_ms
            ):
                await self.close(room)

    async def close(self, room: Room) -> None:
        self.rooms.pop(room.code, None)
        await room.close()
        log.info("room closed", extra={"room": room.code, "status": str(room.lobby.status)})

    def _emptied(self, room: Room) -> None:
        """The last player left the lobby: the room closes."""
        task = asyncio.create_task(self.close(room))
        self._closing.add(task)
        task.add_done_callback(self._closing.discard)

    async def shutdown(self) -> None:
        """SIGTERM: every socket gets 1001 going away; rooms stay live in the store."""
        if self._sweeper is not None:
            self._sweeper.cancel()
        for room in list(self.rooms.values()):
            await room.close(1001, "server shutting down", forget=False)
        self.rooms.clear()

    @property
    def connections(self) -> int:
        return sum(room.connections for room in self.rooms.values())

"""The live rooms by code: create, find, restore after a restart, close idle ones.

In cluster mode (cluster/, docs/scaling.md) a `Claims` decides which codes this replica may
own: a new room's code is claimed cluster-wide before the room exists, each room writes
through its own fenced store, and rooms are adopted, handed over or dropped one at a time.
"""

from __future__ import annotations

import asyncio
import logging
from typing import Any, Protocol

from .. import games
from .clock import Clock
from .close_codes import CloseCode
from .errors import RoomError
from .lobby import RoomStatus
from .members import CODE_ALPHABET, new_code, normalize_code
from .records import LiveRoom, RoomRecord, StoreLike, StoreUnavailable
from .room import Room
from .wire import Observer, RoomConfig

log = logging.getLogger("laundermat.rooms")

CODE_TRIES = 20  # codes tried before a creation gives up (28.6 million codes: never, in practice)


class Claims(Protocol):
    """Cluster mode: which codes this replica owns (cluster/ownership.py)."""

    async def claim_new(self, code: str, record: RoomRecord) -> StoreLike | None:
        """Own a new room's code everywhere: its fenced store, or None if the code is taken."""
        ...

    def closed(self, code: str) -> None:
        """The room closed for good (its record says so): let the code go."""
        ...


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
        self.claims: Claims | None = None  # set in cluster mode

    async def create(
        self,
        name: str,
        settings: dict[str, Any],
        game: str = games.DEFAULT_GAME,
        device: str | None = None,
        learn: bool = False,
    ) -> tuple[Room, str, str]:
        """A new room of `game` with its creator as host: (room, player_id, token); `learn`:
        a lesson, its game started with bots and a coach for the creator (coach.py)."""
        definition = games.get(game)
        if definition is None:
            raise RoomError("unknown_game", f"This server hosts no game called {game[:32]!r}.")
        settings = {**games.default_settings(definition), **settings}
        problems = games.settings_errors(definition, settings)
        if problems:
            raise RoomError("bad_message", "; ".join(problems))
        room = await self._new_room(settings, game)
        code = room.code
        room.start()
        self.rooms[code] = room
        try:
            player_id, token = await room.join(name, device=device)
            if learn:
                await room.teach(player_id)
        except BaseException:
            self.rooms.pop(code, None)
            # A claimed code has a row already: mark it closed so nobody restores it.
            await room.close(forget=self.claims is not None)
            if self.claims is not None:
                self.claims.closed(code)
            raise
        log.info("room created", extra={"room": code})
        return room, player_id, token

    async def _new_room(self, settings: dict[str, Any], game: str) -> Room:
        """A room under a code no live room has: here, or in cluster mode anywhere."""
        for _ in range(CODE_TRIES):
            code = new_code()
            if code in self.rooms:
                continue
            room = Room(
                code, self.store, self.clock, self.config, self.observer, self._emptied, game
            )
            room.lobby.settings = settings
            if self.claims is None:
                return room
            store = await self.claims.claim_new(code, room.record())
            if store is None:
                continue  # another replica's room has this code
            room = Room(code, store, self.clock, self.config, self.observer, self._emptied, game)
            room.lobby.settings = settings
            return room
        raise RoomError("unavailable")

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

    async def adopt(self, live: LiveRoom, store: StoreLike) -> Room:
        """Cluster mode: a room this replica has just claimed, restored from the database with
        its timer re-armed from the stored deadline (as after a restart)."""
        room = Room.restore(live, store, self.clock, self.config, self.observer, self._emptied)
        stale = self.rooms.get(room.code)
        self.rooms[room.code] = room
        if stale is not None:
            # Claimed again while an older copy (an earlier epoch's, its lease lost) is still
            # here: that copy's retries and timers would write with a stale fence for ever,
            # and its sockets would watch a room nobody plays. Closed, without a write.
            await stale.close(CloseCode.RECONNECT, "moved", forget=False)
        await room.resume()
        log.info("room adopted", extra={"room": room.code, "status": str(room.lobby.status)})
        return room

    async def hold(self, code: str, only_lobby: bool = False) -> Room | None:
        """Cluster mode, before a handover: once every job queued so far is done (so durable),
        stop the room taking new ones and stop its timers. `drop` closes its sockets after.
        `only_lobby`: None (and nothing stopped) if a game began meanwhile, checked in the
        room's own queue so no start can slip in between the check and the hold."""
        room = self.rooms.get(code)
        if room is None:
            return None
        began = False

        async def stop() -> None:
            nonlocal began
            if only_lobby and room.lobby.status is not RoomStatus.LOBBY:
                began = True
                return
            room.jobs.closed = True
            room.play.cancel_timer()
            room.away.cancel_all()
            room.bots.cancel_all()

        try:
            await room.jobs.call(stop)
        except RoomError:
            return None  # closed meanwhile
        return None if began else room

    async def drop(self, code: str, reason: str = "reconnect", room: Room | None = None) -> bool:
        """Cluster mode: forget a room without writing (it is owned elsewhere now, or its
        write was fenced); its sockets close with CloseCode.RECONNECT. `room`: only that copy
        (the one whose lease was lost), not one claimed again since."""
        if room is not None and self.rooms.get(code) is not room:
            return False
        room = self.rooms.pop(code, None)
        if room is None:
            return False
        room.jobs.closed = False  # a held room: let close() run its course
        await room.close(CloseCode.RECONNECT, reason, forget=False)
        log.info("room dropped", extra={"room": code, "reason": reason})
        return True

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

    async def close(self, room: Room, notice: str = "") -> None:
        """Close `room` for good; its players are told `room_closed` (with `notice`, if
        given) and their sockets close 4004."""
        self.rooms.pop(room.code, None)
        try:
            await room.close(notice=notice)
        except StoreUnavailable:  # still live in the store: a restart (or a peer) brings it back
            log.warning("room close not saved", extra={"room": room.code})
        if self.claims is not None:
            self.claims.closed(room.code)
        log.info("room closed", extra={"room": room.code, "status": str(room.lobby.status)})

    def _emptied(self, room: Room) -> None:
        """The last player left the lobby: the room closes, in its own queue, unless a join
        queued behind that leave has seated someone (else that join, answered 200 with a
        token, would find its room closed under it)."""

        async def close_if_empty() -> None:
            if not room.lobby.people:
                await self.close(room)

        room.jobs.post(close_if_empty)

    async def shutdown(self) -> None:
        """SIGTERM: every socket gets 1001 going away; rooms stay live in the store."""
        if self._sweeper is not None:
            self._sweeper.cancel()
        for room in list(self.rooms.values()):
            await room.close(CloseCode.GOING_AWAY, "server shutting down", forget=False)
        self.rooms.clear()

    @property
    def connections(self) -> int:
        return sum(room.connections for room in self.rooms.values())

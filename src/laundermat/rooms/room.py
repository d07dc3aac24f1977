"""One live room: its lobby, its current game, its timers, its subscribers.

Every change goes through one queue served by one task (GEN-1), so commands, timeouts,
presence and lobby actions are applied one at a time in the order they arrive. A command's
result is durable in the store before anyone hears of it: the sender's ack and every view
are sent only after `append_command` returns.
"""

from __future__ import annotations

import asyncio
import logging
import secrets
import time
from collections.abc import Awaitable, Callable
from typing import Any, TypeVar

import orjson

from .. import games
from ..games import Command, GameDefinition, RuleError
from . import actions
from .actions import restore_into
from .clock import Clock
from .errors import RoomError
from .members import Member, hash_token, new_token, next_host, token_matches
from .names import name_key, normalize_name
from .play import GameDriver
from .records import (
    DuplicateCommand,
    LiveRoom,
    PlayerRecord,
    RoomRecord,
    StoreLike,
    StoreUnavailable,
)
from .wire import NoObserver, Observer, RoomConfig, Subscriber, ack_bytes, error_bytes

log = logging.getLogger("laundermat.room")
T = TypeVar("T")

UNAVAILABLE = "The game's storage is not answering; nothing was changed. Try again shortly."
RETRY_MS = 1_000  # a room job the store refused (presence, the room record) is tried again


class Room:
    def __init__(
        self,
        code: str,
        store: StoreLike,
        clock: Clock,
        config: RoomConfig,
        observer: Observer | None = None,
        on_empty: Callable[[Room], None] | None = None,
        game: str = games.DEFAULT_GAME,
    ) -> None:
        self.code = code
        self.definition: GameDefinition = games.require(game)
        self.store = store
        self.clock = clock
        self.config = config
        self.observer: Observer = observer or NoObserver()
        self.on_empty = on_empty
        now = clock.now_ms()
        self.status = "lobby"
        self.settings: dict[str, int] = games.default_settings(self.definition)
        self.host: str | None = None
        self.members: list[Member] = []
        self.spectators: set[Subscriber] = set()
        self.game_number = 0
        self.created_ms = self.updated_ms = self.last_activity_ms = now
        self.finished_ms: int | None = None
        self.version = 0
        self.closed = False
        self.play = GameDriver(
            self.definition,
            store,
            clock,
            config.time_scale,
            config.snapshot_every,
            self._deadline_passed,
            self._describe_result,
        )
        self._log_mark = 0  # engine events already pushed
        self._away_timers: dict[str, asyncio.Task[None]] = {}
        self._jobs: asyncio.Queue[tuple[Callable[[], Awaitable[Any]], asyncio.Future[Any] | None]]
        self._jobs = asyncio.Queue()
        self._worker: asyncio.Task[None] | None = None
        self._retries: set[asyncio.Task[None]] = set()  # jobs waiting to be tried again

    # ------------------------------------------------------------ the one queue (GEN-1)

    def start(self) -> None:
        if self._worker is None:
            self._worker = asyncio.create_task(self._run(), name=f"room-{self.code}")

    async def _run(self) -> None:
        while True:
            job, future = await self._jobs.get()
            try:
                value = await job()
            except asyncio.CancelledError:
                if future is not None and not future.done():
                    future.cancel()
                raise
            except Exception as exc:
                if future is None:
                    log.exception("room job failed", extra={"room": self.code})
                elif not future.done():
                    future.set_exception(exc)
            else:
                if future is not None and not future.done():
                    future.set_result(value)

    async def _call(self, job: Callable[[], Awaitable[T]]) -> T:
        if self.closed:
            raise RoomError("room_closed", "The room has closed.")
        future: asyncio.Future[T] = asyncio.get_running_loop().create_future()
        self._jobs.put_nowait((job, future))
        return await future

    def _post(self, job: Callable[[], Awaitable[Any]]) -> None:
        if not self.closed:
            self._jobs.put_nowait((job, None))

    # ------------------------------------------------------------ public API (queued)

    async def join(self, name: str) -> tuple[str, str]:
        """A new seat in the lobby: returns (player_id, secret token)."""
        return await self._call(lambda: self._join(name))

    async def connect(self, sub: Subscriber, token: str | None) -> str | None:
        """hello (token) or spectate (None). Returns the player_id, None for a spectator."""
        return await self._call(lambda: self._connect(sub, token))

    async def disconnect(self, sub: Subscriber) -> None:
        if not self.closed:
            await self._call(lambda: self._disconnect(sub))

    async def act(
        self,
        sub: Subscriber,
        player_id: str,
        command_id: str,
        command: dict[str, Any],
        window: int | None,
        received: float,
    ) -> None:
        """A game command; answered on `sub` by ack or error (a retried id: the first answer)."""
        await self._call(lambda: self._act(sub, player_id, command_id, command, window, received))

    async def lobby(
        self,
        sub: Subscriber,
        player_id: str,
        command_id: str,
        action: str,
        settings: dict[str, int] | None,
        target: str | None,
    ) -> None:
        await self._call(lambda: self._lobby(sub, player_id, command_id, action, settings, target))

    async def resync(self, sub: Subscriber) -> None:
        await self._call(lambda: self._resync(sub))

    def info(self) -> dict[str, Any]:
        """The public room summary (RoomInfo)."""
        return {
            "code": self.code,
            "game": self.definition.name,
            "status": self.status,
            "settings": dict(self.settings),
            "players": [
                {
                    "player_id": m.player_id,
                    "name": m.name,
                    "host": m.player_id == self.host,
                    "connected": m.connected,
                    "away": m.away,
                    "seat": m.seat if self.play.match is not None else None,
                }
                for m in self.members
            ],
            "spectators": len(self.spectators),
            "game_number": self.game_number,
        }

    @staticmethod
    def error(code: str, message: str, command_id: str | None = None) -> bytes:
        return error_bytes(code, message, command_id)

    @staticmethod
    def ack(command_id: str, version: int) -> bytes:
        return ack_bytes(command_id, version)

    def new_game_log(self, pushed: int = 0) -> None:
        """A game (re)starts: the next push carries its log from `pushed` on."""
        self._log_mark = pushed

    @property
    def connections(self) -> int:
        return len(self.spectators) + sum(1 for m in self.members if m.connected)

    # ------------------------------------------------------------ lobby and presence

    def member(self, player_id: str | None) -> Member | None:
        return next((m for m in self.members if m.player_id == player_id), None)

    def _touch(self) -> None:
        self.last_activity_ms = self.updated_ms = self.clock.now_ms()

    async def _join(self, name: str) -> tuple[str, str]:
        self._touch()
        if self.status != "lobby":
            raise RoomError("game_started", "The game has started; you can watch as a spectator.")
        if len(self.members) >= self.definition.max_players:
            raise RoomError("room_full", f"The room already has {len(self.members)} players.")
        name = normalize_name(name)  # bad_name: invisible or control characters, empty
        if any(name_key(m.name) == name_key(name) for m in self.members):
            raise RoomError("name_taken", "Someone in the room already uses that name.")
        token = new_token()
        player_id = "p" + secrets.token_hex(4)
        while self.member(player_id) is not None:
            player_id = "p" + secrets.token_hex(4)
        member = Member(player_id, name, hash_token(token), self.clock.now_ms())
        host = self.host
        self.members.append(member)
        if self.host is None:
            self.host = player_id
        try:
            await self.save()
        except StoreUnavailable:
            self.members.remove(member)
            self.host = host
            raise RoomError("unavailable", UNAVAILABLE) from None
        self._push()
        return player_id, token

    async def _connect(self, sub: Subscriber, token: str | None) -> str | None:
        self._touch()
        if token is None:
            self.spectators.add(sub)
            sub.send(self._welcome("spectator", None))
            self._push(full={sub})
            return None
        # Compare against every seat so the time taken says nothing about which one matched.
        matches = [m for m in self.members if token_matches(token, m.token_hash)]
        if not matches:
            raise RoomError("bad_token", "That seat token is not valid for this room.")
        member = matches[0]
        if member.sub is not None:
            member.sub.send(error_bytes("replaced", "This seat connected from another tab."))
            member.sub.close(4001, "replaced")
        member.sub, member.left = sub, False
        self.cancel_away(member)
        host = self.member(self.host)
        if host is None or (host.away and not host.connected):
            self.host = member.player_id  # the table needs a host who is here
            await self._save_later()
        sub.send(self._welcome("player", member.player_id))
        if member.away:
            member.away = False
            if self._playing() and member.seat is not None:
                await self.apply_quietly(self._set_away(member.seat, False))
        self._push(full={sub})
        return member.player_id

    async def _disconnect(self, sub: Subscriber) -> None:
        if sub in self.spectators:
            self.spectators.discard(sub)
            self._push()
            return
        member = next((m for m in self.members if m.sub is sub), None)
        if member is None:
            return  # already replaced, kicked or left
        member.sub = None
        self.arm_away(member)
        self._push()

    def _welcome(self, role: str, player_id: str | None) -> bytes:
        return orjson.dumps(
            {"type": "welcome", "role": role, "player_id": player_id, "code": self.code}
        )

    def arm_away(self, member: Member) -> None:
        self.cancel_away(member)
        deadline = self.clock.now_ms() + self.config.away_after_ms
        player_id = member.player_id

        async def wait() -> None:
            await self.clock.sleep_until(deadline)
            self._post(lambda: self._mark_away(player_id))

        self._away_timers[player_id] = asyncio.create_task(wait())

    def cancel_away(self, member: Member) -> None:
        task = self._away_timers.pop(member.player_id, None)
        if task is not None:
            task.cancel()

    async def _mark_away(self, player_id: str) -> None:
        member = self.member(player_id)
        if member is None or member.connected or member.away:
            return
        member.away = True  # GEN-4
        if self._playing() and member.seat is not None:
            await self.apply_quietly(self._set_away(member.seat, True))
        if self.host == player_id and any(m.connected for m in self.members):
            self.pass_host()  # an away host would hold up the table; hand it to someone here
            await self._save_later()
        self._push()

    def pass_host(self) -> None:
        self.host = next_host(self.members, self.host, by_seat=self.play.match is not None)

    async def _lobby(
        self,
        sub: Subscriber,
        player_id: str,
        command_id: str,
        action: str,
        settings: dict[str, int] | None,
        target: str | None,
    ) -> None:
        async def run(member: Member) -> bool:
            return await self._lobby_action(member, action, settings, target)

        answered, close_after = await self._answer_once(sub, player_id, command_id, run)
        if answered and close_after:
            sub.close(1000, "left the room")
            if not self.members and self.on_empty is not None:
                self.on_empty(self)

    async def _lobby_action(
        self, member: Member, action: str, settings: dict[str, int] | None, target: str | None
    ) -> bool:
        return await actions.lobby_action(self, member, action, settings, target)

    # ------------------------------------------------------------ persistence

    def record(self) -> RoomRecord:
        return RoomRecord(
            code=self.code,
            status=self.status,
            settings=dict(self.settings),
            host=self.host,
            players=[
                PlayerRecord(m.player_id, m.name, m.token_hash, m.seat, m.joined_ms)
                for m in self.members
            ],
            game_number=self.game_number,
            created_ms=self.created_ms,
            updated_ms=self.updated_ms,
            game=self.definition.name,
        )

    async def save(self) -> None:
        await self.store.save_room(self.record())

    async def _save_later(self) -> None:
        """Save the room record; if the store is down, keep trying from the queue. For
        changes that must go on in memory regardless (who hosts, a finished game)."""
        try:
            await self.save()
        except StoreUnavailable:
            log.warning("room record not saved; retrying", extra={"room": self.code})
            self._post_later(self._save_later)

    def _post_later(self, job: Callable[[], Awaitable[Any]]) -> None:
        async def wait() -> None:
            await self.clock.sleep_until(self.clock.now_ms() + RETRY_MS)
            self._post(job)

        task = asyncio.create_task(wait())
        self._retries.add(task)
        task.add_done_callback(self._retries.discard)

    # ------------------------------------------------------------ the game

    def _playing(self) -> bool:
        return self.status == "playing" and self.play.match is not None

    def _set_away(self, seat: int, away: bool) -> Command:
        assert self.play.match is not None
        return self.definition.set_away(self.play.match, seat, away)

    async def _act(
        self,
        sub: Subscriber,
        player_id: str,
        command_id: str,
        command: dict[str, Any],
        window: int | None,
        received: float,
    ) -> None:
        async def run(member: Member) -> None:
            command_ = actions.player_command(self, member, command, window)
            await self._apply(command_, command_id, member.player_id)

        answered, _ = await self._answer_once(sub, player_id, command_id, run)
        if answered:
            self.observer.pushed(time.perf_counter() - received)

    async def _answer_once(
        self,
        sub: Subscriber,
        player_id: str,
        command_id: str,
        run: Callable[[Member], Awaitable[T]],
    ) -> tuple[bool, T | None]:
        """Run a client's request once per id and answer it; a repeated id (a retry after a
        reconnect) gets the first answer again. Returns whether it ran and was acked."""
        self._touch()
        member = self.member(player_id)
        if member is None or member.sub is not sub:
            return False, None  # this socket no longer holds the seat
        if command_id in member.answered:
            sub.send(member.answered[command_id])
            return False, None
        try:
            outcome = await run(member)
        except (RoomError, RuleError) as exc:
            answer = error_bytes(exc.code, exc.message, command_id)
            member.remember(command_id, answer, self.config.answered_limit)
            sub.send(answer)
            self.observer.command(exc.code)
            return False, None
        except StoreUnavailable:
            # Not remembered: nothing was applied, so the same id may be sent again later.
            sub.send(error_bytes("unavailable", UNAVAILABLE, command_id))
            self.observer.command("unavailable")
            return False, None
        except DuplicateCommand:
            # The log already holds this id (a retry older than memory): the first stands.
            answer = ack_bytes(command_id, self.version)
            member.remember(command_id, answer, self.config.answered_limit)
            sub.send(answer)
            return False, None
        answer = ack_bytes(command_id, self.version + 1)
        member.remember(command_id, answer, self.config.answered_limit)
        sub.send(answer)
        self.observer.command(None)
        self._push()
        return True, outcome

    async def _apply(
        self, command: Command, client_id: str | None, player_id: str | None = None
    ) -> None:
        await self.play.apply(command, client_id, player_id)
        if self.play.over and self.status == "playing":
            self.status = "finished"
            self.finished_ms = self.clock.now_ms()
            await self._save_later()  # the game's result is durable already
            log.info("game finished", extra={"room": self.code, "game_id": self.play.game_id})

    async def apply_quietly(self, command: Command) -> None:
        """A room command (presence); an engine refusal just means nothing to record. If the
        store is down it is tried again later, so the engine's presence catches up."""
        try:
            await self._apply(command, None)
        except RuleError:
            return
        except StoreUnavailable:
            log.warning("presence not saved; retrying", extra={"room": self.code})
            self._post_later(lambda: self._reapply_presence(command))

    async def _reapply_presence(self, command: Command) -> None:
        if self._playing():
            await self.apply_quietly(command)
            self._push()

    def _describe_result(self, outcome: dict[str, Any]) -> dict[str, Any]:
        """The engine's result plus display names (the history lists them)."""
        names = {m.seat: m.name for m in self.members}
        return {**outcome, "winner_names": [names.get(s, "?") for s in outcome["winners"]]}

    def _deadline_passed(self, window_id: int) -> None:
        self._post(lambda: self._on_timeout(window_id))

    async def _on_timeout(self, window_id: int) -> None:
        match = self.play.match
        if not self._playing() or match is None or match.window_id() != window_id:
            return  # the window closed before its deadline
        deadline = self.play.deadline_ms
        try:
            await self._apply(self.definition.timeout(match, window_id), None)
        except RuleError:
            return
        except StoreUnavailable:  # the window stays open; its timer is re-armed (play.py)
            log.warning("timeout not saved; retrying", extra={"room": self.code})
            return
        self._push()
        if deadline is not None:  # from the deadline to the timeout durable and pushed
            self.observer.timer_late((self.clock.now_ms() - deadline) / 1000)

    # ------------------------------------------------------------ views

    async def _resync(self, sub: Subscriber) -> None:
        self._send_full(sub)

    def _head(self, now: int) -> bytes:
        """Everything of a view but its game, encoded once per change for every viewer: the
        bytes up to `"game":`, which `_encode` completes with one viewer's game view."""
        head = orjson.dumps(
            {
                "type": "view",
                "version": self.version,
                "server_time": now,
                "deadline": self.play.deadline_ms if self._playing() else None,
                "room": self.info(),
            }
        )
        return head[:-1] + b',"game":'

    def _encode(self, head: bytes, viewer: int | None, log_from: int) -> bytes:
        match = self.play.match
        if match is None:
            return head + b"null}"
        return head + orjson.dumps(match.view(viewer, log_from)) + b"}"

    def _send_full(self, sub: Subscriber) -> None:
        member = next((m for m in self.members if m.sub is sub), None)
        if member is None and sub not in self.spectators:
            return
        seat = member.seat if member is not None and self.play.match is not None else None
        sub.send(self._encode(self._head(self.clock.now_ms()), seat, 0))

    def _push(self, full: set[Subscriber] | frozenset[Subscriber] = frozenset()) -> None:
        """A change: the version rises by one and every connected viewer gets its view,
        computed and encoded once per viewer (spectators share one encoding; the room part
        is encoded once for all). Each view carries the log since the last push; a fresh
        connection gets the whole log, and so does everyone once the game is over (the full
        reveal rewrites old entries)."""
        self.version += 1
        head = self._head(self.clock.now_ms())
        match = self.play.match
        over = match is not None and match.over()
        log_from = 0 if over else self._log_mark
        for m in self.members:
            if m.sub is not None:
                seat = m.seat if match is not None else None
                m.sub.send(self._encode(head, seat, 0 if m.sub in full else log_from))
        if self.spectators:
            shared = self._encode(head, None, log_from)
            whole = self._encode(head, None, 0) if full & self.spectators else shared
            for sub in self.spectators:
                sub.send(whole if sub in full else shared)
        self._log_mark = match.log_length() if match is not None else 0

    # ------------------------------------------------------------ restore and close

    @classmethod
    def restore(
        cls,
        live: LiveRoom,
        store: StoreLike,
        clock: Clock,
        config: RoomConfig,
        observer: Observer | None = None,
        on_empty: Callable[[Room], None] | None = None,
    ) -> Room:
        """Rebuild a room after a restart (see `GameDriver.restore` for the timer)."""
        room = cls(live.room.code, store, clock, config, observer, on_empty, live.room.game)
        restore_into(room, live)
        return room

    async def resume(self) -> None:
        """Start a restored room: its queue, its timer, everyone's away clock."""
        self.start()
        self.play.arm()
        for m in self.members:
            self.arm_away(m)
        if self.play.over and not self.play.finished_in_store:
            # A game over in its log but not in its row (written before results went with
            # the last command): finish it now so history and replay see it.
            match = self.play.match
            assert match is not None
            outcome = self._describe_result(match.result())
            await self._call(lambda: self.store.finish_game(self.play.game_id, outcome))
        if self.play.over and self.finished_ms is None:
            # The last command was durable but the crash came before the room record said so.
            self.finished_ms = self.clock.now_ms()
            await self._call(self._save_later)

    async def close(
        self, code: int = 4004, reason: str = "room closed", forget: bool = True
    ) -> None:
        """Close every socket; `forget` marks the room closed in the store (not on shutdown)."""
        if self.closed:
            return
        self.closed = True
        self.play.cancel_timer()
        for task in [*self._away_timers.values(), *self._retries]:
            task.cancel()
        self._away_timers.clear()
        subs = [m.sub for m in self.members if m.sub is not None] + list(self.spectators)
        for sub in subs:
            if code == 4004:
                sub.send(error_bytes("room_closed", "The room has closed."))
            sub.close(code, reason)
        if forget:
            await self.store.close_room(self.code)
        if self._worker is not None:
            self._worker.cancel()
        while not self._jobs.empty():  # nobody waits forever on a closed room
            _, future = self._jobs.get_nowait()
            if future is not None and not future.done():
                future.set_exception(RoomError("room_closed", "The room has closed."))

"""One live room: its lobby, its current game, its timers, its subscribers.

Every change goes through one queue served by one task (GEN-1), so commands, timeouts,
presence and lobby actions are applied one at a time in the order they arrive. A command's
result is durable in the store before anyone hears of it: the sender's ack and every view
are sent only after `append_command` returns.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import secrets
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Any, Protocol, TypeVar

import orjson

from ..engine import (
    PLAYER_COMMANDS,
    Command,
    EngineError,
    Phase,
    SetAway,
    Timeout,
    parse_command,
    view,
)
from .clock import Clock
from .errors import RoomError
from .members import Member, hash_token, new_token, next_host, token_matches
from .play import GameDriver
from .records import LiveRoom, PlayerRecord, RoomRecord, StoreLike

log = logging.getLogger("laundermat.room")
T = TypeVar("T")

MIN_PLAYERS, MAX_PLAYERS = 3, 6
DEFAULT_SETTINGS = {"round_timer": 30, "bribe_timer": 15}


class Subscriber(Protocol):
    """A connection as the room sees it. Neither call may block: the web layer queues."""

    def send(self, data: bytes) -> None: ...

    def close(self, code: int, reason: str) -> None: ...


class Observer(Protocol):
    """Hooks for metrics; the web layer implements them with Prometheus."""

    def command(self, code: str | None) -> None: ...

    def pushed(self, seconds: float) -> None: ...


class _NoObserver:
    def command(self, code: str | None) -> None:
        pass

    def pushed(self, seconds: float) -> None:
        pass


@dataclass(frozen=True)
class RoomConfig:
    time_scale: float = 1.0  # multiplies window durations; only tests set it below 1
    away_after_ms: int = 30_000  # GEN-4
    restart_grace_ms: int = 5_000  # a deadline that passed while the server was down
    snapshot_every: int = 50  # commands between state snapshots
    answered_limit: int = 256  # command ids remembered per seat


def error_bytes(code: str, message: str, command_id: str | None = None) -> bytes:
    return orjson.dumps({"type": "error", "id": command_id, "code": code, "message": message})


def ack_bytes(command_id: str, version: int) -> bytes:
    return orjson.dumps({"type": "ack", "id": command_id, "version": version})


class Room:
    def __init__(
        self,
        code: str,
        store: StoreLike,
        clock: Clock,
        config: RoomConfig,
        observer: Observer | None = None,
        on_empty: Callable[[Room], None] | None = None,
    ) -> None:
        self.code = code
        self.store = store
        self.clock = clock
        self.config = config
        self.observer: Observer = observer or _NoObserver()
        self.on_empty = on_empty
        now = clock.now_ms()
        self.status = "lobby"
        self.settings: dict[str, int] = dict(DEFAULT_SETTINGS)
        self.host: str | None = None
        self.members: list[Member] = []
        self.spectators: set[Subscriber] = set()
        self.game_number = 0
        self.created_ms = self.updated_ms = self.last_activity_ms = now
        self.finished_ms: int | None = None
        self.version = 0
        self.closed = False
        self.play = GameDriver(
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
            "status": self.status,
            "settings": dict(self.settings),
            "players": [
                {
                    "player_id": m.player_id,
                    "name": m.name,
                    "host": m.player_id == self.host,
                    "connected": m.connected,
                    "away": m.away,
                    "seat": m.seat if self.play.game is not None else None,
                }
                for m in self.members
            ],
            "spectators": len(self.spectators),
            "game_number": self.game_number,
        }

    @property
    def connections(self) -> int:
        return len(self.spectators) + sum(1 for m in self.members if m.connected)

    # ------------------------------------------------------------ lobby and presence

    def _member(self, player_id: str | None) -> Member | None:
        return next((m for m in self.members if m.player_id == player_id), None)

    def _touch(self) -> None:
        self.last_activity_ms = self.updated_ms = self.clock.now_ms()

    async def _join(self, name: str) -> tuple[str, str]:
        self._touch()
        if self.status != "lobby":
            raise RoomError("game_started", "The game has started; you can watch as a spectator.")
        if len(self.members) >= MAX_PLAYERS:
            raise RoomError("room_full", "The room already has six players.")
        if any(m.name.casefold() == name.casefold() for m in self.members):
            raise RoomError("name_taken", "Someone in the room already uses that name.")
        token = new_token()
        player_id = "p" + secrets.token_hex(4)
        while self._member(player_id) is not None:
            player_id = "p" + secrets.token_hex(4)
        self.members.append(Member(player_id, name, hash_token(token), self.clock.now_ms()))
        if self.host is None:
            self.host = player_id
        await self.save()
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
        self._cancel_away(member)
        sub.send(self._welcome("player", member.player_id))
        if member.away:
            member.away = False
            if self._playing() and member.seat is not None:
                await self._apply_quietly(SetAway(member.seat, False))
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
        self._arm_away(member)
        self._push()

    def _welcome(self, role: str, player_id: str | None) -> bytes:
        return orjson.dumps(
            {"type": "welcome", "role": role, "player_id": player_id, "code": self.code}
        )

    def _arm_away(self, member: Member) -> None:
        self._cancel_away(member)
        deadline = self.clock.now_ms() + self.config.away_after_ms
        player_id = member.player_id

        async def wait() -> None:
            await self.clock.sleep_until(deadline)
            self._post(lambda: self._mark_away(player_id))

        self._away_timers[player_id] = asyncio.create_task(wait())

    def _cancel_away(self, member: Member) -> None:
        task = self._away_timers.pop(member.player_id, None)
        if task is not None:
            task.cancel()

    async def _mark_away(self, player_id: str) -> None:
        member = self._member(player_id)
        if member is None or member.connected or member.away:
            return
        member.away = True  # GEN-4
        if self._playing() and member.seat is not None:
            await self._apply_quietly(SetAway(member.seat, True))
        if self.host == player_id:
            self._pass_host()
            await self.save()
        self._push()

    def _pass_host(self) -> None:
        self.host = next_host(self.members, self.host, by_seat=self.play.game is not None)

    async def _lobby(
        self,
        sub: Subscriber,
        player_id: str,
        command_id: str,
        action: str,
        settings: dict[str, int] | None,
        target: str | None,
    ) -> None:
        self._touch()
        member = self._member(player_id)
        if member is None or member.sub is not sub:
            return  # this socket no longer holds the seat
        if command_id in member.answered:
            sub.send(member.answered[command_id])
            return
        try:
            close_after = await self._lobby_action(member, action, settings, target)
        except RoomError as exc:
            answer = error_bytes(exc.code, exc.message, command_id)
            member.remember(command_id, answer, self.config.answered_limit)
            sub.send(answer)
            self.observer.command(exc.code)
            return
        answer = ack_bytes(command_id, self.version + 1)
        member.remember(command_id, answer, self.config.answered_limit)
        sub.send(answer)
        self.observer.command(None)
        self._push()
        if close_after:
            sub.close(1000, "left the room")
            if not self.members and self.on_empty is not None:
                self.on_empty(self)

    def _require_host(self, member: Member) -> None:
        if member.player_id != self.host:
            raise RoomError("not_host", "Only the host can do that.")

    def _require_lobby(self) -> None:
        if self.status != "lobby":
            raise RoomError("not_in_lobby", "That can only be done in the lobby.")

    async def _lobby_action(
        self, member: Member, action: str, settings: dict[str, int] | None, target: str | None
    ) -> bool:
        """Apply one lobby action; True when the sender's socket should close afterwards."""
        if action == "leave":
            return await self._leave(member)
        self._require_host(member)
        if action == "settings":
            self._require_lobby()
            if settings is None:
                raise RoomError("bad_message", "settings needs a settings object.")
            self.settings = dict(settings)
        elif action == "kick":
            self._require_lobby()
            victim = self._member(target)
            if victim is None or victim is member:
                raise RoomError("bad_message", "kick needs the player_id of another player.")
            self.members.remove(victim)
            self._cancel_away(victim)
            if victim.sub is not None:
                victim.sub.send(error_bytes("kicked", "The host removed you from the room."))
                victim.sub.close(4003, "kicked")
        elif action == "start":
            self._require_lobby()
            await self._start_game()
        elif action == "rematch":
            if self.status != "finished":
                raise RoomError("not_finished", "A rematch starts once the game has finished.")
            await self._start_game()
        else:
            raise RoomError("bad_message", f"Unknown lobby action {action!r}.")
        await self.save()
        return False

    async def _leave(self, member: Member) -> bool:
        was_host = member.player_id == self.host
        if self.status == "lobby":
            self.members.remove(member)
            self._cancel_away(member)
        else:  # GEN-3: the seat stays and keeps being scored
            member.left = True
            member.sub = None
            self._arm_away(member)
        if was_host:
            self._pass_host()
        await self.save()
        return True

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
        )

    async def save(self) -> None:
        await self.store.save_room(self.record())

    # ------------------------------------------------------------ the game

    def _playing(self) -> bool:
        return self.status == "playing" and self.play.game is not None

    async def _start_game(self) -> None:
        if not MIN_PLAYERS <= len(self.members) <= MAX_PLAYERS:
            raise RoomError("not_enough_players", "A game needs three to six players.")
        ids = [m.player_id for m in self.members]
        seats = await self.play.start(
            self.code, self.game_number + 1, secrets.randbits(62), ids, self.settings
        )
        self.game_number += 1
        self.status, self.finished_ms, self._log_mark = "playing", None, 0
        for m in self.members:
            m.seat = seats[m.player_id]
        for m in self.members:  # GEN-4 holds from the first window
            if m.away and m.seat is not None:
                await self._apply_quietly(SetAway(m.seat, True))

    async def _act(
        self,
        sub: Subscriber,
        player_id: str,
        command_id: str,
        command: dict[str, Any],
        window: int | None,
        received: float,
    ) -> None:
        self._touch()
        member = self._member(player_id)
        if member is None or member.sub is not sub:
            return
        if command_id in member.answered:
            sub.send(member.answered[command_id])
            return
        try:
            parsed = self._player_command(member, command, window)
            await self._apply(parsed, command_id)
        except (RoomError, EngineError) as exc:
            answer = error_bytes(exc.code, exc.message, command_id)
            member.remember(command_id, answer, self.config.answered_limit)
            sub.send(answer)
            self.observer.command(exc.code)
            return
        answer = ack_bytes(command_id, self.version + 1)
        member.remember(command_id, answer, self.config.answered_limit)
        sub.send(answer)
        self.observer.command(None)
        self._push()
        self.observer.pushed(time.perf_counter() - received)

    def _player_command(
        self, member: Member, command: dict[str, Any], window: int | None
    ) -> Command:
        game = self.play.game
        if game is None or self.status != "playing" or member.seat is None:
            raise RoomError("no_game", "No game is running.")
        if "seat" in command:
            raise RoomError("bad_message", "Commands carry no seat: your token is your seat.")
        kind = command.get("type")
        if kind in ("timeout", "set_away"):
            raise RoomError("not_a_player_command", "That command is the room's own.")
        if kind not in PLAYER_COMMANDS:
            raise RoomError("bad_message", f"Unknown command type {kind!r}.")
        if window is not None and window != game.state.window_id:
            raise RoomError("stale_window", f"Window {window} is no longer open.")
        return parse_command({**command, "seat": member.seat})

    async def _apply(self, command: Command, client_id: str | None) -> None:
        await self.play.apply(command, client_id)
        if self.play.over and self.status == "playing":
            self.status = "finished"
            self.finished_ms = self.clock.now_ms()
            await self.save()

    async def _apply_quietly(self, command: Command) -> None:
        """A room command (presence); an engine refusal just means nothing to record."""
        with contextlib.suppress(EngineError):
            await self._apply(command, None)

    def _describe_result(self, outcome: dict[str, Any]) -> dict[str, Any]:
        """The engine's result plus display names (the history lists them)."""
        names = {m.seat: m.name for m in self.members}
        return {**outcome, "winner_names": [names.get(s, "?") for s in outcome["winners"]]}

    def _deadline_passed(self, window_id: int) -> None:
        self._post(lambda: self._on_timeout(window_id))

    async def _on_timeout(self, window_id: int) -> None:
        game = self.play.game
        if not self._playing() or game is None or game.state.window_id != window_id:
            return  # the window closed before its deadline
        try:
            await self._apply(Timeout(window_id), None)
        except EngineError:
            return
        self._push()

    # ------------------------------------------------------------ views

    async def _resync(self, sub: Subscriber) -> None:
        self._send_full(sub)

    def _encode(self, viewer: int | None, log_from: int, now: int, info: Any) -> bytes:
        game = self.play.game
        return orjson.dumps(
            {
                "type": "view",
                "version": self.version,
                "server_time": now,
                "deadline": self.play.deadline_ms if self._playing() else None,
                "room": info,
                "game": view(game.state, viewer, log_from) if game is not None else None,
            }
        )

    def _send_full(self, sub: Subscriber) -> None:
        member = next((m for m in self.members if m.sub is sub), None)
        if member is None and sub not in self.spectators:
            return
        seat = member.seat if member is not None and self.play.game is not None else None
        sub.send(self._encode(seat, 0, self.clock.now_ms(), self.info()))

    def _push(self, full: set[Subscriber] | frozenset[Subscriber] = frozenset()) -> None:
        """A change: the version rises by one and every connected viewer gets its view,
        computed and encoded once per viewer (spectators share one encoding). Each view
        carries the log since the last push; a fresh connection gets the whole log, and so
        does everyone once the game is over (the full reveal rewrites old entries)."""
        self.version += 1
        now = self.clock.now_ms()
        info = self.info()
        state = self.play.game.state if self.play.game is not None else None
        over = state is not None and state.phase is Phase.OVER
        log_from = 0 if over else self._log_mark
        for m in self.members:
            if m.sub is not None:
                seat = m.seat if state is not None else None
                m.sub.send(self._encode(seat, 0 if m.sub in full else log_from, now, info))
        if self.spectators:
            shared = self._encode(None, log_from, now, info)
            whole = self._encode(None, 0, now, info) if full & self.spectators else shared
            for sub in self.spectators:
                sub.send(whole if sub in full else shared)
        self._log_mark = len(state.events) if state is not None else 0

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
        rec = live.room
        room = cls(rec.code, store, clock, config, observer, on_empty)
        room.status, room.settings, room.host = rec.status, dict(rec.settings), rec.host
        room.game_number = rec.game_number
        room.created_ms, room.updated_ms = rec.created_ms, rec.updated_ms
        room.members = [
            Member(p.player_id, p.name, p.token_hash, p.joined_ms, seat=p.seat) for p in rec.players
        ]
        if live.game is not None:
            answered = room.play.restore(live.game, config.restart_grace_ms)
            game = room.play.game
            assert game is not None
            by_seat = {m.seat: m for m in room.members}
            for seat, client_id in answered:
                member = by_seat.get(seat)
                if member is not None:  # the version is unknown after a restart: 0
                    member.remember(client_id, ack_bytes(client_id, 0), config.answered_limit)
            for m in room.members:
                m.away = m.seat is not None and game.state.players[m.seat].away
            room._log_mark = len(game.state.events)
            room.status = "finished" if room.play.over else "playing"
        return room

    async def resume(self) -> None:
        """Start a restored room: its queue, its timer, everyone's away clock."""
        self.start()
        self.play.arm()
        for m in self.members:
            self._arm_away(m)
        if self.play.over and self.finished_ms is None:
            # The last command was durable but the crash came before the room record said so.
            self.finished_ms = self.clock.now_ms()
            await self._call(self.save)

    async def close(
        self, code: int = 4004, reason: str = "room closed", forget: bool = True
    ) -> None:
        """Close every socket; `forget` marks the room closed in the store (not on shutdown)."""
        if self.closed:
            return
        self.closed = True
        self.play.cancel_timer()
        for task in self._away_timers.values():
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

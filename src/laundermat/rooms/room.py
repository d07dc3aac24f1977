"""One live room: its lobby, its current match, its timers, its subscribers.

Every change goes through one queue (jobs.py, GEN-1), one at a time in arrival order: commands,
timeouts, presence, lobby actions, bots' moves. A result is durable before anyone hears of it
(acks and views follow `append_command`). The parts: `Lobby` (lobby.py), `GameDriver` (play.py:
the match, its deadline), `AwayClocks` (presence.py), `Publisher` (publish.py), `BotSeats`
(seats_bots.py), a lesson's `Coach` (coach.py)."""

from __future__ import annotations

import logging
import time
from collections.abc import Awaitable, Callable, Collection
from typing import Any, TypeVar

from .. import games
from ..games import Command, RuleError
from . import hosting, wire
from .answers import answer_once
from .audience import Audience
from .clock import Clock
from .coach import Coach, start_lesson
from .errors import RoomError
from .jobs import JobQueue
from .lobby import Lobby, RoomStatus
from .lobby_actions import LobbyAction
from .members import Member, device_hash, token_matches
from .play import GameDriver
from .presence import AwayClocks
from .publish import Publisher
from .reactions import Reactions
from .records import RETRY_MS, LiveRoom, RoomRecord, StoreLike, StoreUnavailable
from .seats_bots import BotSeats
from .tick import Ticks
from .wire import NoObserver, Observer, RoomConfig, Subscriber, error_bytes, replaced, welcome_bytes

log = logging.getLogger("laundermat.room")
T = TypeVar("T")
Seat = tuple[str, str]  # (player_id, secret token)


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
        lobby: Lobby | None = None,
    ) -> None:
        self.code = code
        self.store = store
        self.clock = clock
        self.config = config
        self.observer: Observer = observer or NoObserver()
        self.on_empty = on_empty
        self.lobby = lobby or Lobby(games.require(game), clock.now_ms())
        self.definition = self.lobby.definition
        self.last_activity_ms = self.lobby.updated_ms
        self.jobs = JobQueue(code, clock)
        self.away = AwayClocks(clock, config.away_after_ms, self._away_due)
        self.views = Publisher(clock.now_ms)
        self.tick = Ticks(config.push_tick_ms, clock, self.jobs, self.observer)
        self.audience = Audience(self.views, config, self.jobs.post_later, self._push)
        self.reactions = Reactions(self.lobby, self.views, clock.now_ms, self.jobs)
        self.play = GameDriver(
            self.definition, store, clock, config, self._timed_out, self.lobby.describe_result
        )
        self.bots = BotSeats(self, lambda command: self._apply(command, None), self._push)
        self.coach = Coach(self.definition)

    # ------------------------------------------------------------ public API (queued)

    def start(self) -> None:
        self.jobs.start()

    @property
    def closed(self) -> bool:
        return self.jobs.closed

    async def join(self, name: str, key: str | None = None, device: str | None = None) -> Seat:
        """A new seat in the lobby (or the join `key`'s seat again); the browser's `device` id
        is kept hashed with the room's code (members.device_hash), for a bar (bars.py)."""
        return await self.jobs.call(lambda: self._join(name, key, device_hash(self.code, device)))

    async def connect(self, sub: Subscriber, token: str | None, address: str = "") -> str | None:
        """hello (token) or spectate (None, from `address`): the player_id, None if spectating."""
        return await self.jobs.call(lambda: self._connect(sub, token, address))

    async def disconnect(self, sub: Subscriber) -> None:
        if not self.closed:
            await self.jobs.call(lambda: self._disconnect(sub))

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

        async def run(member: Member) -> None:
            turn = time.perf_counter()
            parsed = self.play.player_command(member.seat, command, window, self._playing())
            await self._apply(parsed, command_id, member.player_id)
            self.observer.command_stages(turn - received, time.perf_counter() - turn)

        async def job() -> None:
            if (await self._answer_once(sub, player_id, command_id, run))[0]:
                self.tick.answered(received)

        await self.jobs.call(job)

    async def lobby_action(
        self, sub: Subscriber, player_id: str, command_id: str, action: LobbyAction
    ) -> None:
        """A lobby action (hosting.py); answered on `sub` as `act` is."""

        async def run(member: Member) -> bool:
            return await hosting.lobby_action(self, member, action, command_id)

        async def job() -> None:
            answered, close_after = await self._answer_once(sub, player_id, command_id, run)
            if answered and close_after:
                sub.close(1000, "left the room")
                if not self.lobby.people and self.on_empty is not None:
                    self.on_empty(self)

        await self.jobs.call(job)

    async def teach(self, learner: str) -> None:  # a new room made a lesson (coach.py)
        await self.jobs.call(lambda: start_lesson(self, self.definition, learner, self._push))

    async def resync(self, sub: Subscriber) -> None:
        await self.jobs.call(lambda: self._resync(sub))

    def info(self) -> dict[str, Any]:  # the public room summary (RoomInfo)
        seated = self.play.match is not None
        return self.lobby.info(self.code, seated, self.audience.shown, self.away.due)

    @property
    def connections(self) -> int:
        return len(self.views.spectators) + self.lobby.connected

    # ------------------------------------------------------------ seats, presence, records

    def _touch(self) -> None:
        self.last_activity_ms = self.lobby.updated_ms = self.clock.now_ms()

    async def _join(self, name: str, join_key: str | None, device: str | None) -> Seat:
        self._touch()
        undo = self.lobby.memo()
        member, token = self.lobby.add(name, self.clock.now_ms(), join_key, device)
        try:
            await self.save()
        except StoreUnavailable:
            undo()
            raise RoomError("unavailable") from None
        if member.sub is not None:  # the key re-issued the seat: the old token's socket goes
            replaced(member.sub, "This seat joined again from another tab.")
            await self._disconnect(member.sub)  # and its away clock runs
        else:  # GEN-4: a seat whose socket never comes is away too
            self.away.arm(member.player_id)
        self._push()
        return member.player_id, token

    async def _connect(self, sub: Subscriber, token: str | None, address: str) -> str | None:
        self._touch()
        if token is None:
            self.audience.admit(sub, address)  # the players hear of it once it settles
            sub.send(welcome_bytes("spectator", None, self.code))
            self._push(full={sub})
            return None
        # Compare against every seat so the time taken says nothing about which one matched.
        matches = [m for m in self.lobby.members if token_matches(token, m.token_hash)]
        if not matches:  # a barred seat's token is told why (bars.py)
            raise RoomError("kicked" if self.lobby.bars.kicked(token) else "bad_token")
        member = matches[0]
        if member.sub is not None:
            replaced(member.sub, "This seat connected from another tab.")
        member.sub, member.left = sub, False
        self.away.cancel(member.player_id)
        host = self.lobby.member(self.lobby.host)
        if host is None or (host.away and not host.connected):
            self.lobby.host = member.player_id  # the table needs a host who is here
            await self._save_later()
        sub.send(welcome_bytes("player", member.player_id, self.code))
        if member.away:
            member.away = False
            if self._playing() and member.seat is not None:
                await self.apply_quietly(self.set_away(member.seat, False))
        self._push(full={sub})
        return member.player_id

    async def _disconnect(self, sub: Subscriber) -> None:
        if self.audience.leave(sub):
            return  # the players hear of it once the count settles
        member = self.lobby.holder(sub)
        if member is None:
            return  # already replaced, kicked or left
        member.sub = None
        self.away.arm(member.player_id)
        self._push()

    def _away_due(self, player_id: str) -> None:
        self.jobs.post(lambda: self._mark_away(player_id))

    async def _mark_away(self, player_id: str) -> None:
        member = self.lobby.member(player_id)
        if member is None or member.connected or member.away:
            return
        member.away = True  # GEN-4; with stand-ins on, a bot plays the seat (seats_bots.py)
        if self._playing() and member.seat is not None and not self.lobby.stand_in:
            await self.apply_quietly(self.set_away(member.seat, True))
        if self.lobby.host == player_id and any(m.connected for m in self.lobby.members):
            self.lobby.pass_host()  # an away host would hold up the table: pass it on
            await self._save_later()
        await hosting.start_if_ready(self, self._push)  # after a game: all the rest ready?
        self._push()

    def record(self) -> RoomRecord:
        return self.lobby.record(self.code)

    async def save(self) -> None:
        await self.store.save_room(self.record())

    async def _save_later(self) -> None:  # what memory keeps anyway (a game's end): retried
        try:
            await self.save()
        except StoreUnavailable as exc:  # the reason: a full disk, a lost link...
            log.warning("room record not saved (%s); retrying", exc, extra={"room": self.code})
            self.jobs.post_later(self._save_later, RETRY_MS)

    # ------------------------------------------------------------ the game and its views

    def _playing(self) -> bool:
        return self.lobby.status is RoomStatus.PLAYING and self.play.match is not None

    def set_away(self, seat: int, away: bool) -> Command:
        assert self.play.match is not None
        return self.definition.set_away(self.play.match, seat, away)

    async def _answer_once(
        self,
        sub: Subscriber,
        player_id: str,
        command_id: str,
        run: Callable[[Member], Awaitable[T]],
    ) -> tuple[bool, T | None]:
        """Run a client's request once per id (answers.py); on success everyone sees it."""
        self._touch()
        member = self.lobby.member(player_id)
        if member is None or member.sub is not sub:
            return False, None  # this socket no longer holds the seat
        limit, version = self.config.answered_limit, self.views.version
        push = self._push_acked  # the ack rides with the change's views, or goes at once
        return await answer_once(member, command_id, run, limit, self.observer, version, push)

    async def _apply(
        self, command: Command, client_id: str | None, player_id: str | None = None
    ) -> None:
        if self.play.unsure:  # the last write may have landed: what the log holds first
            self.lobby.remember(await self.play.catch_up(), self.config.answered_limit)
            await self._finished()
            self._push()
            if self.play.over:
                raise RoomError("no_game")
        await self.play.apply(command, client_id, player_id)
        await self._finished()

    async def _finished(self) -> None:
        if self.play.over and self.lobby.finish(self.play.game_id, self.clock.now_ms()):
            await self._save_later()  # the game's result is durable already
            log.info("game finished", extra={"room": self.code, "game_id": self.play.game_id})

    async def apply_quietly(self, command: Command) -> None:
        """Presence: a refusal means nothing to record; a store that is down is retried."""
        try:
            await self._apply(command, None)
        except RuleError:
            return
        except StoreUnavailable as exc:
            log.warning("presence not saved (%s); retrying", exc, extra={"room": self.code})
            self.jobs.post_later(lambda: self._reapply_presence(command), RETRY_MS)

    async def _reapply_presence(self, command: Command) -> None:
        if self._playing():
            await self.apply_quietly(command)
            self._push()

    def _timed_out(self, window_id: int) -> None:
        self.jobs.post(lambda: self._on_timeout(window_id))

    async def _on_timeout(self, window_id: int) -> None:
        match = self.play.match
        if not self._playing() or match is None or match.window_id() != window_id:
            return  # the window closed before its deadline
        deadline = self.play.deadline_ms
        try:
            await self._apply(self.definition.timeout(match, window_id), None)
        except RuleError:
            return
        except StoreUnavailable as exc:  # the window stays open; its timer is re-armed (play.py)
            log.warning("timeout not saved (%s); retrying", exc, extra={"room": self.code})
            return
        self._push()
        if deadline is not None:  # from the deadline to the timeout durable and pushed
            self.observer.timer_late((self.clock.now_ms() - deadline) / 1000)

    def _deadline(self) -> int | None:
        return self.play.deadline_ms if self._playing() else None

    def _push(self, full: Collection[Subscriber] = ()) -> None:
        self._push_acked(None, full)

    def _push_acked(self, ack: wire.Ack | None, full: Collection[Subscriber] = ()) -> int:
        """Every viewer's view or patch (after `ack`); returns the version that shows them.
        A client's change in a busy room waits for the tick instead (tick.py)."""
        if ack is not None and self.tick.busy():
            return self.tick.hold(ack, self.views.version, self._shows, self._push)
        step = self.tick.pushed()  # what waited for the tick goes now
        match, members = self.play.match, self.lobby.members
        shown = self.views.push(self.info(), self._deadline(), match, members, full, ack, step)
        self.bots.changed()
        self.coach.changed(self.lobby, match, shown)
        return shown

    def _shows(self) -> bool:  # would a push now step the version? (tick.py)
        match, members = self.play.match, self.lobby.members
        return self.views.shows(self.info(), self._deadline(), match, members)

    async def _resync(self, sub: Subscriber) -> None:
        member = self.lobby.holder(sub)
        if member is None and sub not in self.views.spectators:
            return
        if self.tick.waiting:  # what the next patch builds on: the resync gets that state
            self._push()
        match = self.play.match
        seat = member.seat if member is not None and match is not None else None
        self.views.send_full(sub, self.info(), self._deadline(), match, seat)

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
        lobby = Lobby.restored(live, config.answered_limit)
        room = cls(live.room.code, store, clock, config, observer, on_empty, lobby=lobby)
        if live.game is not None:
            match = room.play.restore(live.game, config.restart_grace_ms)
            lobby.resume(match, live.game)
            room.views.log_mark = match.log_length()
        return room

    async def resume(self) -> None:
        """Start a restored room: its queue, its timer, everyone's away clock."""
        self.start()
        self.play.arm()
        for m in self.lobby.people:
            self.away.arm(m.player_id)
        self.bots.changed()  # bots play on
        await self.jobs.call(self.play.finish_in_store)
        if self.play.over and self.lobby.finished_ms is None:
            # The last command was durable but the crash came before the room record said so.
            self.lobby.finished_ms = self.clock.now_ms()
            await self.jobs.call(self._save_later)

    async def close(
        self, code: int = 4004, reason: str = "room closed", forget: bool = True, notice: str = ""
    ) -> None:
        """Close every socket; `forget` marks the room closed in the store (not on shutdown).
        `notice`: the sentence sent with `room_closed` (the operator's, web/admin.py)."""
        if self.closed:
            return
        self.jobs.closed = True  # no new jobs; the queue itself stops last (we may be in it)
        self.play.release()  # and the parts below: no reference back to the room (a cycle)
        self.away.release()
        self.audience.release()
        self.bots.release()
        for sub in [*(m.sub for m in self.lobby.members if m.sub), *self.views.spectators]:
            if code == 4004:
                sub.send(error_bytes("room_closed", notice or "The room has closed."))
            sub.close(code, reason)
        if forget:
            await self.store.close_room(self.code)
        self.jobs.close()

"""The match inside a room: apply + make durable, the open window's deadline, restore.

`GameDriver.apply` is the only path by which a command changes a live match. It persists the
command (with the deadline that follows it) before returning, and rolls the match back to
what the store holds if that write fails, so memory never runs ahead of the database. It
speaks to the game only through the game protocol (games/protocol.py).
"""

from __future__ import annotations

import asyncio
import zlib
from collections.abc import Callable
from typing import Any

import orjson

from ..games import Command, GameDefinition, Match
from .clock import Clock
from .errors import RoomError
from .records import RETRY_MS, CommandWrite, LiveGame, RoomRecord, StoreLike, StoreUnavailable
from .wire import RoomConfig, compact


class GameDriver:
    def __init__(
        self,
        definition: GameDefinition,
        store: StoreLike,
        clock: Clock,
        config: RoomConfig,
        on_deadline: Callable[[int], None],
        describe: Callable[[dict[str, Any]], dict[str, Any]] = lambda r: r,
    ) -> None:
        self.definition = definition
        self.store = store
        self.clock = clock
        self.time_scale = config.time_scale
        self.snapshot_every = config.snapshot_every
        self.on_deadline = on_deadline  # called with the window id when its deadline passes
        self.describe = describe  # adds display names to the game's result for the store
        self.match: Match | None = None
        self.game_id = 0
        self.seq = 0  # commands durable in the store for this match
        self.seed = 0
        self.settings: dict[str, Any] = {}
        self.player_ids: list[str] = []  # in the order given to `new`
        # What the store holds, for a rollback: the snapshot the log continues from and the
        # commands since, kept packed (a snapshot's objects are ~25 KiB a room; its zlib'd
        # JSON ~2 KiB) and unpacked only when a write fails.
        self._base: bytes | None = None
        self._log: list[bytes] = []
        self.deadline_ms: int | None = None
        self.window_id: int | None = None  # the window the deadline belongs to
        self._timer: asyncio.Task[None] | None = None
        # prepared, not yet durable: (match, seed, player ids, settings)
        self._pending: tuple[Match, int, list[str], dict[str, Any]] | None = None
        self.finished_in_store = False  # restored: whether the store had the game's result
        # A write failed in a way that may have landed (a link lost during its commit): the
        # log may hold more than memory, so the next write reads it first (`catch_up`).
        self.unsure = False

    @property
    def over(self) -> bool:
        return self.match is not None and self.match.over()

    def prepare(self, seed: int, ids: list[str], settings: dict[str, Any]) -> dict[str, int]:
        """A new match, not yet durable; returns each player_id's seat. The caller seats the
        room from it and makes both durable at once with `commit_start`."""
        match = self.definition.new(seed, ids, dict(settings))
        self._pending = match, seed, list(ids), dict(settings)
        return match.seats()

    async def commit_start(self, room: RoomRecord) -> None:
        """The prepared game and the room record that seats it, in one transaction: only
        then does the game replace the previous one in memory."""
        assert self._pending is not None
        match, seed, ids, settings = self._pending
        window = match.window()
        deadline = window_id = None
        if window is not None:
            deadline = self.clock.now_ms() + self._duration_ms(window.duration)
            window_id = window.id
        self._pending = None
        game_id = await self.store.start_game(room, seed, ids, deadline, window_id)
        self.match, self.game_id, self.seed, self.seq = match, game_id, seed, 0
        self.player_ids, self.settings, self._base, self._log = ids, settings, None, []
        self.deadline_ms, self.window_id = deadline, window_id
        self.arm()

    async def apply(
        self, command: Command, client_id: str | None = None, player_id: str | None = None
    ) -> None:
        """Apply (RuleError: nothing changed), then make it durable. If the store refuses
        (StoreUnavailable, DuplicateCommand) the match is rolled back to what the store
        holds and the error propagates: memory never runs ahead of the database. A match's
        last command carries its result, so it finishes in the same commit."""
        match = self.match
        assert match is not None
        match.apply(command)
        entry = command.to_dict()
        if client_id is not None:
            entry["client_id"] = client_id  # lets a retry after a restart be recognised
        before = (self.deadline_ms, self.window_id)
        self.sync_timer()
        over = match.over()
        # Every few commands the state rides along with its command, in the same commit,
        # rather than in a second commit before that command's ack and views: one
        # transaction fewer, and a snapshot that always matches the log. (No p99 change was
        # measurable, docs/benchmarks.md.) Snapshots only shorten a restore.
        due = not over and (self.seq + 1) % self.snapshot_every == 0
        snapshot = match.snapshot() if due else None
        try:
            write = CommandWrite(
                self.game_id,
                self.seq + 1,
                entry,
                self.deadline_ms,
                self.window_id,
                player_id=player_id if client_id is not None else None,
                client_id=client_id,
                result=self.describe(match.result()) if over else None,
                snapshot=snapshot,
            )
            await self.store.append_command(write)
        except BaseException as exc:
            self.unsure = self.unsure or isinstance(exc, StoreUnavailable)
            self.match = self._rebuild()
            self.deadline_ms, self.window_id = before
            # The open window's timer again; if its deadline has passed (this was its own
            # timeout), not before RETRY_MS: a store that is down is retried at a steady
            # pace rather than in a loop as fast as it can refuse.
            self.arm(not_before_ms=self.clock.now_ms() + RETRY_MS)
            raise
        self.seq += 1
        if snapshot is not None:
            self._base, self._log = _pack(snapshot), []
        else:
            self._log.append(compact(orjson.dumps(entry)))
        if over:
            self.cancel_timer()

    async def catch_up(self) -> list[tuple[str, str]]:
        """After an unsure write: the log's commands past `seq` (a commit whose answer was
        lost may have landed, and every later write of the room would then hit its seq for
        good) applied as the log has them. Returns their (player_id, client_id), to
        be answered as acks. StoreUnavailable: still unsure, nothing changed."""
        match = self.match
        assert match is not None
        try:
            logged = await self.store.commands_after(self.game_id, self.seq)
        except StoreUnavailable:
            self.arm(not_before_ms=self.clock.now_ms() + RETRY_MS)  # as a failed write does
            raise
        for entry in logged:
            match.apply(match.parse(entry.command))
            self._log.append(compact(orjson.dumps(entry.command)))
            self.seq = entry.seq
        self.unsure = False
        self.sync_timer()
        if match.over():
            self.cancel_timer()
            self.finished_in_store = True  # its last command carried the result
        return [(e.player_id, e.client_id) for e in logged if e.player_id and e.client_id]

    def player_command(
        self, seat: int | None, command: dict[str, Any], window: int | None, playing: bool
    ) -> Command:
        """A client's command with its seat taken from the token, never from the message."""
        match = self.match
        if match is None or not playing or seat is None:
            raise RoomError("no_game")
        if "seat" in command:
            raise RoomError("bad_message", "Commands carry no seat: your token is your seat.")
        kind = command.get("type")
        # Any JSON value may arrive here: test the type before `in`, which hashes (a list
        # would raise TypeError), and never echo more than a short string back.
        if not isinstance(kind, str):
            raise RoomError("bad_message", "command.type must be a string naming a command.")
        if kind in self.definition.room_commands:
            raise RoomError("not_a_player_command")
        if kind not in self.definition.player_commands:
            raise RoomError("bad_message", f"Unknown command type {kind[:32]!r}.")
        if window is not None and window != match.window_id():
            raise RoomError("stale_window", f"Window {window} is no longer open.")
        return match.parse({**command, "seat": seat})

    def _rebuild(self) -> Match:
        """The match as the store has it: the last snapshot (or the seed) plus the log."""
        base = _unpack(self._base) if self._base is not None else None
        log = [orjson.loads(entry) for entry in self._log]
        return self._replay(base, self.seed, self.player_ids, self.settings, log)

    def _replay(
        self,
        snapshot: dict[str, Any] | None,
        seed: int,
        ids: list[str],
        settings: dict[str, Any],
        log: list[dict[str, Any]],
    ) -> Match:
        if snapshot is not None:
            match = self.definition.restore(snapshot)
        else:
            match = self.definition.new(seed, ids, dict(settings))
        for entry in log:
            match.apply(match.parse(entry))
        return match

    # ------------------------------------------------------------ the deadline

    def sync_timer(self) -> None:
        """Arm a deadline for a newly opened window; keep it while the window stays open."""
        window = self.match.window() if self.match is not None else None
        if window is None:
            self.cancel_timer()
            self.deadline_ms = self.window_id = None
            return
        if window.id == self.window_id:
            return
        self.deadline_ms = self.clock.now_ms() + self._duration_ms(window.duration)
        self.window_id = window.id
        self.arm()

    def arm(self, not_before_ms: int = 0) -> None:
        self.cancel_timer()
        window_id, deadline = self.window_id, self.deadline_ms
        if window_id is None or deadline is None:
            return
        deadline = max(deadline, not_before_ms)

        async def wait() -> None:
            await self.clock.sleep_until(deadline)
            self.on_deadline(window_id)

        self._timer = asyncio.create_task(wait())

    def _duration_ms(self, seconds: float) -> int:
        return round(seconds * 1000 * self.time_scale)

    def release(self) -> None:
        """The room closed: no timer, and no call back into the room."""
        self.cancel_timer()
        self.on_deadline = _no_deadline

    def cancel_timer(self) -> None:
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None

    # ------------------------------------------------------------ restore

    def restore(self, live: LiveGame, grace_ms: int) -> Match:
        """Rebuild from the last snapshot plus the later commands. The open window keeps the
        time it had left, but at least `grace_ms` from now, so players reconnecting after a
        restart are not timed out by the restart itself."""
        log = [c for _, c in live.commands]
        match = self._replay(live.snapshot, live.seed, live.player_ids, live.settings, log)
        self.match, self.game_id, self.seed = match, live.game_id, live.seed
        self.player_ids, self.settings = list(live.player_ids), dict(live.settings)
        self.seq = live.snapshot_seq + len(live.commands)
        self._base = _pack(live.snapshot) if live.snapshot is not None else None
        self._log = [compact(orjson.dumps(entry)) for entry in log]
        window = match.window()
        if window is None:
            self.deadline_ms = self.window_id = None
        else:
            now = self.clock.now_ms()
            if live.window_id == window.id and live.deadline_ms is not None:
                self.deadline_ms = max(live.deadline_ms, now + grace_ms)
            else:  # no deadline was recorded for this window: give it its full time
                self.deadline_ms = now + self._duration_ms(window.duration)
            self.window_id = window.id
        self.finished_in_store = live.finished
        return match

    async def finish_in_store(self) -> None:
        """A restored match over in its log but not in its row (an older write order): its
        result stored now, for history."""
        match = self.match
        if match is not None and match.over() and not self.finished_in_store:
            await self.store.finish_game(self.game_id, self.describe(match.result()))
            self.finished_in_store = True


def _pack(snapshot: dict[str, Any]) -> bytes:
    return zlib.compress(orjson.dumps(snapshot), 1)


def _unpack(packed: bytes) -> dict[str, Any]:
    snapshot: dict[str, Any] = orjson.loads(zlib.decompress(packed))
    return snapshot


def _no_deadline(window_id: int) -> None:
    """A released room's deadlines reach no one."""

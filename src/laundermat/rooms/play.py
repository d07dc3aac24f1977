"""The game inside a room: apply + make durable, the open window's deadline, restore.

`GameDriver.apply` is the only path by which a command changes a live game. It persists the
command (with the deadline that follows it) before returning, and rolls the game back to what
the store holds if that write fails, so memory never runs ahead of the database.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable
from typing import Any

from ..engine import Command, Game, GameState, Phase, Settings, parse_command, result
from .clock import Clock
from .records import LiveGame, RoomRecord, StoreLike

log = logging.getLogger("laundermat.room")
RETRY_MS = 1_000  # a timeout the store refused is tried again this long after


class GameDriver:
    def __init__(
        self,
        store: StoreLike,
        clock: Clock,
        time_scale: float,
        snapshot_every: int,
        on_deadline: Callable[[int], None],
        describe: Callable[[dict[str, Any]], dict[str, Any]] = lambda r: r,
    ) -> None:
        self.store = store
        self.clock = clock
        self.time_scale = time_scale
        self.snapshot_every = snapshot_every
        self.on_deadline = on_deadline  # called with the window id when its deadline passes
        self.describe = describe  # adds display names to the engine's result for the store
        self.game: Game | None = None
        self.game_id = 0
        self.seq = 0  # commands durable in the store for this game
        self.seed = 0
        self.player_ids: list[str] = []  # in the order given to Game.new
        self._base: dict[str, Any] | None = None  # the snapshot the log continues from
        self._log: list[dict[str, Any]] = []
        self.deadline_ms: int | None = None
        self.window_id: int | None = None  # the window the deadline belongs to
        self._timer: asyncio.Task[None] | None = None
        self._pending: tuple[Game, int, list[str]] | None = None  # prepared, not yet durable
        self.finished_in_store = False  # restored: whether the store had the game's result

    @property
    def over(self) -> bool:
        return self.game is not None and self.game.state.phase is Phase.OVER

    def prepare(self, seed: int, ids: list[str], settings: dict[str, int]) -> dict[str, int]:
        """SETUP: a new game, not yet durable; returns each player_id's engine seat. The
        caller seats the room from it and makes both durable at once with `commit_start`."""
        self._pending = Game.new(seed, ids, Settings(**settings)), seed, list(ids)
        return {p.name: p.seat for p in self._pending[0].state.players}

    async def commit_start(self, room: RoomRecord) -> None:
        """The prepared game and the room record that seats it, in one transaction: only
        then does the game replace the previous one in memory."""
        assert self._pending is not None
        game, seed, ids = self._pending
        window = game.window()
        deadline = window_id = None
        if window is not None:
            deadline = self.clock.now_ms() + round(window.duration * 1000 * self.time_scale)
            window_id = window.id
        self._pending = None
        game_id = await self.store.start_game(room, seed, ids, deadline, window_id)
        self.game, self.game_id, self.seed, self.seq = game, game_id, seed, 0
        self.player_ids, self._base, self._log = ids, None, []
        self.deadline_ms, self.window_id = deadline, window_id
        self.arm()

    async def apply(
        self, command: Command, client_id: str | None = None, player_id: str | None = None
    ) -> None:
        """Apply (EngineError: nothing changed, GEN-1), then make it durable. If the store
        refuses (StoreUnavailable, DuplicateCommand) the game is rolled back to what the
        store holds and the error propagates: memory never runs ahead of the database.
        A game's last command carries its result, so it finishes in the same commit."""
        game = self.game
        assert game is not None
        game.apply(command)
        entry = command.to_dict()
        if client_id is not None:
            entry["client_id"] = client_id  # lets a retry after a restart be recognised
        before = (self.deadline_ms, self.window_id)
        self.sync_timer()
        over = game.state.phase is Phase.OVER
        try:
            await self.store.append_command(
                self.game_id,
                self.seq + 1,
                entry,
                self.deadline_ms,
                self.window_id,
                player_id=player_id if client_id is not None else None,
                client_id=client_id,
                result=self.describe(result(game.state).to_dict()) if over else None,
            )
        except BaseException:
            self.game = self._rebuild()
            self.deadline_ms, self.window_id = before
            # The open window's timer again; if its deadline has passed (this was its own
            # timeout), not before RETRY_MS: a store that is down is retried at a steady
            # pace rather than in a loop as fast as it can refuse.
            self.arm(not_before_ms=self.clock.now_ms() + RETRY_MS)
            raise
        self.seq += 1
        self._log.append(entry)
        if over:
            self.cancel_timer()
        elif self.seq % self.snapshot_every == 0:
            await self._snapshot(game)

    async def _snapshot(self, game: Game) -> None:
        """Snapshots only shorten a restore's replay: the command is already durable, so a
        failed one is logged and the log simply grows until the next succeeds."""
        snapshot = game.state.to_dict()
        try:
            await self.store.save_snapshot(self.game_id, self.seq, snapshot)
        except Exception:
            log.warning("snapshot not saved", extra={"game_id": self.game_id}, exc_info=True)
            return
        self._base, self._log = snapshot, []

    def _rebuild(self) -> Game:
        """The game as the store has it: the last snapshot (or the seed) plus the log."""
        assert self.game is not None
        if self._base is not None:
            game = Game(GameState.from_dict(self._base))
        else:
            game = Game.new(self.seed, self.player_ids, self.game.state.settings)
        for entry in self._log:
            game.apply(parse_command(entry))
        return game

    # ------------------------------------------------------------ the deadline

    def sync_timer(self) -> None:
        """Arm a deadline for a newly opened window; keep it while the window stays open."""
        window = self.game.window() if self.game is not None else None
        if window is None:
            self.cancel_timer()
            self.deadline_ms = self.window_id = None
            return
        if window.id == self.window_id:
            return
        self.deadline_ms = self.clock.now_ms() + round(window.duration * 1000 * self.time_scale)
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

    def cancel_timer(self) -> None:
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None

    # ------------------------------------------------------------ restore

    def restore(self, live: LiveGame, grace_ms: int) -> None:
        """Rebuild from the last snapshot plus the later commands. The open window keeps the
        time it had left, but at least `grace_ms` from now, so players reconnecting after a
        restart are not timed out by the restart itself."""
        if live.snapshot is not None:
            game = Game(GameState.from_dict(live.snapshot))
        else:
            game = Game.new(live.seed, live.player_ids, Settings(**live.settings))
        for _, entry in live.commands:
            game.apply(parse_command(entry))
        self.game, self.game_id, self.seed = game, live.game_id, live.seed
        self.player_ids = list(live.player_ids)
        self.seq = live.snapshot_seq + len(live.commands)
        self._base, self._log = live.snapshot, [c for _, c in live.commands]
        window = game.window()
        if window is None:
            self.deadline_ms = self.window_id = None
        else:
            now = self.clock.now_ms()
            if live.window_id == window.id and live.deadline_ms is not None:
                self.deadline_ms = max(live.deadline_ms, now + grace_ms)
            else:  # no deadline was recorded for this window: give it its full time
                self.deadline_ms = now + round(window.duration * 1000 * self.time_scale)
            self.window_id = window.id
        self.finished_in_store = live.finished

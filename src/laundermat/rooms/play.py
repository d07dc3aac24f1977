"""The game inside a room: apply + make durable, the open window's deadline, restore.

`GameDriver.apply` is the only path by which a command changes a live game. It persists the
command (with the deadline that follows it) before returning, and rolls the game back to what
the store holds if that write fails, so memory never runs ahead of the database.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import Any

from ..engine import Command, Game, GameState, Phase, Settings, parse_command, result
from .clock import Clock
from .records import LiveGame, StoreLike


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

    @property
    def over(self) -> bool:
        return self.game is not None and self.game.state.phase is Phase.OVER

    async def start(
        self, code: str, game_number: int, seed: int, ids: list[str], settings: dict[str, int]
    ) -> dict[str, int]:
        """SETUP: a new game; returns each player_id's engine seat."""
        game = Game.new(seed, ids, Settings(**settings))
        game_id = await self.store.start_game(code, game_number, seed, ids, dict(settings))
        self.game, self.game_id, self.seed, self.seq = game, game_id, seed, 0
        self.player_ids, self._base, self._log = list(ids), None, []
        self.window_id = None
        self.sync_timer()
        await self.store.save_deadline(game_id, self.deadline_ms, self.window_id)
        return {p.name: p.seat for p in game.state.players}

    async def apply(self, command: Command, client_id: str | None) -> None:
        """Apply (EngineError: nothing changed, GEN-1), then make it durable."""
        game = self.game
        assert game is not None
        game.apply(command)
        entry = command.to_dict()
        if client_id is not None:
            entry["client_id"] = client_id  # lets a retry after a restart be recognised
        before = (self.deadline_ms, self.window_id)
        self.sync_timer()
        try:
            await self.store.append_command(
                self.game_id, self.seq + 1, entry, self.deadline_ms, self.window_id
            )
        except BaseException:
            self.game = self._rebuild()
            self.deadline_ms, self.window_id = before
            self.arm()
            raise
        self.seq += 1
        self._log.append(entry)
        if game.state.phase is Phase.OVER:
            self.cancel_timer()
            await self.store.finish_game(self.game_id, self.describe(result(game.state).to_dict()))
        elif self.seq % self.snapshot_every == 0:
            snapshot = game.state.to_dict()
            await self.store.save_snapshot(self.game_id, self.seq, snapshot)
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

    def arm(self) -> None:
        self.cancel_timer()
        window_id, deadline = self.window_id, self.deadline_ms
        if window_id is None or deadline is None:
            return

        async def wait() -> None:
            await self.clock.sleep_until(deadline)
            self.on_deadline(window_id)

        self._timer = asyncio.create_task(wait())

    def cancel_timer(self) -> None:
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None

    # ------------------------------------------------------------ restore

    def restore(self, live: LiveGame, grace_ms: int) -> list[tuple[int, str]]:
        """Rebuild from the last snapshot plus the later commands. The open window keeps the
        time it had left, but at least `grace_ms` from now, so players reconnecting after a
        restart are not timed out by the restart itself. Returns (seat, client_id) of the
        replayed player commands, so their retries are recognised."""
        if live.snapshot is not None:
            game = Game(GameState.from_dict(live.snapshot))
        else:
            game = Game.new(live.seed, live.player_ids, Settings(**live.settings))
        answered = []
        for _, entry in live.commands:
            game.apply(parse_command(entry))
            if isinstance(entry.get("client_id"), str) and isinstance(entry.get("seat"), int):
                answered.append((entry["seat"], entry["client_id"]))
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
        return answered

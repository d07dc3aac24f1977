"""An in-memory store with the SQL store's interface: for unit tests and `memory://`.

It keeps copies of what it is given, so a test can "restart" by building new rooms from
`load_live_rooms()` exactly as the server does after a crash.
"""

from __future__ import annotations

import copy
import time
from dataclasses import dataclass, field
from typing import Any

from ..rooms.records import (
    CommandWrite,
    DuplicateCommand,
    FinishedSeed,
    GameRecord,
    GameSummary,
    LiveGame,
    LiveRoom,
    LoggedCommand,
    RoomRecord,
    SeqTaken,
    StoreUnavailable,
)
from .audit import AdminAction


@dataclass
class _Game:
    game_id: int
    code: str
    game_number: int
    seed: int
    player_ids: list[str]
    settings: dict[str, Any]
    game: str  # kept with the game, as the SQL store's games table does
    commands: list[tuple[int, dict[str, Any]]] = field(default_factory=list)
    client_ids: list[tuple[str, str]] = field(default_factory=list)  # (player_id, client_id)
    ids_by_seq: dict[int, tuple[str, str]] = field(default_factory=dict)
    snapshot_seq: int = 0
    snapshot: dict[str, Any] | None = None
    deadline_ms: int | None = None
    window_id: int | None = None
    result: dict[str, Any] | None = None
    finished_ms: int | None = None
    server_seed: str | None = None
    nonces: dict[str, str] | None = None


class MemoryStore:
    def __init__(self) -> None:
        self.rooms: dict[str, RoomRecord] = {}
        self.games: dict[int, _Game] = {}
        self.closed: set[str] = set()
        self.fail_next_append = False  # lets a test simulate a database failure
        self.lose_next_answer = False  # the next append or start commits, then reports an outage
        self.lose_next_save_answer = False  # the same for the next room record alone
        self.unavailable = False  # every write fails as if the database were down
        self.audit: list[AdminAction] = []  # the operator's actions, oldest first

    @classmethod
    async def open(cls, url: str = "memory://") -> MemoryStore:
        return cls()

    async def record_admin_action(self, entry: AdminAction) -> None:
        self._check()
        self.audit.append(entry)

    async def admin_actions(self, limit: int = 50) -> list[AdminAction]:
        return list(reversed(self.audit))[:limit]

    async def close(self) -> None:
        pass

    async def ping(self) -> None:
        self._check()

    def _check(self) -> None:
        if self.unavailable:
            raise StoreUnavailable("simulated outage")

    async def save_room(self, room: RoomRecord) -> None:
        self._check()
        self.rooms[room.code] = copy.deepcopy(room)
        self.closed.discard(room.code)
        if self.lose_next_save_answer:  # as a link lost during COMMIT: written, yet an error
            self.lose_next_save_answer = False
            raise StoreUnavailable("simulated lost commit answer")

    async def start_game(
        self,
        room: RoomRecord,
        seed: int,
        player_ids: list[str],
        deadline_ms: int | None,
        window_id: int | None,
    ) -> int:
        self._check()
        game_id = max(self.games, default=0) + 1  # never reused, as a SQL sequence
        self.games[game_id] = _Game(
            game_id,
            room.code,
            room.game_number,
            seed,
            list(player_ids),
            dict(room.settings),
            room.game,
        )
        game = self.games[game_id]
        game.deadline_ms, game.window_id = deadline_ms, window_id
        game.server_seed = (room.fairness or {}).get("server_seed")
        game.nonces = copy.deepcopy((room.fairness or {}).get("nonces"))
        await self.save_room(room)
        if self.lose_next_answer:  # as a link lost during COMMIT: written, yet an error
            self.lose_next_answer = False
            raise StoreUnavailable("simulated lost commit answer")
        return game_id

    async def append_command(self, write: CommandWrite) -> None:
        self._check()
        if self.fail_next_append:
            self.fail_next_append = False
            raise StoreUnavailable("simulated database failure")
        game, seq = self.games[write.game_id], write.seq
        if any(seq == taken for taken, _ in game.commands):  # as the SQL primary key (guard.py)
            raise SeqTaken(f"seq {seq} is already in the log")
        if write.player_id is not None and write.client_id is not None:
            sender = (write.player_id, write.client_id)
            if sender in game.client_ids:
                raise DuplicateCommand(write.client_id)
            game.client_ids.append(sender)
            game.ids_by_seq[seq] = sender
        game.commands.append((seq, copy.deepcopy(write.command)))
        game.deadline_ms, game.window_id = write.deadline_ms, write.window_id
        if write.snapshot is not None:
            game.snapshot_seq, game.snapshot = seq, copy.deepcopy(write.snapshot)
        if write.result is not None:
            game.result = copy.deepcopy(write.result)
            game.finished_ms = time.time_ns() // 1_000_000
            game.deadline_ms = None
        if self.lose_next_answer:  # as a link lost during COMMIT: written, yet an error
            self.lose_next_answer = False
            raise StoreUnavailable("simulated lost commit answer")

    async def commands_after(self, game_id: int, seq: int) -> list[LoggedCommand]:
        self._check()
        game = self.games[game_id]
        return [
            LoggedCommand(s, copy.deepcopy(c), *game.ids_by_seq.get(s, (None, None)))
            for s, c in sorted(game.commands, key=lambda entry: entry[0])
            if s > seq
        ]

    async def save_deadline(
        self, game_id: int, deadline_ms: int | None, window_id: int | None
    ) -> None:
        game = self.games[game_id]
        game.deadline_ms, game.window_id = deadline_ms, window_id

    async def finish_game(self, game_id: int, result: dict[str, Any]) -> None:
        self._check()
        game = self.games[game_id]
        game.result = copy.deepcopy(result)
        game.finished_ms = time.time_ns() // 1_000_000

    async def close_room(self, code: str) -> None:
        self.closed.add(code)

    async def load_live_rooms(self) -> list[LiveRoom]:
        out = []
        for code, room in self.rooms.items():
            if code in self.closed:
                continue
            games = [g for g in self.games.values() if g.code == code]
            current = max(games, key=lambda g: g.game_id) if games else None
            live = None
            # As the SQL store: the latest game while it is the one the room's record seats.
            if current is not None and current.game_number == room.game_number:
                live = LiveGame(
                    game_id=current.game_id,
                    seed=current.seed,
                    player_ids=list(current.player_ids),
                    settings=dict(current.settings),
                    snapshot_seq=current.snapshot_seq,
                    snapshot=copy.deepcopy(current.snapshot),
                    commands=[
                        (s, copy.deepcopy(c))
                        for s, c in current.commands
                        if s > current.snapshot_seq
                    ],
                    deadline_ms=current.deadline_ms,
                    window_id=current.window_id,
                    finished=current.result is not None,
                    server_seed=current.server_seed,
                    nonces=copy.deepcopy(current.nonces),
                )
            answered = [pc for g in sorted(games, key=lambda g: g.game_id) for pc in g.client_ids]
            done = [
                FinishedSeed(g.game_id, g.server_seed, dict(g.nonces or {}))
                for g in games
                if g.result is not None and g.server_seed is not None
            ]
            revealed = max(done, key=lambda f: f.game_id) if done else None
            out.append(LiveRoom(copy.deepcopy(room), live, answered, revealed))
        return out

    async def delete_finished_games(self, before_ms: int) -> int:
        def abandoned(g: _Game) -> bool:  # unfinished, in a room closed before then
            room = self.rooms.get(g.code)
            return g.code in self.closed and room is not None and room.updated_ms < before_ms

        old = [
            gid
            for gid, g in self.games.items()
            if (g.result is not None and (g.finished_ms or 0) < before_ms)
            or (g.result is None and abandoned(g))
        ]
        for gid in old:
            del self.games[gid]
        return len(old)

    async def delete_closed_rooms(self, before_ms: int) -> int:
        named = {g.code for g in self.games.values()}
        old = [
            code
            for code in self.closed
            if code in self.rooms and code not in named and self.rooms[code].updated_ms < before_ms
        ]
        for code in old:
            del self.rooms[code]
            self.closed.discard(code)
        return len(old)

    def _open(self, code: str) -> bool:
        """An open room has this code (then no public record names it)."""
        return code in self.rooms and code not in self.closed

    async def history(self, limit: int = 50) -> list[GameSummary]:
        out = []
        for game in sorted(self.games.values(), key=lambda g: -g.game_id)[:limit]:
            room = self.rooms.get(game.code)
            names = {p.player_id: p.name for p in room.players} if room else {}
            winners = (game.result or {}).get("winner_names", [])
            out.append(
                GameSummary(
                    game_id=game.game_id,
                    code=None if self._open(game.code) else game.code,
                    game_number=game.game_number,
                    player_names=[names.get(p, p) for p in game.player_ids],
                    finished_ms=game.finished_ms,
                    winners=[str(w) for w in winners],
                    game=game.game,
                    result=copy.deepcopy(game.result),
                    seed=game.seed,
                    player_ids=list(game.player_ids),
                    settings=dict(game.settings),
                )
            )
        return out

    async def game_record(self, game_id: int) -> GameRecord | None:
        game = self.games.get(game_id)
        if game is None:
            return None
        room = self.rooms.get(game.code)
        names = {p.player_id: p.name for p in room.players} if room else {}
        return GameRecord(
            game_id=game.game_id,
            code=game.code,
            seed=game.seed,
            player_ids=list(game.player_ids),
            names=[names.get(p, p) for p in game.player_ids],
            settings=dict(game.settings),
            commands=[copy.deepcopy(c) for _, c in game.commands],
            result=copy.deepcopy(game.result),
            finished=game.result is not None,
            game=game.game,
            server_seed=game.server_seed,
            nonces=copy.deepcopy(game.nonces),
            room_open=self._open(game.code),
            game_number=game.game_number,
        )

"""What the store keeps, as plain dataclasses: the rooms layer never sees an ORM row."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any


class StoreUnavailable(Exception):
    """The database cannot be reached (or stayed locked past the retry budget): nothing was
    written. Callers answer `unavailable` and may try again later."""


class DuplicateCommand(Exception):
    """The command log already holds this (player, client id) for the game: a retry that
    memory no longer remembered. Nothing was written; the first application stands."""


@dataclass
class PlayerRecord:
    player_id: str
    name: str
    token_hash: str  # sha256 hex of the seat token; the token itself is never stored
    seat: int | None
    joined_ms: int


@dataclass
class RoomRecord:
    code: str
    status: str  # lobby | playing | finished
    settings: dict[str, Any]
    host: str | None
    players: list[PlayerRecord]
    game_number: int
    created_ms: int
    updated_ms: int
    game: str = "laundermat"  # the name of the game the room plays (games/)


@dataclass
class LiveGame:
    game_id: int
    seed: int
    player_ids: list[str]
    settings: dict[str, Any]
    snapshot_seq: int
    snapshot: dict[str, Any] | None
    commands: list[tuple[int, dict[str, Any]]]  # seq > snapshot_seq, in order
    deadline_ms: int | None
    window_id: int | None
    finished: bool = False  # over: restored to show its final standings


@dataclass
class LiveRoom:
    room: RoomRecord
    game: LiveGame | None
    # (player_id, client_id) of every logged command of the room's games, oldest first:
    # a retry after a restart is recognised whatever the snapshot interval or the game.
    answered: list[tuple[str, str]] = field(default_factory=list)


@dataclass
class GameSummary:
    game_id: int
    code: str
    game_number: int
    player_names: list[str]
    finished_ms: int | None
    winners: list[str]
    game: str = "laundermat"


@dataclass
class GameRecord:
    game_id: int
    code: str
    seed: int
    player_ids: list[str]
    names: list[str]
    settings: dict[str, Any]
    commands: list[dict[str, Any]]
    result: dict[str, Any] | None
    finished: bool
    game: str = "laundermat"

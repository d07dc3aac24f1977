"""The rooms' port to persistence: the records a store keeps and the interface it offers.

Rooms depend on this module only; `laundermat.store.Store` (SQLAlchemy: SQLite or
PostgreSQL) and `laundermat.store.memory.MemoryStore` (tests, `memory://`) implement
`StoreLike`, so rooms never see an ORM row and the arrow runs store → rooms.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, NamedTuple, Protocol

__all__ = [
    "RETRY_MS",
    "BarRecord",
    "CommandWrite",
    "DuplicateCommand",
    "Fence",
    "Fenced",
    "GameRecord",
    "GameSummary",
    "LiveGame",
    "LiveRoom",
    "PlayerRecord",
    "RoomRecord",
    "StoreLike",
    "StoreUnavailable",
]


class StoreUnavailable(Exception):
    """The database cannot be reached (or stayed locked past the retry budget): nothing was
    written, or the link was lost during the commit and whether it was is not known (a room
    reads the log before its next write, play.py). Callers answer `unavailable` and may try
    again later."""


# What the store refused (a command, a timeout, presence, the room record, a next game) is
# tried again this long after: at a steady pace, not as fast as a store that is down refuses.
RETRY_MS = 1_000


class SeqTaken(StoreUnavailable):
    """The command log already holds this seq for the game: an earlier commit whose answer
    was lost landed. Nothing was written; the room catches up from the log (play.py)."""


class DuplicateCommand(Exception):
    """The command log already holds this (player, client id) for the game: a retry that
    memory no longer remembered. Nothing was written; the first application stands."""


class Fenced(StoreUnavailable):
    """The database refused a write because another replica has claimed the room since this
    one did (its fencing token is stale, cluster/). Nothing was written and nothing may be
    acknowledged: the room must be dropped from memory (a subclass of StoreUnavailable so
    every caller already treats it as "not written")."""


@dataclass(frozen=True)
class Fence:
    """A room's fencing token: the `rooms.owner_epoch` this replica's claim returned. Every
    write for the room commits only while the row still holds this epoch."""

    code: str
    token: int


class CommandWrite(NamedTuple):
    """One command for a game's log, and what it changes in the game's row: the store writes
    both in one commit (`StoreLike.append_command`). Immutable; a NamedTuple rather than a
    frozen dataclass, which took ~2 µs more to build, on every command's hot path."""

    game_id: int
    seq: int
    command: dict[str, Any]
    deadline_ms: int | None  # the game's open window after this command (None: no timer)
    window_id: int | None
    player_id: str | None = None  # with client_id: who sent it, so a retry is recognised
    client_id: str | None = None
    result: dict[str, Any] | None = None  # the game is over: it finishes in the same commit
    snapshot: dict[str, Any] | None = None  # the game's state after this command, as of seq


@dataclass
class PlayerRecord:
    player_id: str
    name: str
    token_hash: str  # sha256 hex of the seat token; the token itself is never stored
    seat: int | None
    joined_ms: int
    bot: bool = False  # a server-side player the host added (seats_bots.py); no token
    join_key_hash: str | None = None  # sha256 hex of the key the join came with (Member)
    device_hash: str | None = None  # sha256 hex of the room code and the browser's id (Member)
    ready: bool = False  # after a game: will play the next one (rooms/rematch.py); new in #30


@dataclass
class BarRecord:
    """A player the host removed, kept out until the host lets them back (rooms/bars.py)."""

    player_id: str  # the removed seat's: the host names the bar by it (`unbar`)
    name: str  # as the table saw it
    token_hash: str  # the removed seat's token: a hello with it is told `kicked`
    device_hash: str | None  # the browser the seat joined from, if it said (PlayerRecord)
    barred_ms: int


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
    # The name of the game the room plays (games/). Always given: the store's rows made
    # before games had names read the column's server default, LaunderMat's name.
    game: str
    # The commitment for the next (or the running) game: {"server_seed", "nonces"}.
    fairness: dict[str, Any] | None = None
    # The platform's own settings, apart from the game's: {"stand_in": bool} (seats_bots.py).
    options: dict[str, Any] | None = None
    # Recent lobby actions' (player_id, id), oldest first: answered again, never re-applied.
    lobby_answers: list[tuple[str, str]] = field(default_factory=list)
    # The players the host removed and has not let back in, oldest first (rooms/bars.py).
    barred: list[BarRecord] = field(default_factory=list)


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
    server_seed: str | None = None  # what its seed was derived from (rooms/fairness.py)
    nonces: dict[str, str] | None = None


@dataclass
class LoggedCommand:
    """One entry of a game's command log, as `commands_after` reads it back."""

    seq: int
    command: dict[str, Any]
    player_id: str | None = None
    client_id: str | None = None


@dataclass
class FinishedSeed:
    """What the room's last finished game's seed came from: its view reveals it (fairness.py)
    until the next game is over, a rematch running after a restart included."""

    game_id: int
    server_seed: str
    nonces: dict[str, str]


@dataclass
class LiveRoom:
    room: RoomRecord
    game: LiveGame | None
    # (player_id, client_id) of every logged command of the room's games, oldest first:
    # a retry after a restart is recognised whatever the snapshot interval or the game.
    answered: list[tuple[str, str]] = field(default_factory=list)
    last_finished: FinishedSeed | None = None


@dataclass
class GameSummary:
    game_id: int
    # None while a room with that code is open: a listed code would let anyone spectate the
    # table's next game, or join its lobby (docs/security.md, "Room codes").
    code: str | None
    game_number: int
    player_names: list[str]
    finished_ms: int | None
    winners: list[str]
    game: str  # as RoomRecord.game
    # What places each player (games/standings.py): the result's seats, and the seating the
    # seed draws from player_ids (in the order of player_names).
    result: dict[str, Any] | None = None
    seed: int = 0
    player_ids: list[str] = field(default_factory=list)
    settings: dict[str, Any] = field(default_factory=dict)


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
    game: str  # as RoomRecord.game
    server_seed: str | None = None
    nonces: dict[str, str] | None = None
    room_open: bool = False  # a room with this code is open: the public record names none
    game_number: int | None = None  # the room's count: 1 for its first game, +1 per rematch


class StoreLike(Protocol):
    async def close(self) -> None: ...

    async def ping(self) -> None:
        """A trivial read: returns when the database answers, else StoreUnavailable."""
        ...

    async def save_room(self, room: RoomRecord) -> None: ...

    async def start_game(
        self,
        room: RoomRecord,
        seed: int,
        player_ids: list[str],
        deadline_ms: int | None,
        window_id: int | None,
    ) -> int:
        """The game row and the room record that seats it, in one transaction."""
        ...

    async def append_command(self, write: CommandWrite) -> None:
        """Durable when it returns; a `result` finishes the game in the same transaction,
        and a `snapshot` is saved in it as of the write's `seq`.
        Raises DuplicateCommand for a logged (player_id, client_id): nothing was written.
        StoreUnavailable when the database cannot take it, or could not say whether it
        did (a link lost during the commit): `commands_after` then tells."""
        ...

    async def commands_after(self, game_id: int, seq: int) -> list[LoggedCommand]:
        """The game's logged commands past `seq`, in order: after a write whose outcome was
        not known (StoreUnavailable from a commit whose answer was lost), what did land."""
        ...

    async def save_deadline(
        self, game_id: int, deadline_ms: int | None, window_id: int | None
    ) -> None: ...

    async def finish_game(self, game_id: int, result: dict[str, Any]) -> None: ...

    async def close_room(self, code: str) -> None: ...

    async def load_live_rooms(self) -> list[LiveRoom]: ...

    async def delete_finished_games(self, before_ms: int) -> int:
        """Retention: delete finished games that ended before `before_ms`; how many went."""
        ...

    async def delete_closed_rooms(self, before_ms: int) -> int:
        """Retention: delete closed rooms last changed before `before_ms` that no game names
        (after `delete_finished_games`); how many went."""
        ...

    async def history(self, limit: int = 50) -> list[GameSummary]: ...

    async def game_record(self, game_id: int) -> GameRecord | None: ...

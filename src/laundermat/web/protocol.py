"""The wire protocol: every message on the socket and every HTTP body is a pydantic model.

Client → server messages are `ClientMessage` (a union discriminated by `type`); server → client
messages are `ServerMessage`. `GET /api/protocol.json` publishes their JSON Schema and
`docs/protocol.md` describes them with a worked example.

Flow on a socket (`/ws/{code}`):
  1. The client's first message is `hello` (with its secret seat token) or `spectate`.
     Tokens never travel in a URL, so they never reach an access log.
  2. The server answers `welcome`, then pushes a `view` now and after every change that
     alters what this viewer sees. `version` rises by exactly one per change of the room;
     a client that sees a gap sends `resync` and gets a whole view back.
  3. The client sends `act` (a game command) or `lobby` (a lobby action), each with a
     client-chosen `id`. Each is answered once by `ack` or `error` with the same `id`; a
     repeated id is answered again with the first answer and never applied twice.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import ConfigDict, Field, TypeAdapter

from .. import games
from ..error_codes import SERVER_ERROR_CODES as SERVER_ERROR_CODES  # published here too
from ..games.kit.reactions import MAX_ID as MAX_REACTION_ID
from ..rooms.close_codes import CloseCode
from .bodies import CreateRoom, Input, JoinRoom, Strict
from .lobby_messages import CommandId, LobbyActionMessage

Token = Annotated[str, Field(min_length=16, max_length=128)]


# ------------------------------------------------------------------ HTTP bodies
# What a client sends (CreateRoom, JoinRoom) is in bodies.py; what it is answered, here.


class SeatGranted(Strict):
    """The answer to creating or joining: keep `token` secret; it is the seat."""

    code: str
    player_id: str
    token: str


class ErrorBody(Strict):
    code: str
    message: str


class PlacedPlayer(Strict):
    """A player of a finished game, where they finished (games/standings.py)."""

    name: str  # the display name
    score: int | None  # the game's own total (LaunderMat: dollars; Goblin Laundromat: Coins)
    place: int | None  # 1 for the winners; tied players share a place; null: not placed
    winner: bool


class GameSummaryBody(Strict):
    """One finished game in `GET /api/history`. `code` is null while a room with that code
    is open (a listed code would let anyone into the table's next game); the players' own
    browsers know their game ids from the room's `fairness.revealed`. `game_id` names the
    record (`/api/games/{game_id}/replay`); `game_number` is the room's count of its games,
    the number people know it by."""

    game_id: int
    code: str | None
    game: str
    game_number: int
    player_names: list[str]
    finished_ms: int | None
    winners: list[str]  # display names
    players: list[PlacedPlayer]  # best first


class ReplayBody(Strict):
    """`GET /api/games/{id}/replay`, only for finished games: the game's public record, from
    which anyone can check it (`laundermat verify`, docs/fairness.md). `commitment` was shown
    before the game could start; SHA-256 of `server_seed` must equal it, and `seed` must be
    derived from `server_seed` and `nonces` (rooms/fairness.py), where `nonces["server"]`,
    in games since the server adds its own, must be the one `server_seed` gives (docs/
    fairness.md). `commands` is the whole log
    (room timeouts and presence included) as the game publishes it: a LaunderMat bill a seat
    selected and then changed shows as the one it held at the lock (PRIVATE-1), and no
    client's retry id is kept; `result` is what the server recorded; `final` is
    the spectator view of the final state (fully revealed, PUBLIC-2). `round_starts` gives,
    for each round, the step (commands applied) at which it begins. Games played before
    commitments existed have null `server_seed`, `commitment` and `nonces`."""

    game_id: int
    code: str | None  # null while a room with that code is open (as in the history)
    game: str
    seed: int
    seed_text: str  # the seed in decimal: JavaScript numbers are exact only to 2**53
    server_seed: str | None
    commitment: str | None
    nonces: dict[str, str] | None
    player_ids: list[str]  # in the order given to the game's setup (not seat order)
    names: list[str]  # display names, in the order of player_ids
    seats: list[str]  # the player_id at each seat (seats are drawn from the seed)
    settings: dict[str, int]
    commands: list[dict[str, Any]]
    result: dict[str, Any] | None
    final: dict[str, Any]
    steps: int
    round_starts: dict[str, int]
    # The room's count (1 for its first game, +1 per rematch), as GET /api/history lists it;
    # absent from records made before it was published.
    game_number: int | None = None


class ReplayStep(Strict):
    """`GET /api/games/{id}/replay/step/{n}?viewer=`: the game after its first `n` commands,
    as seat `viewer` saw it, or (`viewer=all`) the spectator view plus every seat's own part
    in `view.all_seats`."""

    step: int
    steps: int
    round: int | None
    view: dict[str, Any]


# ------------------------------------------------------------------ client → server


class Hello(Input):
    """`deltas: false` asks for whole views only (old clients, bots, debugging); by default a
    view after the first is sent as a `patch` of the previous one (docs/protocol.md).
    `inline_ack: true`: a command's ack comes as the `ack` field of this client's view or
    patch that shows the change, where the push sends it one; else (by default, for clients
    from before it) as a message of its own."""

    type: Literal["hello"]
    token: Token
    deltas: bool = True
    inline_ack: bool = False


class Spectate(Input):
    type: Literal["spectate"]
    deltas: bool = True


class Act(Input):
    """A game command. `command` is the engine's JSON form without `seat` (the token is
    the seat), e.g. `{"type": "select", "card": 12}`; a `seat` key is rejected (`bad_message`).
    `window`, when given, is the id of the window the player meant to act in: if another
    window is open by the time the command is applied it is rejected with `stale_window`."""

    type: Literal["act"]
    id: CommandId
    command: dict[str, Any]
    window: int | None = None


class React(Input):
    """A reaction (issue 33 §2): one of the room's game's `reactions` in `GET /api/catalog`,
    by id. Not a command: no `id`, no ack; every viewer (the sender too) receives it as a
    `reaction`. Refused with `unknown_reaction`, `too_many_reactions` (3 at once, then one
    per 2 s per seat) or `spectator`, and then nothing is sent."""

    type: Literal["react"]
    reaction: Annotated[str, Field(min_length=1, max_length=MAX_REACTION_ID)]


class Resync(Input):
    type: Literal["resync"]


class Ping(Input):
    type: Literal["ping"]


ClientMessage = Annotated[
    Hello | Spectate | Act | LobbyActionMessage | React | Resync | Ping,
    Field(discriminator="type"),
]
client_message: TypeAdapter[ClientMessage] = TypeAdapter(ClientMessage)


# ------------------------------------------------------------------ server → client


class PlayerInfo(Strict):
    player_id: str
    name: str
    host: bool
    connected: bool  # presence is public
    away: bool  # GEN-4: 30 s or more without a connection
    seat: int | None  # the engine seat once the game has started
    bot: bool = False  # played by the server (the host added it); always connected
    stand_in: bool = False  # away, and a bot plays this seat until they are back
    stood_in_moves: int = 0  # this game's moves a stand-in made for this seat (the log names it)
    ready: bool = False  # after a game: plays the next one (`lobby` action `ready`)
    # While a person's socket is gone and they are not yet away: when they will be (GEN-4),
    # server time in ms; then a bot stands in, or the game goes on without them.
    away_at: int | None = None


class BarredInfo(Strict):
    """A player the host removed, kept out until the host lets them back (`unbar`)."""

    player_id: str  # the removed seat's
    name: str


class RoomOptions(Strict):
    """The platform's settings (the game's are `settings`)."""

    stand_in: bool  # a bot plays an away player's seat (else the game goes on without them)
    learning: bool = False  # a lesson (Learn to play): the learner and bots, with a coach


class Fairness(Strict):
    """Commit, then reveal (docs/fairness.md): `commitment` is SHA-256 of the server seed of
    the next game (of the running one while it runs); `contributed` lists the players whose
    nonce the server holds for it; `server_nonce`: the game's seed also takes the server's own
    nonce, fixed by its server seed (revealed as `nonces["server"]`); `revealed` is the last
    finished game's, once it is over."""

    commitment: str
    contributed: list[str]
    server_nonce: bool
    revealed: Revealed | None


class RoomInfo(Strict):
    code: str
    game: str  # the name of the game the room plays (GET /api/catalog)
    status: Literal["lobby", "playing", "finished"]
    settings: dict[str, int]
    options: RoomOptions
    players: list[PlayerInfo]
    barred: list[BarredInfo] = []  # who the host removed: a join by name or browser is `barred`
    spectators: int
    game_number: int  # 1 for the first game, +1 per rematch
    fairness: Fairness


class Revealed(Strict):
    game_id: int
    commitment: str
    server_seed: str
    nonces: dict[str, str]
    seed: int
    seed_text: str  # the seed in decimal: JavaScript numbers are exact only to 2**53


class Welcome(Strict):
    type: Literal["welcome"] = "welcome"
    role: Literal["player", "spectator"]
    player_id: str | None
    code: str


class View(Strict):
    """Everything this viewer may see. `game` is the engine's redacted view (None in the
    lobby); its `log` holds entries from `game.log_from` on. `deadline` and `server_time`
    are milliseconds since the Unix epoch: count down from `deadline - server_time`."""

    type: Literal["view"] = "view"
    version: int
    server_time: int
    deadline: int | None
    room: RoomInfo
    game: dict[str, Any] | None
    ack: str | None = None  # the id of this client's command it shows (`hello.inline_ack`)


class PatchOp(Strict):
    """One RFC 6902 operation; the server sends `add`, `remove` and `replace`."""

    op: Literal["add", "remove", "replace", "move", "copy", "test"]
    path: str
    value: Any = None
    from_: str | None = Field(default=None, alias="from")


class Patch(Strict):
    """The view of `version`, as RFC 6902 ops on the view of `from` (the one this client
    holds, one version before): paths into the view object (`/room/...`, `/deadline`,
    `/game/...`); new log entries are added at their index in the whole log. A client that
    holds another version, or cannot apply the ops, sends `resync` for a whole view."""

    model_config = ConfigDict(extra="forbid", frozen=True, populate_by_name=True)

    type: Literal["patch"] = "patch"
    from_: int = Field(alias="from")
    version: int
    server_time: int
    ops: list[PatchOp]
    ack: str | None = None  # the id of this client's command it shows (`hello.inline_ack`)


class Ack(Strict):
    type: Literal["ack"] = "ack"
    id: str
    version: int  # the room version that includes this command's effect


class Error(Strict):
    """`id` echoes the message's id when it had one. Codes are stable; see docs/protocol.md."""

    type: Literal["error"] = "error"
    id: str | None = None
    code: str
    message: str


class Pong(Strict):
    type: Literal["pong"] = "pong"
    server_time: int


class CoachHint(Strict):
    """The coach's advice for this seat's decision (games/protocol.py `hint`)."""

    text: str  # one or two sentences, from this seat's view and the rules
    # The same advice for a client that words it in its player's language: a message of the
    # game's client catalog ("coach.pick") and its facts as ids and numbers ("card": "C12").
    key: str | None = None
    vars: dict[str, str | int | float | bool | None] = Field(default_factory=dict)
    rules: list[str]  # the rule ids it rests on (DRAFT-4, GWASH-5...)
    command: dict[str, Any] | None  # the suggested `act.command`; null: only wait


class Hint(Strict):
    """To a lesson's learner with hints on, after the view it was drawn from, whenever it
    changes: `hint` for their decision in `window`, or null (no decision now, or hints off)."""

    type: Literal["hint"] = "hint"
    version: int  # the view version it was drawn from
    window: int | None
    hint: CoachHint | None


class ReactionMessage(Strict):
    """A player's reaction, to every viewer of the room (spectators too): show `reaction` (an
    id of the game's catalog `reactions`) briefly by `name` (the player's display name, as in
    `room.players`). Never part of a view, the log or a replay."""

    type: Literal["reaction"] = "reaction"
    player_id: str
    name: str
    reaction: str
    server_time: int


ServerMessage = Annotated[
    Welcome | View | Patch | Ack | Error | Pong | ReactionMessage | Hint,
    Field(discriminator="type"),
]
server_message: TypeAdapter[ServerMessage] = TypeAdapter(ServerMessage)


def json_schema() -> dict[str, Any]:
    return {
        "client_message": client_message.json_schema(),
        "server_message": server_message.json_schema(),
        "create_room": CreateRoom.model_json_schema(),
        "join_room": JoinRoom.model_json_schema(),
        "seat_granted": SeatGranted.model_json_schema(),
        "error_body": ErrorBody.model_json_schema(),
        "room_info": RoomInfo.model_json_schema(),
        "game_summary": GameSummaryBody.model_json_schema(),
        "replay": ReplayBody.model_json_schema(),
        "replay_step": ReplayStep.model_json_schema(),
        "commands": {g.name: g.command_schema() for g in games.catalog().games},
        "error_codes": {**SERVER_ERROR_CODES},
        "close_codes": {str(int(k)): v for k, v in CLOSE_CODES.items()},
    }


# What each close code (rooms/close_codes.py) means to a client.
CLOSE_CODES = {
    CloseCode.NORMAL: "normal: you left the room",
    CloseCode.GOING_AWAY: "going away: the server is shutting down (reconnect with backoff)",
    CloseCode.POLICY: (
        "policy violation: bad token, rate limit, no hello in time, or a protocol breach"
    ),
    CloseCode.TOO_BIG: "message too big",
    CloseCode.INTERNAL: "internal server error",
    CloseCode.TRY_AGAIN_LATER: (
        "try again later: the connection could not keep up with its messages"
    ),
    CloseCode.REPLACED: "replaced: the same seat connected from another socket",
    CloseCode.KICKED: "kicked: the host removed this player",
    CloseCode.ROOM_CLOSED: "room closed",
    CloseCode.RECONNECT: (
        "reconnect now: the room moved to another server (a handover, a failover); no backoff"
    ),
}

"""Lobby actions as a room takes them: one model per action, told apart by `action` (a pydantic
discriminated union, as the client's messages are by `type`). web/protocol.py sends each one
inside a `lobby` message; hosting.py runs them.

Each field is of its JSON type, never converted (`"no"` is not false), and an action takes only
its own fields.
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field

# A game's settings: each key one of its `Setting`s, each value one of that setting's choices
# (GET /api/catalog lists them; the room checks them against the game).
GameSettings = Annotated[dict[Annotated[str, Field(max_length=32)], int], Field(max_length=16)]
# A browser's own random hex for the room's current commitment (docs/fairness.md).
NonceHex = Annotated[str, Field(pattern=r"^[0-9a-f]{32,64}$")]


class _Action(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True, strict=True)


class Leave(_Action):
    """Anyone's: in the lobby it frees the seat; during a game the seat stays (GEN-3)."""

    action: Literal["leave"]


class Nonce(_Action):
    """Anyone seated, before a game starts: their own randomness for its seed."""

    action: Literal["nonce"]
    nonce: NonceHex


class Ready(_Action):
    """Anyone, after a game: whether they play the next one; it starts once every present
    player is ready."""

    action: Literal["ready"]
    on: bool


class ChangeSettings(_Action):
    """The host's, in the lobby."""

    action: Literal["settings"]
    settings: GameSettings


class Kick(_Action):
    """The host's, in the lobby: `player_id`'s seat goes, and its player is barred."""

    action: Literal["kick"]
    player_id: str


class Unbar(_Action):
    """The host's: a barred player (`player_id`, as `room.barred` lists them) may come back."""

    action: Literal["unbar"]
    player_id: str


class Start(_Action):
    """The host's, in the lobby: the first game, with the whole table."""

    action: Literal["start"]


class Rematch(_Action):
    """The host's, after a game: the next game now, with the ready players; `on: true` fills
    the empty seats with bots."""

    action: Literal["rematch"]
    on: bool = False


class AddBot(_Action):
    """The host's, in the lobby: a bot in the next free seat."""

    action: Literal["add_bot"]


class RemoveBot(_Action):
    """The host's, in the lobby: the bot `player_id`."""

    action: Literal["remove_bot"]
    player_id: str


class StandIn(_Action):
    """The host's, in the lobby: whether a bot plays an away player's seat."""

    action: Literal["stand_in"]
    on: bool


class Coach(_Action):
    """Anyone's, at any moment: hints on or off for this seat. Only the learner of a lesson
    (`POST /api/rooms` with `learn`) may turn them on: `not_learning` for anyone else."""

    action: Literal["coach"]
    on: bool


# The ones that only change the lobby (the rest may start a game).
LobbyChange = Leave | Nonce | ChangeSettings | Kick | Unbar | AddBot | RemoveBot | StandIn | Coach
LobbyAction = Annotated[LobbyChange | Ready | Start | Rematch, Field(discriminator="action")]
ANYONES = (Leave, Nonce, Ready, Coach)  # every other action is the host's

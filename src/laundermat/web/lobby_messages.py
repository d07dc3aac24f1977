"""The client's `lobby` message: one model per lobby action (rooms/lobby_actions.py), each
inside the same envelope (`type`, `id`), told apart by `action` within `ClientMessage`'s `type`
(protocol.py). What the socket hands the room is the message itself: it is the action."""

from __future__ import annotations

from typing import Annotated, Literal, get_args

from pydantic import Field

from ..rooms import lobby_actions as actions
from .bodies import Input

CommandId = Annotated[str, Field(min_length=1, max_length=64)]


class LobbyMessage(Input):
    """A lobby action, answered by `ack` or `error` with its `id`, as `act` is. `action` names
    it; each one's model below says whose it is, when, and its own fields."""

    type: Literal["lobby"]
    id: CommandId


# One message per action: the envelope above around the action's own fields.
class LobbySettings(LobbyMessage, actions.ChangeSettings):
    __doc__ = actions.ChangeSettings.__doc__


class LobbyKick(LobbyMessage, actions.Kick):
    __doc__ = actions.Kick.__doc__


class LobbyUnbar(LobbyMessage, actions.Unbar):
    __doc__ = actions.Unbar.__doc__


class LobbyStart(LobbyMessage, actions.Start):
    __doc__ = actions.Start.__doc__


class LobbyRematch(LobbyMessage, actions.Rematch):
    __doc__ = actions.Rematch.__doc__


class LobbyReady(LobbyMessage, actions.Ready):
    __doc__ = actions.Ready.__doc__


class LobbyLeave(LobbyMessage, actions.Leave):
    __doc__ = actions.Leave.__doc__


class LobbyNonce(LobbyMessage, actions.Nonce):
    __doc__ = actions.Nonce.__doc__


class LobbyAddBot(LobbyMessage, actions.AddBot):
    __doc__ = actions.AddBot.__doc__


class LobbyRemoveBot(LobbyMessage, actions.RemoveBot):
    __doc__ = actions.RemoveBot.__doc__


class LobbyStandIn(LobbyMessage, actions.StandIn):
    __doc__ = actions.StandIn.__doc__


class LobbyCoach(LobbyMessage, actions.Coach):
    __doc__ = actions.Coach.__doc__


LobbyActionMessage = Annotated[
    LobbySettings
    | LobbyKick
    | LobbyUnbar
    | LobbyStart
    | LobbyRematch
    | LobbyReady
    | LobbyLeave
    | LobbyNonce
    | LobbyAddBot
    | LobbyRemoveBot
    | LobbyCoach
    | LobbyStandIn,
    Field(discriminator="action"),
]
LOBBY_MESSAGES: tuple[type[LobbyMessage], ...] = get_args(get_args(LobbyActionMessage)[0])

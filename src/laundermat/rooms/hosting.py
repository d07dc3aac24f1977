"""Lobby actions: leave and ready (anyone), and the host's settings, kick and unbar, bots,
start and rematch (who plays the next game: rematch.py).

Each runs inside the room's queue (GEN-1) through `RoomPort`, the part of a room it needs,
so this module does not import the room. If the room record cannot be saved, memory goes
back to what it was: a lobby change exists once it is durable, and only then is anyone
else told (the kicked player, for one).
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import Protocol, assert_never

from ..games import Command
from . import rematch
from .close_codes import CloseCode
from .errors import RoomError
from .jobs import JobQueue
from .lobby import Lobby, RoomStatus
from .lobby_actions import (
    ANYONES,
    AddBot,
    ChangeSettings,
    Coach,
    Kick,
    Leave,
    LobbyAction,
    LobbyChange,
    Nonce,
    Ready,
    Rematch,
    RemoveBot,
    StandIn,
    Start,
    Unbar,
)
from .members import Member
from .play import GameDriver
from .presence import AwayClocks
from .publish import Publisher
from .records import RETRY_MS, RoomRecord, StoreUnavailable
from .wire import error_bytes

log = logging.getLogger("laundermat.room")


class RoomPort(Protocol):
    code: str
    lobby: Lobby
    play: GameDriver
    away: AwayClocks
    views: Publisher
    jobs: JobQueue

    def record(self) -> RoomRecord: ...

    async def save(self) -> None: ...

    async def apply_quietly(self, command: Command) -> None: ...

    def set_away(self, seat: int, away: bool) -> Command: ...


async def lobby_action(
    room: RoomPort, member: Member, action: LobbyAction, command_id: str | None = None
) -> bool:
    """One lobby action; True when the sender's socket should close afterwards. Its
    `command_id` is saved with the change (Lobby.answered), once nothing can refuse it."""
    lobby = room.lobby
    if not isinstance(action, ANYONES):
        lobby.require_host(member)
    undo = lobby.memo()
    victim: Member | None = None  # whom a kick removed
    try:
        match action:
            case Start():
                lobby.require_lobby()
                return await start_game(room, undo, member, command_id)  # with the whole table
            case Rematch():  # with the ready players; `on`: bots fill empty seats
                players = _rematch(lobby, member, action.on, undo)
                return await start_game(room, undo, member, command_id, players)
            case Ready():  # the last one ready starts the next game
                rematch.set_ready(lobby, member, action.on)
                if rematch.everyone_ready(lobby):
                    players = rematch.line_up(lobby, False, lobby.updated_ms)
                    return await start_game(room, undo, member, command_id, players)
            case _:
                victim = _change(lobby, member, action)
        if command_id is not None:
            lobby.answered(member.player_id, command_id)
        await room.save()
    except StoreUnavailable:
        undo()
        raise
    if isinstance(action, Leave):
        await _left(room, member)
        return True
    if victim is not None:
        room.away.cancel(victim.player_id)
        if victim.sub is not None:
            victim.sub.send(error_bytes("kicked", "The host removed you from the room."))
            victim.sub.close(CloseCode.KICKED, "kicked")
    return False


def _change(lobby: Lobby, member: Member, action: LobbyChange) -> Member | None:
    """An action that changes the lobby and starts no game; returns whom a kick removed."""
    match action:
        case Leave():
            lobby.leave(member)
        case Nonce():  # their own randomness (fairness.py)
            lobby.add_nonce(member, action.nonce)
        case ChangeSettings():
            lobby.change_settings(dict(action.settings))
        case Kick():
            return lobby.kick(member, action.player_id)
        case Unbar():
            lobby.unbar(action.player_id)
        case AddBot():
            lobby.add_bot(lobby.updated_ms)  # now: the room touched it
        case RemoveBot():
            lobby.remove_bot(action.player_id)
        case StandIn():
            lobby.set_stand_in(action.on)
        case Coach():  # hints for a lesson's learner (rooms/coach.py)
            lobby.set_coach(member, action.on)
        case _:
            assert_never(action)
    return None


def _rematch(
    lobby: Lobby, host: Member, fill_with_bots: bool, undo: Callable[[], None]
) -> list[str]:
    """Who plays the rematch the host starts now."""
    if lobby.status is not RoomStatus.FINISHED:
        raise RoomError("not_finished", "A rematch starts once the game is over.")
    host.ready = True  # the host who starts it plays...
    try:
        return rematch.line_up(lobby, fill_with_bots, lobby.updated_ms)
    except RoomError:
        undo()  # ...but a refused start leaves their answer as it was
        raise


async def _left(room: RoomPort, member: Member) -> None:
    if room.lobby.status is RoomStatus.LOBBY:
        room.away.cancel(member.player_id)
    else:  # GEN-3: the seat stays, and its player will be away
        room.away.arm(member.player_id)
        await start_if_ready(room)  # the others may all be ready


async def start_game(
    room: RoomPort,
    undo: Callable[[], None],
    member: Member | None,
    command_id: str | None,
    players: list[str] | None = None,
) -> bool:
    """A new game with `players` (player_ids; by default the whole table, the first game).
    The game and the room record that seats it are durable together, or neither changes."""
    lobby = room.lobby
    if players is None:
        lobby.require_players()
    ids = players or [m.player_id for m in lobby.members]
    # The seed comes from the committed server seed and the players' nonces (fairness.py).
    lobby.seat(room.play.prepare(lobby.game_seed(ids), ids, lobby.settings))
    if command_id is not None and member is not None:
        lobby.answered(member.player_id, command_id)
    try:
        await room.play.commit_start(room.record())
    except BaseException:
        undo()
        raise
    log.info(
        "game started",
        extra={"room": room.code, "game_id": room.play.game_id, "players": len(ids)},
    )
    room.views.log_mark = 0
    for m in lobby.members:  # presence holds from the first window (GEN-4)
        if m.away and m.seat is not None and not lobby.stand_in:  # else a bot plays it
            await room.apply_quietly(room.set_away(m.seat, True))
    return False


async def start_if_ready(room: RoomPort, push: Callable[[], None] | None = None) -> bool:
    """After someone left or went away: if everyone still here is ready, the next game
    starts (True). Should the store refuse, nothing changed, and it is tried again shortly
    (then `push` tells everyone)."""
    if not rematch.everyone_ready(room.lobby):
        return False
    undo = room.lobby.memo()
    try:
        players = rematch.line_up(room.lobby, False, room.lobby.updated_ms)
        await start_game(room, undo, None, None, players)
    except StoreUnavailable as exc:
        log.warning("next game not started (%s); retrying", exc, extra={"room": room.code})

        async def again() -> None:
            if await start_if_ready(room, push) and push is not None:
                push()

        room.jobs.post_later(again, RETRY_MS)
        return False
    return True

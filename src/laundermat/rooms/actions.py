"""What a seat may ask of its room: lobby actions and game commands, checked here.

These run inside the room's queue (GEN-1); each raises `RoomError` (or the engine's
`EngineError`) before changing anything when the request is not allowed.
"""

from __future__ import annotations

import logging
import secrets
from typing import TYPE_CHECKING, Any

from ..engine import PLAYER_COMMANDS, Command, SetAway, parse_command
from .errors import RoomError
from .members import Member
from .records import LiveRoom

if TYPE_CHECKING:
    from .room import Room

MIN_PLAYERS, MAX_PLAYERS = 3, 6  # SETUP-1
log = logging.getLogger("laundermat.room")


def require_host(room: Room, member: Member) -> None:
    if member.player_id != room.host:
        raise RoomError("not_host", "Only the host can do that.")


def require_lobby(room: Room) -> None:
    if room.status != "lobby":
        raise RoomError("not_in_lobby", "That can only be done in the lobby.")


async def lobby_action(
    room: Room, member: Member, action: str, settings: dict[str, int] | None, target: str | None
) -> bool:
    """Apply one lobby action; True when the sender's socket should close afterwards."""
    if action == "leave":
        return await leave(room, member)
    require_host(room, member)
    if action == "settings":
        require_lobby(room)
        if settings is None:
            raise RoomError("bad_message", "settings needs a settings object.")
        room.settings = dict(settings)
    elif action == "kick":
        require_lobby(room)
        victim = room.member(target)
        if victim is None or victim is member:
            raise RoomError("bad_message", "kick needs the player_id of another player.")
        room.members.remove(victim)
        room.cancel_away(victim)
        if victim.sub is not None:
            victim.sub.send(room.error("kicked", "The host removed you from the room."))
            victim.sub.close(4003, "kicked")
    elif action == "start":
        require_lobby(room)
        await start_game(room)
    elif action == "rematch":
        if room.status != "finished":
            raise RoomError("not_finished", "A rematch starts once the game has finished.")
        await start_game(room)
    else:
        raise RoomError("bad_message", f"Unknown lobby action {action!r}.")
    await room.save()
    return False


async def leave(room: Room, member: Member) -> bool:
    was_host = member.player_id == room.host
    if room.status == "lobby":
        room.members.remove(member)
        room.cancel_away(member)
    else:  # GEN-3: the seat stays and keeps being scored
        member.left = True
        member.sub = None
        room.arm_away(member)
    if was_host:
        room.pass_host()
    await room.save()
    return True


async def start_game(room: Room) -> None:
    """A new game with the table as it is (the first game or a rematch)."""
    if not MIN_PLAYERS <= len(room.members) <= MAX_PLAYERS:
        raise RoomError("not_enough_players", "A game needs three to six players.")
    ids = [m.player_id for m in room.members]
    seats = await room.play.start(
        room.code, room.game_number + 1, secrets.randbits(62), ids, room.settings
    )
    room.game_number += 1
    room.status, room.finished_ms = "playing", None
    log.info(
        "game started",
        extra={"room": room.code, "game_id": room.play.game_id, "players": len(ids)},
    )
    room.new_game_log()
    for m in room.members:
        m.seat = seats[m.player_id]
    for m in room.members:  # GEN-4 holds from the first window
        if m.away and m.seat is not None:
            await room.apply_quietly(SetAway(m.seat, True))


def player_command(
    room: Room, member: Member, command: dict[str, Any], window: int | None
) -> Command:
    """A client's game command with its seat taken from the token, never from the message."""
    game = room.play.game
    if game is None or room.status != "playing" or member.seat is None:
        raise RoomError("no_game", "No game is running.")
    if "seat" in command:
        raise RoomError("bad_message", "Commands carry no seat: your token is your seat.")
    kind = command.get("type")
    if kind in ("timeout", "set_away"):
        raise RoomError("not_a_player_command", "That command is the room's own.")
    if kind not in PLAYER_COMMANDS:
        raise RoomError("bad_message", f"Unknown command type {kind!r}.")
    if window is not None and window != game.state.window_id:
        raise RoomError("stale_window", f"Window {window} is no longer open.")
    return parse_command({**command, "seat": member.seat})


def restore_into(room: Room, live: LiveRoom) -> None:
    """Fill a fresh room from its stored record and replay its game, if one was running."""
    rec = live.room
    room.status, room.settings, room.host = rec.status, dict(rec.settings), rec.host
    room.game_number = rec.game_number
    room.created_ms, room.updated_ms = rec.created_ms, rec.updated_ms
    room.members = [
        Member(p.player_id, p.name, p.token_hash, p.joined_ms, seat=p.seat) for p in rec.players
    ]
    if live.game is None:
        if room.status == "playing":  # the game finished just before the record said so
            room.status = "finished"
        return
    answered = room.play.restore(live.game, room.config.restart_grace_ms)
    game = room.play.game
    assert game is not None
    by_seat = {m.seat: m for m in room.members}
    for seat, client_id in answered:
        member = by_seat.get(seat)
        if member is not None:  # the version is unknown after a restart: 0
            member.remember(client_id, room.ack(client_id, 0), room.config.answered_limit)
    for m in room.members:
        m.away = m.seat is not None and game.state.players[m.seat].away
    room.new_game_log(len(game.state.events))
    room.status = "finished" if room.play.over else "playing"

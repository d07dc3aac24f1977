"""What a seat may ask of its room: lobby actions and game commands, checked here.

These run inside the room's queue (GEN-1); each raises `RoomError` (or the engine's
game's `RuleError`) before changing anything when the request is not allowed.
"""

from __future__ import annotations

import logging
import secrets
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from .. import games
from ..games import Command
from .errors import RoomError
from .members import Member
from .records import LiveRoom, StoreUnavailable

if TYPE_CHECKING:
    from .room import Room

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
    """Apply one lobby action; True when the sender's socket should close afterwards.
    If the room record cannot be saved, memory goes back to what it was and nobody is told
    anything but the sender's error: a lobby change exists once it is durable."""
    undo = _memo(room)
    try:
        if action == "leave":
            return await leave(room, member)
        require_host(room, member)
        if action in ("start", "rematch"):
            if action == "start":
                require_lobby(room)
            elif room.status != "finished":
                raise RoomError("not_finished", "A rematch starts once the game has finished.")
            await start_game(room)  # saves the room with the game, atomically
            return False
        victim = _host_action(room, member, action, settings, target)
        await room.save()
    except StoreUnavailable:
        undo()
        raise
    if victim is not None and victim.sub is not None:
        victim.sub.send(room.error("kicked", "The host removed you from the room."))
        victim.sub.close(4003, "kicked")
    return False


def _host_action(
    room: Room, member: Member, action: str, settings: dict[str, int] | None, target: str | None
) -> Member | None:
    """settings or kick, in memory; returns the kicked member, told once it is durable."""
    require_lobby(room)
    if action == "settings":
        if settings is None:
            raise RoomError("bad_message", "settings needs a settings object.")
        changed = {**room.settings, **settings}
        problems = games.settings_errors(room.definition, changed)
        if problems:
            raise RoomError("bad_message", "; ".join(problems))
        room.settings = changed
        return None
    if action == "kick":
        victim = room.member(target)
        if victim is None or victim is member:
            raise RoomError("bad_message", "kick needs the player_id of another player.")
        room.members.remove(victim)
        room.cancel_away(victim)
        return victim
    raise RoomError("bad_message", f"Unknown lobby action {action!r}.")


def _memo(room: Room) -> Callable[[], None]:
    """What a lobby action may change, to put back if it cannot be made durable."""
    settings, members, host = dict(room.settings), list(room.members), room.host
    flags = [(m, m.left, m.sub) for m in members]

    def undo() -> None:
        room.settings, room.members, room.host = settings, members, host
        for m, left, sub in flags:
            m.left, m.sub = left, sub

    return undo


async def leave(room: Room, member: Member) -> bool:
    was_host = member.player_id == room.host
    if room.status == "lobby":
        room.members.remove(member)
        room.cancel_away(member)
    else:  # GEN-3: the seat stays and keeps being scored
        member.left = True
        member.sub = None
    if was_host:
        room.pass_host()
    await room.save()
    if room.status != "lobby":
        room.arm_away(member)
    return True


async def start_game(room: Room) -> None:
    """A new game with the table as it is (the first game or a rematch). The game and the
    room record that seats it are durable together, or neither changes (nor memory)."""
    definition = room.definition
    if not definition.min_players <= len(room.members) <= definition.max_players:
        raise RoomError(
            "not_enough_players",
            f"A game of {definition.title} needs {definition.min_players} to "
            f"{definition.max_players} players.",
        )
    ids = [m.player_id for m in room.members]
    seats = room.play.prepare(secrets.randbits(62), ids, room.settings)
    before = (room.status, room.finished_ms, room.game_number, [m.seat for m in room.members])
    room.game_number += 1
    room.status, room.finished_ms = "playing", None
    for m in room.members:
        m.seat = seats[m.player_id]
    try:
        await room.play.commit_start(room.record())
    except BaseException:
        room.status, room.finished_ms, room.game_number, old_seats = before
        for m, seat in zip(room.members, old_seats, strict=True):
            m.seat = seat
        raise
    log.info(
        "game started",
        extra={"room": room.code, "game_id": room.play.game_id, "players": len(ids)},
    )
    room.new_game_log()
    match = room.play.match
    assert match is not None
    for m in room.members:  # GEN-4 holds from the first window
        if m.away and m.seat is not None:
            await room.apply_quietly(definition.set_away(match, m.seat, True))


def player_command(
    room: Room, member: Member, command: dict[str, Any], window: int | None
) -> Command:
    """A client's game command with its seat taken from the token, never from the message."""
    match = room.play.match
    if match is None or room.status != "playing" or member.seat is None:
        raise RoomError("no_game", "No game is running.")
    if "seat" in command:
        raise RoomError("bad_message", "Commands carry no seat: your token is your seat.")
    kind = command.get("type")
    # Any JSON value may arrive here: test the type before `in`, which hashes (a list would
    # raise TypeError), and never echo more than a short string back.
    if not isinstance(kind, str):
        raise RoomError("bad_message", "command.type must be a string naming a command.")
    if kind in room.definition.room_commands:
        raise RoomError("not_a_player_command", "That command is the room's own.")
    if kind not in room.definition.player_commands:
        raise RoomError("bad_message", f"Unknown command type {kind[:32]!r}.")
    if window is not None and window != match.window_id():
        raise RoomError("stale_window", f"Window {window} is no longer open.")
    return match.parse({**command, "seat": member.seat})


def restore_into(room: Room, live: LiveRoom) -> None:
    """Fill a fresh room from its stored record and replay its game, if one was running."""
    rec = live.room
    room.status, room.settings, room.host = rec.status, dict(rec.settings), rec.host
    room.game_number = rec.game_number
    room.created_ms, room.updated_ms = rec.created_ms, rec.updated_ms
    room.members = [
        Member(p.player_id, p.name, p.token_hash, p.joined_ms, seat=p.seat) for p in rec.players
    ]
    remember_answered(room, live.answered)
    if live.game is None:
        if room.status == "playing":  # the game finished just before the record said so
            room.status = "finished"
        return
    room.play.restore(live.game, room.config.restart_grace_ms)
    match = room.play.match
    assert match is not None
    # A match whose room record never said who sits where (a crash between the two, before
    # they were written together): the match knows each player_id's seat.
    seat_of = match.seats()
    for m in room.members:
        if m.seat is None and m.player_id in seat_of:
            m.seat = seat_of[m.player_id]
    for m in room.members:
        m.away = m.seat is not None and match.away(m.seat)
    room.new_game_log(match.log_length())
    room.status = "finished" if room.play.over else "playing"


def remember_answered(room: Room, answered: list[tuple[str, str]]) -> None:
    """Every command id the log holds for this room's players is answered again, never
    re-applied: the version is unknown after a restart, so the ack says 0."""
    limit = room.config.answered_limit
    members = {m.player_id: m for m in room.members}
    for player_id, client_id in answered:
        member = members.get(player_id)
        if member is not None:
            member.remember(client_id, room.ack(client_id, 0), limit)

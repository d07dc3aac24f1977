"""The one error a room raises to its callers: a stable code and a sentence for people.

Each code is a member of `RoomCode`, with its sentence written once here; a raise may give
a more precise sentence. The web layer publishes these codes with its own (web/protocol.py).
"""

from __future__ import annotations

from enum import StrEnum


class RoomCode(StrEnum):
    BAD_MESSAGE = "bad_message"
    BAD_NAME = "bad_name"
    BAD_TOKEN = "bad_token"
    GAME_STARTED = "game_started"
    NAME_TAKEN = "name_taken"
    NO_GAME = "no_game"
    NOT_A_PLAYER_COMMAND = "not_a_player_command"
    NOT_ENOUGH_PLAYERS = "not_enough_players"
    NOT_FINISHED = "not_finished"
    NOT_HOST = "not_host"
    NOT_IN_LOBBY = "not_in_lobby"
    ROOM_CLOSED = "room_closed"
    ROOM_FULL = "room_full"
    TOO_MANY_SPECTATORS = "too_many_spectators"
    ROOM_NOT_FOUND = "room_not_found"
    STALE_WINDOW = "stale_window"
    UNAVAILABLE = "unavailable"
    UNKNOWN_GAME = "unknown_game"
    KICKED = "kicked"
    BARRED = "barred"
    REPLACED = "replaced"
    NOT_LEARNING = "not_learning"
    UNKNOWN_REACTION = "unknown_reaction"
    TOO_MANY_REACTIONS = "too_many_reactions"


MESSAGES: dict[RoomCode, str] = {
    RoomCode.BAD_MESSAGE: "The message does not match the protocol.",
    RoomCode.BAD_NAME: "That name cannot be used: 1 to 24 visible characters.",
    RoomCode.BAD_TOKEN: "That seat token is not valid for this room.",
    RoomCode.GAME_STARTED: "The game has started; you can watch as a spectator.",
    RoomCode.NAME_TAKEN: "Someone in the room already uses that name.",
    RoomCode.NO_GAME: "No game is running.",
    RoomCode.NOT_A_PLAYER_COMMAND: "That command is the room's own.",
    RoomCode.NOT_ENOUGH_PLAYERS: "The game needs more (or fewer) players than the room has.",
    RoomCode.NOT_FINISHED: "That is possible once the game has finished.",
    RoomCode.NOT_HOST: "Only the host can do that.",
    RoomCode.NOT_IN_LOBBY: "That can only be done in the lobby.",
    RoomCode.ROOM_CLOSED: "The room has closed.",
    RoomCode.ROOM_FULL: "The room has no free seat.",
    RoomCode.TOO_MANY_SPECTATORS: "The room has as many spectators as it takes.",
    RoomCode.ROOM_NOT_FOUND: "There is no live room with that code.",
    RoomCode.STALE_WINDOW: "That window is no longer open.",
    RoomCode.UNAVAILABLE: "The game's storage is not answering; nothing was changed. Try again.",
    RoomCode.UNKNOWN_GAME: "This server hosts no game by that name.",
    RoomCode.KICKED: "The host removed you from the room.",
    RoomCode.BARRED: "The host removed this player from the room and has not let them back in.",
    RoomCode.REPLACED: "This seat connected from another tab or device.",
    RoomCode.NOT_LEARNING: "Hints are for the learner of a Learn to play game.",
    RoomCode.UNKNOWN_REACTION: "This game has no reaction by that id.",
    RoomCode.TOO_MANY_REACTIONS: "Too many reactions: 3 at once, then one every 2 seconds.",
}


class RoomError(Exception):
    def __init__(self, code: str, message: str | None = None) -> None:
        self.code = RoomCode(code)
        self.message = message or MESSAGES[self.code]
        super().__init__(self.message)

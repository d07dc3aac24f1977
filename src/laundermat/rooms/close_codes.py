"""The codes a socket is closed with, named once. Rooms close their sockets with some, the web
layer and the cluster's relay with the others; web/protocol.py publishes what each means to
clients (`close_codes` in GET /api/protocol.json, docs/protocol.md). 4xxx are our own."""

from __future__ import annotations

from enum import IntEnum


class CloseCode(IntEnum):
    NORMAL = 1000  # the player left the room
    GOING_AWAY = 1001  # the server is shutting down: reconnect with backoff
    POLICY = 1008  # bad host or origin, bad token, rate limit, no hello in time
    TOO_BIG = 1009  # a message over the size limit
    INTERNAL = 1011  # the server failed
    TRY_AGAIN_LATER = 1013  # the connection could not keep up with its messages
    REPLACED = 4001  # the same seat connected from another socket
    KICKED = 4003  # the host removed this player
    ROOM_CLOSED = 4004  # the room closed, or there is no such room
    # The room moved to another replica (a handover, a failover): the client reconnects at
    # once, without backoff, and lands on the room's new owner.
    RECONNECT = 4012

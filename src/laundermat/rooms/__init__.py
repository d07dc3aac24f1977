"""Rooms: one live room per code, each applying its commands one at a time (GEN-1).

A `Room` owns its lobby, its current `Game`, the deadline timer of the open window, the
presence of its players and the views it publishes. A `RoomManager` holds the live rooms by
code. Nothing here knows FastAPI: connections are `Subscriber`s that take encoded bytes.
"""

from .clock import Clock, FakeClock, SystemClock
from .errors import RoomError
from .manager import RoomManager
from .room import Room
from .wire import RoomConfig, Subscriber

__all__ = [
    "Clock",
    "FakeClock",
    "Room",
    "RoomConfig",
    "RoomError",
    "RoomManager",
    "Subscriber",
    "SystemClock",
]

"""What the app shares between its routes and sockets (kept on `app.state.laundermat`)."""

from __future__ import annotations

from dataclasses import dataclass

from ..rooms import RoomManager
from ..rooms.records import StoreLike
from .limits import AddressLimiter
from .metrics import Metrics
from .settings import ServerSettings


@dataclass
class AppState:
    settings: ServerSettings
    store: StoreLike
    manager: RoomManager
    metrics: Metrics
    create_limiter: AddressLimiter
    join_limiter: AddressLimiter

"""What a room shares with its callers: the subscriber and observer interfaces, its
configuration, and the small messages it encodes itself (ack, error, welcome)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol

import orjson

from .close_codes import CloseCode


class Subscriber(Protocol):
    """A connection as the room sees it. Neither call may block: the web layer queues."""

    def send(self, data: bytes) -> None: ...

    def close(self, code: int, reason: str) -> None: ...


@dataclass(frozen=True, slots=True)
class Ack:
    """A command's ack, which rides with the push of its change (answers.py decides it; the
    push gives it to `to` with the version that shows it: inside `to`'s frame of the push if
    `to` takes inline acks and gets one, else as its own message before the first view)."""

    to: Subscriber
    command_id: str


class Observer(Protocol):
    """Hooks for metrics; the web layer implements them with Prometheus."""

    def command(self, code: str | None) -> None: ...

    def pushed(self, seconds: float) -> None: ...

    def timer_late(self, seconds: float) -> None: ...

    def command_stages(self, queued: float, durable: float) -> None:
        """A command's first two stages: received → its room's turn (`queued`), then →
        applied and durable in the log (`durable`); `pushed` covers the whole."""
        ...


class NoObserver:
    def command(self, code: str | None) -> None:
        pass

    def pushed(self, seconds: float) -> None:
        pass

    def timer_late(self, seconds: float) -> None:
        pass

    def command_stages(self, queued: float, durable: float) -> None:
        pass


@dataclass(frozen=True)
class RoomConfig:
    time_scale: float = 1.0  # multiplies window durations; only tests set it below 1
    away_after_ms: int = 30_000  # GEN-4
    restart_grace_ms: int = 5_000  # a deadline that passed while the server was down
    snapshot_every: int = 50  # commands between state snapshots
    answered_limit: int = 256  # command ids remembered per seat
    # A client's change within this long of the room's last push waits for the tick's end and
    # goes out with the others (tick.py); 0: every change is pushed at once.
    push_tick_ms: int = 0
    # Each spectator coming or going is pushed to every seat: without a cap one address
    # could keep a table's sockets busy with them.
    spectators_limit: int = 50
    spectators_per_address: int = 10  # so one address cannot take every spectator seat


def compact(data: bytes) -> bytes:
    """orjson (3.13) returns every result in a 4 KiB buffer however short it is. What is
    kept (answers for retries, packed commands) is copied: each holds only its own length."""
    return bytes(memoryview(data))


def error_bytes(code: str, message: str, command_id: str | None = None) -> bytes:
    return compact(
        orjson.dumps({"type": "error", "id": command_id, "code": code, "message": message})
    )


def ack_bytes(command_id: str, version: int) -> bytes:
    return compact(orjson.dumps({"type": "ack", "id": command_id, "version": version}))


def ack_field(command_id: str) -> bytes:
    """An ack inside the sender's view or patch (docs/protocol.md, "Acks"): the bytes that go
    just before the frame's closing brace, so the rest of the frame is encoded as for anyone."""
    return b',"ack":' + orjson.dumps(command_id)


def welcome_bytes(role: str, player_id: str | None, code: str) -> bytes:
    return orjson.dumps({"type": "welcome", "role": role, "player_id": player_id, "code": code})


def replaced(sub: Subscriber, why: str) -> None:
    """`sub` no longer holds its seat (another socket or token does): told, then closed 4001."""
    sub.send(error_bytes("replaced", why))
    sub.close(CloseCode.REPLACED, "replaced")

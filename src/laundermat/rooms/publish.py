"""A room's views: one per viewer per change, each through the game's one redaction path.

The version rises by exactly one per change. The room part of a view is encoded once for
all viewers and each viewer's game view is spliced into it; spectators share one encoding.
Each view carries the log since the last push; a fresh connection gets the whole log, and so
does everyone once the game is over (the full reveal rewrites old entries).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import orjson

from ..games import Match
from .members import Member
from .wire import Subscriber


class Publisher:
    def __init__(self, now_ms: Callable[[], int]) -> None:
        self.now_ms = now_ms
        self.version = 0
        self.spectators: set[Subscriber] = set()
        self.log_mark = 0  # the match's log entries already pushed

    def head(self, room: dict[str, Any], deadline: int | None) -> bytes:
        """Everything of a view but its game: the bytes up to `"game":`."""
        head = orjson.dumps(
            {
                "type": "view",
                "version": self.version,
                "server_time": self.now_ms(),
                "deadline": deadline,
                "room": room,
            }
        )
        return head[:-1] + b',"game":'

    @staticmethod
    def encode(head: bytes, match: Match | None, viewer: int | None, log_from: int) -> bytes:
        if match is None:
            return head + b"null}"
        return head + orjson.dumps(match.view(viewer, log_from)) + b"}"

    def push(
        self,
        room: dict[str, Any],
        deadline: int | None,
        match: Match | None,
        members: list[Member],
        full: frozenset[Subscriber] | set[Subscriber] = frozenset(),
    ) -> None:
        """A change: every connected viewer gets its view (`full`: from the log's start)."""
        self.version += 1
        head = self.head(room, deadline)
        log_from = 0 if match is not None and match.over() else self.log_mark
        for m in members:
            if m.sub is not None:
                seat = m.seat if match is not None else None
                m.sub.send(self.encode(head, match, seat, 0 if m.sub in full else log_from))
        if self.spectators:
            shared = self.encode(head, match, None, log_from)
            whole = self.encode(head, match, None, 0) if full & self.spectators else shared
            for sub in self.spectators:
                sub.send(whole if sub in full else shared)
        self.log_mark = match.log_length() if match is not None else 0

    def send_full(
        self,
        sub: Subscriber,
        room: dict[str, Any],
        deadline: int | None,
        match: Match | None,
        seat: int | None,
    ) -> None:
        """The current view again, whole (a resync): the version does not change."""
        sub.send(self.encode(self.head(room, deadline), match, seat, 0))

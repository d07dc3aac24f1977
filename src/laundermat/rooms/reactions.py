"""Reactions at a table (issue 33 §2): a seat taps one of its game's few reactions and every
viewer of the room, spectators included, hears it at once.

A reaction is not a change of the room: it never enters the room's queue (jobs.py), so it
never waits behind a command's commit and no command ever waits for it; it is not logged,
stored or replayed, and carries no version. Its one frame is encoded once and handed to
each connection's own send queue, as views are.

Each seat may send `BURST` at once, then one per `EVERY_MS` (a token bucket per player,
kept across reconnects); past that `too_many_reactions`, and nothing is sent. Only seated
players and the room's bots react: a spectator's socket is refused before it gets here
(web/session.py).
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable
from dataclasses import dataclass

import orjson

from .. import games
from .errors import RoomError
from .jobs import JobQueue
from .lobby import Lobby
from .members import Member
from .publish import Publisher
from .wire import Subscriber

BURST = 3  # reactions a seat may send at once
EVERY_MS = 2_000  # then one per this long


@dataclass
class Bucket:
    tokens: float
    at_ms: int

    def take(self, now_ms: int) -> bool:
        self.tokens = min(BURST, self.tokens + (now_ms - self.at_ms) / EVERY_MS)
        self.at_ms = now_ms
        if self.tokens < 1:
            return False
        self.tokens -= 1
        return True


class Reactions:
    def __init__(
        self, lobby: Lobby, views: Publisher, now_ms: Callable[[], int], jobs: JobQueue
    ) -> None:
        # No reference back to the room (the queue's `closed` says it has closed): a closed
        # room is freed at once, with nothing to release here.
        self.lobby, self.views, self.now_ms, self.jobs = lobby, views, now_ms, jobs
        self.known = frozenset(r.id for r in games.reactions(lobby.definition))
        self._buckets: dict[str, Bucket] = {}

    def react(self, sub: Subscriber, player_id: str, reaction: str) -> None:
        """A person's reaction from the socket `sub` holds: sent to everyone, or RoomError
        (`unknown_reaction`, `too_many_reactions`) and nothing sent."""
        member = self.lobby.member(player_id)
        if member is None or member.sub is not sub:
            return  # this socket no longer holds the seat (replaced, kicked, left)
        self._send(member, reaction)

    def bot(self, player_id: str, reaction: str) -> None:
        """A room bot's reaction (seats_bots.py): the same set and limit as a person's."""
        member = self.lobby.member(player_id)
        if member is not None and member.bot:
            # A bot that said too much says nothing more for a while.
            with contextlib.suppress(RoomError):
                self._send(member, reaction)

    def _send(self, member: Member, reaction: str) -> None:
        if self.jobs.closed:
            return
        if reaction not in self.known:
            raise RoomError("unknown_reaction")
        now = self.now_ms()
        bucket = self._buckets.get(member.player_id)
        if bucket is None:
            self._forget_gone()
            bucket = self._buckets[member.player_id] = Bucket(BURST, now)
        if not bucket.take(now):
            raise RoomError("too_many_reactions")
        frame = orjson.dumps(
            {
                "type": "reaction",
                "player_id": member.player_id,
                "name": member.name,
                "reaction": reaction,
                "server_time": now,
            }
        )
        for m in self.lobby.members:
            if m.sub is not None:
                m.sub.send(frame)
        for spectator in self.views.spectators:
            spectator.send(frame)

    def _forget_gone(self) -> None:
        """The buckets of players no longer in the room (the room's only other growth)."""
        here = {m.player_id for m in self.lobby.members}
        for player_id in [p for p in self._buckets if p not in here]:
            del self._buckets[player_id]

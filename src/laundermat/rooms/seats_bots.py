"""Seats the server plays: bots the host added, and stand-ins for people who are away.

Two kinds of seat are played here, inside the room and through its one queue (GEN-1):
- a **bot** the host put in an empty seat in the lobby (`Member.bot`: no token, no socket,
  a member of the room record, so it plays on after a restart);
- a **stand-in**: when the room's `stand_in` option is on (the host's choice, default on), a
  bot plays the seat of a person who is away (GEN-4) until they connect again, when the seat
  is theirs at once. With the option off the game goes on without them (the engine is told
  the seat is away, and its windows stop waiting for it).

A move goes the way a person's does: `GameDriver.player_command` (the seat comes from the
member, never from the command), then the room's apply (durable before anyone hears of it),
then a push. A bot decides from `match.view(seat)` only, the same redacted view the seat's
own client gets, after a humanlike pause (`PAUSE_MS` times the server's time scale) that
never runs past the open window's deadline. After a moment the game marks as dramatic (its
`beat_ms`, games/protocol.py: a laundry's end, an Alarm) the pause starts only once that beat
is over, so the people at the table see it before the bots move on (issue 30). Its policy
is chosen in one place, `bot_policy`.

Now and then a bot reacts to such a moment (its policy's `react`, games/protocol.py: a failed
laundry, an Alarm), a moment later, the way a person's reaction goes: outside the queue, under
the seat's limit (reactions.py). Stand-ins never do: they play for a person, who speaks for
themselves.

Bots send no fairness nonce (fairness.py): a game's seed comes from the server's committed
seed and the people's nonces only.
"""

from __future__ import annotations

import asyncio
import logging
import random
import secrets
import weakref
from collections.abc import Awaitable, Callable
from typing import Protocol, cast

from ..games import Command, GameDefinition, Match, Policy, RuleError, beat_ms, bot_reaction
from .clock import Clock
from .errors import RoomError
from .jobs import JobQueue
from .lobby import Lobby, RoomStatus
from .play import GameDriver
from .reactions import Reactions
from .records import RETRY_MS, StoreUnavailable
from .wire import RoomConfig

log = logging.getLogger("laundermat.room")

PAUSE_MS = (600, 2500)  # a bot's moment to act, before the time scale
REACT_MS = (400, 1500)  # a bot's moment to react, before the time scale


def bot_policy(definition: GameDefinition, rng: random.Random) -> Policy:
    """The one place a bot's policy is chosen: the game's best bot (its last strategy,
    LaunderMat's heuristic: docs/balance.md), the random one for a game that has no other."""
    return definition.bot(rng, strategy=definition.bot_strategies[-1])


class BotRoom(Protocol):
    """The part of a room the bots need (so this module does not import the room)."""

    code: str
    clock: Clock
    config: RoomConfig
    definition: GameDefinition
    lobby: Lobby
    play: GameDriver
    jobs: JobQueue
    reactions: Reactions


class BotSeats:
    def __init__(
        self,
        room: BotRoom,
        apply: Callable[[Command], Awaitable[None]],
        push: Callable[[], None],
    ) -> None:
        # Weak, and `release` drops the callbacks: a closed room is then freed at once rather
        # than by a full collection (web/gcpolicy.py freezes survivors, so that is the
        # 15-minute sweep: ~148 KB kept per closed room, and a 639 ms pause to free them).
        self.room = cast(BotRoom, weakref.proxy(room))
        self.apply = apply
        self.push = push
        self.rng = random.Random(secrets.randbits(64))
        self._policies: dict[int, Policy] = {}
        self._timers: dict[int, tuple[int, asyncio.Task[None]]] = {}  # seat: (window, timer)
        self._saying: set[asyncio.Task[None]] = set()  # reactions about to be said
        self._waiting: dict[int, int] = {}  # seat: a window it chose to let run out
        # After a move the store refused, none before this: once the window's deadline has
        # passed in an outage the pause would be 0, and bots would retry as fast as refusals
        # come (hundreds of warnings a second on a full disk).
        self._not_before_ms = 0
        self._beat_until_ms = 0  # the game's last dramatic moment is on screen until then
        self._log_seen: int | None = None  # the log's length at the last change
        self._game: int | None = None  # the game the four above are about

    def seats(self) -> set[int]:
        """The seats the server plays now: bots', and stand-ins' for away people."""
        lobby = self.room.lobby
        if lobby.status is not RoomStatus.PLAYING:
            return set()
        return {
            m.seat for m in lobby.members if m.seat is not None and (m.bot or lobby.stood_in(m))
        }

    def changed(self) -> None:
        """After every change: a timer for each seat the server plays and the window waits
        for; none for a seat that is no longer played or waited for."""
        if self.room.play.game_id != self._game:  # a new game: its window ids start again
            self._game = self.room.play.game_id
            self._waiting.clear()
            self._policies.clear()
            self._log_seen, self._beat_until_ms = None, 0
        match = self.room.play.match
        seats = self.seats()
        seen = self._log_seen
        if self._beat(match, bool(seats)):
            self.cancel_all()  # armed before the moment: they wait for its beat now
        if not seats and not self._timers:
            return  # most rooms: nobody to play for, nothing to cancel
        self._react(match, seen)
        window = match.window_id() if match is not None and not match.over() else None
        pending = set(match.pending()) if match is not None and window is not None else set()
        wanted = seats & pending
        for seat, (timer_window, task) in list(self._timers.items()):
            if seat not in wanted or timer_window != window:
                task.cancel()
                del self._timers[seat]
        for seat in wanted - set(self._timers):
            if window is not None and self._waiting.get(seat) != window:
                self._arm(seat, window)

    def _beat(self, match: Match | None, playing: bool) -> bool:
        """Did the entries logged since the last change start a beat? Only bots wait for it;
        the log's mark moves on in every room, so a stand-in who comes later does not wait
        for an old moment."""
        seen = self._log_seen
        self._log_seen = match.log_length() if match is not None else None
        if not playing or match is None or seen is None or self._log_seen is None:
            return False
        if self._log_seen <= seen:
            return False
        beat = beat_ms(match, seen)
        if not beat:
            return False
        until = self.room.clock.now_ms() + round(beat * self.room.config.time_scale)
        self._beat_until_ms = max(self._beat_until_ms, until)
        return True

    def _react(self, match: Match | None, seen: int | None) -> None:
        """Each bot (not a stand-in) may react to the entries logged since the last change.
        Moments are public (a failed laundry, an Alarm): the spectator's view of them, built
        once and read from each bot's seat, is less than the seat's own (a LaunderMat view
        per bot cost 165 µs a change)."""
        if match is None or seen is None or match.log_length() <= seen:
            return
        bots = [m for m in self.room.lobby.members if m.bot and m.seat is not None]
        public = match.view(None, seen) if bots else {}
        for m in bots:
            assert m.seat is not None
            reaction = bot_reaction(self._policy(m.seat), {**public, "viewer": m.seat}, seen)
            if reaction is not None:
                self._say_later(m.player_id, reaction)

    def _say_later(self, player_id: str, reaction: str) -> None:
        clock = self.room.clock
        at = clock.now_ms() + round(self.rng.uniform(*REACT_MS) * self.room.config.time_scale)
        reactions = self.room.reactions

        async def say() -> None:
            await clock.sleep_until(at)
            reactions.bot(player_id, reaction)

        task = asyncio.create_task(say())
        self._saying.add(task)
        task.add_done_callback(self._saying.discard)

    def _policy(self, seat: int) -> Policy:
        policy = self._policies.get(seat)
        if policy is None:
            policy = self._policies[seat] = bot_policy(self.room.definition, self.rng)
        return policy

    def release(self) -> None:
        """The room closed: no more moves, and no reference back to it."""
        self.cancel_all()
        for task in list(self._saying):
            task.cancel()
        self.apply, self.push = _no_move, _nothing

    def cancel_all(self) -> None:
        for _, task in self._timers.values():
            task.cancel()
        self._timers.clear()

    def _arm(self, seat: int, window: int) -> None:
        clock = self.room.clock
        now = clock.now_ms()
        start = max(now, self._beat_until_ms)  # a moment on screen: its beat first
        at = start + round(self.rng.uniform(*PAUSE_MS) * self.room.config.time_scale)
        deadline = self.room.play.deadline_ms
        if deadline is not None:  # never past the deadline: within 90% of the time left
            at = min(at, now + max(0, deadline - now) * 9 // 10)
        at = max(at, self._not_before_ms)

        async def wait() -> None:
            await clock.sleep_until(at)
            self.room.jobs.post(lambda: self._move(seat, window))

        self._timers[seat] = (window, asyncio.create_task(wait()))

    async def _move(self, seat: int, window: int) -> None:
        """In the queue: the seat's move, if it is still the server's and still awaited."""
        timer = self._timers.get(seat)
        if timer is not None and timer[0] == window:
            del self._timers[seat]
        match = self.room.play.match
        if match is None or match.window_id() != window or seat not in self.seats():
            return
        if seat not in match.pending():
            return
        wire = self._policy(seat).decide(match.view(seat))
        if wire is None or wire.get("seat", seat) != seat:
            self._waiting[seat] = window  # lets the window run out
            return
        command = {k: v for k, v in wire.items() if k != "seat"}
        try:
            await self.apply(self.room.play.player_command(seat, command, window, True))
        except (RuleError, RoomError) as exc:
            log.warning("bot move refused: %s", exc.code, extra={"room": self.room.code})
            self._waiting[seat] = window
            return
        except StoreUnavailable as exc:  # nothing changed: try again after another pause
            log.warning("bot move not saved (%s); retrying", exc, extra={"room": self.room.code})
            self._not_before_ms = self.room.clock.now_ms() + RETRY_MS
            self.changed()
            return
        for m in self.room.lobby.members:
            if m.seat == seat and not m.bot:
                m.stood_in_moves += 1  # a stand-in's move: the player is told when back
        self.push()


async def _no_move(command: Command) -> None:
    """A released room's bots make none."""


def _nothing() -> None:
    """A released room pushes nothing."""

"""A room's views: one message per viewer per change, each through the game's one redaction path.

The version rises by exactly one per change. The game's public part is computed once per change
(games/view_parts.py) and each seat's private part laid over it. A viewer that holds the
previous version gets a `patch` (RFC 6902, docs/protocol.md "Deltas"): the public part's ops,
computed and encoded once and shared, then that seat's own ops (deltas.py). A fresh connection,
a resync, a new match, the end of a game (the full reveal rewrites old log entries) and a client
that asked for full views (`hello.deltas: false`) get a whole `view`. Whole views pushed to the
latter carry the log since the last push, as before deltas.

Each push is decided first (`PushPlan`: what changed, for whom, whether a command's ack rides
with it), then sent (frames.py encodes each message at most once); `_message` alone decides
what one subscriber receives. A command's ack goes to its sender inside the sender's own frame
of the push when the sender said `hello.inline_ack` and the push sends it one, else as an `ack`
of its own (docs/protocol.md, "Acks"); nobody else's frame changes.

Only what changed is rebuilt (issue 34): a game that reports what each command touched
(games/kit/touched.py) has only those sections of its public part rebuilt, and only those
whose bytes changed decoded and diffed; a seat whose own part the command did not touch, and
that no shared op reaches into, is not rebuilt at all (its patch is the shared ops alone). A
game that reports nothing has every section and every seat rebuilt.

What every patched viewer holds is kept once per room (`deltas.Held`): the room part, the
deadline, the game's public part without its log (each section encoded), and each connected
seat's private part without log pointers; never a copy of anyone's encoded view.

A resync sends the current state at the current version: that is what patched viewers hold
because the room pushes after every change (room.py); a change left unpushed would reach them
in the next patch, but a client that resynced in between would then hold something else. A
room that coalesces its pushes (tick.py) therefore pushes what waits before a resync, and
`push(step=True)` takes the new version its acks already named (`shows`).
"""

from __future__ import annotations

import weakref
from collections.abc import Callable, Collection
from typing import Any, NamedTuple

import orjson

from ..games import Match
from ..games.kit.touched import EVERYTHING, Touched
from ..games.patch import Op
from ..games.view_parts import Private, SplitViews, parts
from .deltas import LOG_KEYS, Held, SharedOps, own_ops, shared_ops
from .frames import Frame, view_head
from .members import Member
from .wire import Ack, Subscriber, ack_bytes, ack_field


class PushPlan(NamedTuple):
    """One change, decided before anything is sent."""

    version: int  # the version that shows the change (the one its ack names)
    # None: no viewer holds a version to patch (a new match, the end of one, nobody was
    # connected): whole views only.
    shared: SharedOps | None
    # No shared op (a seat's changed choice, GFILL-2 / DRAFT-2): the version stays and only
    # the seats it changed hear of it, as a patch from that version to itself; a message or
    # a version step anyone else saw would tell them that a seat changed its mind.
    seats_only: bool
    log_from: int  # the first log entry a whole view to a full-views client carries
    whole_from_start: Collection[Subscriber]  # just connected: a whole view, the whole log
    ack: Ack | None  # in the sender's own frame, or alone before the first (wire.Ack)

    @property
    def patch_from(self) -> int:
        return self.version if self.seats_only else self.version - 1


class Publisher:
    def __init__(self, now_ms: Callable[[], int]) -> None:
        self.now_ms = now_ms
        self.version = 0
        self.spectators: set[Subscriber] = set()
        self.log_mark = 0  # the match's log entries already pushed
        # Subscribers that asked for whole views only. Weak: a subscriber leaves in many ways
        # (disconnect, replaced, kicked) and must not be kept alive by its preference.
        self.full_only: weakref.WeakSet[Any] = weakref.WeakSet()
        # Subscribers that take a command's ack inside their frame (`hello.inline_ack`); weak
        # for the same reason.
        self.inline_acks: weakref.WeakSet[Any] = weakref.WeakSet()
        self._held: Held | None = None

    def full_views(self, sub: Subscriber) -> None:
        """This subscriber gets whole views only (before it connects to the room)."""
        self.full_only.add(sub)

    def acks_inline(self, sub: Subscriber) -> None:
        """This subscriber takes its commands' acks inside its frame of the push that shows
        them, where one follows at once (before it connects to the room)."""
        self.inline_acks.add(sub)

    def head(self, room: dict[str, Any], deadline: int | None) -> bytes:
        """Everything of a view but its game: the bytes up to `"game":`."""
        return view_head(self.version, self.now_ms(), room, deadline)

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
        full: Collection[Subscriber] = (),
        ack: Ack | None = None,
        step: bool = False,
    ) -> int:
        """A change: every connected viewer gets its view or its patch (`full`: a whole view
        from the log's start), after `ack` if a command made it. Returns the version that
        shows the change. `step`: a new version even if no op is shared (rooms/tick.py)."""
        held = self._held
        over = match is not None and match.over()
        fresh = held is None or held.match is not match or held.over != over
        # A new match or the end of one (the reveal rewrites old entries) sends the whole log;
        # later pushes, even once the game is over, only what was logged since the last.
        log_from = 0 if fresh else self.log_mark
        touched = _touched(match)
        # Someone connected holds this version: keep it as the next push's base, for patches
        # and to tell a change only some seats see (even on a table of whole-view clients).
        watched = any(m.sub is not None for m in members) or bool(self.spectators)
        log_size = match.log_length() if match is not None else 0
        base = held if watched and not fresh and held is not None and held.kept else None
        now = Held(room, deadline, match, over, log_size, watched)
        split = parts(match) if match is not None else None
        if base is None:
            touched = EVERYTHING
        public, log = _public_part(split, now, touched, log_from)
        if watched:
            now.encode(base, whole=touched.public is None)
        shared = None if base is None else shared_ops(base, now, log, log_from)
        plan = self._plan(shared, log_from, full, ack, step)
        frame = Frame(now, split, public, log_from, plan.version, plan.patch_from, self.now_ms)
        self._send(plan, frame, members, touched.seats)
        self.log_mark = log_size
        now.release()
        self._held = now
        return plan.version

    def shows(
        self, room: dict[str, Any], deadline: int | None, match: Match | None, members: list[Member]
    ) -> bool:
        """Whether a push now would step the version: something public changed since the last
        push (rooms/tick.py, before an ack that goes ahead of its views). The sections the
        game reports changed are rebuilt and compared as `push` would, the report left for
        the push."""
        held = self._held
        over = match is not None and match.over()
        watched = any(m.sub is not None for m in members) or bool(self.spectators)
        if not watched or held is None or not held.kept or held.match is not match:
            return True  # whole views, a new version
        if held.over != over:
            return True
        log_size = match.log_length() if match is not None else 0
        now = Held(room, deadline, match, over, log_size, True)
        split = parts(match) if match is not None else None
        touched = _touched(match, keep=True)
        _, log = _public_part(split, now, touched, self.log_mark)
        now.encode(held, whole=touched.public is None)
        return bool(shared_ops(held, now, log, self.log_mark).encoded)

    def _plan(
        self,
        shared: SharedOps | None,
        log_from: int,
        full: Collection[Subscriber],
        ack: Ack | None,
        step: bool = False,
    ) -> PushPlan:
        """The change decided: a new version, unless no op is shared (only seats see it)."""
        seats_only = shared is not None and not shared.encoded and not step
        if not seats_only:
            self.version += 1
        return PushPlan(self.version, shared, seats_only, log_from, full, ack)

    def _send(
        self,
        plan: PushPlan,
        frame: Frame,
        members: list[Member],
        touched: frozenset[int] | None,
    ) -> None:
        """The ack, then each viewer's message; and what each connected seat now holds.
        `touched`: the seats whose own part may have changed (None: every seat). An ack to a
        sender that takes inline acks rides in its own message; if this push sends it none
        (a change nobody sees, a sender no longer in the room), it goes alone, after the rest."""
        ack = plan.ack
        inline = ack is not None and ack.to in self.inline_acks
        if ack is not None and not inline:
            ack.to.send(ack_bytes(ack.command_id, plan.version))
        for m in members:
            if m.sub is None:
                continue
            seat = m.seat if frame.split is not None else None
            private = self._private(plan, frame, m.sub, seat, touched)
            field = b""
            if inline and ack is not None and m.sub is ack.to:
                field = ack_field(ack.command_id)
            message = self._message(plan, frame, m.sub, seat, private, field)
            if message is not None:
                m.sub.send(message)
                if field:
                    inline = False  # delivered
        for sub in self.spectators:
            message = self._message(plan, frame, sub, None, None)
            if message is not None:
                sub.send(message)
        if inline and ack is not None:
            ack.to.send(ack_bytes(ack.command_id, plan.version))

    def _private(
        self,
        plan: PushPlan,
        frame: Frame,
        sub: Subscriber,
        seat: int | None,
        touched: frozenset[int] | None,
    ) -> Private | Kept | None:
        """`seat`'s own part after this change (KEPT: as it held it), noted as what it holds."""
        if seat is not None and self._unchanged(plan, sub, seat, touched):
            assert plan.shared is not None
            frame.now.keep_private(seat, plan.shared.base)
            return KEPT
        private = frame.private(seat)
        if seat is not None and frame.now.kept:
            frame.now.hold_private(seat, private)
        return private

    def _unchanged(
        self, plan: PushPlan, sub: Subscriber, seat: int, touched: frozenset[int] | None
    ) -> bool:
        """Whether `seat`'s own part is as it held it and no shared op reaches it: its patch
        is the shared ops alone, and its own part is not rebuilt (issue 34)."""
        shared = plan.shared
        if shared is None or touched is None or seat in touched:
            return False
        if sub in plan.whole_from_start or sub in self.full_only:
            return False
        base = shared.base
        return base.private.get(seat) is not None and not base.heads[seat] & shared.heads

    def _message(
        self,
        plan: PushPlan,
        frame: Frame,
        sub: Subscriber,
        seat: int | None,
        private: Private | Kept | None,
        ack: bytes = b"",
    ) -> bytes | None:
        """What one subscriber receives of this change: a whole view, a patch, or nothing.
        `seat` None: a spectator, or a member the match does not seat (no own part). `ack`:
        the sender's inline ack (wire.ack_field), the last field of what it receives."""
        if sub in plan.whole_from_start:
            return frame.whole(seat, 0, ack)
        full_only = sub in self.full_only
        if not plan.seats_only:
            if full_only:  # whole views, with the log since the last push
                return frame.whole(seat, plan.log_from, ack)
            if plan.shared is None:
                return frame.whole(seat, 0, ack)
            if seat is not None and private is None:
                # A view-only game whose seat sees less than a spectator: whole views, with
                # the log since the last push (its client then holds no base for patches).
                return frame.whole(seat, plan.log_from, ack)
        shared = plan.shared
        assert shared is not None
        if seat is None or private is KEPT:
            own: list[Op] | None = []
        else:
            assert not isinstance(private, Kept)
            own = own_ops(shared, frame.now, seat, private)
        if plan.seats_only and own == []:
            return None  # nothing at all for a viewer this change does not concern
        if full_only:  # (only reached when the change is the seats' alone)
            return frame.whole(seat, plan.log_from, ack)
        if own is None:  # its own part cannot be patched
            return frame.whole(seat, 0, ack)
        return frame.patch(shared.encoded, own, ack)

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


class Kept:
    """A seat's own part that this push did not rebuild (it did not change)."""


KEPT = Kept()


def _touched(match: Match | None, keep: bool = False) -> Touched:
    """What changed in the match's views since the last push (the whole of them for a game
    that does not say: games/kit/touched.py). Taken at every push, so nothing carries over;
    `keep`: left for the push."""
    report = getattr(match, "touched", None)
    if report is None:
        return EVERYTHING
    told: Touched = report(keep=True) if keep else report()
    return told


def _public_part(
    split: SplitViews | None, now: Held, touched: Touched, log_from: int
) -> tuple[dict[str, Any] | None, list[Any] | None]:
    """Rebuild the public part's sections that `touched` names (all of them if it names
    none) into `now.built`. Returns the whole public part if it was built, and the log from
    `log_from`."""
    if split is None:
        return None, None
    sections = getattr(split, "public_sections", None)
    if touched.public is not None and sections is not None:
        built = sections([*touched.public, "log"], log_from)
        log = built.pop("log")
        now.built = built
        return None, log
    public = split.public_view(log_from)
    now.built = {k: v for k, v in public.items() if k not in LOG_KEYS}
    return public, public["log"]

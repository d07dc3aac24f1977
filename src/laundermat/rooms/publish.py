"""A room's views: one message per viewer per change, each through the game's one redaction path.

The version rises by exactly one per change. The game's public part is computed once per change
(games/view_parts.py) and each seat's private part laid over it. A viewer that holds the
previous version gets a `patch` (RFC 6902, docs/protocol.md "Deltas"): the public part's ops,
computed and encoded once and shared, then that seat's own ops. A fresh connection, a resync,
a new match, the end of a game (the full reveal rewrites old log entries) and a client that
asked for full views (`hello.deltas: false`) get a whole `view`. Whole views pushed to the
latter carry the log since the last push, as before deltas.

What every patched viewer holds is kept once per room (`_Held`): the room part, the deadline,
the game's public part without its log, and each connected seat's private part without log
pointers; never a copy of anyone's encoded view. A resync sends the current state at the
current version: that is what patched viewers hold because the room pushes after every change
(room.py); a change left unpushed would reach them in the next patch, but a client that
resynced in between would then hold something else.
"""

from __future__ import annotations

import weakref
from collections.abc import Callable, Collection, Iterable
from dataclasses import dataclass, field
from typing import Any

import orjson

from ..games import Match
from ..games.patch import Op, diff, unescape
from ..games.view_parts import NotAnOverlay, Private, SplitViews, compose, parts
from .members import Member
from .wire import Announce, Subscriber, compact

_LOG_KEYS = ("log", "log_from")


@dataclass(slots=True)
class _Held:
    """The version every patched viewer holds (the last push's)."""

    room: dict[str, Any] | None  # this push's (then only its encoding is kept)
    deadline: int | None
    match: Match | None
    over: bool
    public: dict[str, Any] | None  # the game's public part without its log (this push's)
    log_size: int
    kept: bool  # false: nobody was connected to hold this version
    # Encoded, not kept as objects: compact, and no alias of the match's live state can
    # change them after the push. Each seat's private part has no log pointers; None: that
    # seat gets whole views.
    public_bytes: bytes = b"null"
    room_bytes: bytes = b"{}"
    private: dict[int, bytes | None] = field(default_factory=dict)


class Publisher:
    def __init__(self, now_ms: Callable[[], int]) -> None:
        self.now_ms = now_ms
        self.version = 0
        self.spectators: set[Subscriber] = set()
        self.log_mark = 0  # the match's log entries already pushed
        # Subscribers that asked for whole views only. Weak: a subscriber leaves in many ways
        # (disconnect, replaced, kicked) and must not be kept alive by its preference.
        self.full_only: weakref.WeakSet[Any] = weakref.WeakSet()
        self._held: _Held | None = None

    def full_views(self, sub: Subscriber) -> None:
        """This subscriber gets whole views only (before it connects to the room)."""
        self.full_only.add(sub)

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
        full: Collection[Subscriber] = (),
        announce: Announce | None = None,
    ) -> None:
        """A change: every connected viewer gets its view or its patch (`full`: a whole view
        from the log's start). `announce(version)` is called before the first goes out (the
        ack of the command that made the change). A change no op shares (a seat's changed
        choice, GFILL-2 / DRAFT-2) keeps the version and reaches only the seats it changed, as
        a patch from that version to itself: a message or a version step anyone else saw
        would tell them that a seat changed its mind."""
        held = self._held
        over = match is not None and match.over()
        fresh = held is None or held.match is not match or held.over != over
        # A new match or the end of one (the reveal rewrites old entries) sends the whole log;
        # later pushes, even once the game is over, only what was logged since the last.
        log_from = 0 if fresh else self.log_mark
        split = parts(match) if match is not None else None
        public = split.public_view(log_from) if split is not None else None
        core = None if public is None else {k: v for k, v in public.items() if k not in _LOG_KEYS}
        log_size = match.log_length() if match is not None else 0
        # Someone connected holds this version: keep it as the next push's base, for patches
        # and to tell a change only some seats see (even on a table of whole-view clients).
        keep = any(m.sub is not None for m in members) or bool(self.spectators)
        now = _Held(room, deadline, match, over, core, log_size, keep)
        if keep:
            now.public_bytes = compact(orjson.dumps(core))
            now.room_bytes = compact(orjson.dumps(room))
        base = None if fresh or held is None or not held.kept else held
        shared = None if base is None or not keep else self._shared_ops(base, now, public, log_from)
        quiet = shared is not None and not shared[0]
        if not quiet:
            self.version += 1
        if announce is not None:
            announce(self.version)
        frame = _Frame(self, now, split, public, log_from, quiet)
        for m in members:
            if m.sub is None:
                continue
            seat = m.seat if split is not None else None
            private = frame.private(seat)
            if seat is not None and keep:
                now.private[seat] = None if private is None else _without_log(private)
            if m.sub in full:
                m.sub.send(frame.whole(seat, 0))
            elif quiet:
                assert base is not None and shared is not None
                ops = _private_ops(base, now, seat, private, shared[1])
                if ops == []:
                    continue  # nothing at all for a seat this change does not concern
                if m.sub in self.full_only:
                    m.sub.send(frame.whole(seat, log_from))
                else:
                    m.sub.send(frame.whole(seat, 0) if ops is None else frame.patch(b"", ops))
            elif m.sub in self.full_only:
                m.sub.send(frame.whole(seat, log_from))
            elif base is None or shared is None:
                m.sub.send(frame.whole(seat, 0))
            elif seat is not None and private is None:
                # A view-only game whose seat sees less than a spectator: whole views, with
                # the log since the last push (its client then holds no base for patches).
                m.sub.send(frame.whole(seat, log_from))
            else:
                ops = _private_ops(base, now, seat, private, shared[1])
                m.sub.send(frame.whole(seat, 0) if ops is None else frame.patch(shared[0], ops))
        for sub in self.spectators:
            if sub in full:
                sub.send(frame.whole(None, 0))
            elif quiet:
                continue  # a spectator sees no seat's own part
            elif sub in self.full_only:
                sub.send(frame.whole(None, log_from))
            elif base is None or shared is None:
                sub.send(frame.whole(None, 0))
            else:
                sub.send(frame.patch(shared[0], []))
        self.log_mark = log_size
        now.public = now.room = None  # only their encodings are kept
        self._held = now

    def _shared_ops(
        self, held: _Held, now: _Held, public: dict[str, Any] | None, log_from: int
    ) -> tuple[bytes, tuple[set[str], list[str]]]:
        """The ops every patched viewer gets, encoded once, and the game paths they touch."""
        ops = (
            []
            if held.room_bytes == now.room_bytes
            else diff(orjson.loads(held.room_bytes), now.room, "/room")
        )
        if held.deadline != now.deadline:
            ops.append({"op": "replace", "path": "/deadline", "value": now.deadline})
        game_ops: list[Op] = []
        if public is not None and held.public_bytes != b"null":
            game_ops = diff(orjson.loads(held.public_bytes), now.public, "/game")
            for index, entry in enumerate(public["log"][held.log_size - log_from :]):
                game_ops.append(
                    {"op": "add", "path": f"/game/log/{held.log_size + index}", "value": entry}
                )
        ops += game_ops
        touched = [op["path"][5:] for op in game_ops if not op["path"].startswith("/game/log/")]
        heads = {path.split("/", 2)[1] for path in touched}  # a quick first test
        return orjson.dumps(ops)[1:-1], (heads, touched)

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


class _Frame:
    """One change's encodings, each made at most once and shared by the viewers that need it."""

    def __init__(
        self,
        publisher: Publisher,
        now: _Held,
        split: SplitViews | None,
        public: dict[str, Any] | None,
        log_from: int,
        quiet: bool = False,
    ) -> None:
        self.publisher, self.now, self.split = publisher, now, split
        self.quiet = quiet  # a change only some seats see: its patches keep the version
        self.public = {log_from: public}
        self.log_from = log_from
        self._head: bytes | None = None
        self._prefix: bytes | None = None
        self._whole: dict[tuple[int | None, int], bytes] = {}
        self._private: dict[int, Private | None] = {}

    def private(self, seat: int | None) -> Private | None:
        if seat is None or self.split is None:
            return None
        if seat not in self._private:
            try:
                self._private[seat] = self.split.private_view(seat, self.log_from)
            except NotAnOverlay:
                self._private[seat] = None
        return self._private[seat]

    def whole(self, seat: int | None, log_from: int) -> bytes:
        key = (seat, log_from)
        if key in self._whole:
            return self._whole[key]
        if self._head is None:
            assert self.now.room is not None
            self._head = self.publisher.head(self.now.room, self.now.deadline)
        if self.split is None:
            data = self._head + b"null}"
        else:
            public = self.public.get(log_from)
            if public is None:
                public = self.public[log_from] = self.split.public_view(log_from)
            private: Private | None = {}
            if seat is not None:
                private = (
                    self.private(seat)
                    if log_from == self.log_from
                    else _try(self.split, seat, log_from)
                )
            if private is None:  # a view-only game whose seat sees less than a spectator
                assert self.now.match is not None
                game = self.now.match.view(seat, log_from)
            else:
                game = compose(public, private)
            data = self._head + orjson.dumps(game) + b"}"
        if seat is None:  # only spectators share one encoding; a seat's is sent once
            self._whole[key] = data
        return data

    def patch(self, shared: bytes, own: list[Op]) -> bytes:
        if self._prefix is None:
            p = self.publisher
            self._prefix = b'{"type":"patch","from":%d,"version":%d,"server_time":%d,"ops":[' % (
                p.version if self.quiet else p.version - 1,
                p.version,
                p.now_ms(),
            )
        mine = orjson.dumps(own)[1:-1] if own else b""
        glue = b"," if shared and mine else b""
        return self._prefix + shared + glue + mine + b"]}"


def _try(split: SplitViews, seat: int, log_from: int) -> Private | None:
    try:
        return split.private_view(seat, log_from)
    except NotAnOverlay:
        return None


def _without_log(private: Private) -> bytes:
    return compact(orjson.dumps({p: v for p, v in private.items() if not p.startswith("/log/")}))


def _private_ops(
    held: _Held,
    now: _Held,
    seat: int | None,
    private: Private | None,
    touched: tuple[set[str], list[str]],
) -> list[Op] | None:
    """That seat's own ops, after the shared ones; None: it needs a whole view."""
    if seat is None:
        return []
    held_private = held.private.get(seat)
    if private is None or held_private is None:
        return None
    unchanged = held_private == now.private.get(seat)  # then no decoding, no diff
    old: Private = private if unchanged else orjson.loads(held_private)
    heads = touched[0]
    ops: list[Op] = []
    for pointer, value in private.items():
        head = pointer.split("/", 2)[1]
        if head == "log":
            if int(pointer.split("/")[2]) >= held.log_size:  # a new entry's secret
                ops.append({"op": "add", "path": "/game" + pointer, "value": value})
            continue
        hit = _touch(pointer, touched[1]) if head in heads else False
        if hit is None:
            return None
        if pointer in old and not hit:
            if not unchanged:
                ops += diff(old[pointer], value, "/game" + pointer)
        else:
            kind = "replace" if _found(now.public, pointer) else "add"
            ops.append({"op": kind, "path": "/game" + pointer, "value": value})
    for pointer in () if unchanged else old:
        if pointer in private:
            continue
        hit = _touch(pointer, touched[1])
        if hit is None:
            return None
        if not hit:  # it shows the public value again, or nothing
            if _found(now.public, pointer):
                value = _lookup(now.public, pointer)
                ops.append({"op": "replace", "path": "/game" + pointer, "value": value})
            else:
                ops.append({"op": "remove", "path": "/game" + pointer})
    return ops


def _touch(pointer: str, touched: Iterable[str]) -> bool | None:
    """Whether a shared op set `pointer` or a container around it; None when one went inside
    it (a private value the public part also holds parts of: the seat gets a whole view)."""
    hit = False
    for path in touched:
        if pointer == path or pointer.startswith(path + "/"):
            hit = True
        elif path.startswith(pointer + "/"):
            return None
    return hit


_MISSING = object()


def _lookup(doc: Any, pointer: str) -> Any:
    target = doc
    for token in pointer[1:].split("/"):
        token = unescape(token)
        if isinstance(target, dict):
            target = target.get(token, _MISSING)
        elif isinstance(target, list) and token.isdigit() and int(token) < len(target):
            target = target[int(token)]
        else:
            return _MISSING
        if target is _MISSING:
            return _MISSING
    return target


def _found(doc: Any, pointer: str) -> bool:
    return doc is not None and _lookup(doc, pointer) is not _MISSING

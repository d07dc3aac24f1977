"""What a patched viewer holds, and the ops that take it to the next version (publish.py).

A patch is the ops every patched viewer shares (the room part, the deadline, the game's public
part and its new log entries: `shared_ops`, encoded once) followed by that seat's own ops
(`own_ops`: its private part, laid over the public one). A seat whose private value the shared
ops reach inside of cannot be patched: it gets a whole view.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, NamedTuple

import orjson

from ..games import Match
from ..games.patch import Op, diff, escape, unescape
from ..games.view_parts import Private
from .wire import compact

LOG_KEYS = ("log", "log_from")


@dataclass(slots=True)
class Held:
    """One push's version, as every patched viewer holds it once the push is sent."""

    room: dict[str, Any] | None  # this push's (then only its encoding is kept)
    deadline: int | None
    match: Match | None
    over: bool
    log_size: int
    kept: bool  # false: nobody was connected to hold this version
    # The game's public part without its log, by section (its top-level keys): those this
    # push rebuilt (dropped once it is sent), and every section's encoding. Encoded, not kept
    # as objects: compact, and no alias of the match's live state can change them after the
    # push. A section this push did not rebuild keeps the previous push's bytes.
    built: dict[str, Any] = field(default_factory=dict)
    sections: dict[str, bytes] = field(default_factory=dict)
    changed: list[str] = field(default_factory=list)  # rebuilt, and not as they were
    removed: list[str] = field(default_factory=list)
    room_bytes: bytes = b"{}"
    # Each seat's private part without log pointers, and its first segments; None: that seat
    # gets whole views.
    private: dict[int, bytes | None] = field(default_factory=dict)
    heads: dict[int, frozenset[str]] = field(default_factory=dict)
    decoded: dict[str, Any] = field(default_factory=dict)

    def encode(self, base: Held | None, whole: bool) -> None:
        """Keep the room part and each rebuilt section as bytes (someone will hold them).
        `whole`: every section was rebuilt (one that is gone was removed)."""
        room = orjson.dumps(self.room)
        same_room = base is not None and base.room_bytes == room
        self.room_bytes = base.room_bytes if base is not None and same_room else compact(room)
        before = {} if base is None else base.sections
        sections = {} if whole else dict(before)
        for name, value in self.built.items():
            data = orjson.dumps(value)
            old = before.get(name)
            if old is not None and old == data:
                sections[name] = old
            else:
                sections[name] = compact(data)
                self.changed.append(name)
        if whole:
            self.removed = [name for name in before if name not in sections]
        self.sections = sections

    def value(self, name: str) -> Any:
        """A section of the public part as this push leaves it (_MISSING: none)."""
        if name in self.built:
            return self.built[name]
        if name not in self.decoded:
            data = self.sections.get(name)
            self.decoded[name] = _MISSING if data is None else orjson.loads(data)
        return self.decoded[name]

    def hold_private(self, seat: int, private: Private | None) -> None:
        """What `seat` holds of its own part after this push (None: it gets whole views)."""
        if private is None:
            self.private[seat] = None
            return
        self.private[seat] = _without_log(private)
        heads = frozenset(p.split("/", 2)[1] for p in private if p[:5] != "/log/")
        self.heads[seat] = _HEADS.setdefault(heads, heads)

    def keep_private(self, seat: int, base: Held) -> None:
        """`seat`'s own part did not change: it holds what it held."""
        self.private[seat] = base.private[seat]
        self.heads[seat] = base.heads[seat]

    def release(self) -> None:
        """After the push: only encodings are kept."""
        self.room = None
        self.built, self.decoded = {}, {}


# One copy of each set of heads (a game has a handful: a view's own top-level keys), not one
# per seat per push.
_HEADS: dict[frozenset[str], frozenset[str]] = {}


class SharedOps(NamedTuple):
    """The ops from `base` (the version every patched viewer holds) that all of them get."""

    base: Held
    encoded: bytes  # the ops as JSON, without the list's brackets; b"": none
    # The game paths the ops set, new log entries aside, and each one's first segment (a
    # quick first test): a seat's own ops depend on them.
    paths: list[str]
    heads: set[str]


def shared_ops(base: Held, now: Held, log: list[Any] | None, log_from: int) -> SharedOps:
    """`log`: the game's public log from `log_from` (None: no game)."""
    ops = (
        []
        if base.room_bytes == now.room_bytes
        else diff(orjson.loads(base.room_bytes), now.room, "/room")
    )
    if base.deadline != now.deadline:
        ops.append({"op": "replace", "path": "/deadline", "value": now.deadline})
    game_ops: list[Op] = []
    if log is not None and base.sections:
        for name in now.changed:
            old = base.sections.get(name)
            if old is None:
                path = "/game/" + escape(name)
                game_ops.append({"op": "add", "path": path, "value": now.built[name]})
            else:  # one level up, so a section too changed to patch is replaced whole
                game_ops += diff({name: orjson.loads(old)}, {name: now.built[name]}, "/game")
        game_ops += [{"op": "remove", "path": "/game/" + escape(n)} for n in now.removed]
        for index, entry in enumerate(log[base.log_size - log_from :]):
            game_ops.append(
                {"op": "add", "path": f"/game/log/{base.log_size + index}", "value": entry}
            )
    ops += game_ops
    paths = [op["path"][5:] for op in game_ops if not op["path"].startswith("/game/log/")]
    heads = {path.split("/", 2)[1] for path in paths}
    return SharedOps(base, orjson.dumps(ops)[1:-1], paths, heads)


class _WholeView(Exception):
    """A shared op went inside a private value (the public part also holds parts of it)."""


def own_ops(shared: SharedOps, now: Held, seat: int, private: Private | None) -> list[Op] | None:
    """`seat`'s own ops, after the shared ones; None: it needs a whole view. `now.private`
    already holds what the seat will hold after this push."""
    held = shared.base.private.get(seat)
    if private is None or held is None:
        return None
    unchanged = held == now.private.get(seat)  # then no decoding, no diff
    before: Private = private if unchanged else orjson.loads(held)
    try:
        ops = _set_ops(shared, now, private, before, unchanged)
        if not unchanged:
            ops += _unset_ops(shared, now, private, before)
    except _WholeView:
        return None
    return ops


def _set_ops(
    shared: SharedOps, now: Held, private: Private, before: Private, unchanged: bool
) -> list[Op]:
    """The ops for each pointer the seat's private part sets now."""
    ops: list[Op] = []
    paths, heads, log_size = shared.paths, shared.heads, shared.base.log_size
    for pointer, value in private.items():
        head = pointer.split("/", 2)[1]
        if head == "log":
            if int(pointer.split("/")[2]) >= log_size:  # a new entry's secret
                ops.append({"op": "add", "path": "/game" + pointer, "value": value})
            continue
        overwritten = _overwritten(pointer, paths) if head in heads else False
        if pointer in before and not overwritten:
            if not unchanged:
                ops += diff(before[pointer], value, "/game" + pointer)
        else:
            kind = "replace" if _found(now, pointer) else "add"
            ops.append({"op": kind, "path": "/game" + pointer, "value": value})
    return ops


def _unset_ops(shared: SharedOps, now: Held, private: Private, before: Private) -> list[Op]:
    """The ops for each pointer the seat's private part set before and sets no more."""
    ops: list[Op] = []
    for pointer in before:
        if pointer in private or _overwritten(pointer, shared.paths):
            continue
        # It shows the public value again, or nothing.
        if _found(now, pointer):
            value = _lookup(now, pointer)
            ops.append({"op": "replace", "path": "/game" + pointer, "value": value})
        else:
            ops.append({"op": "remove", "path": "/game" + pointer})
    return ops


def _overwritten(pointer: str, paths: list[str]) -> bool:
    """Whether a shared op set `pointer` or a container around it. _WholeView when one went
    inside it (a private value the public part also holds parts of)."""
    hit = False
    for path in paths:
        if pointer == path or pointer.startswith(path + "/"):
            hit = True
        elif path.startswith(pointer + "/"):
            raise _WholeView
    return hit


def _without_log(private: Private) -> bytes:
    return compact(orjson.dumps({p: v for p, v in private.items() if not p.startswith("/log/")}))


_MISSING = object()


def _lookup(now: Held, pointer: str) -> Any:
    """The value at `pointer` in the public part `now` holds (_MISSING: none)."""
    tokens = pointer[1:].split("/")
    target = now.value(unescape(tokens[0]))
    for token in tokens[1:]:
        if target is _MISSING:
            return _MISSING
        token = unescape(token)
        if isinstance(target, dict):
            target = target.get(token, _MISSING)
        elif isinstance(target, list) and token.isdigit() and int(token) < len(target):
            target = target[int(token)]
        else:
            return _MISSING
    return target


def _found(now: Held, pointer: str) -> bool:
    return now.match is not None and _lookup(now, pointer) is not _MISSING

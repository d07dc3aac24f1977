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
from ..games.patch import Op, diff, unescape
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
    public: dict[str, Any] | None  # the game's public part without its log (this push's)
    log_size: int
    kept: bool  # false: nobody was connected to hold this version
    # Encoded, not kept as objects: compact, and no alias of the match's live state can
    # change them after the push. Each seat's private part has no log pointers; None: that
    # seat gets whole views.
    public_bytes: bytes = b"null"
    room_bytes: bytes = b"{}"
    private: dict[int, bytes | None] = field(default_factory=dict)

    def encode(self) -> None:
        """Keep the room part and the public part as bytes (someone will hold them)."""
        self.public_bytes = compact(orjson.dumps(self.public))
        self.room_bytes = compact(orjson.dumps(self.room))

    def hold_private(self, seat: int, private: Private | None) -> None:
        """What `seat` holds of its own part after this push (None: it gets whole views)."""
        self.private[seat] = None if private is None else _without_log(private)


class SharedOps(NamedTuple):
    """The ops from `base` (the version every patched viewer holds) that all of them get."""

    base: Held
    encoded: bytes  # the ops as JSON, without the list's brackets; b"": none
    # The game paths the ops set, new log entries aside, and each one's first segment (a
    # quick first test): a seat's own ops depend on them.
    paths: list[str]
    heads: set[str]


def shared_ops(base: Held, now: Held, public: dict[str, Any] | None, log_from: int) -> SharedOps:
    """`public`: the game's public part with its log from `log_from` (`now.public` has none)."""
    ops = (
        []
        if base.room_bytes == now.room_bytes
        else diff(orjson.loads(base.room_bytes), now.room, "/room")
    )
    if base.deadline != now.deadline:
        ops.append({"op": "replace", "path": "/deadline", "value": now.deadline})
    game_ops: list[Op] = []
    if public is not None and base.public_bytes != b"null":
        game_ops = diff(orjson.loads(base.public_bytes), now.public, "/game")
        for index, entry in enumerate(public["log"][base.log_size - log_from :]):
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
            kind = "replace" if _found(now.public, pointer) else "add"
            ops.append({"op": kind, "path": "/game" + pointer, "value": value})
    return ops


def _unset_ops(shared: SharedOps, now: Held, private: Private, before: Private) -> list[Op]:
    """The ops for each pointer the seat's private part set before and sets no more."""
    ops: list[Op] = []
    for pointer in before:
        if pointer in private or _overwritten(pointer, shared.paths):
            continue
        # It shows the public value again, or nothing.
        if _found(now.public, pointer):
            value = _lookup(now.public, pointer)
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

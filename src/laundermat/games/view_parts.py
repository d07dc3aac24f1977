"""A view as a public part shared by every viewer plus each seat's private part (issue 12).

A game that implements `public_view(log_from)` and `private_view(seat, log_from)` (see
protocol.py, `SplitViews`) has the public part computed once per change; for a game that
implements only `view()`, `parts(match)` derives the private part from the seat's view and the
spectator's, so every game works, at the old cost. Either way

    compose(public_view(log_from), private_view(seat, log_from)) == view(seat, log_from)

A private part maps JSON Pointers (RFC 6901, into the game view) to values: `compose` sets
each, in order, on a copy of the public part (the public part is shared: never changed). A
pointer under `/log/N/` names the log entry whose index in the *whole* log is N.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Protocol, runtime_checkable

from .patch import diff, escape, unescape
from .protocol import JSON, Match

Private = dict[str, Any]  # JSON Pointer -> value


@runtime_checkable
class SplitViews(Protocol):
    """What a game adds to `Match` for views computed once per change (optional)."""

    def public_view(self, log_from: int = 0) -> JSON:
        """What every viewer sees (a spectator's whole view): shared, so never changed."""
        ...

    def private_view(self, seat: int, log_from: int = 0) -> Private:
        """What only `seat` sees, as pointer -> value laid over the public part."""
        ...


class NotAnOverlay(Exception):
    """A view-only game's seat view that is not the spectator's plus set values."""


def parts(match: Match) -> SplitViews:
    """The match's own split, or one derived from `view()`."""
    # Not isinstance(match, SplitViews): a runtime protocol check costs ~15 µs per call.
    if hasattr(match, "public_view") and hasattr(match, "private_view"):
        return match  # type: ignore[return-value]
    return _Derived(match)


class _Derived:
    """A view-only game: the public part is the spectator's view; the private part is what
    the seat's view sets on top of it. Private parts that are not that (the seat sees less
    than a spectator) raise NotAnOverlay: the platform sends that seat whole views."""

    __slots__ = ("match",)

    def __init__(self, match: Match) -> None:
        self.match = match

    def public_view(self, log_from: int = 0) -> JSON:
        return self.match.view(None, log_from)

    def private_view(self, seat: int, log_from: int = 0) -> Private:
        public = self.match.view(None, log_from)
        private: Private = {}
        for op in diff(public, self.match.view(seat, log_from)):
            path = op["path"]
            if op["op"] == "remove" or path == "" or path.endswith("/-"):
                raise NotAnOverlay(path)
            tokens = path.split("/")
            if len(tokens) > 2 and tokens[1] == "log" and tokens[2].isdigit():
                tokens[2] = str(int(tokens[2]) + log_from)  # an index in the whole log
                path = "/".join(tokens)
            private[path] = op["value"]
        return private


def compose(public: JSON, private: Mapping[str, Any]) -> JSON:
    """The seat's view: `public` with `private` laid over it (`public` is not changed)."""
    view = dict(public)
    copied: set[int] = {id(view)}
    log_from = public.get("log_from", 0) or 0
    for pointer, value in private.items():
        tokens = [unescape(t) for t in pointer[1:].split("/")]
        if len(tokens) > 1 and tokens[0] == "log":
            tokens[1] = str(int(tokens[1]) - log_from)
        target: Any = view
        for token in tokens[:-1]:
            key: Any = int(token) if isinstance(target, list) else token
            child = target[key]
            if id(child) not in copied:  # copy on write: the public part is shared
                child = dict(child) if isinstance(child, dict) else list(child)
                copied.add(id(child))
                target[key] = child
            target = child
        last = tokens[-1]
        if isinstance(target, list):
            index = int(last)
            if index == len(target):
                target.append(value)
            else:
                target[index] = value
        else:
            target[last] = value
    return view


def pointer(*tokens: str | int) -> str:
    return "".join(f"/{escape(str(t))}" for t in tokens)

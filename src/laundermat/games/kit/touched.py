"""What a command changed in the views, by audience (issue 34 §1): which sections of the public
part, and which seats' private parts. The platform rebuilds only those (rooms/publish.py).

A view's public part is a dict whose top-level keys are its *sections* (`players`,
`market`, `window`, ...). A game says, per command its phase table accepts, which sections
that command may change while its window stays open, and whose private part: the acting
seat's, or every seat's (when what a seat may do next reads something shared, such as a
stock). Everything else the kit works out itself:

- a command that opens or closes a window (a new window id, another kind, the end of the
  game), a timeout, a presence change, or a command whose handler declares nothing:
  everything changed;
- new log entries: the game's `on_log` sections (its log's size), and the private part of
  every seat a new entry has a secret for;
- every counted command: the game's `always` sections (its count of commands).

A game that reports nothing (no `touched` on its match) still works: the platform rebuilds
every view whole, as before. A report that leaves out a change sends a stale view; the
property test that plays random games against whole views catches it
(tests/rooms/test_touched_views.py).
"""

from __future__ import annotations

from collections.abc import Callable, Collection
from typing import Any, NamedTuple, TypeVar

from .phases import Touches
from .windows import Windows

T = TypeVar("T")


def touches(*sections: str, every_seat: bool = False) -> Touches:
    """A handler's `touches`: these public sections; every seat's private part, or the actor's."""
    return Touches(frozenset(sections), every_seat)


class Touched(NamedTuple):
    """What changed since the platform last asked. None: everything (rebuild it all)."""

    public: frozenset[str] | None
    seats: frozenset[int] | None


EVERYTHING = Touched(None, None)


class Changes:
    """A match's running report, until the platform takes it (one per match, never saved: a
    restored match starts from everything)."""

    __slots__ = ("public", "seats")

    def __init__(self) -> None:
        self.public: set[str] | None = None
        self.seats: set[int] | None = None

    def everything(self) -> None:
        self.public = self.seats = None

    def add(self, public: Collection[str], seats: Collection[int]) -> None:
        if self.public is not None:
            self.public.update(public)
        if self.seats is not None:
            self.seats.update(seats)

    def take(self) -> Touched:
        """What changed since the last take; from now on, nothing."""
        report = self.peek()
        self.public, self.seats = set(), set()
        return report

    def peek(self) -> Touched:
        """What changed since the last take, left for the next."""
        public = None if self.public is None else frozenset(self.public)
        seats = None if self.seats is None else frozenset(self.seats)
        return Touched(public, seats)


class Tracking:
    """A game's rules for its reports: its windows (whose table's handlers declare `touches`),
    the sections every counted command changes and those a new log entry changes."""

    def __init__(
        self,
        windows: Windows[Any, Any, Any, Any, Any],
        *,
        always: Collection[str] = (),
        on_log: Collection[str] = (),
    ) -> None:
        self.windows = windows
        self.always = frozenset(always)
        self.on_log = frozenset(on_log)

    def apply(self, changes: Changes, state: Any, command: Any, apply: Callable[[], T]) -> T:
        """Run `apply` (the command, on `state`) and add what it changed to `changes`. A
        refused command raises from `apply` and changes nothing."""
        kind_field = self.windows.kind_field
        kind, window, logged = getattr(state, kind_field), state.window_id, len(state.events)
        spec = self.windows.table.get(kind)
        result = apply()
        handler = None if spec is None else spec.accepts.get(type(command))
        declared = None if handler is None else handler.touches
        if declared is None or state.window_id != window or getattr(state, kind_field) != kind:
            changes.everything()
            return result
        seat: int = command.seat
        seats = range(len(state.players)) if declared.every_seat else (seat,)
        changes.add(declared.public | self.always, seats)
        if len(state.events) != logged:
            secrets = [e.to for e in state.events[logged:] if e.secret is not None]
            changes.add(self.on_log, {s for to in secrets for s in to})
        return result

"""Windows and deadlines: the one window a game has open, and the room's two commands about it.

A game keeps its open window in its state as plain data: `window_id` (fresh each time a window
opens, so a timer never carries over and a late timeout is known as stale), `window_actors`,
and the window's kind in a field the game names (a kind its phase table has no row for: no
window is open); each player has `away`. A `Windows`, built once per game around its phase
table (phases.py), is the one place that

- opens a window (`open`, the walk's `open_window`): a fresh id, its actors, a log entry;
- says whom it still waits for (`pending`) and closes it early: a window never waits for an
  away seat, so it closes once all it waits for are away (`advance`; LaunderMat's GEN-4,
  Goblin's GGEN-4);
- applies the room's `Timeout(window)` (a stale id is refused; the open window closes with
  its default) and `SetAway(seat, away)` (a presence already recorded is refused);
- gives the platform the open `Window(id, kind, actors, duration)`, the duration being the
  game's setting for the row's `timer`. Nothing here reads a clock: the room arms the
  deadline and applies `Timeout(id)` when it passes.

`Windows.apply` is a whole game's `apply` made of those pieces (Goblin's, and the test game
tests/web/pickgame.py's); a game with more to do around a command (LaunderMat returns each
command's events and counts a changed draft selection its own way) calls the pieces itself.
`WindowedMatch` answers the `Match` protocol's questions about windows, seats and the log
(definition.py has a definition's `timeout` and `set_away`).
Refusals are the game's own exceptions, made by its `refuse(code, message)` from the codes
below, so a client reads the same codes from every game.
"""

from __future__ import annotations

import operator
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any, ClassVar, Generic, TypeVar

from . import phases
from .commands import Command

S = TypeVar("S")  # the game's state
C = TypeVar("C")  # what its rule steps change (the state itself, or a context around it)
P = TypeVar("P")  # a player
R = TypeVar("R")  # its step type (an `Open`, an automatic step, or None)
K = TypeVar("K")  # its window kinds

MALFORMED = "malformed"
GAME_OVER = "game_over"
STALE_WINDOW = "stale_window"
PRESENCE_UNCHANGED = "presence_unchanged"
WRONG_PHASE = "wrong_phase"
NOT_YOUR_TURN = "not_your_turn"


@dataclass(frozen=True)
class Window:
    """The open window as the platform sees it (games/protocol.py re-exports it)."""

    id: int
    kind: str
    actors: tuple[int, ...]
    duration: float  # seconds, before the platform's time scale


@dataclass(frozen=True)
class Open(Generic[K]):
    """A step that opens a window of `kind` for `actors` (a fresh id, so a full timer)."""

    kind: K
    actors: tuple[int, ...]


@dataclass(frozen=True)
class Timeout(Command):
    """The room's: the open window's deadline passed."""

    window: int
    type = "timeout"


@dataclass(frozen=True)
class SetAway(Command):
    """The room's: a seat is away, or back."""

    seat: int
    away: bool
    type = "set_away"


ROOM_COMMANDS = (Timeout.type, SetAway.type)
ROOM_FORMS: Mapping[str, tuple[type, Mapping[str, type]]] = {  # commands.parse's forms
    Timeout.type: (Timeout, {"window": int}),
    SetAway.type: (SetAway, {"seat": int, "away": bool}),
}


class Windows(Generic[S, C, P, R, K]):
    """A game's windows: its phase table, its automatic steps and how its state names them."""

    def __init__(
        self,
        table: Mapping[K, phases.PhaseSpec[S, C, P, R]],
        automatic: Mapping[Any, Callable[[C], R]],
        *,
        duration: Callable[[S, str], float],
        refuse: Callable[[str, str], Exception],
        kind_field: str = "window_kind",
        state_of: Callable[[C], S] | None = None,
        over: Callable[[S], bool] = operator.attrgetter("over"),
        log_key: str | None = None,
        log_away: bool = False,
        wrong_phase: str = "'{type}' is not taken in a {kind}.",
    ) -> None:
        """`duration(state, timer)`: the seconds of a row's `timer`; `refuse(code, message)`:
        the game's refusal; `kind_field`: the state's field naming the open window's kind;
        `state_of(context)`: the state a rule step's context holds (by default the context is
        the state); `over(state)`: whether the game has ended (by default its `over` field);
        `log_key`: the log entries' name for the kind (None: the game logs no windows,
        timeouts or presence changes, only its own entries); `log_away`: a one-actor
        window closed for its away actor is logged as the timeout it stands for (`away`
        tells which); `wrong_phase`: the refusal's sentence, with `{type}` and `{kind}`."""
        self.table = table
        self.automatic = automatic
        self.kind_field = kind_field
        self.state_of: Callable[[C], S] = state_of or _itself
        self._context_is_state = state_of is None  # a call saved per command on the hot path
        self.over = over
        self.duration = duration
        self.refuse = refuse
        self.log_key = log_key
        self.log_away = log_away
        self.wrong_phase = wrong_phase
        self.seat_commands = tuple({t for spec in table.values() for t in spec.accepts})

    # ------------------------------------------------------------ questions

    def spec(self, state: S) -> phases.PhaseSpec[S, C, P, R] | None:
        """The open window's row (None: no window is open)."""
        return self.table.get(getattr(state, self.kind_field))

    def pending(self, state: Any) -> list[int]:
        """The open window's actors who have not acted yet (none when no window is open)."""
        spec = self.table.get(getattr(state, self.kind_field))
        if spec is None:
            return []
        return phases.pending(spec, state.window_actors, state.players)

    def window(self, state: Any) -> Window | None:
        kind = getattr(state, self.kind_field)
        spec = self.table.get(kind)
        if spec is None:
            return None
        duration = self.duration(state, spec.timer)
        return Window(state.window_id, str(kind), tuple(state.window_actors), duration)

    # ------------------------------------------------------------ the walk

    def open(self, context: C, step: Open[K]) -> None:
        """The walk's `open_window`: the only place a window opens."""
        state: Any = context if self._context_is_state else self.state_of(context)
        setattr(state, self.kind_field, step.kind)
        state.window_id += 1
        state.window_actors = list(step.actors)
        if self.log_key is not None:
            kind = {self.log_key: str(step.kind)}
            emit = context.emit  # type: ignore[attr-defined]
            emit("window", id=state.window_id, **kind, actors=list(step.actors))

    def proceed(self, context: C, step: R | Open[K]) -> None:
        """Walk automatic steps until a window opens or nothing follows (None)."""
        phases.walk(context, step, Open, self.open, self.automatic)

    def close(self, context: C) -> None:
        """The open window closes with its default (its row's `close`)."""
        state = context if self._context_is_state else self.state_of(context)
        spec = self.table.get(getattr(state, self.kind_field))
        assert spec is not None, "no window is open"
        self.proceed(context, spec.close(context))

    def advance(self, context: C) -> None:
        """Close every window that waits only for away seats (or for nobody), until one waits
        for someone present or none is open."""
        state: Any = context if self._context_is_state else self.state_of(context)
        table, kind_field = self.table, self.kind_field
        while (spec := table.get(getattr(state, kind_field))) is not None:
            waiting = phases.pending(spec, state.window_actors, state.players)
            players = state.players
            if not all(players[seat].away for seat in waiting):
                return
            if self.log_away and waiting and spec.acted is None:
                self._log_timeout(context, away=True)
            self.close(context)

    # ------------------------------------------------------------ the room's commands

    def time_out(self, context: C, window: int) -> None:
        """`Timeout(window)`: the open window closes with its default, if it is that one."""
        state: Any = context if self._context_is_state else self.state_of(context)
        if window != state.window_id:
            raise self.refuse(STALE_WINDOW, f"Window {window} is no longer open.")
        self._log_timeout(context, away=False)
        self.close(context)

    def set_away(self, context: C, seat: int, away: bool) -> None:
        """`SetAway(seat, away)`: the room says a seat is away (or back)."""
        state: Any = context if self._context_is_state else self.state_of(context)
        self.check_seat(state, seat)
        player = state.players[seat]
        if player.away == away:
            raise self.refuse(PRESENCE_UNCHANGED, "That presence is already recorded.")
        player.away = away
        if self.log_key is not None:
            context.emit("away", seat=seat, away=away)  # type: ignore[attr-defined]

    # ------------------------------------------------------------ a seat's command

    def check_seat(self, state: Any, seat: int) -> None:
        if not 0 <= seat < len(state.players):
            raise self.refuse(MALFORMED, f"There is no seat {seat}.")

    def check(self, state: Any, command: Any) -> phases.Handler[S, C, R]:
        """Everything a seat's command must pass before anything changes (wrong phase, not an
        actor, the row's own check); the handler to apply."""
        kind = getattr(state, self.kind_field)
        return self._check(state, command, kind, self.table.get(kind))

    def _check(
        self, state: Any, command: Any, kind: Any, spec: phases.PhaseSpec[S, C, P, R] | None
    ) -> phases.Handler[S, C, R]:
        try:
            if spec is None:
                raise phases.NotAccepted
            return phases.check(spec, state, command, command.seat, state.window_actors)
        except phases.NotAccepted:
            message = self.wrong_phase.format(type=command.type, kind=kind)
            raise self.refuse(WRONG_PHASE, message) from None
        except phases.NotAnActor:
            raise self.refuse(NOT_YOUR_TURN, "You have no decision in this window.") from None

    def apply(self, context: C, command: Any) -> bool:
        """A whole command: the game must be running; a timeout, a presence, or a seat's
        command the open window takes (checked completely, then applied); then every window
        that waits for nobody present closes. Returns whether the command counts in the
        state's version: a seat that changes a choice already made in a window that waits
        for all (a simultaneous pick) changed what is its own alone, so it does not."""
        state: Any = context if self._context_is_state else self.state_of(context)
        if self.over(state):
            raise self.refuse(GAME_OVER, "The game is over.")
        counted = True
        if isinstance(command, Timeout):
            self.time_out(context, command.window)
        elif isinstance(command, SetAway):
            self.set_away(context, command.seat, command.away)
        elif isinstance(command, self.seat_commands):
            seat: int = command.seat  # type: ignore[attr-defined]  # every row's command has one
            if not 0 <= seat < len(state.players):  # check_seat, inline: once per command
                raise self.refuse(MALFORMED, f"There is no seat {seat}.")
            kind = getattr(state, self.kind_field)
            spec = self.table.get(kind)
            handler = self._check(state, command, kind, spec)
            assert spec is not None  # _check refused the command otherwise
            counted = not phases.changes_a_choice(spec, state.players[seat])
            self.proceed(context, handler.apply(context, command))
        else:
            raise self.refuse(MALFORMED, f"Unknown command {command!r}.")
        self.advance(context)
        return counted

    # ------------------------------------------------------------ the log

    def _log_timeout(self, context: C, away: bool) -> None:
        if self.log_key is None:
            return
        state: Any = context if self._context_is_state else self.state_of(context)
        entry = {"window": state.window_id, self.log_key: str(getattr(state, self.kind_field))}
        if self.log_away:
            entry["away"] = away
        context.emit("timeout", **entry)  # type: ignore[attr-defined]


def _itself(context: Any) -> Any:
    return context


class WindowedMatch:
    """The `Match` protocol's questions about the open window, the seats and the log, for a
    match whose `state` keeps its window as `Windows` expects, its players (with `seat`,
    `name`, `away`) in `players`, its log in `events` and its count of commands in `version`;
    and `apply` for a game whose rule steps change the state itself."""

    __slots__ = ()
    windows: ClassVar[Windows[Any, Any, Any, Any, Any]]
    state: Any

    def apply(self, command: Any) -> None:
        """`Windows.apply`; the version counts the command unless it changed a choice that is
        its seat's alone (so nobody else can tell a seat changed its mind)."""
        if self.windows.apply(self.state, command):
            self.state.version += 1

    def window(self) -> Window | None:
        return self.windows.window(self.state)

    def window_id(self) -> int | None:
        state = self.state
        return None if self.windows.over(state) else int(state.window_id)

    def pending(self) -> list[int]:
        return self.windows.pending(self.state)

    def over(self) -> bool:
        return self.windows.over(self.state)

    def away(self, seat: int) -> bool:
        return bool(self.state.players[seat].away)

    def seats(self) -> dict[str, int]:
        return {p.name: p.seat for p in self.state.players}

    def log_length(self) -> int:
        return len(self.state.events)

"""A Goblin Laundromat game behind the platform's `Match` protocol (games/protocol.py)."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from ..kit.touched import Changes, Touched, Tracking
from ..kit.windows import WindowedMatch
from ..protocol import Command
from . import flow
from .cards import DECISION_TIMERS, DEFAULT_DECISION_TIMER, MAX_PLAYERS, MIN_PLAYERS
from .commands import parse
from .errors import MALFORMED, refuse
from .fill import setup
from .measures import balance
from .scoring import result
from .state import GameState, new_state
from .views import private_view, public_sections, public_view, view

# What a command changed in the views (kit/touched.py); each handler's own in flow.WINDOWS.
TRACKING = Tracking(flow.FLOW, always=("state_version",), on_log=("log_size",))

# A laundry's end is the game's moment (issue 30): its result stays on players' screens for
# 2.5 s (static/js/moments.js), and bots wait as long before they move on.
LAUNDRY_END_BEAT_MS = 2500
LAUNDRY_ENDS = frozenset({"completed", "stopped", "failed"})


class GoblinMatch(WindowedMatch):
    """apply, window, window_id, pending, over, away, seats, log_length: WindowedMatch's
    (GGEN-1: a command is checked completely, then applied; GFILL-2 / GPUBLIC-1: a changed
    pick is not counted in the version, or everyone else could tell)."""

    __slots__ = ("changes", "state")
    windows = flow.FLOW
    state: GameState

    def __init__(self, state: GameState) -> None:
        self.state = state
        self.changes = Changes()

    @classmethod
    def new(cls, seed: int, names: list[str], settings: dict[str, Any]) -> GoblinMatch:
        """GSETUP-1: 2 to 5 players; GSETUP-3: the Decision timer; then the deal, round 1."""
        if not MIN_PLAYERS <= len(names) <= MAX_PLAYERS:
            raise refuse(
                MALFORMED, f"A game needs {MIN_PLAYERS} to {MAX_PLAYERS} players, not {len(names)}."
            )
        unknown = set(settings) - {"decision_timer"}
        if unknown:
            raise refuse(MALFORMED, f"No setting {sorted(unknown)[0]!r}.")
        timer = settings.get("decision_timer", DEFAULT_DECISION_TIMER)
        if type(timer) is not int or timer not in DECISION_TIMERS:
            raise refuse(MALFORMED, f"The Decision timer must be one of {DECISION_TIMERS} s.")
        state = new_state(seed, timer)
        setup(state, list(names))
        flow.start(state)
        return cls(state)

    def parse(self, data: dict[str, Any]) -> Command:
        return parse(data)

    def apply(self, command: Command) -> None:
        TRACKING.apply(
            self.changes, self.state, command, lambda: WindowedMatch.apply(self, command)
        )

    def view(self, viewer: int | None, log_from: int = 0) -> dict[str, Any]:
        return view(self.state, viewer, log_from)

    def public_view(self, log_from: int = 0) -> dict[str, Any]:
        return public_view(self.state, log_from)

    def private_view(self, seat: int, log_from: int = 0) -> dict[str, Any]:
        return private_view(self.state, seat, log_from)

    def public_sections(self, names: Iterable[str], log_from: int = 0) -> dict[str, Any]:
        return public_sections(self.state, names, log_from)

    def touched(self, keep: bool = False) -> Touched:
        return self.changes.peek() if keep else self.changes.take()

    def beat_ms(self, log_from: int) -> int:
        """games/protocol.py, Beats: a laundry that ended since `log_from`."""
        ended = any(e.kind in LAUNDRY_ENDS for e in self.state.events[log_from:])
        return LAUNDRY_END_BEAT_MS if ended else 0

    def result(self) -> dict[str, Any]:
        return result(self.state)

    def balance(self) -> dict[str, list[int]]:
        """This game's balance measures (measures.py), which `simulate` sums over a run."""
        return balance(self.state)

    def snapshot(self) -> dict[str, Any]:
        return self.state.to_dict()

    @classmethod
    def restore(cls, snapshot: dict[str, Any]) -> GoblinMatch:
        return cls(GameState.from_dict(snapshot))

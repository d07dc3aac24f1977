"""The window table and the walk between windows; `FLOW.apply` is the engine's one way in.

`WINDOWS` is the one table of the game's decisions: for each window kind, the commands it
accepts (each with its check and its apply step), whether it waits for every actor (the
simultaneous pick, GFILL-2) and its default when it closes without a decision (GGEN-5).
Phase modules answer with a `Step`; `proceed` walks the automatic steps until a window opens,
so this is the only module that opens one (through the kit's `Windows`, which also closes
windows early and applies the room's commands). No clock: the room sends `Timeout(window)`.
"""

from __future__ import annotations

from collections.abc import Callable

from ..kit import phases, windows
from ..kit.touched import touches
from . import fill, laundry, scoring
from .cards import ROUNDS
from .commands import Draw, DrawWithPotion, Keep, Pick, Stop
from .errors import refuse
from .state import KEEP, LAUNDRY, MARKET, PICK, GameState, Player
from .steps import NEXT_LAUNDRY, NEXT_ROUND, Step

# The kit's table types, bound to this game's state (which is also what rule steps change).
Handler = phases.Handler[GameState, GameState, Step]
WindowSpec = phases.PhaseSpec[GameState, GameState, Player, Step]


def _picked(player: Player) -> bool:
    return player.pick is not None


WINDOWS: dict[str, WindowSpec] = {
    # A pick that leaves the window open changes the public `picked` flags and the actor's own
    # part (kit/touched.py); every other command opens a window, so every view is rebuilt.
    PICK: WindowSpec(
        {Pick: Handler(fill.check_pick, fill.pick, touches("players"))}, _picked, fill.lock
    ),
    MARKET: WindowSpec(
        {Pick: Handler(fill.check_market_pick, fill.market_pick)}, None, fill.market_default
    ),
    LAUNDRY: WindowSpec(
        {
            Draw: Handler(laundry.check_decision, laundry.draw),
            DrawWithPotion: Handler(laundry.check_draw_with_potion, laundry.draw_with_potion),
            Stop: Handler(laundry.check_decision, laundry.stop),
        },
        None,
        laundry.stop,
    ),
    KEEP: WindowSpec({Keep: Handler(laundry.check_keep, laundry.keep)}, None, laundry.keep_default),
}


def _next_round(state: GameState) -> Step:
    """GROUND-1: rounds 1-3 lead to the next; after round 4 the game is scored."""
    if state.round >= ROUNDS:
        scoring.finish(state)
        return None
    return fill.begin_round(state)


AUTOMATIC: dict[str, Callable[[GameState], Step]] = {
    NEXT_LAUNDRY: laundry.next_laundry,
    NEXT_ROUND: _next_round,
}


def _duration(state: GameState, timer: str) -> int:
    return state.decision_timer  # GSETUP-3: one Decision timer for every window


# The windows' lifecycle (games/kit/windows.py): opening, closing early for away seats
# (GGEN-4), the room's timeouts (GGEN-5) and presence changes.
FLOW: windows.Windows[GameState, GameState, Player, Step, str] = windows.Windows(
    WINDOWS,
    AUTOMATIC,
    duration=_duration,
    refuse=refuse,
    log_key="window_kind",
    log_away=True,  # a one-actor window closed for its away actor is logged as its timeout
)
pending = FLOW.pending
proceed = FLOW.proceed
advance = FLOW.advance


def start(state: GameState) -> None:
    proceed(state, fill.begin_round(state))
    advance(state)

"""The window table and the walk between windows; `apply` is the engine's one way in.

`WINDOWS` is the one table of the game's decisions: for each window kind, the commands it
accepts (each with its check and its apply step), whether it waits for every actor (the
simultaneous pick, GFILL-2) and its default when it closes without a decision (GGEN-5).
Phase modules answer with a `Step`; `proceed` walks the automatic steps until a window opens,
so this is the only module that opens one. No clock: the room sends `Timeout(window)`.
"""

from __future__ import annotations

from collections.abc import Callable

from ..kit import phases
from . import fill, laundry, scoring
from .cards import ROUNDS
from .commands import (
    Command,
    Draw,
    DrawWithPotion,
    Keep,
    Pick,
    SetAway,
    Stop,
    Timeout,
)
from .errors import (
    GAME_OVER,
    MALFORMED,
    NOT_YOUR_TURN,
    PRESENCE_UNCHANGED,
    STALE_WINDOW,
    WRONG_PHASE,
    refuse,
)
from .state import KEEP, LAUNDRY, MARKET, PICK, GameState, Player
from .steps import NEXT_LAUNDRY, NEXT_ROUND, Open, Step

# The kit's table types, bound to this game's state (which is also what rule steps change).
Handler = phases.Handler[GameState, GameState, Step]
WindowSpec = phases.PhaseSpec[GameState, GameState, Player, Step]


def _picked(player: Player) -> bool:
    return player.pick is not None


WINDOWS: dict[str, WindowSpec] = {
    PICK: WindowSpec({Pick: Handler(fill.check_pick, fill.pick)}, _picked, fill.lock),
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


def pending(state: GameState) -> list[int]:
    """The open window's actors who have not acted yet."""
    if state.over or state.window_kind is None:
        return []
    return phases.pending(WINDOWS[state.window_kind], state.window_actors, state.players)


def proceed(state: GameState, step: Step) -> None:
    phases.walk(state, step, Open, _open_window, AUTOMATIC)


def _open_window(state: GameState, step: Open) -> None:
    state.window_id += 1
    state.window_kind = step.kind
    state.window_actors = list(step.actors)
    state.emit("window", id=state.window_id, window_kind=step.kind, actors=list(step.actors))


def _close(state: GameState) -> None:
    assert state.window_kind is not None
    proceed(state, WINDOWS[state.window_kind].close(state))


def advance(state: GameState) -> None:
    """GGEN-4: a window never waits for away players (or for nobody): it closes at once. A
    one-actor window closed for its away actor is logged as the timeout it stands for."""
    while not state.over:
        waiting = pending(state)
        if not all(state.players[s].away for s in waiting):
            return
        assert state.window_kind is not None
        if waiting and WINDOWS[state.window_kind].acted is None:
            _log_timeout(state, away=True)
        _close(state)


def _log_timeout(state: GameState, away: bool) -> None:
    state.emit("timeout", window=state.window_id, window_kind=state.window_kind, away=away)


def start(state: GameState) -> None:
    proceed(state, fill.begin_round(state))
    advance(state)


def apply(state: GameState, command: Command) -> None:
    """GGEN-1: check completely, then apply; an illegal command raises and changes nothing."""
    if state.over:
        raise refuse(GAME_OVER, "The game is over.")
    counted = True
    if isinstance(command, Timeout):
        if command.window != state.window_id:
            raise refuse(STALE_WINDOW, f"Window {command.window} is no longer open.")
        _log_timeout(state, away=False)
        _close(state)
    elif isinstance(command, SetAway):
        _check_seat(state, command.seat)
        player = state.players[command.seat]
        if player.away == command.away:
            raise refuse(PRESENCE_UNCHANGED, "That presence is already recorded.")
        player.away = command.away
        state.emit("away", seat=command.seat, away=command.away)
    elif isinstance(command, Pick | Draw | DrawWithPotion | Stop | Keep):
        _check_seat(state, command.seat)
        handler = _check(state, command)
        # GFILL-2 / GPUBLIC-1: a changed choice is its owner's alone. Not counted in the
        # version either, or everyone else could tell that a seat changed its mind.
        counted = not _changes_a_choice(state, command.seat)
        proceed(state, handler.apply(state, command))
    else:
        raise refuse(MALFORMED, f"Unknown command {command!r}.")
    advance(state)
    if counted:
        state.version += 1


def _changes_a_choice(state: GameState, seat: int) -> bool:
    """In a window that waits for all its actors, a seat that has acted and acts again."""
    assert state.window_kind is not None
    return phases.changes_a_choice(WINDOWS[state.window_kind], state.players[seat])


def _check(state: GameState, command: Pick | Draw | DrawWithPotion | Stop | Keep) -> Handler:
    assert state.window_kind is not None
    spec = WINDOWS[state.window_kind]
    try:
        return phases.check(spec, state, command, command.seat, state.window_actors)
    except phases.NotAccepted:
        raise refuse(
            WRONG_PHASE, f"'{command.type}' is not taken in a {state.window_kind}."
        ) from None
    except phases.NotAnActor:
        raise refuse(NOT_YOUR_TURN, "You have no decision in this window.") from None


def _check_seat(state: GameState, seat: int) -> None:
    if not 0 <= seat < state.n:
        raise refuse(MALFORMED, f"There is no seat {seat}.")

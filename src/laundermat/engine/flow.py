"""The walk between windows: which window is open, when it closes early, what follows.

Phases are a table (`PHASES`): for each window kind, its timer, the test that closes it
early (GEN-4's away rule included), and what closing it does. Nothing here reads a clock;
the room turns a window's duration into a deadline and sends `Timeout(window)`.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from . import bribery, draft, purchase, vault
from .cards import ROUNDS
from .errors import IllegalCode, IllegalMove
from .state import GameState, Phase, Player

if TYPE_CHECKING:
    from .game import Game, Window


@dataclass(frozen=True)
class PhaseSpec:
    uses_bribe_timer: bool
    # Whether a seat has acted, for a window that waits for all its actors (DRAFT-3, BUY-2,
    # BRIBE-1). None for a one-actor decision window, which its own command closes.
    acted: Callable[[Player], bool] | None
    # Close the window; `timed_out` is true when its deadline passed.
    close: Callable[[Game, bool], None]


def _selected(player: Player) -> bool:
    return player.selection is not None


def _purchased(player: Player) -> bool:
    return player.purchased


def _done(player: Player) -> bool:
    return player.done


PHASES: dict[Phase, PhaseSpec] = {
    Phase.DRAFT: PhaseSpec(False, _selected, lambda g, t: draft.lock(g)),
    Phase.SENIORITY: PhaseSpec(False, None, lambda g, t: draft.close_seniority(g)),
    Phase.ALARM: PhaseSpec(False, None, lambda g, t: vault.close_alarm(g)),
    Phase.PURCHASE: PhaseSpec(False, _purchased, lambda g, t: purchase.close(g)),
    Phase.BRIBE_PROTECT: PhaseSpec(True, _done, lambda g, t: bribery.close_stage(g)),
    Phase.BRIBE_COUNTER: PhaseSpec(True, _done, lambda g, t: bribery.close_stage(g)),
    Phase.BRIBE_ENTRIES: PhaseSpec(True, _done, lambda g, t: bribery.close_stage(g)),
}


def pending_actors(state: GameState) -> list[int]:
    """The open window's actors who have not acted yet (none once the game is over)."""
    spec = PHASES.get(state.phase)
    if spec is None:
        return []
    acted = spec.acted
    if acted is None:
        return list(state.window_actors)
    return [seat for seat in state.window_actors if not acted(state.players[seat])]


def closes_early(state: GameState) -> bool:
    """GEN-4: a window never waits for away players, so it closes once every actor who has
    not acted is away (for a one-actor decision: once its actor is away)."""
    players = state.players
    return all(players[seat].away for seat in pending_actors(state))


def current_window(state: GameState) -> Window | None:
    from .game import Window

    spec = PHASES.get(state.phase)
    if spec is None:
        return None
    settings = state.settings
    duration = settings.bribe_timer if spec.uses_bribe_timer else settings.round_timer
    return Window(state.window_id, state.phase, tuple(state.window_actors), duration)


def open_window(game: Game, phase: Phase, actors: list[int]) -> None:
    state = game.state
    state.phase = phase
    state.window_id += 1
    state.window_actors = actors
    game.emit("window", id=state.window_id, phase=str(phase), actors=list(actors))


def close_window(game: Game, timed_out: bool) -> None:
    state = game.state
    if timed_out:
        game.emit("timeout", window=state.window_id, phase=str(state.phase))
    PHASES[state.phase].close(game, timed_out)


def advance(game: Game) -> None:
    """Close every window that no longer needs to wait, until one does (or the game ends)."""
    state = game.state
    while state.phase is not Phase.OVER and closes_early(state):
        close_window(game, timed_out=False)


def set_away(game: Game, seat: int, away: bool) -> None:
    """GEN-4: the room reports a seat away (30 s without a connection) or back."""
    player = game.player(seat)
    if player.away == away:
        raise IllegalMove(IllegalCode.PRESENCE_UNCHANGED, "That presence is already recorded.")
    player.away = away
    game.emit("away", seat=seat, away=away)


def turn_order(state: GameState) -> list[int]:
    """SETUP-2: round r starts at seat (r - 1) mod N and runs up the seats."""
    n = state.n
    start = (max(state.round, 1) - 1) % n
    return [(start + i) % n for i in range(n)]


def start_round(game: Game) -> None:
    state = game.state
    state.round += 1
    for player in state.players:
        player.selection = None
        player.lost_found_draw = None
        player.collected = False
        player.timed_out = False
        player.purchased = False
    state.collisions = []
    state.seniority_claimed = None
    state.lost_found_collected = 0
    draft.deal_display(game)
    game.emit("round", round=state.round, display=list(state.display))
    open_window(game, Phase.DRAFT, list(range(state.n)))


def end_round(game: Game) -> None:
    """ROUND-1: the next round, or bribery after round 8."""
    if game.state.round >= ROUNDS:
        bribery.open_stage(game, Phase.BRIBE_PROTECT)
    else:
        start_round(game)

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
from .state import GameState, Phase

if TYPE_CHECKING:
    from .game import Game, Window


@dataclass(frozen=True)
class PhaseSpec:
    uses_bribe_timer: bool
    # True when the window should close now, before its timer (DRAFT-3, BUY-2, BRIBE-1, GEN-4).
    closes_early: Callable[[GameState], bool]
    # Close the window; `timed_out` is true when its deadline passed.
    close: Callable[[Game, bool], None]


def _all_present_acted(state: GameState, acted: Callable[[int], bool]) -> bool:
    players = state.players
    return all(acted(seat) or players[seat].away for seat in state.window_actors)


def _draft_done(state: GameState) -> bool:
    return _all_present_acted(state, lambda s: state.players[s].selection is not None)


def _only_actor_away(state: GameState) -> bool:
    return all(state.players[s].away for s in state.window_actors)


def _purchases_done(state: GameState) -> bool:
    return _all_present_acted(state, lambda s: state.players[s].purchased)


def _stage_done(state: GameState) -> bool:
    return _all_present_acted(state, lambda s: state.players[s].done)


PHASES: dict[Phase, PhaseSpec] = {
    Phase.DRAFT: PhaseSpec(False, _draft_done, lambda g, t: draft.lock(g)),
    Phase.SENIORITY: PhaseSpec(False, _only_actor_away, lambda g, t: draft.close_seniority(g)),
    Phase.ALARM: PhaseSpec(False, _only_actor_away, lambda g, t: vault.close_alarm(g)),
    Phase.PURCHASE: PhaseSpec(False, _purchases_done, lambda g, t: purchase.close(g)),
    Phase.BRIBE_PROTECT: PhaseSpec(True, _stage_done, lambda g, t: bribery.close_stage(g)),
    Phase.BRIBE_COUNTER: PhaseSpec(True, _stage_done, lambda g, t: bribery.close_stage(g)),
    Phase.BRIBE_ENTRIES: PhaseSpec(True, _stage_done, lambda g, t: bribery.close_stage(g)),
}


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
    while state.phase is not Phase.OVER and PHASES[state.phase].closes_early(state):
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
        player.lf_draw = None
        player.collected = False
        player.timed_out = False
        player.purchased = False
    state.collisions = []
    state.seniority_claimed = None
    state.lf_collected = 0
    draft.deal_display(game)
    game.emit("round", round=state.round, display=list(state.display))
    open_window(game, Phase.DRAFT, list(range(state.n)))


def end_round(game: Game) -> None:
    """ROUND-1: the next round, or bribery after round 8."""
    if game.state.round >= ROUNDS:
        bribery.open_stage(game, Phase.BRIBE_PROTECT)
    else:
        start_round(game)

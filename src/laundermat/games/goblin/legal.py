"""What a seat may do right now (`me.options`): every offer is found by asking the command's
own check from the window table, never by restating a rule here."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ..protocol import RuleError
from .commands import Draw, DrawWithPotion, Keep, Pick, Stop
from .flow import WINDOWS, pending
from .state import KEEP, LAUNDRY, MARKET, PICK, GameState


def _passes(state: GameState, command: Any) -> bool:
    assert state.window_kind is not None
    handler = WINDOWS[state.window_kind].accepts.get(type(command))
    if handler is None:
        return False
    check: Callable[[GameState, Any], None] = handler.check
    try:
        check(state, command)
    except RuleError:
        return False
    return True


def options(state: GameState, seat: int) -> dict[str, Any]:
    kind = state.window_kind
    acting = not state.over and kind is not None and seat in state.window_actors
    out: dict[str, Any] = {
        "window": state.window_id,
        "can_act": acting,
        "pick": [],
        "draw": False,
        "draw_with_potion": False,
        "stop": False,
        "keep": [],
    }
    if not acting:
        return out
    player = state.players[seat]
    if kind == PICK:
        out["pick"] = [c for c in player.hand if _passes(state, Pick(seat, c))]
        out["can_act"] = bool(out["pick"]) or seat in pending(state)
    elif kind == MARKET:
        out["pick"] = [c for c in state.market_up if _passes(state, Pick(seat, c))]
    elif kind == LAUNDRY:
        out["draw"] = _passes(state, Draw(seat))
        out["draw_with_potion"] = _passes(state, DrawWithPotion(seat))
        out["stop"] = _passes(state, Stop(seat))
    elif kind == KEEP:
        out["keep"] = [c for c in state.drawn if _passes(state, Keep(seat, c))]
    return out

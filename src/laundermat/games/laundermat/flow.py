"""The phase table and the walk between windows.

`PHASES` is the one table of the game's phases: for each, the commands it accepts (each
with its check and its apply step), which seats have acted (for a window that waits for all
its actors), which timer it uses and what closing it leads to. Phase code answers every
command and every close with the next `Step`; `proceed` walks those steps through the
automatic ones (`AUTOMATIC`) until a window opens, so this is the only module that opens one.

`FLOW` (the kit's `Windows`, games/kit/windows.py) opens each window, closes one early when
it waits only for away seats, and applies the room's timeouts and presence changes. Nothing
here reads a clock: the room turns a window's duration into a deadline and sends
`Timeout(window)`.
"""

from __future__ import annotations

import operator
from collections.abc import Callable

from ..kit import phases, windows
from ..kit.touched import touches
from . import bribery, draft, purchase, scoring, vault
from .cards import ROUNDS
from .commands import (
    AlarmDiscard,
    AlarmPurchase,
    BreakMachine,
    BuyAddition,
    BuyEntries,
    BuyWeapon,
    ClearSelection,
    Command,
    Counter,
    Done,
    DrawLostFound,
    Protect,
    Select,
    Seniority,
    Skip,
)
from .context import Context, Step, Then, turn_order
from .errors import refuse
from .state import GameState, Phase, Player, Window

__all__ = ["FLOW", "PHASES", "Handler", "PhaseSpec", "pending_actors", "proceed", "turn_order"]


# The kit's table types, bound to this game's state, context, players and steps.
Handler = phases.Handler[GameState, Context, Step]
PhaseSpec = phases.PhaseSpec[GameState, Context, Player, Step]
BRIBE_TIMER = "bribe"  # a `PhaseSpec.timer`: the bribery stages' own duration (BRIBE-1)


def _selected(player: Player) -> bool:
    return player.selection is not None


def _purchased(player: Player) -> bool:
    return player.purchased


def _done(player: Player) -> bool:
    return player.done


def _discard_alarm(game: Context, command: AlarmDiscard) -> Step:
    return vault.discard(game)  # the command carries nothing but its seat


def _always_legal(state: GameState, command: Command) -> None:
    """The open window is the permission (VAULT-6: a discard is always possible)."""


# What each command changes in the views while its window stays open (kit/touched.py): the
# public sections (views.SECTIONS), and whose private part; the count of commands and the log
# are the kit's to add. Any other command rebuilds every view.
_SEAT = touches("players")  # the actor's own choices, and the public flags they show
# Stock, bills and copies change for everyone; every seat's options read the stock and prices.
_BUY = touches(
    "players",
    "display",
    "vault_size",
    "market",
    "weapon_market",
    "weapon_price",
    "email_type",
    "entries",
    "copies",
    "alarm",
    every_seat=True,
)
# A bribe changes a copy's protection, which every seat's options for it read.
_BRIBE = touches("players", "copies", every_seat=True)
_ENTRIES = touches("players", "entries")
_BRIBERY_DONE = Handler(bribery.check_done, bribery.done, _SEAT)

PHASES: dict[Phase, PhaseSpec] = {
    Phase.DRAFT: PhaseSpec(
        accepts={
            Select: Handler(draft.check_select, draft.select, _SEAT),
            ClearSelection: Handler(draft.check_clear, draft.clear, _SEAT),
            DrawLostFound: Handler(draft.check_draw_lost_found, draft.draw_lost_found, _SEAT),
            BreakMachine: Handler(draft.check_break_machine, draft.break_machine),
        },
        acted=_selected,
        close=draft.lock,
    ),
    Phase.SENIORITY: PhaseSpec(
        accepts={Seniority: Handler(draft.check_seniority, draft.seniority)},
        acted=None,
        close=draft.decline_seniority,
    ),
    Phase.ALARM: PhaseSpec(
        accepts={
            AlarmPurchase: Handler(vault.check_alarm_purchase, vault.alarm_purchase),
            AlarmDiscard: Handler(_always_legal, _discard_alarm),
        },
        acted=None,
        close=vault.discard,
    ),
    Phase.PURCHASE: PhaseSpec(
        accepts={
            BuyAddition: Handler(purchase.check_buy_addition, purchase.buy_addition, _BUY),
            BuyWeapon: Handler(purchase.check_buy_weapon, purchase.buy_weapon, _BUY),
            Skip: Handler(purchase.check_skip, purchase.skip, _SEAT),
        },
        acted=_purchased,
        close=purchase.close,
    ),
    Phase.BRIBE_PROTECT: PhaseSpec(
        accepts={
            Protect: Handler(bribery.check_protect, bribery.protect, _BRIBE),
            Done: _BRIBERY_DONE,
        },
        acted=_done,
        timer=BRIBE_TIMER,
        close=bribery.close_stage,
    ),
    Phase.BRIBE_COUNTER: PhaseSpec(
        accepts={
            Counter: Handler(bribery.check_counter, bribery.counter, _BRIBE),
            Done: _BRIBERY_DONE,
        },
        acted=_done,
        timer=BRIBE_TIMER,
        close=bribery.close_stage,
    ),
    Phase.BRIBE_ENTRIES: PhaseSpec(
        accepts={
            BuyEntries: Handler(bribery.check_entries, bribery.entries, _ENTRIES),
            Done: _BRIBERY_DONE,
        },
        acted=_done,
        timer=BRIBE_TIMER,
        close=bribery.close_stage,
    ),
    # Phase.OVER has no entry: no window is open and no command is accepted.
}


def _end_round(game: Context) -> Step:
    """ROUND-1: the next round, or bribery after round 8."""
    if game.state.round >= ROUNDS:
        return bribery.first_stage(game)
    return draft.start_round(game)


# The steps between windows that need no decision, in the order a round walks them.
AUTOMATIC: dict[Then, Callable[[Context], Step]] = {
    Then.TO_VAULT: draft.to_vault,
    Then.RAIDS: vault.begin_raids,
    Then.NEXT_RAID: vault.continue_raids,
    Then.PURCHASES: purchase.open_purchases,
    Then.ROUND_END: _end_round,
    Then.SCORING: scoring.investigate,
}


def _duration(state: GameState, timer: str) -> int:
    settings = state.settings
    return settings.bribe_timer if timer == BRIBE_TIMER else settings.round_timer


# The windows' lifecycle (games/kit/windows.py): opening, closing early for away seats
# (GEN-4), the room's timeouts and presence changes.
FLOW: windows.Windows[GameState, Context, Player, Step, Phase] = windows.Windows(
    PHASES,
    AUTOMATIC,
    kind_field="phase",
    state_of=operator.attrgetter("state"),  # a Context's state (C-level: on the hot path)
    over=lambda state: state.phase is Phase.OVER,
    duration=_duration,
    refuse=refuse,
    log_key="phase",
    wrong_phase="'{type}' is not accepted during {kind}.",
)
pending_actors = FLOW.pending  # the open window's actors who have not acted yet
proceed = FLOW.proceed  # walk automatic steps until a window opens or the game ends
advance = FLOW.advance  # GEN-4: close every window that waits only for away seats
time_out = FLOW.time_out  # the room's `Timeout(window)`
set_away = FLOW.set_away  # GEN-4: the room reports a seat away (30 s unconnected) or back


def current_window(state: GameState) -> Window | None:
    spec = FLOW.spec(state)
    if spec is None:
        return None
    duration = _duration(state, spec.timer)
    return Window(state.window_id, state.phase, tuple(state.window_actors), duration)


def start(game: Context) -> None:
    """SETUP-9 done: round 1 opens."""
    proceed(game, draft.start_round(game))

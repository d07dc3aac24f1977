"""Vault raids and Alarms: VAULT-1..10, GLOVES-1."""

from __future__ import annotations

from typing import TYPE_CHECKING

from . import additions, flow, purchase
from .cards import BILL_VALUE, COST, DIE_FACES, GLOVES_BONUS, Addition, Weapon, sounds_alarm
from .chance import Purpose, pick_value
from .commands import AlarmDiscard, AlarmPurchase
from .errors import IllegalCode, IllegalMove
from .payment import addition_total, best_addition_total, check_held, check_reference, spend
from .state import Alarm, GameState, Phase

if TYPE_CHECKING:
    from .game import Game


def begin_raids(game: Game) -> None:
    """VAULT-1/2: every collider who did not lose to a Seniority claim raids, in turn order."""
    state = game.state
    raiders: set[int] = set()
    for collision in state.collisions:
        if collision.card != state.seniority_claimed:
            raiders.update(collision.seats)
    state.vault_queue = [seat for seat in flow.turn_order(state) if seat in raiders]
    continue_raids(game)


def continue_raids(game: Game) -> None:
    state = game.state
    while state.vault_queue:
        seat = state.vault_queue.pop(0)
        if _raid(game, seat):
            return  # an Alarm decision window is open (VAULT-2: it finishes first)
    purchase.open_window(game)  # VAULT-10


def _raid(game: Game, seat: int) -> bool:
    """VAULT-3..5. Returns True when an Alarm decision window opened."""
    state = game.state
    if not state.vault:
        game.emit("vault_empty", seat=seat)
        return False
    card = pick_value(game.chance, Purpose.VAULT_DEAL, state.vault)
    state.vault.remove(card)
    die = game.chance.die()
    player = game.player(seat)
    roll = min(DIE_FACES, die + GLOVES_BONUS) if player.weapon == Weapon.RUBBER_GLOVES else die
    value = BILL_VALUE[card]
    if not sounds_alarm(value, roll):
        player.wallet.append(card)
        game.emit(
            "vault_raid",
            secret={"card": card, "value": value},
            to=[seat],
            seat=seat,
            die=die,
            roll=roll,
            alarm=False,
        )
        return False
    game.emit("vault_raid", seat=seat, die=die, roll=roll, alarm=True, card=card, value=value)
    state.alarm = Alarm(seat, card)
    if not alarm_choices(state):
        _discard(game, forced=True)  # VAULT-9
        return False
    flow.open_window(game, Phase.ALARM, [seat])  # VAULT-6
    return True


def alarm_choices(state: GameState) -> list[Addition]:
    """VAULT-8/9: the types an Alarm purchase may choose now (empty: none is possible)."""
    assert state.alarm is not None
    player = state.players[state.alarm.seat]
    values = [BILL_VALUE[state.alarm.card]] + [BILL_VALUE[b] for b in player.wallet]
    reach = best_addition_total(values, player.weapon == Weapon.GREEN_TSHIRT)
    available = [a for a in Addition if state.market[a] > 0 and COST[a] <= reach]
    flagged = additions.flagged_kinds_owned(state, player.seat)
    preferred = [a for a in available if a not in flagged]
    return preferred or available


def alarm_purchase(game: Game, command: AlarmPurchase) -> None:
    """VAULT-7: the Alarm bill plus any held bills buy one flagged copy."""
    state = game.state
    assert state.alarm is not None
    player = game.player(command.seat)
    kind = Addition(command.addition)
    check_held(player, command.bills, required=False)
    committed = [state.alarm.card, *command.bills]
    check_reference(player, committed, command.reference)
    if state.market[kind] <= 0:
        raise IllegalMove(IllegalCode.SOLD_OUT, f"{kind} is sold out.")
    # An unflagged type outside the choices is merely unaffordable: that is a short payment.
    if kind in additions.flagged_kinds_owned(state, player.seat) and kind not in alarm_choices(
        state
    ):
        raise IllegalMove(
            IllegalCode.FLAGGED_TYPE_RESTRICTED,
            "You own a flagged copy of that type and another type is available (VAULT-8).",
        )
    total = addition_total(committed, command.reference)
    if total < COST[kind]:
        raise IllegalMove(
            IllegalCode.PAYMENT_SHORT, f"{kind} costs ${COST[kind]:,}; you paid ${total:,}."
        )
    spend(player, command.bills, state.spent)
    state.spent.append(state.alarm.card)
    state.alarm = None
    additions.acquire(game, player, kind, total, via_alarm=True, paid=committed)
    continue_raids(game)


def alarm_discard(game: Game, command: AlarmDiscard) -> None:
    _discard(game, forced=False)
    continue_raids(game)


def _discard(game: Game, forced: bool) -> None:
    state = game.state
    assert state.alarm is not None
    card = state.alarm.card
    state.spent.append(card)
    game.emit(
        "alarm_discard", seat=state.alarm.seat, card=card, value=BILL_VALUE[card], forced=forced
    )
    state.alarm = None


def close_alarm(game: Game) -> None:
    """VAULT-6: a timeout (or an away raider, GEN-4) discards the Alarm bill."""
    _discard(game, forced=False)
    continue_raids(game)

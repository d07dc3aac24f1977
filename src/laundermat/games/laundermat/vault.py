"""Vault raids and Alarms: VAULT-1..10, GLOVES-1."""

from __future__ import annotations

from . import additions
from .cards import BILL_VALUE, COST, DIE_FACES, GLOVES_BONUS, Addition, Weapon, sounds_alarm
from .chance import Purpose
from .commands import AlarmPurchase
from .context import Context, Open, Step, Then, turn_order
from .errors import IllegalCode, IllegalMove
from .payment import addition_total, best_addition_total, check_held, check_reference, spend
from .state import Alarm, GameState, Phase


def begin_raids(game: Context) -> Step:
    """VAULT-1/2: every collider who did not lose to a Seniority claim raids, in turn order."""
    state = game.state
    raiders: set[int] = set()
    for collision in state.collisions:
        if collision.card != state.seniority_claimed:
            raiders.update(collision.seats)
    state.vault_queue = [seat for seat in turn_order(state) if seat in raiders]
    return continue_raids(game)


def continue_raids(game: Context) -> Step:
    state = game.state
    while state.vault_queue:
        seat = state.vault_queue.pop(0)
        if _raid(game, seat):
            return Open(Phase.ALARM, (seat,))  # VAULT-6; VAULT-2: it finishes first
    return Then.PURCHASES  # VAULT-10


def _raid(game: Context, seat: int) -> bool:
    """VAULT-3..5. Returns True when the raider has an Alarm decision to make."""
    state = game.state
    if not state.vault:
        game.emit("vault_empty", seat=seat)
        return False
    card = game.chance.choose(Purpose.VAULT_DEAL, state.vault)
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


def check_alarm_purchase(state: GameState, command: AlarmPurchase) -> None:
    """VAULT-7/8: the Alarm bill plus any held bills must reach the cost of an allowed type."""
    assert state.alarm is not None
    player = state.players[command.seat]
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


def alarm_purchase(game: Context, command: AlarmPurchase) -> Step:
    """VAULT-7: the Alarm bill plus any held bills buy one flagged copy."""
    state = game.state
    assert state.alarm is not None
    player = game.player(command.seat)
    committed = [state.alarm.card, *command.bills]
    total = addition_total(committed, command.reference)
    spend(player, command.bills, state.spent)
    state.spent.append(state.alarm.card)
    state.alarm = None
    additions.acquire(
        game, player, Addition(command.addition), total, via_alarm=True, paid=committed
    )
    return Then.NEXT_RAID


def discard(game: Context) -> Step:
    """VAULT-6: the raider discards the Alarm bill; a timeout (or an away raider, GEN-4)
    does the same."""
    _discard(game, forced=False)
    return Then.NEXT_RAID


def _discard(game: Context, forced: bool) -> None:
    state = game.state
    assert state.alarm is not None
    card = state.alarm.card
    state.spent.append(card)
    game.emit(
        "alarm_discard", seat=state.alarm.seat, card=card, value=BILL_VALUE[card], forced=forced
    )
    state.alarm = None

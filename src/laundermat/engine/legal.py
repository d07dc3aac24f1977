"""What a seat may do right now: the client offers only these, and the bots choose among them.

Payments are described by what they must reach, not enumerated: a seat's wallet is in its own
view, so a client or a bot picks the bills.
"""

from __future__ import annotations

from .additions import email_protected
from .cards import BILL_VALUE, COST, ENTRY_PRICE, PROTECTION_MINIMUM, Addition, Weapon
from .payment import best_addition_total
from .purchase import email_targets, jackpot_targets, weapon_price
from .state import JSON, LOST_FOUND_PICK, GameState, Phase
from .vault import alarm_choices


def options(state: GameState, seat: int) -> dict[str, JSON]:
    phase = state.phase
    player = state.players[seat]
    acting = seat in state.window_actors and phase is not Phase.OVER
    out: dict[str, JSON] = {"window": state.window_id, "can_act": False}
    if not acting:
        return out
    values = [BILL_VALUE[b] for b in player.wallet]
    tshirt = player.weapon == Weapon.GREEN_TSHIRT
    if phase is Phase.DRAFT:
        out["can_act"] = True
        out["select"] = [c for c in state.display if c != player.selection]
        out["clear"] = player.selection is not None
        out["lost_and_found"] = (
            player.weapon == Weapon.LOST_AND_FOUND
            and not player.lost_found_used
            and bool(state.deck)
            and player.selection != LOST_FOUND_PICK
        )
        out["broken_machine"] = player.weapon == Weapon.BROKEN_MACHINE and not player.broken_used
    elif phase is Phase.SENIORITY:
        out["can_act"] = True
        out["seniority"] = True
    elif phase is Phase.ALARM:
        out["can_act"] = True
        out["alarm_types"] = [str(a) for a in alarm_choices(state)]
        out["discard"] = True
    elif phase is Phase.PURCHASE and not player.purchased:
        out["can_act"] = True
        reach = best_addition_total(values, tshirt)
        out["additions"] = [
            str(a) for a in Addition if state.market[a] > 0 and COST[a] <= reach and values
        ]
        out["weapons"] = _weapons(state, seat, sum(values))
        out["skip"] = True
    elif phase in (Phase.BRIBE_PROTECT, Phase.BRIBE_COUNTER, Phase.BRIBE_ENTRIES):
        if player.done:
            return out
        out["can_act"] = True
        out["done"] = True
        total = sum(values)
        if phase is Phase.BRIBE_PROTECT:
            out["protect"] = [
                c.id
                for c in state.copies
                if c.owner == seat
                and not email_protected(state, c)
                and total >= (PROTECTION_MINIMUM if c.protection == 0 else 1)
            ]
        elif phase is Phase.BRIBE_COUNTER:
            out["counter"] = [
                {"copy": c.id, "amount": c.protection}
                for c in state.copies
                if c.protection > 0
                and c.owner != seat
                and not c.countered
                and total >= c.protection
            ]
        else:
            out["entries"] = total // ENTRY_PRICE
    return out


def _weapons(state: GameState, seat: int, cash: int) -> list[dict[str, JSON]]:
    player = state.players[seat]
    if player.weapon is not None:
        return []
    price = weapon_price(state)
    out: list[dict[str, JSON]] = []
    for name in state.weapon_market:
        entry: dict[str, JSON] = {"weapon": name, "price": price, "buyable": cash >= price}
        if name == Weapon.ANONYMOUS_EMAIL:
            entry["targets"] = list(email_targets(state))
            entry["buyable"] = bool(entry["buyable"]) and bool(entry["targets"])
        elif name == Weapon.JACKPOT:
            entry["targets"] = list(jackpot_targets(state, seat))
            entry["buyable"] = bool(entry["buyable"]) and bool(entry["targets"])
        out.append(entry)
    return out

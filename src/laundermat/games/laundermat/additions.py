"""Owning additions: acquiring copies (BUY-4/6/7, VAULT-7, TWOFORONE-*), and the derived
flagged and protected states (EMAIL-1)."""

from __future__ import annotations

from collections.abc import Sequence

from .cards import BILL_VALUE, BUDGET_EXACT_BONUS, COST, EXACT_BONUS, Addition, Weapon
from .context import Context
from .state import Copy, GameState, Player


def is_flagged(state: GameState, copy: Copy) -> bool:
    """An Alarm purchase flags its copies; Anonymous Email flags a whole type (EMAIL-1)."""
    return copy.alarm_flag or copy.kind == state.email_type


def email_owner(state: GameState) -> int | None:
    for player in state.players:
        if player.weapon == Weapon.ANONYMOUS_EMAIL:
            return player.seat
    return None


def email_protected(state: GameState, copy: Copy) -> bool:
    """EMAIL-1: the Email buyer's copies of the chosen type are protected for $0."""
    return copy.kind == state.email_type and copy.owner == email_owner(state)


def flagged_kinds_owned(state: GameState, seat: int) -> set[str]:
    return {c.kind for c in state.copies if c.owner == seat and is_flagged(state, c)}


def flagged_kinds(state: GameState) -> set[str]:
    """Types with at least one flagged copy (EMAIL-1's 'flagged type')."""
    kinds = {c.kind for c in state.copies if c.alarm_flag}
    if state.email_type is not None:
        kinds.add(state.email_type)
    return kinds


def exact_bonus(state: GameState, copy: Copy) -> int:
    """BUY-4 / BUDGET-1: Budget App doubles every exact bonus, earlier ones included."""
    if not copy.exact:
        return 0
    owner = state.players[copy.owner]
    return BUDGET_EXACT_BONUS if owner.weapon == Weapon.BUDGET_APP else EXACT_BONUS


def acquire(
    game: Context,
    player: Player,
    kind: Addition,
    total: int,
    *,
    via_alarm: bool,
    paid: Sequence[int],
) -> None:
    """Take the next copy (and a 2 for 1 bonus copy), add entries, and log it."""
    state = game.state
    exact = total == COST[kind]
    state.market[kind] -= 1
    paid_copy = Copy(len(state.copies), str(kind), player.seat, state.round, via_alarm, exact)
    state.copies.append(paid_copy)
    state.entries[kind] += 2 if via_alarm else 1  # BUY-7, VAULT-7
    copies = [paid_copy.id]
    if player.two_for_one_pending:
        player.two_for_one_pending = False  # TWOFORONE-1: used up either way
        if state.market[kind] > 0:
            state.market[kind] -= 1
            bonus = Copy(len(state.copies), str(kind), player.seat, state.round, via_alarm)
            bonus.bonus_copy = True
            state.copies.append(bonus)
            copies.append(bonus.id)
    game.emit(
        "alarm_purchase" if via_alarm else "purchase",
        secret={"bills": list(paid), "paid": sum(BILL_VALUE[b] for b in paid), "exact": exact},
        to=[player.seat],
        seat=player.seat,
        addition=str(kind),
        copies=copies,
        flagged=is_flagged(state, paid_copy),
    )

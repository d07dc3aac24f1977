"""Paying with held bills: validation and totals shared by every purchase and bribe.

BUY-3 (all committed bills are spent, no change), TSHIRT-1 (a reference bill re-values every
committed bill for addition purchases only), BRIBE-2 (bribes at printed value).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from .cards import BILL_VALUE
from .errors import IllegalCode, IllegalMove
from .state import Player


def check_held(player: Player, bills: Sequence[int], *, required: bool = True) -> None:
    """Every committed bill must be a distinct bill in the payer's wallet."""
    if required and not bills:
        raise IllegalMove(IllegalCode.NO_BILLS, "Commit at least one bill.")
    if len(set(bills)) != len(bills):
        raise IllegalMove(IllegalCode.DUPLICATE_BILL, "A bill can be committed only once.")
    held = set(player.wallet)
    for bill in bills:
        if bill not in held:
            raise IllegalMove(IllegalCode.BILL_NOT_HELD, f"Bill {bill} is not in your wallet.")


def printed_total(bills: Iterable[int]) -> int:
    return sum(BILL_VALUE[b] for b in bills)


def addition_total(committed: Sequence[int], reference: int | None) -> int:
    """TSHIRT-1: with a reference, every committed bill counts as the reference's value."""
    if reference is None:
        return printed_total(committed)
    return len(committed) * BILL_VALUE[reference]


def check_reference(player: Player, committed: Sequence[int], reference: int | None) -> None:
    from .cards import Weapon

    if reference is None:
        return
    if player.weapon != Weapon.GREEN_TSHIRT:
        raise IllegalMove(
            IllegalCode.BAD_REFERENCE, "Only the Green T-Shirt's owner may name a reference bill."
        )
    if reference not in committed:
        raise IllegalMove(
            IllegalCode.BAD_REFERENCE, "The reference must be one of the committed bills."
        )


def best_addition_total(values: Sequence[int], tshirt: bool) -> int:
    """The most a set of bills can count for on an addition (VAULT-8's 'affordable')."""
    if not values:
        return 0
    total = sum(values)
    if tshirt:
        return max(total, len(values) * max(values))
    return total


def spend(player: Player, bills: Sequence[int], spent: list[int]) -> None:
    for bill in bills:
        player.wallet.remove(bill)
    spent.extend(bills)

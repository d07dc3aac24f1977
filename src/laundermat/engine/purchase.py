"""The round's purchase window: BUY-1..10 with the immediate weapons (EMAIL-*, JACKPOT-*)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from . import additions, flow
from .cards import ADDITIONS, BILL_VALUE, COST, WEAPON_PRICES, Addition, Weapon
from .chance import Purpose, pick_value
from .commands import BuyAddition, BuyWeapon, Skip
from .errors import IllegalCode, IllegalMove, MalformedCommand
from .payment import addition_total, check_held, check_reference, printed_total, spend
from .state import GameState, Phase, Player

if TYPE_CHECKING:
    from .game import Game


def open_window(game: Game) -> None:
    """BUY-2: after every Vault action; only players who collected a bill may act (BUY-1)."""
    state = game.state
    eligible = [p.seat for p in state.players if p.collected]
    if eligible:
        flow.open_window(game, Phase.PURCHASE, eligible)
    else:
        flow.end_round(game)


def close(game: Game) -> None:
    """BUY-2: an eligible player who neither bought nor skipped has skipped."""
    flow.end_round(game)


def _check_open(player: Player) -> None:
    if player.purchased:
        raise IllegalMove(IllegalCode.ALREADY_ACTED, "You have made this round's purchase.")


def buy_addition(game: Game, command: BuyAddition) -> None:
    state = game.state
    player = game.player(command.seat)
    _check_open(player)
    kind = Addition(command.addition)
    check_held(player, command.bills)
    check_reference(player, command.bills, command.reference)
    if state.market[kind] <= 0:
        raise IllegalMove(IllegalCode.SOLD_OUT, f"{kind} is sold out.")  # BUY-5
    total = addition_total(command.bills, command.reference)
    if total < COST[kind]:
        raise IllegalMove(
            IllegalCode.PAYMENT_SHORT, f"{kind} costs ${COST[kind]:,}; you paid ${total:,}."
        )
    spend(player, command.bills, state.spent)
    player.purchased = True
    additions.acquire(game, player, kind, total, via_alarm=False, paid=command.bills)


def weapon_price(state: GameState) -> int:
    """BUY-8: the next weapon's price."""
    return WEAPON_PRICES[min(state.weapons_bought, len(WEAPON_PRICES) - 1)]


def email_targets(state: GameState) -> list[str]:
    """EMAIL-1/2: unflagged types."""
    flagged = additions.flagged_kinds(state)
    return [str(a) for a in ADDITIONS if a not in flagged]


def jackpot_targets(state: GameState, buyer: int) -> list[int]:
    """JACKPOT-1/2: opponents who own a Slot Machine and hold a bill."""
    owners = {c.owner for c in state.copies if c.kind == Addition.SLOT_MACHINE}
    return [p.seat for p in state.players if p.seat != buyer and p.seat in owners and p.wallet]


def buy_weapon(game: Game, command: BuyWeapon) -> None:
    state = game.state
    player = game.player(command.seat)
    _check_open(player)
    weapon = Weapon(command.weapon)
    if weapon not in state.weapon_market:
        raise IllegalMove(IllegalCode.WEAPON_NOT_OFFERED, f"{weapon} is not in the market.")
    if player.weapon is not None:
        raise IllegalMove(IllegalCode.WEAPON_LIMIT, "You already own a Secret Weapon.")
    check_held(player, command.bills, required=False)
    if weapon == Weapon.ANONYMOUS_EMAIL:
        targets = email_targets(state)
        if not targets:
            raise IllegalMove(IllegalCode.NO_LEGAL_TARGET, "Every type is flagged.")  # EMAIL-2
        if command.email_type is None:
            raise MalformedCommand("Anonymous Email needs the type to flag.")  # GEN-2
        if command.email_type not in targets:
            raise IllegalMove(
                IllegalCode.ILLEGAL_TARGET, f"{command.email_type} is already flagged."
            )
    if weapon == Weapon.JACKPOT:
        seats = jackpot_targets(state, player.seat)
        if not seats:
            raise IllegalMove(IllegalCode.NO_LEGAL_TARGET, "No opponent can be hit by Jackpot.")
        if command.jackpot_target is None:
            raise MalformedCommand("Jackpot needs a target.")  # GEN-2
        if command.jackpot_target not in seats:
            raise IllegalMove(IllegalCode.ILLEGAL_TARGET, "That player cannot be hit by Jackpot.")
    price = weapon_price(state)
    paid = printed_total(command.bills)  # TSHIRT-1 does not apply to weapons
    if paid < price:
        raise IllegalMove(
            IllegalCode.PAYMENT_SHORT, f"The weapon costs ${price:,}; you paid ${paid:,}."
        )
    spend(player, command.bills, state.spent)
    state.weapon_market.remove(weapon)
    state.weapons_bought += 1
    player.weapon = weapon
    player.purchased = True  # BUY-9
    game.emit(
        "weapon",
        secret={"bills": list(command.bills), "paid": paid},
        to=[player.seat],
        seat=player.seat,
        weapon=str(weapon),
        price=price,
    )
    if weapon == Weapon.TWO_FOR_ONE:
        player.two_for_one_pending = True
    elif weapon == Weapon.ANONYMOUS_EMAIL:
        assert command.email_type is not None
        state.email_type = command.email_type
        state.entries[command.email_type] += 1
        game.emit("email", seat=player.seat, addition=command.email_type)
    elif weapon == Weapon.JACKPOT:
        assert command.jackpot_target is not None
        victim = game.player(command.jackpot_target)
        card = pick_value(game.chance, Purpose.JACKPOT, victim.wallet)
        victim.wallet.remove(card)
        player.wallet.append(card)

        game.emit(
            "jackpot",
            secret={"card": card, "value": BILL_VALUE[card]},
            to=[player.seat, victim.seat],
            seat=player.seat,
            target=victim.seat,
        )


def skip(game: Game, command: Skip) -> None:
    player = game.player(command.seat)
    _check_open(player)
    player.purchased = True
    game.emit("skip", seat=player.seat)

"""The round's purchase window: BUY-1..10 with the immediate weapons (EMAIL-*, JACKPOT-*).

Each command has a `check_*` (raises its `IllegalMove`, changes nothing) and an apply step.
The weapon check is built from smaller checks (`check_weapon_slot`, `check_weapon_target`) so
that `legal.options` can ask the same questions one at a time.
"""

from __future__ import annotations

from . import additions
from .cards import ADDITIONS, BILL_VALUE, COST, WEAPON_PRICES, Addition, Weapon
from .chance import Purpose
from .commands import BuyAddition, BuyWeapon, Skip
from .context import Context, Open, Step, Then
from .errors import IllegalCode, IllegalMove, MalformedCommand
from .payment import addition_total, check_held, check_reference, printed_total, spend
from .state import GameState, Phase, Player


def open_purchases(game: Context) -> Step:
    """BUY-2: after every Vault action; only players who collected a bill may act (BUY-1)."""
    eligible = tuple(p.seat for p in game.state.players if p.collected)
    return Open(Phase.PURCHASE, eligible) if eligible else Then.ROUND_END


def close(game: Context) -> Step:
    """BUY-2: an eligible player who neither bought nor skipped has skipped."""
    return Then.ROUND_END


def _check_open(player: Player) -> None:
    if player.purchased:
        raise IllegalMove(IllegalCode.ALREADY_ACTED, "You have made this round's purchase.")


def covers(kind: Addition, bills: tuple[int, ...], reference: int | None) -> bool:
    """BUY-3/4's price test, the last of `check_buy_addition`: the payment counts (TSHIRT-1
    with a reference) at least the type's cost (also asked alone by `legal.options`)."""
    return addition_total(bills, reference) >= COST[kind]


def check_buy_addition(state: GameState, command: BuyAddition) -> None:
    player = state.players[command.seat]
    _check_open(player)
    kind = Addition(command.addition)
    check_held(player, command.bills)
    check_reference(player, command.bills, command.reference)
    if state.market[kind] <= 0:
        raise IllegalMove(IllegalCode.SOLD_OUT, f"{kind} is sold out.")  # BUY-5
    if not covers(kind, command.bills, command.reference):
        total = addition_total(command.bills, command.reference)
        raise IllegalMove(
            IllegalCode.PAYMENT_SHORT, f"{kind} costs ${COST[kind]:,}; you paid ${total:,}."
        )


def buy_addition(game: Context, command: BuyAddition) -> Step:
    state = game.state
    player = game.player(command.seat)
    kind = Addition(command.addition)
    total = addition_total(command.bills, command.reference)
    spend(player, command.bills, state.spent)
    player.purchased = True
    additions.acquire(game, player, kind, total, via_alarm=False, paid=command.bills)
    return None


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


def check_weapon_slot(player: Player) -> None:
    """SETUP-7: at most one weapon per player."""
    if player.weapon is not None:
        raise IllegalMove(IllegalCode.WEAPON_LIMIT, "You already own a Secret Weapon.")


def check_weapon_target(
    state: GameState, seat: int, weapon: str, email_type: str | None, jackpot_target: int | None
) -> None:
    """BUY-10 with EMAIL-2 and JACKPOT-2: an immediate weapon needs a legal target, named in
    the command (GEN-2)."""
    if weapon == Weapon.ANONYMOUS_EMAIL:
        targets = email_targets(state)
        if not targets:
            raise IllegalMove(IllegalCode.NO_LEGAL_TARGET, "Every type is flagged.")  # EMAIL-2
        if email_type is None:
            raise MalformedCommand("Anonymous Email needs the type to flag.")  # GEN-2
        if email_type not in targets:
            raise IllegalMove(IllegalCode.ILLEGAL_TARGET, f"{email_type} is already flagged.")
    elif weapon == Weapon.JACKPOT:
        seats = jackpot_targets(state, seat)
        if not seats:
            raise IllegalMove(IllegalCode.NO_LEGAL_TARGET, "No opponent can be hit by Jackpot.")
        if jackpot_target is None:
            raise MalformedCommand("Jackpot needs a target.")  # GEN-2
        if jackpot_target not in seats:
            raise IllegalMove(IllegalCode.ILLEGAL_TARGET, "That player cannot be hit by Jackpot.")


def check_buy_weapon(state: GameState, command: BuyWeapon) -> None:
    player = state.players[command.seat]
    _check_open(player)
    weapon = Weapon(command.weapon)
    if weapon not in state.weapon_market:
        raise IllegalMove(IllegalCode.WEAPON_NOT_OFFERED, f"{weapon} is not in the market.")
    check_weapon_slot(player)
    check_held(player, command.bills, required=False)
    check_weapon_target(state, command.seat, weapon, command.email_type, command.jackpot_target)
    if not pays_for_weapon(state, command.bills):
        price, paid = weapon_price(state), printed_total(command.bills)
        raise IllegalMove(
            IllegalCode.PAYMENT_SHORT, f"The weapon costs ${price:,}; you paid ${paid:,}."
        )


def pays_for_weapon(state: GameState, bills: tuple[int, ...]) -> bool:
    """BUY-8's price test, the last of `check_buy_weapon` (also asked alone by
    `legal.options`): printed value, as TSHIRT-1 does not apply to weapons."""
    return printed_total(bills) >= weapon_price(state)


def buy_weapon(game: Context, command: BuyWeapon) -> Step:
    state = game.state
    player = game.player(command.seat)
    weapon = Weapon(command.weapon)
    price = weapon_price(state)
    paid = printed_total(command.bills)
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
        card = game.chance.choose(Purpose.JACKPOT, victim.wallet)
        victim.wallet.remove(card)
        player.wallet.append(card)

        game.emit(
            "jackpot",
            secret={"card": card, "value": BILL_VALUE[card]},
            to=[player.seat, victim.seat],
            seat=player.seat,
            target=victim.seat,
        )
    return None


def check_skip(state: GameState, command: Skip) -> None:
    _check_open(state.players[command.seat])


def skip(game: Context, command: Skip) -> Step:
    player = game.player(command.seat)
    player.purchased = True
    game.emit("skip", seat=player.seat)
    return None

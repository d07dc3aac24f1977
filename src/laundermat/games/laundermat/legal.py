"""What a seat may do right now: the client offers only these, and the bots choose among them.

Every offer is found by asking the command's own check (the ones `flow.PHASES` runs before
applying), never by restating a rule here:

- choices with few candidates (a display bill, a copy, a type, a target) are each tried as a
  command and kept when their check passes;
- a payment is tried with the seat's whole wallet, which pays the most any payment can: by
  printed value (BRIBE-2, BUY-8) the whole wallet has the largest total; with the Green
  T-Shirt (TSHIRT-1) naming the highest bill as the reference gives the largest adjusted
  total. So "some payment passes" is exactly "the whole-wallet payment passes". Which bills
  to pay with is the seat's choice: its wallet is in its own view.
- the number of entries a seat can buy is BRIBE-5's `bribery.entries_bought` of its wallet,
  the function the entries check itself uses.

Most tries are refused (most seats own neither draft weapon, most copies are someone else's
or unprotected, most types cost more than the wallet), and a refusal raised and caught costs
~10 times a plain test. So where a check makes one test that refuses most tries (the seat
holds the weapon, owns the copy, the payment covers the price), that test is its own small
function, which the check calls and `options` asks first, without raising: when it is false
the check would refuse; when it is true the whole check still decides.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

from . import bribery, draft, purchase, vault
from .cards import ADDITIONS, BILL_VALUE, Addition, Weapon
from .commands import (
    AlarmPurchase,
    BreakMachine,
    BuyAddition,
    BuyWeapon,
    ClearSelection,
    Command,
    Counter,
    Done,
    DrawLostFound,
    Protect,
    Select,
    Skip,
)
from .errors import EngineError
from .state import JSON, GameState, Phase, Player

C = TypeVar("C", bound=Command)

_BRIBERY = (Phase.BRIBE_PROTECT, Phase.BRIBE_COUNTER, Phase.BRIBE_ENTRIES)


def _passes(check: Callable[[GameState, Any], None], state: GameState, command: Command) -> bool:
    """Whether `command` would pass `check` now."""
    try:
        check(state, command)
    except EngineError:
        return False
    return True


def _candidate(cls: type[C], **fields: Any) -> C:
    """A candidate command for a check, built from values read from the state itself (a seat,
    a display bill, a wallet, a copy id), so the form checks a command runs when it is built
    (GEN-2, for input from outside) are skipped: they cost more than the check asked here,
    and a view asks many. Fields not given take their defaults; none here is applied."""
    command = object.__new__(cls)
    command.__dict__.update(fields)  # what a frozen dataclass's __init__ does, minus checks
    return command


def _any_reference(
    check: Callable[[GameState, Any], None],
    state: GameState,
    candidate: Command,
    references: list[int | None],
    first: Callable[[int | None], bool] | None = None,
) -> bool:
    """Whether `candidate` passes `check` with one of `references` (rewritten in place: one
    candidate per view, not one per try). `first`: a test the check itself makes, asked
    before it without raising (see the module's docstring)."""
    fields = candidate.__dict__
    for reference in references:
        if first is not None and not first(reference):
            continue
        fields["reference"] = reference
        if _passes(check, state, candidate):
            return True
    return False


def _references(player: Player, committed: list[int]) -> list[int | None]:
    """TSHIRT-1: without the T-Shirt, printed value only; with it, the highest committed bill
    as the reference counts the most (a reference never counts less than printed value)."""
    if player.weapon != Weapon.GREEN_TSHIRT or not committed:
        return [None]
    return [None, max(committed, key=BILL_VALUE.__getitem__)]


def options(state: GameState, seat: int) -> dict[str, JSON]:
    out: dict[str, JSON] = {"window": state.window_id, "can_act": False}
    if seat not in state.window_actors or state.phase is Phase.OVER:
        return out
    offer = _OFFERS_BY_PHASE.get(state.phase)
    offered = offer(state, seat) if offer is not None else None
    if offered is not None:
        out["can_act"] = True
        out.update(offered)
    return out


# Each phase's offers to a seat in its window, or None when that seat may do nothing now.
Offers = Callable[[GameState, int], "dict[str, JSON] | None"]


def _draft_offers(state: GameState, seat: int) -> dict[str, JSON]:
    player = state.players[seat]
    # Selecting the bill already selected would change nothing, so it is not offered.
    select = _candidate(Select, seat=seat, card=0)
    card = select.__dict__
    offered = []
    for bill in state.display:
        card["card"] = bill
        if bill != player.selection and _passes(draft.check_select, state, select):
            offered.append(bill)
    return {
        "select": offered,
        "clear": draft.has_selection(player)
        and _passes(draft.check_clear, state, _candidate(ClearSelection, seat=seat)),
        "lost_and_found": draft.holds_weapon(player, Weapon.LOST_AND_FOUND)
        and _passes(draft.check_draw_lost_found, state, _candidate(DrawLostFound, seat=seat)),
        "broken_machine": draft.holds_weapon(player, Weapon.BROKEN_MACHINE)
        and _passes(draft.check_break_machine, state, _candidate(BreakMachine, seat=seat)),
    }


def _seniority_offers(state: GameState, seat: int) -> dict[str, JSON]:
    return {"seniority": True}  # a claim is always legal in its window (SENIORITY-1)


def _alarm_offers(state: GameState, seat: int) -> dict[str, JSON]:
    assert state.alarm is not None
    wallet = tuple(state.players[seat].wallet)
    references = _references(state.players[seat], [state.alarm.card, *wallet])
    alarm = _candidate(AlarmPurchase, seat=seat, addition="", bills=wallet, reference=None)
    types = []
    for a in ADDITIONS:
        alarm.__dict__["addition"] = str(a)
        if _any_reference(vault.check_alarm_purchase, state, alarm, references):
            types.append(str(a))
    return {"alarm_types": types, "discard": True}  # VAULT-6: a discard is always possible


def _purchase_offers(state: GameState, seat: int) -> dict[str, JSON] | None:
    if not _passes(purchase.check_skip, state, _candidate(Skip, seat=seat)):
        return None
    wallet = tuple(state.players[seat].wallet)
    references = _references(state.players[seat], list(wallet))
    buy = _candidate(BuyAddition, seat=seat, addition="", bills=wallet, reference=None)
    additions = []
    for a in ADDITIONS:
        buy.__dict__["addition"] = str(a)

        def covers(reference: int | None, kind: Addition = a) -> bool:
            return purchase.covers(kind, wallet, reference)

        if _any_reference(purchase.check_buy_addition, state, buy, references, covers):
            additions.append(str(a))
    return {"additions": additions, "weapons": _weapons(state, seat, wallet), "skip": True}


def _bribery_offers(state: GameState, seat: int) -> dict[str, JSON] | None:
    if not _passes(bribery.check_done, state, _candidate(Done, seat=seat)):
        return None
    wallet = tuple(state.players[seat].wallet)
    if state.phase is Phase.BRIBE_PROTECT:
        return {"done": True, "protect": _protectable(state, seat, wallet)}
    if state.phase is Phase.BRIBE_COUNTER:
        return {"done": True, "counter": _counterable(state, seat, wallet)}
    return {"done": True, "entries": bribery.entries_bought(sum(BILL_VALUE[b] for b in wallet))}


def _protectable(state: GameState, seat: int, wallet: tuple[int, ...]) -> list[JSON]:
    protect = _candidate(Protect, seat=seat, copy=0, bills=wallet)
    protected: list[JSON] = []
    for c in state.copies:
        protect.__dict__["copy"] = c.id
        if bribery.owns(c, seat) and _passes(bribery.check_protect, state, protect):
            protected.append(c.id)
    return protected


def _counterable(state: GameState, seat: int, wallet: tuple[int, ...]) -> list[JSON]:
    counter = _candidate(Counter, seat=seat, copy=0, bills=wallet)
    countered: list[JSON] = []
    for c in state.copies:
        counter.__dict__["copy"] = c.id
        if bribery.has_paid_protection(c) and _passes(bribery.check_counter, state, counter):
            countered.append({"copy": c.id, "amount": c.protection})
    return countered


_OFFERS_BY_PHASE: dict[Phase, Offers] = {
    Phase.DRAFT: _draft_offers,
    Phase.SENIORITY: _seniority_offers,
    Phase.ALARM: _alarm_offers,
    Phase.PURCHASE: _purchase_offers,
    **dict.fromkeys(_BRIBERY, _bribery_offers),
}


def _weapons(state: GameState, seat: int, wallet: tuple[int, ...]) -> list[dict[str, JSON]]:
    """Each offered weapon with its price, whether the whole wallet buys it, and for an
    immediate weapon its legal targets (BUY-10), which do not depend on the payment: the
    lists `purchase.check_weapon_target` itself accepts a target from (EMAIL-1/2,
    JACKPOT-1/2), read once rather than tried one target at a time."""
    try:
        purchase.check_weapon_slot(state.players[seat])
    except EngineError:
        return []
    price = purchase.weapon_price(state)
    affordable = purchase.pays_for_weapon(state, wallet)
    out: list[dict[str, JSON]] = []
    for name in state.weapon_market:
        # Keys in wire order: weapon, price, buyable, then any targets.
        entry: dict[str, JSON] = {"weapon": name, "price": price, "buyable": False}
        target: dict[str, Any] = {}
        if name == Weapon.ANONYMOUS_EMAIL:
            targets: list[Any] = purchase.email_targets(state)
            entry["targets"] = targets
            target = {"email_type": targets[0]} if targets else {}
        elif name == Weapon.JACKPOT:
            targets = purchase.jackpot_targets(state, seat)
            entry["targets"] = targets
            target = {"jackpot_target": targets[0]} if targets else {}
        entry["buyable"] = affordable and _passes(
            purchase.check_buy_weapon,
            state,
            _candidate(BuyWeapon, seat=seat, weapon=name, bills=wallet, **target),
        )
        out.append(entry)
    return out

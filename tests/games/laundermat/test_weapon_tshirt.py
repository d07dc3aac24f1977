"""Green T-Shirt: TSHIRT-1."""

from __future__ import annotations

import pytest

from laundermat.games.laundermat.engine import (
    AlarmPurchase,
    BuyAddition,
    BuyWeapon,
    Phase,
    ScriptedChance,
    Select,
)

from .builders import (
    CHARGING,
    PAWN,
    RACK,
    SLOT,
    assert_rejected,
    bill,
    build,
    copies_of,
    play,
    timeout,
)


@pytest.mark.parametrize(
    ("kind", "bills", "reference", "outcome"),
    [
        pytest.param(
            PAWN,
            [bill(40_000), bill(10_000)],
            0,
            "exact",
            id="TSHIRT-1 every bill counts as the reference",
        ),
        pytest.param(
            PAWN,
            [bill(40_000), bill(10_000)],
            None,
            "payment_short",
            id="TSHIRT-1 no reference: printed value",
        ),
        pytest.param(
            RACK,
            [bill(50_000), bill(10_000)],
            1,
            "exact",
            id="TSHIRT-1 a low reference can make a payment exact",
        ),
        pytest.param(
            CHARGING,
            [bill(40_000), bill(30_000)],
            0,
            "over",
            id="TSHIRT-1 adjusted overpayment is not exact",
        ),
        pytest.param(
            RACK,
            [bill(10_000), bill(10_000, 1)],
            5,
            "bad_reference",
            id="TSHIRT-1 the reference must be a committed bill",
        ),
    ],
)
def test_green_tshirt(kind: str, bills: list[int], reference: int | None, outcome: str) -> None:
    game = build(
        3,
        phase=Phase.PURCHASE,
        collected=[0],
        weapons={0: "green_tshirt"},
        wallets={0: [*bills, bill(60_000)]},
    )
    ref = (
        bills[reference]
        if reference is not None and reference < len(bills)
        else (bill(60_000) if reference is not None else None)
    )
    command = BuyAddition(0, kind, tuple(bills), ref)
    if outcome in ("payment_short", "bad_reference"):
        assert_rejected(game, command, outcome)
        return
    play(game, command)
    [copy] = copies_of(game, 0)
    assert copy.exact is (outcome == "exact")
    assert game.state.players[0].wallet == [bill(60_000)]  # all committed bills spent


def test_green_tshirt_only_for_its_owner() -> None:
    """TSHIRT-1: without the T-Shirt a reference is rejected."""
    game = build(3, phase=Phase.PURCHASE, collected=[0], wallets={0: [bill(40_000), bill(10_000)]})
    assert_rejected(
        game, BuyAddition(0, PAWN, (bill(40_000), bill(10_000)), bill(40_000)), "bad_reference"
    )


def test_green_tshirt_on_an_alarm_purchase() -> None:
    """TSHIRT-1 / VAULT-7: the Alarm bill may be the reference."""
    card = bill(70_000, 0)
    x = bill(10_000, 7)
    game = build(
        3,
        display=[x],
        vault=[card],
        weapons={0: "green_tshirt"},
        wallets={0: [bill(10_000), bill(10_000, 1)]},
        chance=ScriptedChance(values={"vault_deal": [card, x]}, dice=[6, 6]),
    )
    play(game, Select(0, x), Select(1, x))
    timeout(game)
    assert game.state.phase is Phase.ALARM
    paid = (bill(10_000), bill(10_000, 1))
    assert_rejected(game, AlarmPurchase(0, SLOT, paid), "payment_short")  # $90k printed
    play(game, AlarmPurchase(0, SLOT, paid, card))  # 3 x $70k
    [copy] = copies_of(game, 0)
    assert copy.kind == SLOT and copy.alarm_flag and not copy.exact
    assert game.state.players[0].wallet == []


def test_green_tshirt_does_not_affect_weapons() -> None:
    """TSHIRT-1: weapons are paid at printed value (no reference exists for them)."""
    game = build(
        3,
        phase=Phase.PURCHASE,
        collected=[0],
        weapons_bought=1,
        weapon_market=["budget_app"],
        players={0: {}},
        wallets={0: [bill(40_000), bill(30_000)]},
    )
    # $70k printed < $80k: short, whatever a T-Shirt would say.
    assert_rejected(game, BuyWeapon(0, "budget_app", (bill(40_000), bill(30_000))), "payment_short")

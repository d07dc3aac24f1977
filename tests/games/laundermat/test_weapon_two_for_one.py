"""2 for 1: TWOFORONE-1 and TWOFORONE-2."""

from __future__ import annotations

import pytest

from laundermat.games.laundermat.engine import (
    AlarmPurchase,
    BuyAddition,
    BuyWeapon,
    Phase,
    ScriptedChance,
    Select,
    view,
)

from .builders import (
    RACK,
    bill,
    build,
    copies_of,
    play,
    timeout,
)
from .weapon_material import B


@pytest.mark.parametrize(
    ("stock_taken", "copies_after"),
    [
        pytest.param(0, 2, id="TWOFORONE-1 a second copy when stock remains"),
        pytest.param(4, 1, id="TWOFORONE-1 used up even when no copy remained"),
    ],
)
def test_two_for_one(stock_taken: int, copies_after: int) -> None:
    game = build(
        3,
        phase=Phase.PURCHASE,
        collected=[0],
        weapons={0: "two_for_one"},
        players={0: {"two_for_one_pending": True}},
        copies=[{"kind": RACK, "owner": 2} for _ in range(stock_taken)],
        wallets={0: [bill(20_000)]},
    )
    play(game, BuyAddition(0, RACK, (bill(20_000),)))
    mine = copies_of(game, 0)
    assert len(mine) == copies_after
    assert not game.state.players[0].two_for_one_pending
    assert game.state.market[RACK] == 5 - stock_taken - copies_after
    # TWOFORONE-2: the bonus copy has no exact bonus and adds no entries.
    assert mine[0].exact and not mine[0].bonus_copy
    if copies_after == 2:
        assert mine[1].bonus_copy and not mine[1].exact
    assert game.state.entries[RACK] == 2


def test_two_for_one_is_bought_then_used_next_purchase() -> None:
    """TWOFORONE-1: buying it arms the next standard purchase (not the weapon purchase)."""
    game = build(
        3,
        phase=Phase.PURCHASE,
        collected=[0],
        weapon_market=["two_for_one"],
        wallets={0: [bill(100_000)]},
    )
    play(game, BuyWeapon(0, "two_for_one", (bill(100_000),)))
    assert game.state.players[0].two_for_one_pending
    assert copies_of(game, 0) == []  # it never applies to the weapon itself


@pytest.mark.parametrize(
    ("via", "flagged"),
    [
        pytest.param("alarm", True, id="TWOFORONE-2 Alarm purchase: bonus copy flagged too"),
        pytest.param("email", True, id="TWOFORONE-2 emailed type: bonus copy flagged"),
        pytest.param("clean", False, id="TWOFORONE-2 clean purchase: bonus copy clean"),
    ],
)
def test_two_for_one_bonus_copy_flag(via: str, flagged: bool) -> None:
    if via == "alarm":
        card = bill(70_000, 0)
        game = build(
            3,
            display=[B],
            vault=[card],
            weapons={0: "two_for_one"},
            players={0: {"two_for_one_pending": True}},
            chance=ScriptedChance(values={"vault_deal": [card, B]}, dice=[6, 6]),
        )
        play(game, Select(0, B), Select(1, B))
        timeout(game)
        play(game, AlarmPurchase(0, RACK))
        assert game.state.entries[RACK] == 3  # the Alarm's 2 entries; the bonus adds none
    else:
        game = build(
            3,
            phase=Phase.PURCHASE,
            collected=[0],
            weapons={0: "two_for_one"},
            players={0: {"two_for_one_pending": True}},
            email_type=RACK if via == "email" else None,
            wallets={0: [bill(20_000)]},
        )
        play(game, BuyAddition(0, RACK, (bill(20_000),)))
    seen = view(game.state, 2)["copies"]
    assert [c["flagged"] for c in seen] == [flagged, flagged]
    assert [c["bonus_copy"] for c in seen] == [False, True]

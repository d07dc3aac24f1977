"""Jackpot: JACKPOT-1 and JACKPOT-2."""

from __future__ import annotations

from typing import Any

import pytest

from laundermat.games.laundermat.engine import (
    BuyWeapon,
    Game,
    Phase,
    ScriptedChance,
    view,
)

from .builders import (
    SLOT,
    assert_rejected,
    bill,
    build,
    first,
    play,
)


def jackpot_shop(**kwargs: Any) -> Game:
    return build(
        3,
        phase=Phase.PURCHASE,
        collected=[0],
        weapon_market=["jackpot"],
        copies=[{"kind": SLOT, "owner": 1}, {"kind": SLOT, "owner": 0}],
        **kwargs,
    )


def test_jackpot_moves_a_random_bill() -> None:
    """JACKPOT-1: one of the target's bills, at random, moves to the buyer; the transfer is
    public, its value known only to the two of them."""
    loot = bill(80_000, 3)
    game = jackpot_shop(
        wallets={0: [bill(100_000)], 1: [bill(10_000), loot]},
        chance=ScriptedChance(values={"jackpot": [loot]}),
    )
    events = play(game, BuyWeapon(0, "jackpot", (bill(100_000),), jackpot_target=1))
    assert game.state.players[0].wallet == [loot]
    assert game.state.players[1].wallet == [bill(10_000)]
    hit = first(events, "jackpot")
    assert hit.public == {"seat": 0, "target": 1}
    assert hit.secret == {"card": loot, "value": 80_000} and sorted(hit.to) == [0, 1]
    for viewer, sees in ((0, True), (1, True), (2, False), (None, False)):
        entry = next(e for e in view(game.state, viewer)["log"] if e["kind"] == "jackpot")
        assert ("value" in entry) is sees


@pytest.mark.parametrize(
    ("target", "code"),
    [
        pytest.param(0, "illegal_target", id="JACKPOT-1 not yourself"),
        pytest.param(2, "illegal_target", id="JACKPOT-1 the target must own a Slot Machine"),
        pytest.param(None, "malformed", id="JACKPOT-1 GEN-2 the target must be named"),
    ],
)
def test_jackpot_target_rules(target: int | None, code: str) -> None:
    game = jackpot_shop(wallets={0: [bill(100_000)], 1: [bill(10_000)], 2: [bill(10_000, 1)]})
    assert_rejected(game, BuyWeapon(0, "jackpot", (bill(100_000),), jackpot_target=target), code)


def test_jackpot_needs_a_target() -> None:
    """JACKPOT-2: a Slot Machine owner with no bill is no target."""
    game = jackpot_shop(wallets={0: [bill(100_000)]})
    assert_rejected(
        game, BuyWeapon(0, "jackpot", (bill(100_000),), jackpot_target=1), "no_legal_target"
    )

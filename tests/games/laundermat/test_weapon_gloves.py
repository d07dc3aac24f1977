"""Rubber Gloves: GLOVES-1 with VAULT-4."""

from __future__ import annotations

import pytest

from laundermat.games.laundermat.engine import (
    ScriptedChance,
    Select,
)

from .builders import (
    bill,
    build,
    of_kind,
    play,
    timeout,
)


@pytest.mark.parametrize(
    ("value", "die", "roll", "alarm"),
    [
        pytest.param(10_000, 1, 3, False, id="GLOVES-1 $10k on 1 is quiet"),
        pytest.param(60_000, 2, 4, True, id="GLOVES-1 $60k on 2 still alarms"),
        pytest.param(60_000, 3, 5, False, id="GLOVES-1 $60k on 3 is quiet"),
        pytest.param(50_000, 5, 6, False, id="GLOVES-1 capped at 6"),
        pytest.param(50_000, 6, 6, False, id="GLOVES-1 6 stays 6"),
        pytest.param(70_000, 6, 6, True, id="GLOVES-1 $70k always alarms"),
        pytest.param(100_000, 1, 3, True, id="GLOVES-1 $100k always alarms"),
    ],
)
def test_rubber_gloves(value: int, die: int, roll: int, alarm: bool) -> None:
    card = bill(value, 1)
    x = bill(10_000, 7)
    game = build(
        3,
        display=[x],
        vault=[card],
        weapons={0: "rubber_gloves"},
        wallets={0: [bill(50_000, 7)]},
        chance=ScriptedChance(values={"vault_deal": [card, x]}, dice=[die, 6]),
    )
    play(game, Select(0, x), Select(1, x))
    timeout(game)
    raid = of_kind(game.state.events, "vault_raid")[0].public
    assert (raid["die"], raid["roll"], raid["alarm"]) == (die, roll, alarm)

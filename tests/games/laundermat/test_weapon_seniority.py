"""Seniority: SENIORITY-1..3."""

from __future__ import annotations

from typing import Any

import pytest

from laundermat.games.laundermat.engine import (
    Game,
    Phase,
    ScriptedChance,
    Select,
    Seniority,
    Skip,
    Timeout,
    view,
)

from .builders import (
    assert_rejected,
    bill,
    build,
    first,
    of_kind,
    play,
)
from .weapon_material import DISPLAY, A, B


def seniority_draft(**kwargs: Any) -> Game:
    cheap = [bill(10_000, k) for k in range(4, 8)]
    kwargs.setdefault("chance", ScriptedChance(values={"vault_deal": cheap}, dice=[6, 6, 6, 6]))
    return build(3, display=DISPLAY, vault=cheap, weapons={1: "seniority"}, **kwargs)


def test_seniority_window_opens_for_a_colliding_owner() -> None:
    """SENIORITY-1: at lock, an owner who joined a collision decides (round timer)."""
    game = seniority_draft()
    play(game, Select(0, A), Select(1, A), Select(2, B))
    window = game.window()
    assert window is not None
    assert (window.kind, window.actors, window.duration) == (Phase.SENIORITY, (1,), 30)
    assert_rejected(game, Seniority(0, True), "not_your_turn")


def test_no_seniority_window_without_a_collision() -> None:
    """SENIORITY-1: only when the owner joined a collision."""
    game = seniority_draft()
    play(game, Select(0, B), Select(1, A), Select(2, B))
    assert game.state.phase is not Phase.SENIORITY


def test_seniority_claim() -> None:
    """SENIORITY-2: the owner collects the bill and may buy; nobody in that collision raids;
    the others get no purchase. The claim is public."""
    game = seniority_draft()
    play(game, Select(0, A), Select(1, A), Select(2, B))
    events = play(game, Seniority(1, True))
    claim = first(events, "seniority_claim")
    assert claim.public == {"seat": 1, "card": A, "value": 50_000, "losers": [0]}
    assert game.state.players[1].wallet == [A]
    assert game.state.players[1].seniority_used
    assert of_kind(events, "vault_raid") == []
    assert A not in game.state.vault
    assert game.state.phase is Phase.PURCHASE
    assert game.state.window_actors == [1, 2]
    assert view(game.state, 2)["players"][1]["seniority_used"] is True
    # Once per game: the next collision opens no window.
    play(game, Skip(1), Skip(2))
    assert game.state.round == 2
    play(game, *(Select(s, game.state.display[0]) for s in range(3)))
    assert game.state.phase is not Phase.SENIORITY


@pytest.mark.parametrize(
    "how",
    [
        pytest.param("decline", id="SENIORITY-3 declining"),
        pytest.param("timeout", id="SENIORITY-3 SENIORITY-1 timing out declines"),
    ],
)
def test_seniority_decline(how: str) -> None:
    game = seniority_draft()
    play(game, Select(0, A), Select(1, A), Select(2, B))
    if how == "decline":
        play(game, Seniority(1, False))
    else:
        play(game, Timeout(game.state.window_id))
    assert not game.state.players[1].seniority_used
    assert first(game.state.events, "seniority_decline").public == {"seat": 1}
    assert [e.public["seat"] for e in of_kind(game.state.events, "vault_raid")] == [0, 1]
    assert game.state.window_actors == [2]


def test_seniority_three_way_collision() -> None:
    """SENIORITY-2: every other player of that collision loses bill, raid and purchase."""
    game = seniority_draft()
    play(game, Select(0, A), Select(1, A), Select(2, A))
    play(game, Seniority(1, True))
    assert first(game.state.events, "seniority_claim").public["losers"] == [0, 2]
    assert of_kind(game.state.events, "vault_raid") == []
    assert game.state.window_actors == [1]

"""Lost and Found: LOSTFOUND-1..3 with DRAFT-5, DRAFT-7 and DRAFT-8."""

from __future__ import annotations

from typing import Any

import pytest

from laundermat.games.laundermat.cards import BILL_VALUE
from laundermat.games.laundermat.engine import (
    ClearSelection,
    DrawLostFound,
    Game,
    ScriptedChance,
    Select,
    view,
)

from .builders import (
    assert_rejected,
    build,
    first,
    play,
)
from .weapon_material import DISPLAY, HIDDEN, A, B, C, D, cards_shown


def lost_found_draft(**kwargs: Any) -> Game:
    kwargs.setdefault(
        "chance", ScriptedChance(values={"lost_found": [HIDDEN], "return_to_deck": [C]})
    )
    return build(3, display=DISPLAY, weapons={0: "lost_and_found"}, **kwargs)


def test_lost_and_found_draws_a_hidden_bill() -> None:
    """LOSTFOUND-1: a hidden draw from the deck is the selection; hidden from everyone, the
    user included, until lock; others see only that the user has a selection."""
    game = lost_found_draft()
    deck = len(game.state.deck)
    play(game, DrawLostFound(0))
    player = game.state.players[0]
    assert player.lost_found_draw == HIDDEN and player.lost_found_used
    assert len(game.state.deck) == deck - 1
    mine = view(game.state, 0)
    assert mine["me"]["selection"] == "lost_and_found"
    for viewer in (0, 1, None):  # the user included
        assert HIDDEN not in cards_shown(view(game.state, viewer)), viewer
    assert all(b["card"] != HIDDEN for b in mine["me"]["wallet"])
    assert all(e.get("card") != HIDDEN for e in mine["log"])
    for viewer in (1, None):
        seen = view(game.state, viewer)
        assert seen["players"][0]["has_selected"] is True
        assert seen["players"][0]["lost_and_found_used"] is False  # public only from lock
    assert_rejected(game, DrawLostFound(0), "ability_used")
    assert_rejected(game, DrawLostFound(1), "weapon_not_owned")


def test_lost_and_found_needs_a_deck() -> None:
    """LOSTFOUND-1: it cannot be used when the deck is empty."""
    rest = [c for c in range(60) if c not in DISPLAY]
    game = build(3, display=DISPLAY, deck=[], spent=rest, weapons={0: "lost_and_found"})
    assert view(game.state, 0)["me"]["options"]["lost_and_found"] is False
    assert_rejected(game, DrawLostFound(0), "deck_empty")


@pytest.mark.parametrize(
    "switch",
    [
        pytest.param("select", id="LOSTFOUND-2 switch back to a display bill"),
        pytest.param("clear", id="LOSTFOUND-2 switch back to no selection"),
    ],
)
def test_lost_and_found_switch_back(switch: str) -> None:
    game = lost_found_draft()
    deck = sorted(game.state.deck)
    play(game, DrawLostFound(0))
    play(game, Select(0, A) if switch == "select" else ClearSelection(0))
    player = game.state.players[0]
    assert player.lost_found_draw is None and not player.lost_found_used  # the ability is restored
    assert sorted(game.state.deck) == deck  # the draw went back into the deck
    play(game, DrawLostFound(0))  # and can be used again
    assert game.state.players[0].lost_found_used


def test_lost_and_found_at_lock() -> None:
    """LOSTFOUND-3 / DRAFT-5 / DRAFT-7 / DRAFT-8: the draw is collected, its use becomes
    public but not its value, and one unselected display bill goes back into the deck."""
    game = lost_found_draft()
    play(game, DrawLostFound(0), Select(1, A), Select(2, B))
    player = game.state.players[0]
    assert HIDDEN in player.wallet and player.collected and player.lost_found_public
    locked = first(game.state.events, "draft_locked")
    assert locked.public["lost_and_found"] == [0]
    collected = first(game.state.events, "lost_found_collected")
    assert collected.public == {"seat": 0}
    assert collected.secret == {"card": HIDDEN, "value": BILL_VALUE[HIDDEN]} and collected.to == [0]
    moved = first(game.state.events, "to_vault")
    assert moved.public["returned"] == [{"card": C, "value": BILL_VALUE[C]}]  # public
    assert moved.public["cards"] == [D]
    assert C in game.state.deck and D in game.state.vault
    for viewer in (1, None):
        seen = view(game.state, viewer)
        assert seen["players"][0]["lost_and_found_used"] is True
        assert all(e.get("card") != HIDDEN for e in seen["log"])
    assert any(e.get("card") == HIDDEN for e in view(game.state, 0)["log"])
    assert game.state.window_actors == [0, 1, 2]  # BUY-1: the draw unlocks a purchase

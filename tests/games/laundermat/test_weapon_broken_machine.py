"""Broken Machine: BROKEN-1."""

from __future__ import annotations

from laundermat.games.laundermat.engine import (
    BreakMachine,
    DrawLostFound,
    Phase,
    ScriptedChance,
    Select,
    Timeout,
    view,
)

from .builders import (
    assert_rejected,
    build,
    first,
    play,
)
from .weapon_material import DISPLAY, HIDDEN, A


def test_broken_machine() -> None:
    """BROKEN-1: display and hidden draws back to the deck, selections cleared, Lost and
    Found restored, a fresh display of N + 1 and a new draft window (full timer)."""
    game = build(
        3,
        display=DISPLAY,
        weapons={0: "lost_and_found", 2: "broken_machine"},
        chance=ScriptedChance(values={"lost_found": [HIDDEN]}),
    )
    play(game, DrawLostFound(0), Select(1, A))
    window = game.state.window_id
    events = play(game, BreakMachine(2))
    state = game.state
    assert all(p.selection is None for p in state.players)
    assert not state.players[0].lost_found_used and state.players[0].lost_found_draw is None
    assert len(state.display) == 4
    assert first(events, "broken_machine").public == {"seat": 2, "display": state.display}
    assert sorted(state.deck + state.display) == sorted([c for c in range(60)])
    new = game.window()
    assert new is not None and new.id == window + 1 and new.kind is Phase.DRAFT
    assert new.duration == 30
    assert_rejected(game, Timeout(window), "stale_window")  # the old timer is void
    assert_rejected(game, BreakMachine(2), "ability_used")  # once per game
    assert_rejected(game, BreakMachine(1), "weapon_not_owned")
    assert view(game.state, 1)["players"][2]["broken_machine_used"] is True

"""Refusals (GGEN-1: an illegal command changes nothing; GGEN-2: whole submissions)."""

from __future__ import annotations

from typing import Any

import pytest

from laundermat.games import RuleError
from laundermat.games.goblin import GAME

from .builders import new, start_laundry


@pytest.mark.parametrize(
    "data",
    [
        None,  # not an object
        {"seat": 0},  # no type
        {"type": "wash", "seat": 0},  # unknown type
        {"type": "pick", "seat": 0},  # GGEN-2: a pick names its card
        {"type": "pick", "seat": "0", "card": "C1"},  # seat of the wrong JSON type
        {"type": "pick", "seat": True, "card": "C1"},  # a bool is not a seat
        {"type": "pick", "seat": 0, "card": "C91"},  # no such card
        {"type": "pick", "seat": 0, "card": 5},
        {"type": "draw", "seat": 0, "potion": True},  # GGEN-2: draw_with_potion is its own
        {"type": "timeout"},
        {"type": "set_away", "seat": 0, "away": 1},
    ],
)
def test_ggen_2_malformed_commands(data: Any) -> None:
    """GGEN-2."""
    match = new(3)
    with pytest.raises(RuleError) as refused:
        match.parse(data)
    assert refused.value.code == "malformed" and refused.value.message


def _illegal(match: Any, data: dict[str, Any]) -> str:
    before = match.snapshot()
    with pytest.raises(RuleError) as refused:
        match.apply(match.parse(data))
    assert match.snapshot() == before  # GGEN-1: nothing changed, the window stays open
    return refused.value.code


def test_ggen_1_illegal_commands_change_nothing() -> None:
    """GGEN-1."""
    match = new(3, seed=2)
    hand = match.state.players[1].hand
    assert _illegal(match, {"type": "pick", "seat": 0, "card": hand[0]}) == "card_not_in_hand"
    assert _illegal(match, {"type": "draw", "seat": 0}) == "wrong_phase"
    assert _illegal(match, {"type": "pick", "seat": 7, "card": hand[0]}) == "malformed"
    window = match.window_id()
    assert window is not None
    assert _illegal(match, {"type": "timeout", "window": window - 1}) == "stale_window"
    laundry = new(3, seed=3)
    start_laundry(laundry, 0, "P8", ["C51", "C52", "C53"], potion_used=True)
    assert _illegal(laundry, {"type": "draw_with_potion", "seat": 0}) == "potion_used"
    assert _illegal(laundry, {"type": "keep", "seat": 0, "card": "C51"}) == "wrong_phase"
    assert _illegal(laundry, {"type": "stop", "seat": 2}) == "not_your_turn"


def test_a_logged_entry_with_the_platforms_client_id_parses() -> None:
    entry = {"type": "draw", "seat": 0, "client_id": "a1"}
    assert new(3).parse(entry).to_dict() == {"type": "draw", "seat": 0}


def test_every_command_round_trips_through_its_json_form() -> None:
    match = new(3)
    for data in (
        {"type": "pick", "seat": 1, "card": "C7"},
        {"type": "draw", "seat": 0},
        {"type": "draw_with_potion", "seat": 2},
        {"type": "stop", "seat": 0},
        {"type": "keep", "seat": 1, "card": "C90"},
        {"type": "timeout", "window": 3},
        {"type": "set_away", "seat": 1, "away": False},
    ):
        assert match.parse(data).to_dict() == data


def test_the_command_schema_names_every_player_command() -> None:
    schema = GAME.command_schema()
    kinds = {v["properties"]["type"]["const"] for v in schema["oneOf"]}
    assert (
        kinds == set(GAME.player_commands) == {"pick", "draw", "draw_with_potion", "stop", "keep"}
    )
    assert GAME.room_commands == {"timeout", "set_away"}

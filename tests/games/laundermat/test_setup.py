"""Setup: SETUP-1..9 and the round count."""

from __future__ import annotations

from collections import Counter

import pytest

from laundermat.games.laundermat.cards import BILL_VALUE, COST, POINTS, Addition
from laundermat.games.laundermat.engine import (
    ADDITIONS,
    WEAPONS,
    Game,
    GameState,
    MalformedCommand,
    Phase,
    Settings,
    view,
)
from laundermat.games.laundermat.flow import turn_order

from .builders import of_kind, timeout

NAMES = ["ann", "bob", "cat", "dan", "eve", "fay", "gus"]


@pytest.mark.parametrize(
    ("count", "ok"),
    [
        pytest.param(2, False, id="SETUP-1 two players cannot start"),
        pytest.param(3, True, id="SETUP-1 three players"),
        pytest.param(4, True, id="SETUP-1 four players"),
        pytest.param(5, True, id="SETUP-1 five players"),
        pytest.param(6, True, id="SETUP-1 six players"),
        pytest.param(7, False, id="SETUP-1 a seventh cannot join"),
    ],
)
def test_player_count(count: int, ok: bool) -> None:
    if ok:
        game = Game.new(1, NAMES[:count])
        assert game.state.n == count
        assert sorted(p.name for p in game.state.players) == sorted(NAMES[:count])
    else:
        with pytest.raises(MalformedCommand):
            Game.new(1, NAMES[:count])


def test_seats_are_shuffled_by_the_seed() -> None:
    """SETUP-2: seats are a seeded shuffle of the players, numbered 0..N-1, and public."""
    orders = set()
    for seed in range(30):
        game = Game.new(seed, NAMES[:5])
        order = tuple(p.name for p in game.state.players)
        assert sorted(order) == sorted(NAMES[:5])
        assert [p.seat for p in game.state.players] == list(range(5))
        again = Game.new(seed, NAMES[:5])
        assert tuple(p.name for p in again.state.players) == order  # same seed, same seats
        assert [p["name"] for p in view(game.state, None)["players"]] == list(order)
        orders.add(order)
    assert len(orders) > 5


@pytest.mark.parametrize(
    ("n", "round", "expected"),
    [
        pytest.param(3, 1, [0, 1, 2], id="SETUP-2 round 1 starts at seat 0"),
        pytest.param(3, 2, [1, 2, 0], id="SETUP-2 round 2 starts at seat 1"),
        pytest.param(3, 3, [2, 0, 1], id="SETUP-2 round 3 wraps"),
        pytest.param(3, 4, [0, 1, 2], id="SETUP-2 round 4 back to seat 0"),
        pytest.param(4, 8, [3, 0, 1, 2], id="SETUP-2 four players round 8"),
        pytest.param(6, 7, [0, 1, 2, 3, 4, 5], id="SETUP-2 six players round 7"),
        pytest.param(5, 8, [2, 3, 4, 0, 1], id="SETUP-2 five players round 8"),
    ],
)
def test_turn_order_rotates(n: int, round: int, expected: list[int]) -> None:
    game = Game.new(3, NAMES[:n])
    game.state.round = round
    assert turn_order(game.state) == expected
    assert view(game.state, None)["turn_order"] == expected


@pytest.mark.parametrize(
    ("round_timer", "bribe_timer", "ok"),
    [
        pytest.param(15, 15, True, id="SETUP-3 15 s"),
        pytest.param(30, 30, True, id="SETUP-3 30 s"),
        pytest.param(45, 45, True, id="SETUP-3 45 s"),
        pytest.param(60, 15, True, id="SETUP-3 60 s"),
        pytest.param(180, 15, True, id="SETUP-3 3 min"),
        pytest.param(300, 15, True, id="SETUP-3 5 min"),
        pytest.param(600, 15, True, id="SETUP-3 10 min"),
        pytest.param(20, 15, False, id="SETUP-3 20 s round timer is not offered"),
        pytest.param(30, 60, False, id="SETUP-3 60 s bribe timer is not offered"),
        pytest.param(0, 15, False, id="SETUP-3 zero is not offered"),
    ],
)
def test_settings(round_timer: int, bribe_timer: int, ok: bool) -> None:
    settings = Settings(round_timer=round_timer, bribe_timer=bribe_timer)
    if not ok:
        with pytest.raises(MalformedCommand):
            Game.new(1, NAMES[:3], settings)
        return
    game = Game.new(1, NAMES[:3], settings)
    window = game.window()
    assert window is not None and window.kind is Phase.DRAFT
    assert window.duration == round_timer
    assert view(game.state, 0)["settings"] == {
        "round_timer": round_timer,
        "bribe_timer": bribe_timer,
    }


def test_settings_defaults() -> None:
    """SETUP-3: the defaults are 30 s and 15 s, and the bribery stages use their own timer."""
    assert Settings() == Settings(round_timer=30, bribe_timer=15)
    game = Game.new(1, NAMES[:3])
    while game.state.phase is not Phase.BRIBE_PROTECT:
        timeout(game)
    window = game.window()
    assert window is not None and window.duration == 15


def test_deck_composition_and_shuffle() -> None:
    """SETUP-4: 60 distinct bills with the printed composition, shuffled by the seed."""
    assert len(BILL_VALUE) == 60
    assert Counter(BILL_VALUE) == {
        10_000: 8,
        20_000: 10,
        30_000: 10,
        40_000: 8,
        50_000: 8,
        60_000: 6,
        70_000: 4,
        80_000: 4,
        100_000: 2,
    }
    # Ids are assigned in denomination order.
    assert BILL_VALUE[0] == BILL_VALUE[7] == 10_000
    assert BILL_VALUE[8] == 20_000
    assert BILL_VALUE[58] == BILL_VALUE[59] == 100_000
    decks = set()
    for seed in range(5):
        state = Game.new(seed, NAMES[:4]).state
        assert sorted(state.deck + state.display) == list(range(60))
        decks.add(tuple(state.deck))
    assert len(decks) == 5


def test_a_game_has_eight_rounds() -> None:
    """SETUP-5 / ROUND-1: eight rounds whatever the player count, then bribery."""
    for n in (3, 6):
        game = Game.new(2, NAMES[:n])
        rounds = []
        while game.state.phase is not Phase.BRIBE_PROTECT:
            rounds += [e.public["round"] for e in of_kind(timeout(game), "round")]
        assert [1, *rounds] == list(range(1, 9))
        assert game.state.round == 8


def test_market_and_pools_at_start() -> None:
    """SETUP-6 market, SETUP-7 weapon offer, SETUP-8 pool, SETUP-9 empty wallets."""
    assert [COST[a] for a in Addition] == [20_000, 30_000, 50_000, 80_000, 150_000]
    assert [POINTS[a] for a in Addition] == [20_000, 40_000, 80_000, 130_000, 250_000]
    offers = set()
    for seed in range(12):
        for n in (3, 4, 5, 6):
            state = Game.new(seed, NAMES[:n]).state
            # SETUP-6: five types, five copies each
            assert state.market == {str(a): 5 for a in ADDITIONS}
            # SETUP-7: one distinct weapon type per player, drawn from the ten
            assert len(state.weapon_market) == n
            assert len(set(state.weapon_market)) == n
            assert set(state.weapon_market) <= {str(w) for w in WEAPONS}
            offers.add(frozenset(state.weapon_market))
            # SETUP-8: one entry per type
            assert state.entries == {str(a): 1 for a in ADDITIONS}
            # SETUP-9: wallets start empty
            assert all(p.wallet == [] for p in state.players)
            assert all(p.weapon is None for p in state.players)
    assert len(offers) > 10  # the offer really is drawn at random


def test_a_snapshot_with_the_old_lost_and_found_names_restores() -> None:
    """Stored snapshots from before lf_* became lost_found_* restore to the same state."""
    game = Game.new(5, ["a", "b", "c"], Settings())
    state = game.state
    state.players[1].lost_found_used = state.players[1].lost_found_public = True
    state.players[1].lost_found_draw = state.deck[0]
    state.lost_found_collected = 1
    old = state.to_dict()
    old["lf_collected"] = old.pop("lost_found_collected")
    for player in old["players"]:
        for name in ("draw", "used", "public"):
            player[f"lf_{name}"] = player.pop(f"lost_found_{name}")
    assert GameState.from_dict(old) == state

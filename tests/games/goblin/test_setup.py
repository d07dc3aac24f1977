"""Components (GCARD-*) and setup (GSETUP-*), table-driven where the rules give a table."""

from __future__ import annotations

from collections import Counter

import pytest

from laundermat.games import RuleError, settings_errors
from laundermat.games.goblin import GAME
from laundermat.games.goblin.cards import (
    CLOTHING,
    DECISION_TIMERS,
    PROGRAMS,
    SPECIES,
    hand_size,
)
from laundermat.games.goblin.invariants import card_places, program_places

from .builders import new


def test_gcard_1_five_species_baskets_dealt_one_each() -> None:
    """GCARD-1: one Goblin Basket card per species; GSETUP-4: each player gets a random one."""
    match = new(5)
    assert sorted(p.species for p in match.state.players) == sorted(SPECIES)
    assert len({new(3, seed).state.players[0].species for seed in range(40)}) == 5


def test_gcard_2_one_potion_each_worth_three() -> None:
    """GCARD-2 / GSETUP-4: one unused Potion per player."""
    view = new(4).view(None)
    assert [p["potion"] for p in view["players"]] == ["unused"] * 4
    assert view["rules"]["potion_coins"] == 3


@pytest.mark.parametrize(
    ("program", "kind", "cycle", "coins", "temperature", "direction", "limits"),
    [
        ("P1", "I", 3, 1, 105, "cw", (2, 2, 2)),  # GCARD-3 first row
        ("P5", "I", 3, 1, 25, "cw", (None, 1, 3)),  # Dirt ignored
        ("P6", "II", 4, 3, 110, "ccw", (None, 2, 2)),
        ("P11", "III", 5, 6, 115, "cw", (2, 2, None)),  # the hottest Program
        ("P20", "IV", 6, 12, 50, "cw", (3, 3, 2)),
    ],
)
def test_gcard_3_program_table(
    program: str,
    kind: str,
    cycle: int,
    coins: int,
    temperature: int,
    direction: str,
    limits: tuple[int | None, ...],
) -> None:
    """GCARD-3."""
    p = PROGRAMS[program]
    assert (p.type, p.cycle, p.coins, p.temperature, p.direction, p.limits) == (
        kind,
        cycle,
        coins,
        temperature,
        direction,
        limits,
    )


def test_gcard_3_temperatures_are_the_multiples_of_five() -> None:
    """GCARD-3 Decision: 20..115 by 5, so a lead is never tied; hottest of each type alternates."""
    assert sorted(p.temperature for p in PROGRAMS.values()) == list(range(20, 120, 5))
    hottest = {
        kind: max((p for p in PROGRAMS.values() if p.type == kind), key=lambda p: p.temperature)
        for kind in ("I", "II", "III", "IV")
    }
    assert [hottest[k].direction for k in ("I", "II", "III", "IV")] == ["cw", "ccw", "cw", "ccw"]


def test_gcard_4_clothing_totals() -> None:
    """GCARD-4: 90 cards, 18 per species; 29 Dirt, 35 Magic, 36 Slime; 15/55/15/5 by symbols."""
    assert list(CLOTHING) == [f"C{i}" for i in range(1, 91)]
    assert Counter(c.species for c in CLOTHING.values()) == {s: 18 for s in SPECIES}
    assert [sum(c.stains[i] for c in CLOTHING.values()) for i in range(3)] == [29, 35, 36]
    assert Counter(c.symbols for c in CLOTHING.values()) == {0: 15, 1: 55, 2: 15, 3: 5}
    assert Counter(c.type for c in CLOTHING.values()) == {
        "socks": 20,
        "underwear": 10,
        "pants": 10,
        "cape": 10,
        "scarf": 10,
        "shirt": 15,
        "hat": 10,
        "robe": 5,
    }
    # Table order: the first row's Elves' Socks are C1-C4, then Mermaids' C5-C8.
    assert [CLOTHING[f"C{i}"].species for i in (1, 4, 5)] == ["elves", "elves", "mermaids"]
    assert CLOTHING["C86"].type == "robe" and CLOTHING["C86"].stains == (1, 2, 0)  # DMM


@pytest.mark.parametrize("players", [1, 6])
def test_gsetup_1_two_to_five_players(players: int) -> None:
    """GSETUP-1."""
    with pytest.raises(RuleError) as refused:
        new(players)
    assert refused.value.code == "malformed"
    assert (GAME.min_players, GAME.max_players) == (2, 5)


def test_gsetup_2_seats_are_shuffled_and_public() -> None:
    """GSETUP-2."""
    orders = {tuple(new(4, seed).seats().items()) for seed in range(20)}
    assert len(orders) > 1
    view = new(4).view(None)
    assert [p["seat"] for p in view["players"]] == [0, 1, 2, 3]


def test_gsetup_3_decision_timer_setting() -> None:
    """GSETUP-3: 15 s .. 10 min, default 30 s; it is every window's length."""
    (setting,) = GAME.settings
    assert (setting.key, setting.choices, setting.default) == (
        "decision_timer",
        (15, 30, 45, 60, 180, 300, 600),
        30,
    )
    assert setting.choices == DECISION_TIMERS
    assert settings_errors(GAME, {"decision_timer": 20})
    assert not settings_errors(GAME, {"decision_timer": 600})
    match = new(3, timer=600)
    window = match.window()
    assert window is not None and window.duration == 600
    with pytest.raises(RuleError):
        GAME.new(1, ["a", "b"], {"decision_timer": 20})


def test_gsetup_4_the_deal() -> None:
    """GSETUP-4: a Basket card face down, one Program of each type in the row I..IV."""
    match = new(4)
    for p in match.state.players:
        assert [PROGRAMS[x].type for x in p.programs] == ["I", "II", "III", "IV"]
        assert p.score_cards == [] and p.score_programs == []
    assert len(match.state.undealt_programs) == 20 - 16
    places = card_places(match.state)
    assert all(places[c] == 1 for c in CLOTHING)
    assert all(n == 1 for n in program_places(match.state).values())
    view = match.view(1)
    assert [r["id"] is not None for r in view["players"][0]["programs"]] == [
        True,
        False,
        False,
        False,
    ]
    assert all(r["id"] for r in view["me"]["programs"])  # the owner may look


@pytest.mark.parametrize(
    ("players", "sizes"),
    [(3, [3, 4, 5, 6]), (4, [3, 4, 5, 6]), (5, [3, 4, 5, 5])],  # GFILL-1
)
def test_gfill_1_and_gfill_5_hands_and_the_pile(players: int, sizes: list[int]) -> None:
    """GFILL-1 hand sizes; GFILL-5 the cards used: 57, 76, 90 (the whole pile); 2 players 38."""
    assert [hand_size(players, r) for r in (1, 2, 3, 4)] == sizes
    used = players + players * sum(sizes)
    assert used == {3: 57, 4: 76, 5: 90}[players]
    assert 2 + 2 * 2 * (3 + 4 + 5 + 6) // 2 == 38

"""Scoring (GSCORE-1..7), table-driven on rigged Score Zones.

Cards (GCARD-4): Socks C1-C4 Elves, C5-C8 Mermaids; Underwear C21-C30 (C21 Elves);
Pants C31-C40; Capes C41-C50; Scarves C51-C60 (1); Shirts C61-C70 (2), C71-C75 (5);
Hats C76-C80 (3), C81-C85 (5); Robes C86-C90 (8). Species by column: Elves first.
"""

from __future__ import annotations

from typing import Any

import pytest

from laundermat.games.goblin.scoring import majority, result
from laundermat.games.goblin.state import GameState

from .builders import new


def scored(zones: list[list[str]], species: str = "vampires", **extra: Any) -> dict[str, Any]:
    state: GameState = new(len(zones)).state
    for p, cards in zip(state.players, zones, strict=True):
        p.score_cards = list(cards)
        p.species = species
    for seat, programs in extra.get("programs", {}).items():
        state.players[seat].score_programs = programs
    for seat in extra.get("potions_used", []):
        state.players[seat].potion_used = True
    return result(state)


def test_gscore_1_two_coins_per_card_of_ones_species() -> None:
    """GSCORE-1."""
    r = scored([["C21", "C51", "C52"], []], species="elves")  # Elves: C21, C51, C52
    assert r["players"][0]["species"] == 6


def test_gscore_2_completed_programs() -> None:
    """GSCORE-2."""
    r = scored([[], []], programs={0: ["P1", "P8", "P20"]})
    assert r["players"][0]["programs"] == 1 + 3 + 12


@pytest.mark.parametrize(
    ("socks", "coins"),
    [
        (["C1"], 0),  # an odd sock scores nothing
        (["C1", "C2"], 10),  # a pair
        (["C1", "C2", "C3"], 10),
        (["C1", "C2", "C3", "C4"], 20),
        (["C1", "C5"], 0),  # two species: no pair
        (["C1", "C2", "C5", "C6"], 20),
    ],
)
def test_gscore_3_pairs_of_one_species(socks: list[str], coins: int) -> None:
    """GSCORE-3."""
    assert scored([socks, []])["players"][0]["socks"] == coins


@pytest.mark.parametrize(
    ("counts", "first", "second", "coins"),
    [
        ([2, 1, 0], [0], [1], [8, 4, 0]),  # one most, one next
        ([2, 1, 1], [0], [], [8, 0, 0]),  # a tie for second: nobody
        ([2, 2, 1], [], [0, 1], [4, 4, 0]),  # tied for most: the second number, nobody else
        ([1, 1, 1], [], [0, 1, 2], [4, 4, 4]),  # any number tied
        ([3, 0, 0], [0], [], [8, 0, 0]),  # alone with cards
        ([0, 0, 0], [], [], [0, 0, 0]),  # nobody has one
    ],
)
def test_gscore_4_majorities(
    counts: list[int], first: list[int], second: list[int], coins: list[int]
) -> None:
    """GSCORE-4."""
    assert majority(counts, 8, 4) == {
        "counts": counts,
        "first": first,
        "second": second,
        "coins": coins,
    }


def test_gscore_4_each_type_separately_in_the_result() -> None:
    """GSCORE-4."""
    r = scored([["C21", "C22", "C31"], ["C23", "C41"], ["C32"]])
    m = r["majorities"]
    assert m["underwear"]["coins"] == [8, 4, 0]
    assert m["pants"]["coins"] == [5, 0, 5]  # tied for most: 10/5's second number
    assert m["cape"]["coins"] == [0, 12, 0]
    assert [p["majorities"] for p in r["players"]] == [13, 16, 5]


def test_gscore_5_printed_coins_and_an_unused_potion() -> None:
    """GSCORE-5."""
    r = scored([["C51", "C61", "C71", "C76", "C81", "C86"], []], potions_used=[1])
    assert r["players"][0]["printed"] == 1 + 2 + 5 + 3 + 5 + 8
    assert [p["potion"] for p in r["players"]] == [3, 0]


def test_gscore_6_total_is_the_sum_of_the_parts() -> None:
    """GSCORE-6."""
    r = scored(
        [["C1", "C2", "C21", "C51", "C86"], ["C5"]],
        species="elves",
        programs={0: ["P6"]},
    )
    p = r["players"][0]
    assert p["total"] == sum(
        p[k] for k in ("species", "programs", "socks", "majorities", "printed", "potion")
    )
    assert (p["species"], p["socks"], p["majorities"], p["printed"]) == (10, 10, 8, 9)
    assert p["total"] == 10 + 3 + 10 + 8 + 9 + 3


def test_gscore_7_highest_total_wins() -> None:
    """GSCORE-7."""
    r = scored([["C86"], ["C51"]])
    assert r["winners"] == [0] and r["tie_break"] is None
    assert [p["rank"] for p in r["players"]] == [1, 2]


def test_gscore_7_a_tie_goes_to_the_most_stains_then_is_shared() -> None:
    """GSCORE-7."""
    # C61 (Shirt 2, S) vs C51+C52 (Scarves 1+1, clean): 2 Coins each, stains 1 vs 0.
    r = scored([["C61"], ["C51", "C52"]])
    assert r["winners"] == [0] and r["tie_break"] == "stains"
    r = scored([["C61"], ["C62"]])  # both 2 Coins, 1 stain
    assert r["winners"] == [0, 1] and r["tie_break"] == "shared"


def test_the_invariants_catch_a_wrong_scorer_and_a_lost_card(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from laundermat.games.goblin import scoring
    from laundermat.games.goblin.invariants import check_lite, check_scores

    from .builders import act, start_laundry

    match = new(3, seed=2)
    state = start_laundry(match, 0, "P8", ["C1", "C2", "C51", "C52"])
    act(match, type="draw", seat=0)
    act(match, type="stop", seat=0)  # a pair of Elves' Socks secured
    assert check_scores(state) == []
    monkeypatch.setattr(scoring, "SOCK_PAIR_COINS", 9)
    assert any("recomputed" in p for p in check_scores(state))
    state.pile.append(state.pile[0])
    assert any("2 places" in p for p in check_lite(state))

"""Do the Laundry (GWASH-*) and the Stain Potion (GPOTION-*) on rigged Baskets.

Cards used (GCARD-4): C21 underwear and C51-C60 Scarves are clean; C88 Dwarves' Robe is DDS,
C89 Orcs' Robe DSS, C86 Elves' Robe DMM, C61 Elves' Shirt S, C66 Elves' Shirt D.
Programs (GCARD-3): P2 = I, Dirt 1 Magic 3 Slime 3; P3 = I, Dirt 1 Magic 3 Slime ignored;
P8 = II (Cycle 4, 3 Coins), Dirt 3 Magic 2 Slime 2.
"""

from __future__ import annotations

import pytest

from laundermat.games import RuleError

from .builders import act, new, start_laundry, time_out


def test_gwash_2_the_first_draw_is_automatic_and_public() -> None:
    """GWASH-2."""
    match = new(3)
    start_laundry(match, 0, "P8", ["C51", "C52", "C53", "C54"])
    view = match.view(1)
    assert view["phase"] == "laundry" and view["window"]["kind"] == "laundry"
    assert view["laundry"]["seat"] == 0 and view["laundry"]["drawn"] == ["C51"]
    assert view["laundry"]["program"] == "P8" and view["laundry"]["cycle"] == 4
    assert view["me"]["options"]["can_act"] is False
    assert match.view(0)["me"]["options"] | {"pick": [], "keep": []} == {
        "window": view["window"]["id"],
        "can_act": True,
        "pick": [],
        "draw": True,
        "draw_with_potion": True,
        "stop": True,
        "keep": [],
    }


def test_gwash_3_counts_limited_types_and_fails_on_one_type() -> None:
    """GWASH-3."""
    match = new(3)
    s = start_laundry(match, 0, "P3", ["C89", "C51", "C66"])  # DSS: Slime ignored by P3
    assert match.view(0)["laundry"]["counts"] == {"dirt": 1, "magic": 0, "slime": None}
    assert match.view(0)["laundry"]["limits"] == {"dirt": 1, "magic": 3, "slime": None}
    assert not s.failed
    act(match, type="draw", seat=0)
    act(match, type="draw", seat=0)  # C66 adds a Dirt: 2 > 1
    assert s.failed and s.window_kind == "keep"
    failed = next(e for e in match.view(2)["log"] if e["kind"] == "failed")
    assert failed["over"] == ["dirt"]


def test_gwash_4_a_laundry_completes_at_its_cycle() -> None:
    """GWASH-4."""
    match = new(3)
    s = start_laundry(match, 0, "P8", ["C51", "C52", "C53", "C54", "C55"])
    for _ in range(3):
        act(match, type="draw", seat=0)
    p = s.players[0]
    assert p.score_cards == ["C51", "C52", "C53", "C54"] and p.score_programs == ["P8"]
    assert p.basket == ["C55"]  # GWASH-7: undrawn cards stay
    assert s.washer != 0


def test_gwash_5_a_failure_with_one_card_keeps_it_without_a_window() -> None:
    """GWASH-5."""
    match = new(3)
    s = start_laundry(match, 0, "P2", ["C88", "C51"])  # DDS: Dirt 2 > 1 at once
    p = s.players[0]
    assert p.score_cards == ["C88"] and "P2" in s.removed_programs
    kinds = [e["kind"] for e in match.view(None)["log"]]
    assert kinds[kinds.index("failed") + 1] == "kept"  # no window between


def test_gwash_5_keep_one_card_the_others_and_program_are_removed() -> None:
    """GWASH-5."""
    match = new(3)
    s = start_laundry(match, 0, "P2", ["C51", "C52", "C88"])
    act(match, type="draw", seat=0)
    act(match, type="draw", seat=0)
    assert s.window_kind == "keep" and match.view(0)["me"]["options"]["keep"] == [
        "C51",
        "C52",
        "C88",
    ]
    with pytest.raises(RuleError) as refused:
        act(match, type="keep", seat=0, card="C53")
    assert refused.value.code == "card_not_drawn"
    act(match, type="keep", seat=0, card="C88")  # the failing card may be kept
    assert s.players[0].score_cards == ["C88"]
    assert s.removed_cards == ["C51", "C52"] and s.removed_programs == ["P2"]
    assert match.view(1)["removed"] == {"cards": ["C51", "C52"], "programs": ["P2"]}


def test_ggen_5_keep_defaults_to_the_first_card_drawn() -> None:
    """GGEN-5."""
    match = new(3)
    s = start_laundry(match, 0, "P2", ["C52", "C51", "C88"])
    act(match, type="draw", seat=0)
    act(match, type="draw", seat=0)
    time_out(match)
    assert s.players[0].score_cards == ["C52"]


def test_gwash_6_stop_secures_the_cards_and_removes_the_program() -> None:
    """GWASH-6."""
    match = new(3)
    s = start_laundry(match, 0, "P8", ["C51", "C86", "C53"])
    act(match, type="draw", seat=0)
    act(match, type="stop", seat=0)
    assert s.players[0].score_cards == ["C51", "C86"] and s.removed_programs == ["P8"]
    assert s.players[0].score_programs == []
    stopped = next(e for e in match.view(2)["log"] if e["kind"] == "stopped")
    assert stopped == {"kind": "stopped", "seat": 0, "cards": ["C51", "C86"], "program": "P8"}


def test_ggen_5_and_ggen_4_draw_or_stop_defaults_to_stop() -> None:
    """GGEN-5."""
    match = new(3)
    s = start_laundry(match, 0, "P8", ["C51", "C52", "C53"])
    time_out(match)
    assert s.players[0].score_cards == ["C51"]
    match = new(3)
    s = start_laundry(match, 0, "P8", ["C51", "C52", "C53"])
    act(match, type="set_away", seat=0, away=True)  # its only actor is away: closes at once
    assert s.players[0].score_cards == ["C51"]


def test_gwash_6_only_the_washer_decides() -> None:
    """GWASH-6."""
    match = new(3)
    start_laundry(match, 0, "P8", ["C51", "C52"])
    with pytest.raises(RuleError) as refused:
        act(match, type="draw", seat=1)
    assert refused.value.code == "not_your_turn"
    with pytest.raises(RuleError) as wrong:
        act(match, type="pick", seat=0, card="C52")
    assert wrong.value.code == "wrong_phase"


def test_gpotion_1_covers_the_next_card_only() -> None:
    """GPOTION-1."""
    match = new(3)
    s = start_laundry(match, 0, "P2", ["C51", "C88", "C66"])  # C88 Dirt 2, C66 Dirt 1
    act(match, type="draw_with_potion", seat=0)
    assert s.covered == "C88" and not s.failed
    assert match.view(1)["laundry"]["counts"]["dirt"] == 0
    assert match.view(1)["players"][0]["potion"] == "used"
    assert match.view(1)["players"][0]["potion_card"] == "C88"
    assert match.view(0)["me"]["options"]["draw_with_potion"] is False
    with pytest.raises(RuleError) as refused:
        act(match, type="draw_with_potion", seat=0)
    assert refused.value.code == "potion_used"
    act(match, type="draw", seat=0)  # C66's Dirt counts: 1, within the limit; Cycle 3 reached
    assert s.players[0].score_cards == ["C51", "C88", "C66"]


def test_gpotion_1_not_for_the_first_card() -> None:
    """GPOTION-1: The first draw is automatic (GWASH-2): no decision window precedes it to
    use a Potion."""
    match = new(3)
    s = start_laundry(match, 0, "P2", ["C88", "C51"])
    draw = next(e for e in match.view(None)["log"] if e["kind"] == "draw")
    assert draw["potion"] is False and s.players[0].potion_used is False


def test_gpotion_2_a_covered_card_scores_and_counts_in_the_tie_break() -> None:
    """GPOTION-2."""
    match = new(3)
    s = start_laundry(match, 0, "P2", ["C51", "C88", "C52"])
    act(match, type="draw_with_potion", seat=0)
    act(match, type="draw", seat=0)
    standing = match.result()["players"][0]
    assert standing["stains"] == 3 and standing["printed"] == 1 + 8 + 1
    assert standing["potion"] == 0 and s.players[0].potion_used

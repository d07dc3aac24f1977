"""Investigation and scoring: INVEST-1..2, SCORE-1..5."""

from __future__ import annotations

from collections import Counter as Tally
from typing import Any

import pytest

from laundermat.games.laundermat.cards import BILL_VALUE, POINTS, Addition
from laundermat.games.laundermat.engine import (
    AlarmPurchase,
    BuyAddition,
    BuyEntries,
    BuyWeapon,
    Done,
    Phase,
    ScriptedChance,
    Select,
    view,
)

from .builders import (
    CHARGING,
    PAWN,
    RACK,
    SLOT,
    VENDING,
    bill,
    build,
    first,
    play,
    timeout,
)
from .scoring_helpers import KINDS, scored


def test_the_pool_counts_every_source() -> None:
    """INVEST-1: 1 base + 1 per paid normal purchase + 2 per Alarm purchase + 1 for Anonymous
    Email's type + bribery entries (a 2 for 1 bonus copy adds none)."""
    alarm = bill(70_000, 0)
    x = bill(10_000, 7)
    y = bill(20_000, 9)
    game = build(
        3,
        round=8,
        display=[x, y],
        vault=[alarm],
        weapon_market=["anonymous_email"],
        wallets={1: [bill(10_000, 0)], 0: [bill(20_000, 0)], 2: [bill(100_000, 0)]},
        weapons={0: "two_for_one"},
        players={0: {"two_for_one_pending": True}},
        chance=ScriptedChance(values={"vault_deal": [alarm, x]}, dice=[6, 6]),
    )
    # Round 8's turn order is 1, 2, 0: seat 1 raids first and hears the Alarm.
    play(game, Select(1, x), Select(0, y), Select(2, x))
    play(game, AlarmPurchase(1, VENDING, (bill(10_000, 0),)))  # +2 VENDING
    assert game.state.phase is Phase.PURCHASE and game.state.window_actors == [0]
    # seat 0: paid RACK (+1), its 2 for 1 bonus copy adds none
    play(game, BuyAddition(0, RACK, (bill(20_000, 0),)))
    assert len([c for c in game.state.copies if c.owner == 0]) == 2
    assert game.state.phase is Phase.BRIBE_PROTECT
    timeout(game)
    timeout(game)
    # Seat 2 buys 5 entries ($100k): 3 on SLOT, 2 on PAWN.
    play(game, BuyEntries(2, (bill(100_000, 0),), {SLOT: 3, PAWN: 2}))
    assert game.state.entries == {RACK: 2, VENDING: 3, CHARGING: 1, PAWN: 3, SLOT: 4}
    # Email's +1 (a separate built game keeps the one above simple).
    shop = build(
        3,
        phase=Phase.PURCHASE,
        collected=[0],
        weapon_market=["anonymous_email"],
        wallets={0: [bill(100_000, 0)]},
    )
    play(shop, BuyWeapon(0, "anonymous_email", (bill(100_000, 0),), email_type=CHARGING))
    assert shop.state.entries[CHARGING] == 2
    play(game, Done(0), Done(1), Done(2))
    event = first(game.state.events, "investigation")
    assert event.public["entries"] == {RACK: 2, VENDING: 3, CHARGING: 1, PAWN: 3, SLOT: 4}


def test_the_draw_is_weighted_by_entries() -> None:
    """INVEST-2: exactly one type, drawn with probability entries / total: each of the
    `total` equally likely draws lands on a type as often as it has entries."""
    entries = {RACK: 3, VENDING: 1, CHARGING: 0, PAWN: 2, SLOT: 4}
    landed: Tally[str] = Tally()
    for index in range(sum(entries.values())):
        game = build(
            3,
            phase=Phase.BRIBE_ENTRIES,
            round=8,
            entries=entries,
            chance=ScriptedChance(indices={"investigation": [index]}),
        )
        events = timeout(game)
        assert game.state.phase is Phase.OVER
        landed[game.state.investigated or ""] += 1
        # The result is fixed in the same step that closes the last stage.
        assert first(events, "investigation").public["addition"] == game.state.investigated
    assert landed == Tally({k: v for k, v in entries.items() if v})


def test_the_seeded_draw_follows_the_weights() -> None:
    """INVEST-2: with the seeded generator, a type with no entries is never drawn and a
    heavy type is drawn most."""
    entries = {RACK: 0, VENDING: 1, CHARGING: 0, PAWN: 0, SLOT: 9}
    landed: Tally[str] = Tally()
    for seed in range(60):
        game = build(3, phase=Phase.BRIBE_ENTRIES, round=8, entries=entries, seed=seed)
        timeout(game)
        landed[game.state.investigated or ""] += 1
    assert set(landed) <= {VENDING, SLOT}
    assert landed[SLOT] > landed[VENDING]


def test_copies_score_points_plus_bonus() -> None:
    """SCORE-1 / SCORE-4: points plus exact bonus; bills in the wallet are worth nothing."""
    copies = [{"kind": k, "owner": 0, "exact": i % 2 == 0} for i, k in enumerate(KINDS)]
    _, res = scored(RACK, copies=copies, wallets={0: [bill(100_000)], 1: [bill(100_000, 1)]})
    expected = sum(POINTS[Addition(k)] for k in KINDS) + 3 * 5_000
    assert res.players[0].total == expected
    assert res.players[1].total == 0
    assert [c.score for c in res.players[0].copies] == [
        POINTS[Addition(k)] + (5_000 if i % 2 == 0 else 0) for i, k in enumerate(KINDS)
    ]


SHUT_ROWS = [
    # (copy, investigated, shut down, disqualified)
    pytest.param(
        {"kind": RACK, "alarm_flag": True},
        RACK,
        True,
        True,
        id="SCORE-2 SCORE-3 flagged copy of the type: shut down, caught",
    ),
    pytest.param(
        {"kind": RACK},
        RACK,
        False,
        False,
        id="SCORE-2 clean copy of the type is cleared and scores",
    ),
    pytest.param(
        {"kind": RACK, "alarm_flag": True},
        SLOT,
        False,
        False,
        id="SCORE-2 flagged copy of another type scores in full",
    ),
    pytest.param(
        {"kind": RACK, "alarm_flag": True, "protection": 50_000},
        RACK,
        True,
        False,
        id="SCORE-2 SCORE-3 protected: still shut down, not caught",
    ),
    pytest.param(
        {"kind": RACK, "alarm_flag": True, "protection": 50_000, "countered": True},
        RACK,
        True,
        True,
        id="SCORE-3 a countered protection protects nothing",
    ),
    pytest.param(
        {"kind": RACK, "exact": True, "alarm_flag": True},
        RACK,
        True,
        True,
        id="SCORE-2 a shut-down copy loses its bonus too",
    ),
]


@pytest.mark.parametrize(("copy", "investigated", "shut", "caught"), SHUT_ROWS)
def test_shut_down_and_caught(
    copy: dict[str, Any], investigated: str, shut: bool, caught: bool
) -> None:
    copies = [{**copy, "owner": 0}, {"kind": PAWN, "owner": 0}]
    _, res = scored(investigated, copies=copies)
    me = res.players[0]
    assert me.copies[0].shut_down is shut
    assert me.disqualified is caught
    expected_first = 0 if shut else 20_000 + (5_000 if copy.get("exact") else 0)
    assert me.copies[0].score == expected_first
    assert me.total == expected_first + 130_000


@pytest.mark.parametrize(
    ("owner_has_email", "caught"),
    [
        pytest.param(True, False, id="SCORE-3 EMAIL-1 the Email buyer's copies are protected"),
        pytest.param(False, True, id="SCORE-3 EMAIL-1 anyone else's emailed copy is caught"),
    ],
)
def test_email_flags_and_protection(owner_has_email: bool, caught: bool) -> None:
    weapons = {0: "anonymous_email"} if owner_has_email else {1: "anonymous_email"}
    _, res = scored(
        VENDING, copies=[{"kind": VENDING, "owner": 0}], email_type=VENDING, weapons=weapons
    )
    assert res.players[0].copies[0].shut_down  # emailed copies are flagged
    assert res.players[0].disqualified is caught


@pytest.mark.parametrize(
    ("copies", "winners"),
    [
        pytest.param(
            [{"kind": SLOT, "owner": 0}, {"kind": PAWN, "owner": 1}],
            [0],
            id="SCORE-5 the highest score wins",
        ),
        pytest.param(
            [{"kind": PAWN, "owner": 0}, {"kind": PAWN, "owner": 1}],
            [0, 1],
            id="SCORE-5 equal highest scores share the win",
        ),
        pytest.param(
            [{"kind": SLOT, "owner": 0, "alarm_flag": True}, {"kind": RACK, "owner": 1}],
            [1],
            id="SCORE-5 a disqualified player cannot win",
        ),
        pytest.param(
            [{"kind": SLOT, "owner": s, "alarm_flag": True} for s in range(3)],
            [],
            id="SCORE-5 everyone disqualified: nobody wins",
        ),
        pytest.param([], [0, 1, 2], id="SCORE-5 all zero: everyone shares"),
    ],
)
def test_winners(copies: list[dict[str, Any]], winners: list[int]) -> None:
    game, res = scored(SLOT, copies=copies)
    assert res.winners == winners
    assert first(game.state.events, "investigation").public["winners"] == winners


def test_final_view_reveals_the_result() -> None:
    """SCORE-4 / PUBLIC-1: at the end the result, wallets, every hidden bill (the Vault's,
    the deck's) and the seed are public, to spectators too."""
    game, res = scored(
        RACK,
        copies=[{"kind": RACK, "owner": 0, "exact": True}],
        weapons={0: "five_star_review"},
        wallets={1: [bill(10_000)]},
        vault=[bill(50_000, 1), bill(20_000, 2)],
    )
    final = view(game.state, None)
    assert game.state.vault and game.state.deck
    assert final["result"]["players"][0]["total"] == 25_000 + 10_000
    assert final["result"]["winners"] == res.winners == [0]
    assert final["players"][1]["wallet"] == [{"card": bill(10_000), "value": 10_000}]
    assert final["seed"] == game.state.seed
    assert final["copies"][0]["bonus"] == 5_000
    assert [b["card"] for b in final["vault"]] == game.state.vault
    assert sorted(b["card"] for b in final["deck"]) == sorted(game.state.deck)
    assert all(b["value"] == BILL_VALUE[b["card"]] for b in final["vault"] + final["deck"])

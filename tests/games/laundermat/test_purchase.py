"""The round's purchase window: BUY-1..10 (weapons' own effects: test_weapon_*)."""

from __future__ import annotations

from typing import Any

import pytest

from laundermat.games.laundermat.engine import (
    BuyAddition,
    BuyWeapon,
    Game,
    Phase,
    ScriptedChance,
    Select,
    Skip,
    Timeout,
    view,
)

from .builders import (
    CHARGING,
    PAWN,
    RACK,
    SLOT,
    VENDING,
    assert_rejected,
    bill,
    build,
    copies_of,
    first,
    play,
    timeout,
    total,
)

X = bill(10_000, 7)
Y = bill(20_000, 9)
Z = bill(30_000, 9)


def shop(**kwargs: Any) -> Game:
    """Round 1's purchase window with seats 0 and 1 eligible (seat 2 not)."""
    kwargs.setdefault("collected", [0, 1])
    return build(3, phase=Phase.PURCHASE, **kwargs)


@pytest.mark.parametrize(
    ("selections", "eligible"),
    [
        pytest.param({0: X, 1: Y, 2: Z}, [0, 1, 2], id="BUY-1 unique picks unlock"),
        pytest.param({0: X, 1: X, 2: Z}, [2], id="BUY-1 a collision does not unlock"),
        pytest.param({0: X, 1: Y}, [0, 1], id="BUY-1 a timeout does not unlock"),
        pytest.param({0: X, 1: X, 2: X}, [], id="BUY-1 nobody eligible: no window"),
    ],
)
def test_who_may_buy(selections: dict[int, int], eligible: list[int]) -> None:
    cheap = [bill(10_000, k) for k in range(3)]
    game = build(
        3,
        display=[X, Y, Z],
        vault=cheap,
        chance=ScriptedChance(values={"vault_deal": cheap}, dice=[6, 6, 6]),
    )
    play(game, *(Select(s, c) for s, c in selections.items()))
    if game.state.phase is Phase.DRAFT and game.state.round == 1:
        timeout(game)
    if eligible:
        assert game.state.phase is Phase.PURCHASE
        assert game.state.window_actors == eligible
    else:
        # Vault cash alone never unlocks a purchase: the round just ends.
        assert game.state.phase is Phase.DRAFT and game.state.round == 2
        assert all(p.wallet for p in game.state.players)


def test_ineligible_players_wait() -> None:
    """BUY-1 / BUY-2: an ineligible seat cannot buy or skip."""
    game = shop(wallets={2: [bill(20_000)]})
    assert_rejected(game, BuyAddition(2, RACK, (bill(20_000),)), "not_your_turn")
    assert_rejected(game, Skip(2), "not_your_turn")


def test_window_closes_when_every_eligible_player_has_acted() -> None:
    """BUY-2: the window lasts the round timer and closes early once all have acted."""
    game = shop(wallets={0: [bill(20_000)]})
    window = game.window()
    assert window is not None and window.kind is Phase.PURCHASE and window.duration == 30
    play(game, BuyAddition(0, RACK, (bill(20_000),)))
    assert game.state.phase is Phase.PURCHASE
    play(game, Skip(1))
    assert game.state.phase is Phase.DRAFT and game.state.round == 2


def test_an_eligible_player_who_does_nothing_has_skipped() -> None:
    """BUY-2: at the timer the window closes; the silent player bought nothing."""
    game = shop(wallets={0: [bill(20_000)], 1: [bill(20_000, 1)]})
    play(game, Skip(0))
    play(game, Timeout(game.state.window_id))
    assert game.state.round == 2
    assert game.state.players[1].wallet == [bill(20_000, 1)]
    assert copies_of(game, 1) == []


@pytest.mark.parametrize(
    ("kind", "bills", "ok", "exact"),
    [
        pytest.param(RACK, [bill(20_000)], True, True, id="BUY-3 exact"),
        pytest.param(RACK, [bill(10_000), bill(10_000, 1)], True, True, id="BUY-3 two bills"),
        pytest.param(RACK, [bill(30_000)], True, False, id="BUY-3 overpay, no change"),
        pytest.param(VENDING, [bill(20_000)], False, False, id="BUY-3 short is rejected"),
        pytest.param(
            CHARGING, [bill(30_000), bill(10_000)], False, False, id="BUY-3 short by $10k"
        ),
        pytest.param(PAWN, [bill(80_000)], True, True, id="BUY-3 pawn shop exact"),
        pytest.param(SLOT, [bill(100_000), bill(60_000)], True, False, id="BUY-3 slot over"),
    ],
)
def test_paying(kind: str, bills: list[int], ok: bool, exact: bool) -> None:
    spare = bill(50_000, 7)
    game = shop(wallets={0: [*bills, spare]})
    command = BuyAddition(0, kind, tuple(bills))
    if not ok:
        assert_rejected(game, command, "payment_short")
        return
    events = play(game, command)
    assert game.state.players[0].wallet == [spare]  # every committed bill spent
    assert set(bills) <= set(game.state.spent)
    [copy] = copies_of(game, 0)
    assert copy.kind == kind
    assert copy.exact is exact  # BUY-4
    assert first(events, "purchase").secret == {
        "bills": bills,
        "paid": total(bills),
        "exact": exact,
    }


def test_exact_bonus_belongs_to_the_copy() -> None:
    """BUY-4: the bonus is on the copy bought exactly, not on the player's other copies."""
    game = shop(wallets={0: [bill(20_000)], 1: [bill(30_000)]})
    play(game, BuyAddition(0, RACK, (bill(20_000),)), BuyAddition(1, RACK, (bill(30_000),)))
    assert [c.exact for c in game.state.copies] == [True, False]


def test_first_come_first_served() -> None:
    """BUY-5: the next copy in stock; a type sold out before the purchase applies is
    rejected with no effect, and the player may still buy or skip."""
    others = [{"kind": RACK, "owner": 2} for _ in range(4)]
    game = shop(
        copies=others,
        wallets={0: [bill(20_000)], 1: [bill(20_000, 1), bill(30_000)]},
    )
    assert game.state.market[RACK] == 1
    play(game, BuyAddition(0, RACK, (bill(20_000),)))
    assert game.state.market[RACK] == 0
    assert_rejected(game, BuyAddition(1, RACK, (bill(20_000, 1),)), "sold_out")
    assert not game.state.players[1].purchased
    play(game, BuyAddition(1, VENDING, (bill(30_000),)))
    assert copies_of(game, 1)[0].kind == VENDING


@pytest.mark.parametrize(
    ("email_type", "flagged"),
    [
        pytest.param(None, False, id="BUY-6 a normal purchase is clean"),
        pytest.param(VENDING, False, id="BUY-6 clean when another type is emailed"),
        pytest.param(RACK, True, id="BUY-6 flagged when Anonymous Email chose the type"),
    ],
)
def test_clean_or_flagged(email_type: str | None, flagged: bool) -> None:
    game = shop(wallets={0: [bill(20_000)]}, email_type=email_type)
    events = play(game, BuyAddition(0, RACK, (bill(20_000),)))
    assert first(events, "purchase").public["flagged"] is flagged
    assert not copies_of(game, 0)[0].alarm_flag
    assert view(game.state, 2)["copies"][0]["flagged"] is flagged


def test_entries_per_paid_purchase() -> None:
    """BUY-7: every paid standard addition adds 1 entry to its type."""
    game = shop(wallets={0: [bill(20_000)], 1: [bill(30_000)]})
    play(game, BuyAddition(0, RACK, (bill(20_000),)), BuyAddition(1, VENDING, (bill(30_000),)))
    assert game.state.entries == {RACK: 2, VENDING: 2, CHARGING: 1, PAWN: 1, SLOT: 1}


@pytest.mark.parametrize(
    ("bought_before", "price"),
    [
        pytest.param(0, 100_000, id="BUY-8 1st weapon $100k"),
        pytest.param(1, 80_000, id="BUY-8 2nd weapon $80k"),
        pytest.param(2, 60_000, id="BUY-8 3rd weapon $60k"),
        pytest.param(3, 40_000, id="BUY-8 4th weapon $40k"),
        pytest.param(4, 20_000, id="BUY-8 5th weapon $20k"),
        pytest.param(5, 0, id="BUY-8 6th weapon free"),
    ],
)
def test_weapon_price(bought_before: int, price: int) -> None:
    game = shop(
        weapon_market=["rubber_gloves", "budget_app"],
        weapons_bought=bought_before,
        wallets={0: [bill(100_000), bill(10_000)]},
    )
    assert view(game.state, 2)["weapon_price"] == price  # the current price is public
    if price:
        short = [bill(10_000)] if price > 10_000 else []
        assert_rejected(game, BuyWeapon(0, "rubber_gloves", tuple(short)), "payment_short")
        pay = [bill(100_000)]
    else:
        pay = []  # a free weapon may be taken with no bills
    events = play(game, BuyWeapon(0, "rubber_gloves", tuple(pay)))
    assert first(events, "weapon").public["price"] == price
    assert game.state.players[0].weapon == "rubber_gloves"
    assert game.state.weapon_market == ["budget_app"]  # a single item: it leaves (SETUP-7)
    assert game.state.weapons_bought == bought_before + 1
    assert set(pay) <= set(game.state.spent)  # bills beyond the price are lost


def test_free_weapon_with_extra_bills_loses_them() -> None:
    """BUY-8: bills committed beyond the price are lost."""
    game = shop(weapons_bought=5, weapon_market=["rubber_gloves"], wallets={0: [bill(20_000)]})
    play(game, BuyWeapon(0, "rubber_gloves", (bill(20_000),)))
    assert game.state.players[0].wallet == []
    assert bill(20_000) in game.state.spent


def test_weapon_bought_by_someone_else_or_a_second_weapon() -> None:
    """BUY-8 / SETUP-7: a weapon bought first by another is gone; one weapon per player."""
    game = shop(
        weapon_market=["rubber_gloves", "budget_app"],
        wallets={0: [bill(100_000)], 1: [bill(100_000, 1)]},
    )
    play(game, BuyWeapon(0, "rubber_gloves", (bill(100_000),)))
    assert_rejected(game, BuyWeapon(1, "rubber_gloves", (bill(100_000, 1),)), "weapon_not_offered")
    game2 = shop(
        weapons={0: "rubber_gloves"},
        weapon_market=["budget_app"],
        wallets={0: [bill(100_000)]},
    )
    assert_rejected(game2, BuyWeapon(0, "budget_app", (bill(100_000),)), "weapon_limit")


def test_weapon_purchase_is_the_round_purchase() -> None:
    """BUY-9: buying a weapon uses the purchase; nothing more this round."""
    game = shop(weapon_market=["rubber_gloves"], wallets={0: [bill(100_000), bill(20_000)]})
    play(game, BuyWeapon(0, "rubber_gloves", (bill(100_000),)))
    assert game.state.players[0].purchased
    assert_rejected(game, BuyAddition(0, RACK, (bill(20_000),)), "already_acted")
    assert_rejected(game, Skip(0), "already_acted")


ALL_FLAGGED = [
    {"kind": k, "owner": 2, "alarm_flag": True} for k in (RACK, VENDING, CHARGING, PAWN, SLOT)
]


@pytest.mark.parametrize(
    ("weapon", "copies"),
    [
        pytest.param("anonymous_email", ALL_FLAGGED, id="BUY-10 EMAIL-2 every type is flagged"),
        pytest.param(
            "jackpot",
            [{"kind": SLOT, "owner": 1}],
            id="BUY-10 JACKPOT-2 no Slot Machine owner holds a bill",
        ),
    ],
)
def test_immediate_weapon_without_target_cannot_be_bought(
    weapon: str, copies: list[dict[str, object]]
) -> None:
    game = shop(weapon_market=[weapon, "budget_app"], wallets={0: [bill(100_000)]}, copies=copies)
    option = view(game.state, 0)["me"]["options"]["weapons"][0]
    assert option["weapon"] == weapon and option["buyable"] is False
    assert option["targets"] == []
    assert_rejected(game, BuyWeapon(0, weapon, (bill(100_000),)), "no_legal_target")
    assert weapon in game.state.weapon_market  # stays, at its scheduled price
    assert view(game.state, 2)["weapon_price"] == 100_000


def test_target_that_became_illegal_is_rejected() -> None:
    """BUY-10: a Jackpot whose target spent their last bill first is rejected; the buyer
    may still buy or skip."""
    game = shop(
        collected=[0, 1],
        weapon_market=["jackpot"],
        copies=[{"kind": SLOT, "owner": 1}, {"kind": SLOT, "owner": 2}],
        wallets={0: [bill(100_000)], 1: [bill(20_000)], 2: [bill(10_000)]},
    )
    play(game, BuyAddition(1, RACK, (bill(20_000),)))  # seat 1 now holds no bill
    assert_rejected(
        game, BuyWeapon(0, "jackpot", (bill(100_000),), jackpot_target=1), "illegal_target"
    )
    assert not game.state.players[0].purchased
    play(game, BuyWeapon(0, "jackpot", (bill(100_000),), jackpot_target=2))
    assert game.state.players[0].weapon == "jackpot"

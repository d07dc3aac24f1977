"""The ten Secret Weapons: LOSTFOUND, EMAIL, TWOFORONE, JACKPOT, SENIORITY, GLOVES, REVIEW,
TSHIRT, BUDGET, BROKEN."""

from __future__ import annotations

import pytest

from laundermat.engine import (
    AlarmPurchase,
    BreakMachine,
    BuyAddition,
    BuyWeapon,
    ClearSelection,
    DrawLostFound,
    Game,
    MalformedCommand,
    Phase,
    Protect,
    ScriptedChance,
    Select,
    Seniority,
    Skip,
    Timeout,
    view,
)
from laundermat.engine.cards import BILL_VALUE

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
    of_kind,
    play,
    timeout,
)
from .scoring_helpers import scored

A = bill(50_000, 0)
B = bill(10_000, 0)
C = bill(10_000, 1)
D = bill(20_000, 0)
DISPLAY = [A, B, C, D]
HIDDEN = bill(60_000, 5)  # the Lost and Found draw in these tests


# ------------------------------------------------------------------ Lost and Found


def cards_shown(tree: object) -> list[int]:
    """Every bill id a view shows, at any depth: each `card` value and each `select` option."""
    found: list[int] = []
    if isinstance(tree, dict):
        for key, value in tree.items():
            if key == "card" and isinstance(value, int):
                found.append(value)
            elif key == "select" and isinstance(value, list):
                found.extend(v for v in value if isinstance(v, int))
            else:
                found.extend(cards_shown(value))
    elif isinstance(tree, list):
        for item in tree:
            found.extend(cards_shown(item))
    return found


def lost_found_draft(**kwargs: object) -> Game:
    kwargs.setdefault(
        "chance", ScriptedChance(values={"lost_found": [HIDDEN], "return_to_deck": [C]})
    )
    return build(3, display=DISPLAY, weapons={0: "lost_and_found"}, **kwargs)  # type: ignore[arg-type]


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


# ------------------------------------------------------------------ Anonymous Email


def email_shop(**kwargs: object) -> Game:
    return build(
        3,
        phase=Phase.PURCHASE,
        collected=[0, 1],
        weapon_market=["anonymous_email"],
        **kwargs,  # type: ignore[arg-type]
    )


def test_email_flags_a_type_for_everyone() -> None:
    """EMAIL-1: every current and future copy of the type is flagged; +1 entry; the buyer's
    copies of it are protected for $0 and that protection cannot be countered."""
    game = email_shop(
        copies=[{"kind": VENDING, "owner": 0}, {"kind": VENDING, "owner": 2}],
        wallets={0: [bill(100_000)], 1: [bill(30_000)]},
    )
    events = play(game, BuyWeapon(0, "anonymous_email", (bill(100_000),), email_type=VENDING))
    assert first(events, "email").public == {"seat": 0, "addition": VENDING}
    assert game.state.entries[VENDING] == 2
    play(game, BuyAddition(1, VENDING, (bill(30_000),)))  # a future copy
    copies = view(game.state, 2)["copies"]
    assert [c["flagged"] for c in copies] == [True, True, True]
    assert [c["email_protected"] for c in copies] == [True, False, False]
    # The Email's protection is free and cannot be countered, nor replaced by a paid one.
    game.state.phase = Phase.BRIBE_PROTECT
    game.state.window_actors = [0, 1, 2]
    game.state.players[0].wallet = []
    assert_rejected(game, Protect(0, 0, ()), "email_protected")


@pytest.mark.parametrize(
    ("copies", "email_type", "code"),
    [
        pytest.param(
            [{"kind": RACK, "owner": 1, "alarm_flag": True}],
            RACK,
            "illegal_target",
            id="EMAIL-1 a type with a flagged copy cannot be chosen",
        ),
        pytest.param([], None, "malformed", id="EMAIL-1 GEN-2 the type must be named"),
    ],
)
def test_email_target_rules(
    copies: list[dict[str, object]], email_type: str | None, code: str
) -> None:
    game = email_shop(copies=copies, wallets={0: [bill(100_000)]})
    assert_rejected(
        game, BuyWeapon(0, "anonymous_email", (bill(100_000),), email_type=email_type), code
    )


def test_email_cannot_be_bought_when_every_type_is_flagged() -> None:
    """EMAIL-2."""
    flagged = [
        {"kind": k, "owner": 1, "alarm_flag": True} for k in (RACK, VENDING, CHARGING, PAWN, SLOT)
    ]
    game = email_shop(copies=flagged, wallets={0: [bill(100_000)]})
    assert_rejected(
        game, BuyWeapon(0, "anonymous_email", (bill(100_000),), email_type=RACK), "no_legal_target"
    )


# ------------------------------------------------------------------ 2 for 1


@pytest.mark.parametrize(
    ("stock_taken", "copies_after"),
    [
        pytest.param(0, 2, id="TWOFORONE-1 a second copy when stock remains"),
        pytest.param(4, 1, id="TWOFORONE-1 used up even when no copy remained"),
    ],
)
def test_two_for_one(stock_taken: int, copies_after: int) -> None:
    game = build(
        3,
        phase=Phase.PURCHASE,
        collected=[0],
        weapons={0: "two_for_one"},
        players={0: {"two_for_one_pending": True}},
        copies=[{"kind": RACK, "owner": 2} for _ in range(stock_taken)],
        wallets={0: [bill(20_000)]},
    )
    play(game, BuyAddition(0, RACK, (bill(20_000),)))
    mine = copies_of(game, 0)
    assert len(mine) == copies_after
    assert not game.state.players[0].two_for_one_pending
    assert game.state.market[RACK] == 5 - stock_taken - copies_after
    # TWOFORONE-2: the bonus copy has no exact bonus and adds no entries.
    assert mine[0].exact and not mine[0].bonus_copy
    if copies_after == 2:
        assert mine[1].bonus_copy and not mine[1].exact
    assert game.state.entries[RACK] == 2


def test_two_for_one_is_bought_then_used_next_purchase() -> None:
    """TWOFORONE-1: buying it arms the next standard purchase (not the weapon purchase)."""
    game = build(
        3,
        phase=Phase.PURCHASE,
        collected=[0],
        weapon_market=["two_for_one"],
        wallets={0: [bill(100_000)]},
    )
    play(game, BuyWeapon(0, "two_for_one", (bill(100_000),)))
    assert game.state.players[0].two_for_one_pending
    assert copies_of(game, 0) == []  # it never applies to the weapon itself


@pytest.mark.parametrize(
    ("via", "flagged"),
    [
        pytest.param("alarm", True, id="TWOFORONE-2 Alarm purchase: bonus copy flagged too"),
        pytest.param("email", True, id="TWOFORONE-2 emailed type: bonus copy flagged"),
        pytest.param("clean", False, id="TWOFORONE-2 clean purchase: bonus copy clean"),
    ],
)
def test_two_for_one_bonus_copy_flag(via: str, flagged: bool) -> None:
    if via == "alarm":
        card = bill(70_000, 0)
        game = build(
            3,
            display=[B],
            vault=[card],
            weapons={0: "two_for_one"},
            players={0: {"two_for_one_pending": True}},
            chance=ScriptedChance(values={"vault_deal": [card, B]}, dice=[6, 6]),
        )
        play(game, Select(0, B), Select(1, B))
        timeout(game)
        play(game, AlarmPurchase(0, RACK))
        assert game.state.entries[RACK] == 3  # the Alarm's 2 entries; the bonus adds none
    else:
        game = build(
            3,
            phase=Phase.PURCHASE,
            collected=[0],
            weapons={0: "two_for_one"},
            players={0: {"two_for_one_pending": True}},
            email_type=RACK if via == "email" else None,
            wallets={0: [bill(20_000)]},
        )
        play(game, BuyAddition(0, RACK, (bill(20_000),)))
    seen = view(game.state, 2)["copies"]
    assert [c["flagged"] for c in seen] == [flagged, flagged]
    assert [c["bonus_copy"] for c in seen] == [False, True]


# ------------------------------------------------------------------ Jackpot


def jackpot_shop(**kwargs: object) -> Game:
    return build(
        3,
        phase=Phase.PURCHASE,
        collected=[0],
        weapon_market=["jackpot"],
        copies=[{"kind": SLOT, "owner": 1}, {"kind": SLOT, "owner": 0}],
        **kwargs,  # type: ignore[arg-type]
    )


def test_jackpot_moves_a_random_bill() -> None:
    """JACKPOT-1: one of the target's bills, at random, moves to the buyer; the transfer is
    public, its value known only to the two of them."""
    loot = bill(80_000, 3)
    game = jackpot_shop(
        wallets={0: [bill(100_000)], 1: [bill(10_000), loot]},
        chance=ScriptedChance(values={"jackpot": [loot]}),
    )
    events = play(game, BuyWeapon(0, "jackpot", (bill(100_000),), jackpot_target=1))
    assert game.state.players[0].wallet == [loot]
    assert game.state.players[1].wallet == [bill(10_000)]
    hit = first(events, "jackpot")
    assert hit.public == {"seat": 0, "target": 1}
    assert hit.secret == {"card": loot, "value": 80_000} and sorted(hit.to) == [0, 1]
    for viewer, sees in ((0, True), (1, True), (2, False), (None, False)):
        entry = next(e for e in view(game.state, viewer)["log"] if e["kind"] == "jackpot")
        assert ("value" in entry) is sees


@pytest.mark.parametrize(
    ("target", "code"),
    [
        pytest.param(0, "illegal_target", id="JACKPOT-1 not yourself"),
        pytest.param(2, "illegal_target", id="JACKPOT-1 the target must own a Slot Machine"),
        pytest.param(None, "malformed", id="JACKPOT-1 GEN-2 the target must be named"),
    ],
)
def test_jackpot_target_rules(target: int | None, code: str) -> None:
    game = jackpot_shop(wallets={0: [bill(100_000)], 1: [bill(10_000)], 2: [bill(10_000, 1)]})
    assert_rejected(game, BuyWeapon(0, "jackpot", (bill(100_000),), jackpot_target=target), code)


def test_jackpot_needs_a_target() -> None:
    """JACKPOT-2: a Slot Machine owner with no bill is no target."""
    game = jackpot_shop(wallets={0: [bill(100_000)]})
    assert_rejected(
        game, BuyWeapon(0, "jackpot", (bill(100_000),), jackpot_target=1), "no_legal_target"
    )


# ------------------------------------------------------------------ Seniority


def seniority_draft(**kwargs: object) -> Game:
    cheap = [bill(10_000, k) for k in range(4, 8)]
    kwargs.setdefault("chance", ScriptedChance(values={"vault_deal": cheap}, dice=[6, 6, 6, 6]))
    return build(3, display=DISPLAY, vault=cheap, weapons={1: "seniority"}, **kwargs)  # type: ignore[arg-type]


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


# ------------------------------------------------------------------ Rubber Gloves


@pytest.mark.parametrize(
    ("value", "die", "roll", "alarm"),
    [
        pytest.param(10_000, 1, 3, False, id="GLOVES-1 $10k on 1 is quiet"),
        pytest.param(60_000, 2, 4, True, id="GLOVES-1 $60k on 2 still alarms"),
        pytest.param(60_000, 3, 5, False, id="GLOVES-1 $60k on 3 is quiet"),
        pytest.param(50_000, 5, 6, False, id="GLOVES-1 capped at 6"),
        pytest.param(50_000, 6, 6, False, id="GLOVES-1 6 stays 6"),
        pytest.param(70_000, 6, 6, True, id="GLOVES-1 $70k always alarms"),
        pytest.param(100_000, 1, 3, True, id="GLOVES-1 $100k always alarms"),
    ],
)
def test_rubber_gloves(value: int, die: int, roll: int, alarm: bool) -> None:
    card = bill(value, 1)
    x = bill(10_000, 7)
    game = build(
        3,
        display=[x],
        vault=[card],
        weapons={0: "rubber_gloves"},
        wallets={0: [bill(50_000, 7)]},
        chance=ScriptedChance(values={"vault_deal": [card, x]}, dice=[die, 6]),
    )
    play(game, Select(0, x), Select(1, x))
    timeout(game)
    raid = of_kind(game.state.events, "vault_raid")[0].public
    assert (raid["die"], raid["roll"], raid["alarm"]) == (die, roll, alarm)


# ------------------------------------------------------------------ Green T-Shirt


@pytest.mark.parametrize(
    ("kind", "bills", "reference", "outcome"),
    [
        pytest.param(
            PAWN,
            [bill(40_000), bill(10_000)],
            0,
            "exact",
            id="TSHIRT-1 every bill counts as the reference",
        ),
        pytest.param(
            PAWN,
            [bill(40_000), bill(10_000)],
            None,
            "payment_short",
            id="TSHIRT-1 no reference: printed value",
        ),
        pytest.param(
            RACK,
            [bill(50_000), bill(10_000)],
            1,
            "exact",
            id="TSHIRT-1 a low reference can make a payment exact",
        ),
        pytest.param(
            CHARGING,
            [bill(40_000), bill(30_000)],
            0,
            "over",
            id="TSHIRT-1 adjusted overpayment is not exact",
        ),
        pytest.param(
            RACK,
            [bill(10_000), bill(10_000, 1)],
            5,
            "bad_reference",
            id="TSHIRT-1 the reference must be a committed bill",
        ),
    ],
)
def test_green_tshirt(kind: str, bills: list[int], reference: int | None, outcome: str) -> None:
    game = build(
        3,
        phase=Phase.PURCHASE,
        collected=[0],
        weapons={0: "green_tshirt"},
        wallets={0: [*bills, bill(60_000)]},
    )
    ref = (
        bills[reference]
        if reference is not None and reference < len(bills)
        else (bill(60_000) if reference is not None else None)
    )
    command = BuyAddition(0, kind, tuple(bills), ref)
    if outcome in ("payment_short", "bad_reference"):
        assert_rejected(game, command, outcome)
        return
    play(game, command)
    [copy] = copies_of(game, 0)
    assert copy.exact is (outcome == "exact")
    assert game.state.players[0].wallet == [bill(60_000)]  # all committed bills spent


def test_green_tshirt_only_for_its_owner() -> None:
    """TSHIRT-1: without the T-Shirt a reference is rejected."""
    game = build(3, phase=Phase.PURCHASE, collected=[0], wallets={0: [bill(40_000), bill(10_000)]})
    assert_rejected(
        game, BuyAddition(0, PAWN, (bill(40_000), bill(10_000)), bill(40_000)), "bad_reference"
    )


def test_green_tshirt_on_an_alarm_purchase() -> None:
    """TSHIRT-1 / VAULT-7: the Alarm bill may be the reference."""
    card = bill(70_000, 0)
    x = bill(10_000, 7)
    game = build(
        3,
        display=[x],
        vault=[card],
        weapons={0: "green_tshirt"},
        wallets={0: [bill(10_000), bill(10_000, 1)]},
        chance=ScriptedChance(values={"vault_deal": [card, x]}, dice=[6, 6]),
    )
    play(game, Select(0, x), Select(1, x))
    timeout(game)
    assert game.state.phase is Phase.ALARM
    paid = (bill(10_000), bill(10_000, 1))
    assert_rejected(game, AlarmPurchase(0, SLOT, paid), "payment_short")  # $90k printed
    play(game, AlarmPurchase(0, SLOT, paid, card))  # 3 x $70k
    [copy] = copies_of(game, 0)
    assert copy.kind == SLOT and copy.alarm_flag and not copy.exact
    assert game.state.players[0].wallet == []


def test_green_tshirt_does_not_affect_weapons() -> None:
    """TSHIRT-1: weapons are paid at printed value (no reference exists for them)."""
    game = build(
        3,
        phase=Phase.PURCHASE,
        collected=[0],
        weapons_bought=1,
        weapon_market=["budget_app"],
        players={0: {}},
        wallets={0: [bill(40_000), bill(30_000)]},
    )
    # $70k printed < $80k: short, whatever a T-Shirt would say.
    assert_rejected(game, BuyWeapon(0, "budget_app", (bill(40_000), bill(30_000))), "payment_short")


# ------------------------------------------------------------------ Budget App, 5 Star Review


@pytest.mark.parametrize(
    ("weapon", "bonus"),
    [
        pytest.param(None, 5_000, id="BUDGET-1 BUY-4 without Budget App $5k"),
        pytest.param("budget_app", 10_000, id="BUDGET-1 with Budget App $10k, earlier too"),
    ],
)
def test_budget_app(weapon: str | None, bonus: int) -> None:
    copies = [{"kind": RACK, "owner": 0, "exact": True, "round": 1}]
    _, res = scored(SLOT, copies=copies, weapons={0: weapon} if weapon else {})
    assert res.players[0].copies[0].bonus == bonus
    assert res.players[0].total == 20_000 + bonus


REVIEW_ROWS = [
    pytest.param([], None, 0, id="REVIEW-1 no types: nothing"),
    pytest.param([RACK], None, 10_000, id="REVIEW-1 1 type $10k"),
    pytest.param([RACK, RACK, VENDING], None, 30_000, id="REVIEW-1 2 types $30k"),
    pytest.param([RACK, VENDING, CHARGING], None, 60_000, id="REVIEW-1 3 types $60k"),
    pytest.param([RACK, VENDING, CHARGING, PAWN], None, 100_000, id="REVIEW-1 4 types $100k"),
    pytest.param([RACK, VENDING, CHARGING, PAWN, SLOT], None, 150_000, id="REVIEW-1 5 types"),
    pytest.param([RACK, VENDING], RACK, 10_000, id="REVIEW-1 a shut-down type does not count"),
]


@pytest.mark.parametrize(("kinds", "flagged", "bonus"), REVIEW_ROWS)
def test_five_star_review(kinds: list[str], flagged: str | None, bonus: int) -> None:
    copies = [
        {"kind": k, "owner": 0, "alarm_flag": k == flagged, "protection": 50_000} for k in kinds
    ]
    _, res = scored(flagged or SLOT, copies=copies, weapons={0: "five_star_review"})
    assert res.players[0].review_bonus == bonus
    assert res.players[0].total == sum(c.score for c in res.players[0].copies) + bonus


# ------------------------------------------------------------------ Broken Machine


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


def test_email_protection_is_not_counterable() -> None:
    """EMAIL-1: the Email's $0 protection cannot be counterbribed (it is no paid
    protection)."""
    from laundermat.engine import Counter

    game = build(
        3,
        phase=Phase.BRIBE_COUNTER,
        round=8,
        weapons={0: "anonymous_email"},
        email_type=RACK,
        copies=[{"kind": RACK, "owner": 0}],
        wallets={1: [bill(100_000)]},
    )
    assert_rejected(game, Counter(1, 0, (bill(100_000),)), "not_protected")
    _, res = scored(
        RACK,
        weapons={0: "anonymous_email"},
        email_type=RACK,
        copies=[{"kind": RACK, "owner": 0}, {"kind": RACK, "owner": 1}],
    )
    assert not res.players[0].disqualified  # protected ...
    assert res.players[0].copies[0].shut_down  # ... but still shut down (SCORE-2)
    assert res.players[1].disqualified
    assert MalformedCommand.code == "malformed"


def test_email_protects_the_buyers_later_copies_too() -> None:
    """EMAIL-1: a copy of the emailed type the buyer gets later is flagged and protected."""
    game = build(
        3,
        phase=Phase.PURCHASE,
        collected=[0, 1],
        weapons={0: "anonymous_email"},
        email_type=VENDING,
        wallets={0: [bill(30_000)], 1: [bill(30_000, 1)]},
    )
    play(
        game, BuyAddition(0, VENDING, (bill(30_000),)), BuyAddition(1, VENDING, (bill(30_000, 1),))
    )
    seen = view(game.state, None)["copies"]
    assert [(c["owner"], c["flagged"], c["email_protected"]) for c in seen] == [
        (0, True, True),
        (1, True, False),
    ]

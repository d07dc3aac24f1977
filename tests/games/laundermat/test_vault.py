"""Vault raids and Alarms: VAULT-1..10 (GLOVES-1's roll is in test_weapon_gloves)."""

from __future__ import annotations

from typing import Any

import pytest

from laundermat.games.laundermat.cards import BILL_VALUE, sounds_alarm
from laundermat.games.laundermat.engine import (
    AlarmDiscard,
    AlarmPurchase,
    Game,
    Phase,
    ScriptedChance,
    Select,
    Timeout,
    view,
)
from laundermat.games.laundermat.errors import IllegalCode

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

# The collided card: a cheap bill, so a later raid that deals it never sounds an Alarm.
X = bill(10_000, 7)
CHEAP = bill(10_000, 6)


def raid(card: int, die: int, *, then: list[int] | None = None, **kwargs: Any) -> Game:
    """Seats 0 and 1 collide on X, seat 2 times out; seat 0's raid is dealt `card` and rolls
    `die`; seat 1 is dealt X and rolls 6 (no Alarm). Returns the game after the lock."""
    vault = [card, *kwargs.pop("vault", [])]
    game = build(
        3,
        display=[X],
        vault=vault,
        chance=ScriptedChance(values={"vault_deal": [card, X]}, dice=[die, 6, *(then or [])]),
        **kwargs,
    )
    play(game, Select(0, X), Select(1, X))
    timeout(game)
    return game


def raids(game: Game) -> list[dict[str, Any]]:
    return [e.public for e in of_kind(game.state.events, "vault_raid")]


@pytest.mark.parametrize(
    ("collide", "raiders"),
    [
        pytest.param({0: X, 1: X, 2: CHEAP}, [0, 1], id="VAULT-1 two colliders raid"),
        pytest.param({0: X, 1: X, 2: X}, [0, 1, 2], id="VAULT-1 three colliders raid"),
        pytest.param({0: X, 1: CHEAP}, [], id="VAULT-1 no collision, no raid; timeout none"),
        pytest.param({1: X, 2: X}, [1, 2], id="VAULT-1 timed-out seat 0 has none"),
    ],
)
def test_who_raids(collide: dict[int, int], raiders: list[int]) -> None:
    game = build(
        3,
        display=[X, CHEAP],
        vault=[bill(10_000, k) for k in range(3)],
        chance=ScriptedChance(values={"vault_deal": [0, 1, 2]}, dice=[6, 6, 6]),
    )
    play(game, *(Select(s, c) for s, c in collide.items()))
    if game.state.phase is Phase.DRAFT:
        timeout(game)
    assert [r["seat"] for r in raids(game)] == raiders  # exactly one action each


def test_raids_run_in_turn_order_and_each_alarm_finishes_first() -> None:
    """VAULT-2: round 2's order starts at seat 1; seat 1's Alarm decision comes before seat
    0's raid."""
    big = bill(80_000, 0)
    game = build(
        3,
        round=2,
        display=[X, CHEAP],
        vault=[big],
        chance=ScriptedChance(values={"vault_deal": [big, X]}, dice=[6, 6]),
    )
    play(game, Select(0, X), Select(1, X), Select(2, CHEAP))
    assert [r["seat"] for r in raids(game)] == [1]
    assert game.state.phase is Phase.ALARM
    assert game.state.window_actors == [1]
    play(game, AlarmDiscard(1))
    assert [r["seat"] for r in raids(game)] == [1, 0]
    assert game.state.phase is Phase.PURCHASE


def test_deal_and_roll_private_bill_public_roll() -> None:
    """VAULT-3 / VAULT-5: the roll is public, the dealt bill private when no Alarm sounds."""
    card = bill(40_000, 0)
    game = raid(card, 5)
    event = of_kind(game.state.events, "vault_raid")[0]
    assert event.public == {"seat": 0, "die": 5, "roll": 5, "alarm": False}
    assert event.secret == {"card": card, "value": 40_000}
    assert event.to == [0]
    assert card in game.state.players[0].wallet  # VAULT-5: private cash
    assert card not in game.state.vault
    mine = next(e for e in view(game.state, 0)["log"] if e["kind"] == "vault_raid")
    theirs = next(e for e in view(game.state, 2)["log"] if e["kind"] == "vault_raid")
    assert mine["value"] == 40_000
    assert "card" not in theirs and "value" not in theirs
    assert theirs["die"] == 5


def test_empty_vault_does_nothing() -> None:
    """VAULT-3: if the Vault is empty the action does nothing."""
    game = build(3, display=[X], chance=ScriptedChance(dice=[6, 6]))
    play(game, Select(0, X), Select(1, X))
    timeout(game)
    # Seat 0 is dealt X (the only bill in the Vault); seat 1 finds the Vault empty.
    assert [r["seat"] for r in raids(game)] == [0]
    assert first(game.state.events, "vault_empty").public == {"seat": 1}
    assert game.state.players[1].wallet == []
    assert game.state.vault == []


ALARM_TABLE = [
    # (bill value, die, alarm)
    pytest.param(10_000, 1, True, id="VAULT-4 $10k alarms on 1"),
    pytest.param(10_000, 2, False, id="VAULT-4 $10k quiet on 2"),
    pytest.param(20_000, 1, True, id="VAULT-4 $20k alarms on 1"),
    pytest.param(20_000, 2, False, id="VAULT-4 $20k quiet on 2"),
    pytest.param(30_000, 2, True, id="VAULT-4 $30k alarms on 2"),
    pytest.param(30_000, 3, False, id="VAULT-4 $30k quiet on 3"),
    pytest.param(40_000, 2, True, id="VAULT-4 $40k alarms on 2"),
    pytest.param(40_000, 3, False, id="VAULT-4 $40k quiet on 3"),
    pytest.param(50_000, 3, True, id="VAULT-4 $50k alarms on 3"),
    pytest.param(50_000, 4, False, id="VAULT-4 $50k quiet on 4"),
    pytest.param(60_000, 4, True, id="VAULT-4 $60k alarms on 4"),
    pytest.param(60_000, 5, False, id="VAULT-4 $60k quiet on 5"),
    pytest.param(70_000, 6, True, id="VAULT-4 $70k always alarms"),
    pytest.param(80_000, 6, True, id="VAULT-4 $80k always alarms"),
    pytest.param(100_000, 6, True, id="VAULT-4 $100k always alarms"),
]


@pytest.mark.parametrize(("value", "die", "alarm"), ALARM_TABLE)
def test_alarm_table(value: int, die: int, alarm: bool) -> None:
    assert sounds_alarm(value, die) is alarm
    card = bill(value)
    # A wallet that can afford something, so an Alarm opens a decision window.
    game = raid(card, die, wallets={0: [bill(50_000, 7)]})
    event = raids(game)[0]
    assert event["alarm"] is alarm
    assert event["roll"] == die
    if alarm:
        assert game.state.phase is Phase.ALARM
        assert game.state.alarm is not None and game.state.alarm.card == card
    else:
        assert card in game.state.players[0].wallet


def test_alarm_is_public_and_opens_a_decision_window() -> None:
    """VAULT-6: the Alarm and its bill are public; the raider decides within the round timer."""
    card = bill(70_000, 0)
    game = raid(card, 6)
    event = raids(game)[0]
    assert event["card"] == card and event["value"] == 70_000
    assert of_kind(game.state.events, "vault_raid")[0].secret is None
    window = game.window()
    assert window is not None
    assert (window.kind, window.actors, window.duration) == (Phase.ALARM, (0,), 30)
    for viewer in (None, 1, 2):
        assert view(game.state, viewer)["alarm"] == {"seat": 0, "card": card, "value": 70_000}


@pytest.mark.parametrize(
    "how",
    [
        pytest.param("discard", id="VAULT-6 discard"),
        pytest.param("timeout", id="VAULT-6 timing out discards"),
    ],
)
def test_alarm_discard(how: str) -> None:
    card = bill(70_000, 0)
    game = raid(card, 6)
    if how == "discard":
        play(game, AlarmDiscard(0))
    else:
        play(game, Timeout(game.state.window_id))
    assert card in game.state.spent
    assert card not in game.state.players[0].wallet
    assert game.state.alarm is None
    assert first(game.state.events, "alarm_discard").public["forced"] is False
    # The next raid (seat 1) then runs.
    assert [r["seat"] for r in raids(game)] == [0, 1]


def test_alarm_purchase() -> None:
    """VAULT-7: the Alarm bill plus chosen held bills; all spent; a flagged copy; 2 entries."""
    card = bill(70_000, 0)
    extra = bill(10_000, 0)
    keep = bill(50_000, 0)
    game = raid(card, 6, wallets={0: [extra, keep]})
    events = play(game, AlarmPurchase(0, CHARGING, (extra,)))
    bought = first(events, "alarm_purchase")
    assert bought.public["flagged"] is True
    [copy] = copies_of(game, 0)
    assert copy.kind == CHARGING and copy.alarm_flag
    assert not copy.exact  # $80k for a $50k addition: overpayment is lost
    assert game.state.players[0].wallet == [keep]
    assert {card, extra} <= set(game.state.spent)
    assert game.state.entries[CHARGING] == 1 + 2
    assert game.state.market[CHARGING] == 4


def test_alarm_purchase_exact_bonus() -> None:
    """VAULT-7 / BUY-4: an exact Alarm payment earns the exact-payment bonus."""
    card = bill(30_000, 0)
    game = raid(card, 1, wallets={0: [bill(20_000, 0)]})
    play(game, AlarmPurchase(0, CHARGING, (bill(20_000, 0),)))
    [copy] = copies_of(game, 0)
    assert copy.exact and copy.alarm_flag


def test_alarm_purchase_must_reach_the_cost() -> None:
    """VAULT-7: the committed total must reach the cost (GEN-1: a short payment changes
    nothing)."""
    card = bill(30_000, 0)
    game = raid(card, 1, wallets={0: [bill(10_000, 0)]})
    assert_rejected(game, AlarmPurchase(0, CHARGING, (bill(10_000, 0),)), "payment_short")
    assert_rejected(game, AlarmPurchase(0, VENDING, (bill(10_000, 1),)), "bill_not_held")
    play(game, AlarmPurchase(0, VENDING))  # the Alarm bill alone is enough
    assert copies_of(game, 0)[0].exact


FLAGGED_RACK = {"kind": RACK, "owner": 0, "alarm_flag": True}
FLAGGED_VENDING = {"kind": VENDING, "owner": 0, "alarm_flag": True}
OTHERS_VENDING = [{"kind": VENDING, "owner": 1} for _ in range(5)]


@pytest.mark.parametrize(
    ("alarm_value", "wallet", "setup", "allowed", "restricted"),
    [
        pytest.param(
            30_000,
            [],
            {"copies": [FLAGGED_RACK]},
            VENDING,
            RACK,
            id="VAULT-8 an unflagged affordable type must be chosen",
        ),
        pytest.param(
            20_000,
            [],
            {"copies": [FLAGGED_RACK]},
            RACK,
            None,
            id="VAULT-8 only the flagged type is available",
        ),
        pytest.param(
            30_000,
            [],
            {"copies": [{"kind": RACK, "owner": 0}], "email_type": RACK},
            VENDING,
            RACK,
            id="VAULT-8 Anonymous Email's flags count",
        ),
        pytest.param(
            20_000,
            [bill(10_000, 0)],
            {"copies": [FLAGGED_RACK]},
            VENDING,
            RACK,
            id="VAULT-8 available counts every held bill",
        ),
        pytest.param(
            30_000,
            [],
            {"copies": [FLAGGED_RACK, *OTHERS_VENDING]},
            RACK,
            None,
            id="VAULT-8 a sold-out type is not available",
        ),
        pytest.param(
            20_000,
            [bill(10_000, 0), bill(10_000, 1)],
            {"copies": [FLAGGED_RACK, FLAGGED_VENDING], "weapons": {0: "green_tshirt"}},
            CHARGING,
            RACK,
            id="VAULT-8 Green T-Shirt reference counts for available",
        ),
        pytest.param(
            20_000,
            [bill(10_000, 0), bill(10_000, 1)],
            {"copies": [FLAGGED_RACK, FLAGGED_VENDING]},
            RACK,
            None,
            id="VAULT-8 without the T-Shirt only flagged types are affordable",
        ),
    ],
)
def test_flagged_type_restriction(
    alarm_value: int,
    wallet: list[int],
    setup: dict[str, Any],
    allowed: str,
    restricted: str | None,
) -> None:
    card = bill(alarm_value, 1)
    game = raid(card, 1, wallets={0: wallet}, **setup)
    assert game.state.phase is Phase.ALARM
    if restricted is not None:
        assert_rejected(
            game, AlarmPurchase(0, restricted, tuple(wallet)), "flagged_type_restricted"
        )
    reference = card if "weapons" in setup else None
    play(game, AlarmPurchase(0, allowed, tuple(wallet), reference))
    assert copies_of(game, 0)[-1].kind == allowed


@pytest.mark.parametrize(
    ("wallet", "copies"),
    [
        pytest.param([], [], id="VAULT-9 a $10k Alarm bill affords nothing"),
        pytest.param(
            [bill(10_000, 0)],
            [{"kind": RACK, "owner": 1} for _ in range(5)],
            id="VAULT-9 the only affordable type is sold out",
        ),
    ],
)
def test_no_choice_possible_discards_at_once(wallet: list[int], copies: list[Any]) -> None:
    card = bill(10_000, 2)
    game = raid(card, 1, wallets={0: wallet}, copies=copies)
    discard = first(game.state.events, "alarm_discard")
    assert discard.public == {"seat": 0, "card": card, "value": 10_000, "forced": True}
    assert not any(e.kind == "window" and e.public["phase"] == "alarm" for e in game.state.events)
    assert card in game.state.spent
    assert game.state.phase is not Phase.ALARM


def test_alarm_purchase_is_not_the_normal_purchase() -> None:
    """VAULT-10: an Alarm purchase does not unlock a normal purchase, and every Vault action
    finishes before the purchase window opens."""
    card = bill(70_000, 0)
    game = build(
        3,
        display=[X, CHEAP],
        vault=[card],
        chance=ScriptedChance(values={"vault_deal": [card, X]}, dice=[6, 6]),
    )
    play(game, Select(0, X), Select(1, X), Select(2, CHEAP))
    assert game.state.phase is Phase.ALARM
    play(game, AlarmPurchase(0, RACK))
    assert game.state.phase is Phase.PURCHASE
    assert game.state.window_actors == [2]  # only the seat that collected a bill
    kinds = [e.kind for e in game.state.events]
    last_raid = max(i for i, k in enumerate(kinds) if k == "vault_raid")
    purchase_window = max(
        i
        for i, e in enumerate(game.state.events)
        if e.kind == "window" and e.public["phase"] == "purchase"
    )
    assert last_raid < purchase_window
    assert not game.state.players[0].purchased


@pytest.mark.parametrize("kind", [PAWN, SLOT], ids=["VAULT-7 pawn shop", "VAULT-7 slot machine"])
def test_alarm_purchase_of_expensive_types(kind: str) -> None:
    card = bill(100_000, 0)
    wallet = [bill(50_000, 0)]
    game = raid(card, 6, wallets={0: wallet})
    play(game, AlarmPurchase(0, kind, tuple(wallet)))
    assert copies_of(game, 0)[0].kind == kind
    assert game.state.players[0].wallet == []
    assert BILL_VALUE[card] + 50_000 >= 150_000
    assert game.state.entries[kind] == 3
    assert game.state.alarm is None
    assert IllegalCode.SOLD_OUT == "sold_out"
